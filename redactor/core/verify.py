"""Format-independent leak search used by every writer's ``verify``.

Two searches run on an output's text (:func:`find_survivors`; the second when asked):

* **diff**: a redacted string may occur in an output only as often as in the text that was
  deliberately kept (the expected output text), both compared under the normalisations of
  :func:`norm_text` (case, compatibility characters, diacritics, invisible characters,
  character references, hyphenation, whitespace) and digits only for number-like secrets.
  This catches a writer that left a span behind.
* **every spelling**: each secret is searched in the *whole* output as a sequence of words,
  whatever separates or disguises them — in the reading view (:mod:`redactor.core.normalize`:
  references and escapes decoded, look-alike letters folded, invisible characters and markup
  inside words removed), in the view with tag characters decoded, with connectors and case
  changes splitting words (``o_yalman``, ``yalman.galip@``, ``YalmanGalip``), and in decoded
  base64 payloads. The expected text excuses only *plainly written* mentions (whole words,
  spelled as the secret, with nothing to undo): a spelling the detectors missed is a leak
  even though it sits in the expected text.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import io
import os
import re
import unicodedata
import zipfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from redactor.core.model import VerificationIssue
from redactor.core.normalize import (
    BLOCK,
    fold,
    has_tag_text,
    plain_only,
    reading_text,
    strip_marks,
)

_HYPHEN_BREAK = re.compile(r"[-\u2010\u2011]\s*\n\s*")
_SPACE = re.compile(r"\s+")
_WORD = re.compile(r"[^\W_]+")
_B64 = re.compile(r"[A-Za-z0-9+/_-]{16,}={0,2}")
#: Secrets are searched in every spelling once their letters and digits number this many.
STRICT_MIN = 3


def _norm(view: str) -> str:
    text = _HYPHEN_BREAK.sub("", view)
    return _SPACE.sub("", strip_marks(text).casefold())


def norm_text(text: str) -> str:
    """Case-folded, compatibility characters and references undone, diacritics stripped,
    invisible characters, hyphenation and spaces removed."""
    return _norm(reading_text(text))


def norm_tags(text: str) -> str:
    """Like :func:`norm_text` with tag characters decoded; ``""`` when there are none."""
    return _norm(reading_text(text, "decode")) if has_tag_text(text) else ""


_DIGIT = re.compile(r"\d")


def digits_only(text: str) -> str:
    return "".join(_DIGIT.findall(unicodedata.normalize("NFKC", text)))


def secret_variants(secret: str) -> list[tuple[str, Callable[[str], str]]]:
    """The (needle, haystack-normaliser) pairs searched for one secret: the normalised text,
    its digits (number-like secrets), the text spelled in tag characters."""
    variants: list[tuple[str, Callable[[str], str]]] = []
    normed = norm_text(secret)
    if len(normed) >= 2:
        variants.append((normed, norm_text))
    digits = digits_only(secret)
    alnum = sum(c.isalnum() for c in secret)
    if len(digits) >= 6 and alnum and len(digits) / alnum >= 0.5 and digits != normed:
        variants.append((digits, digits_only))
    if len(normed) >= 2:
        variants.append((normed, norm_tags))
    return variants


_REF_KEY = os.urandom(16)  # secret_ref digests mean something within this process only


def secret_ref(secret: str) -> str:
    """A digest of a secret keyed per process: an issue names the string that survived by it,
    so the export can point at its finding (:mod:`redactor.core.issue_refs`) while the issue
    never carries the string."""
    return hashlib.blake2b(secret.encode("utf-8", "surrogatepass"), key=_REF_KEY,
                           digest_size=8).hexdigest()


def hint(secret: str) -> str:
    """A hint that identifies a secret to its owner without printing it in full."""
    s = secret.strip()
    if len(s) <= 3:
        return f"a {len(s)}-character span"
    return f"'{s[:2]}…' ({len(s)} characters)"


# -- words in every spelling -----------------------------------------------------------------
def _split_case(token: str) -> list[str]:
    """``YalmanGalip`` → ``Yalman``, ``Galip`` (a lower-case letter before a capital)."""
    if token.islower() or token.isupper():
        return [token]
    parts, start = [], 0
    for i in range(1, len(token)):
        if token[i].isupper() and token[i - 1].islower():
            parts.append(token[start:i])
            start = i
    parts.append(token[start:])
    return parts


class Words:
    """The words of a text in one view, folded and joined, with the offsets where words
    start and end, so that a secret can be matched as whole words only; ``marked`` holds
    the word starts that follow a visible separator (punctuation, a connector) rather than
    only spaces or a change of case."""

    def __init__(self, view: str, *, shape: bool = False) -> None:
        chunks: list[str] = []
        bounds = {0}
        marked: set[int] = set()
        # with ``shape`` (a needle's words): where each word starts, whether only digits
        self.starts: list[int] = []
        self.digits: list[bool] = []
        pos = prev = 0
        for m in _WORD.finditer(view):
            if view[prev:m.start()].strip():
                marked.add(pos)
            prev = m.end()
            for part in _split_case(m.group()):
                folded = fold(part)
                if shape:
                    self.starts.append(pos)
                    self.digits.append(folded.isdigit())
                chunks.append(folded)
                pos += len(folded)
                bounds.add(pos)
        self.joined = "".join(chunks)
        self.bounds = bounds
        self.marked = marked

    def count(self, needle: Needle) -> int:
        n = 0
        text = needle.text
        bounds = self.bounds
        i = self.joined.find(text)
        while i >= 0:
            if i in bounds and i + len(text) in bounds and self._fits(i, needle):
                n += 1
            i = self.joined.find(text, i + 1)
        return n

    def _fits(self, i: int, needle: Needle) -> bool:
        """Whether the match at ``i`` keeps the secret's short numbers as the secret writes
        them: such a number word is not pieced together from several words (``20 20`` is
        not ``2020``), and two of them are separated alike (``12 12`` is not ``12:12``,
        ``12.12`` is) — short digit strings are too common to be joined freely. Long numbers
        (:data:`FREE_DIGITS` digits or more in a row of number words) match however they are
        grouped or separated (``1234 5678`` is ``12345678``)."""
        bounds = self.bounds
        for a, b in needle.numbers:
            if any(k in bounds for k in range(i + a + 1, i + b)):
                return False
        return all(i + k in bounds and (i + k in self.marked) == mark
                   for k, mark in needle.joints)


#: A row of number words in a secret with at least this many digits is a long number
#: (matched in any grouping); the same threshold as the digits-only variant of the diff.
FREE_DIGITS = 6


@dataclass(frozen=True, slots=True)
class Needle:
    """A secret as :class:`Words` joins it, and the shape a match must keep: the offsets of
    its short digit-only words (``numbers``) and, between two such words, whether a visible
    separator stands there (``joints``); see :meth:`Words._fits`."""

    text: str
    numbers: tuple[tuple[int, int], ...] = ()
    joints: tuple[tuple[int, bool], ...] = ()

    def __len__(self) -> int:
        return len(self.text)


def words_needle(secret: str) -> Needle:
    """A secret's letters and digits as :class:`Words` joins them, with the shape of its
    short numbers (rows of number words with fewer than :data:`FREE_DIGITS` digits)."""
    words = Words(reading_text(secret), shape=True)
    starts, digits = words.starts, words.digits
    ends = [*starts[1:], len(words.joined)][:len(starts)]
    numbers: list[tuple[int, int]] = []
    joints: list[tuple[int, bool]] = []
    k = 0
    while k < len(starts):
        if not digits[k]:
            k += 1
            continue
        row = k
        while k + 1 < len(starts) and digits[k + 1]:
            k += 1
        k += 1  # words row … k - 1 are one row of number words
        if ends[k - 1] - starts[row] >= FREE_DIGITS:
            continue
        numbers += [(starts[j], ends[j]) for j in range(row, k)]
        joints += [(starts[j], starts[j] in words.marked) for j in range(row + 1, k)]
    return Needle(words.joined, tuple(numbers), tuple(joints))


def _plain_tokens(text: str) -> str:
    """The whitespace-separated words of plainly written text, folded, stripped of the
    punctuation around them (and a possessive ``'s``), joined by ``\\x00``."""
    text = _HYPHEN_BREAK.sub("", text)
    out = []
    for token in text.split():
        token = re.sub(r"['’]s$", "", token)
        token = token.strip("".join(c for c in set(token) if not c.isalnum() and c != BLOCK))
        if token:
            out.append(fold(token))
    return "\x00" + "\x00".join(out) + "\x00"


def _secret_tokens(secret: str) -> str:
    return _plain_tokens(reading_text(secret))


def _words_of(text: str) -> tuple[Words, Words | None]:
    tags = Words(reading_text(text, "decode")) if has_tag_text(text) else None
    return Words(reading_text(text)), tags


def _count(haystack: str, needle: str) -> int:
    """Occurrences of ``needle``, overlapping ones included."""
    n, i = 0, haystack.find(needle)
    while i >= 0:
        n += 1
        i = haystack.find(needle, i + 1)
    return n


def decoded_payloads(text: str) -> list[str]:
    """Text hidden in base64 runs of ``text`` (16+ characters) that decode to readable
    UTF-8 or UTF-16 — a data URI, a field's data, a value an attacker encoded."""
    out = []
    for m in _B64.finditer(text):
        run = m.group().rstrip("=")
        if len(run) % 4 == 1:
            run = run[:-1]
        try:
            raw = base64.b64decode(run.replace("-", "+").replace("_", "/")
                                   + "=" * (-len(run) % 4), validate=True)
        except (binascii.Error, ValueError):
            continue
        if raw[:4] == b"PK\x03\x04":  # a zip (VML's gfxdata …): its entries' text
            out += _zip_texts(raw)
            continue
        for codec in ("utf-8", "utf-16-le", "utf-16-be"):
            try:
                decoded = raw.decode(codec)
            except UnicodeDecodeError:
                continue
            shown = sum(c.isprintable() or c.isspace() for c in decoded)
            if decoded and shown >= 0.95 * len(decoded) and sum(
                    c.isalpha() for c in decoded) >= 0.3 * len(decoded):
                out.append(decoded)
                break
    return out


def _zip_texts(raw: bytes, budget: int = 16 << 20) -> list[str]:
    """The text of the entries of a zip held in a payload (bounded)."""
    out = []
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as zf:
            for info in zf.infolist():
                if info.file_size > budget:
                    break
                budget -= info.file_size
                data = zf.read(info)
                out.append(data.decode("utf-8", "replace"))
                out.append(data.decode("utf-16-le", "ignore"))
    except (zipfile.BadZipFile, OSError, ValueError, RuntimeError, EOFError,
            NotImplementedError):
        pass
    return out


def find_survivors(
    secrets: Iterable[tuple[str, str]],
    expected_text: str,
    outputs: Mapping[str, str],
    *,
    every_spelling: bool = False,
) -> list[VerificationIssue]:
    """Report secrets that survive in any output (see the module docstring).

    ``secrets`` are (label, original text) pairs; ``outputs`` maps a place name (a part of a
    DOCX, an extractor of a PDF) to the text found there. The diff search always runs (with
    base64 payloads decoded); ``every_spelling`` adds the search that excuses only plainly
    written mentions — what a writer's verification of its output wants (TXT and DOCX pass
    it), not a comparison of two readings of one input.
    """
    secrets = list(secrets)
    outputs = dict(outputs)
    for where, text in list(outputs.items()):
        payloads = decoded_payloads(text)
        if payloads:
            outputs[f"{where} [decoded base64]"] = "\n".join(payloads)
    issues: list[VerificationIssue] = []
    cache: dict[Callable[[str], str], str] = {}
    out_cache: dict[tuple[str, Callable[[str], str]], str] = {}
    seen: set[str] = set()
    flagged: set[tuple[str, str]] = set()
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
                        VerificationIssue(where, f"{label} {hint(secret)} survives ({found}×)",
                                          secret_ref(secret)))
                    flagged.add((where, secret))
                    break
    if every_spelling:
        issues += _every_spelling(secrets, expected_text, outputs, flagged)
    return issues


