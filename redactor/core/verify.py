"""Format-independent leak search used by every writer's ``verify``.

A redacted string may appear in an output only as often as it appears in the text that was
deliberately kept (the expected output text). Both sides are compared under several
normalisations: case-folded, Unicode-compatibility (ligatures), diacritics stripped,
hyphenation and all whitespace removed, and digits only for number-like secrets.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping

from redactor.core.model import VerificationIssue

_SOFT = re.compile(r"[\u00ad\u200b\u200c\u200d\u2060\ufeff]")
_HYPHEN_BREAK = re.compile(r"[-\u2010\u2011]\s*\n\s*")
_SPACE = re.compile(r"\s+")


def _strip_diacritics(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def norm_text(text: str) -> str:
    """Case-folded, ligatures expanded, diacritics stripped, hyphenation and spaces removed."""
    text = _SOFT.sub("", text)
    text = _HYPHEN_BREAK.sub("", text)
    text = _strip_diacritics(unicodedata.normalize("NFKC", text)).casefold()
    return _SPACE.sub("", text)


def digits_only(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKC", text) if c.isdigit())


def secret_variants(secret: str) -> list[tuple[str, Callable[[str], str]]]:
    """The (needle, haystack-normaliser) pairs searched for one secret."""
    variants: list[tuple[str, Callable[[str], str]]] = []
    normed = norm_text(secret)
    if len(normed) >= 2:
        variants.append((normed, norm_text))
    digits = digits_only(secret)
    alnum = sum(c.isalnum() for c in secret)
    if len(digits) >= 6 and alnum and len(digits) / alnum >= 0.5 and digits != normed:
        variants.append((digits, digits_only))
    return variants


def hint(secret: str) -> str:
    """A hint that identifies a secret to its owner without printing it in full."""
    s = secret.strip()
    if len(s) <= 3:
        return f"a {len(s)}-character span"
    return f"'{s[:2]}…' ({len(s)} characters)"


def find_survivors(
    secrets: Iterable[tuple[str, str]],
    expected_text: str,
    outputs: Mapping[str, str],
) -> list[VerificationIssue]:
    """Report secrets that occur in any output more often than in ``expected_text``.

    ``secrets`` are (label, original text) pairs; ``outputs`` maps a place name (a part of a
    DOCX, an extractor of a PDF) to the text found there.
    """
    issues: list[VerificationIssue] = []
    cache: dict[Callable[[str], str], str] = {}
    out_cache: dict[tuple[str, Callable[[str], str]], str] = {}
    seen: set[str] = set()
    for label, secret in secrets:
        if secret in seen:
            continue
        seen.add(secret)
        for needle, normaliser in secret_variants(secret):
            if normaliser not in cache:
                cache[normaliser] = normaliser(expected_text)
            allowed = cache[normaliser].count(needle)
            for where, text in outputs.items():
                key = (where, normaliser)
                if key not in out_cache:
                    out_cache[key] = normaliser(text)
                found = out_cache[key].count(needle)
                if found > allowed:
                    issues.append(
                        VerificationIssue(where, f"{label} {hint(secret)} survives ({found}×)")
                    )
                    break
    return issues


#: The core reads at most this much of an output for its own check (beyond: identity only).
CORE_CHECK_BYTES = 256 << 20


def core_output_issues(source_bytes_equal: bool, plan_secrets: Iterable[str], expected: str,
                       output_views: Iterable[str]) -> list[VerificationIssue]:
    """The core's own check of a written file, whatever its writer's ``verify`` says: the
    file is not a copy of the input (when something was to be redacted), and — for writers
    from third-party plugins — no redacted string of 6+ characters with a letter survives in
    the file's bytes (Latin-1, UTF-8, UTF-16 views; zip entries inflated) more often than in
    the kept text. ``output_views`` is empty when only the first check applies."""
    issues: list[VerificationIssue] = []
    if source_bytes_equal:
        issues.append(VerificationIssue("output", "the written file is a copy of the input"))
        return issues
    haystack = norm_text("\n".join(output_views))
    if not haystack:
        return issues
    kept = norm_text(expected)
    for secret in dict.fromkeys(plan_secrets):
        needle = norm_text(secret)
        if len(needle) < 6 or not any(c.isalpha() for c in needle):
            continue
        found = haystack.count(needle)
        if found > kept.count(needle):
            issues.append(VerificationIssue("output bytes", f"{hint(secret)} survives ({found}×)"))
    return issues