def _every_spelling(secrets: list[tuple[str, str]], expected_text: str,
                    outputs: Mapping[str, str],
                    flagged: set[tuple[str, str]]) -> list[VerificationIssue]:
    """Secrets found as whole words in any spelling more often than written plainly in
    the expected text."""
    issues: list[VerificationIssue] = []
    kept: str | None = None
    memo: dict[str, tuple[Words, Words | None]] = {}
    seen: set[str] = set()
    for label, secret in secrets:
        needle = words_needle(secret)
        if secret in seen or len(needle) < STRICT_MIN:
            continue
        seen.add(secret)
        for where, text in outputs.items():
            if (where, secret) in flagged:
                continue
            if where not in memo:
                memo[where] = _words_of(text)
            words, tags = memo[where]
            found = words.count(needle)
            tag_found = tags.count(needle) - found if tags is not None else 0
            if not found and tag_found <= 0:
                continue
            if kept is None:
                kept = _plain_tokens(plain_only(expected_text))
            allowed = _count(kept, _secret_tokens(secret))
            if found > allowed:
                issues.append(VerificationIssue(
                    where, f"{label} {hint(secret)} survives in another spelling (disguised "
                           f"or joined to other words, {found - allowed}×)", secret_ref(secret)))
            elif tag_found > 0:
                issues.append(VerificationIssue(
                    where, f"{label} {hint(secret)} survives spelled in invisible tag "
                           f"characters ({tag_found}×)", secret_ref(secret)))
            else:
                continue
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
            issues.append(VerificationIssue("output bytes", f"{hint(secret)} survives ({found}×)",
                                            secret_ref(secret)))
    return issues


def output_name_warnings(name: str, secrets: Iterable[str]) -> list[str]:
    """A warning when the output's file name (the user's choice) carries a redacted string
    (as whole words, in any spelling); the name itself is not repeated."""
    words = Words(reading_text(name))
    for secret in dict.fromkeys(secrets):
        needle = words_needle(secret)
        if len(needle) >= STRICT_MIN and words.count(needle):
            return [f"the output file name contains a redacted string ({hint(secret)}); "
                    "rename the file before sharing it"]
    return []
