"""``check_writer``: the contract of :class:`~redactor.plugin_api.DocumentWriter`."""

from __future__ import annotations

import hashlib
import re
import shutil
import tempfile
import zipfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from redactor.core.model import (
    Document,
    Label,
    PlannedReplacement,
    RedactionPlan,
    Span,
    VerificationResult,
)
from redactor.core.verify import core_output_issues, norm_text
from redactor.testing.checks.common import Checker
from redactor.testing.samples import CANARIES

MARKERS = ("[REDACTED]", "[PERSON 1]", None)  # None: blocks of the span's length
_WORD = re.compile(r"[^\W\d_]{4,}")
_TOKEN = re.compile(r"(?:\w|[\u0300-\u036f])+")  # a word with its combining marks
_ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|https?://\S+")


def check_writer(writer: Any, reader: Any, sample: Path, *,
                 settings: Mapping[str, Any] | None = None,
                 context: Mapping[str, Any] | None = None) -> None:
    """Check a document writer with ``reader`` and ``sample`` (a real file the reader reads);
    raise :class:`ConformanceError` listing every problem.

    Tries: ``id``/``version``/``format``; a plan that replaces every mention of a few words
    (the canary words when the sample has them) and lists one more as an always-mask secret:
    ``write`` creates ``dest`` and nothing else and leaves the input unchanged; ``verify``
    returns an ok :class:`VerificationResult` saying what it checked; read back (same format)
    no redacted word survives and the kept words are there; the file's bytes hold no redacted
    word (the core's own check); ``verify`` fails on a copy of the input and when the plan
    lists a secret the output still holds, without printing that secret in full; an empty
    plan writes and verifies; a second write from another thread reads back the same; no
    network, no document text in logs, output or exceptions.
    """
    sample = Path(sample)
    with Checker("writer", writer, settings, context) as c:
        if not c.identity(["write", "verify"], ["format"]):
            return
        read = c.call("the reader on the sample", reader.read, sample, c.ctx())
        if not read.ok or not isinstance(read.value, Document):
            c.problem("the reader could not read the sample: nothing else could be checked")
            return
        doc: Document = read.value
        words = _pick_words(doc.text)
        if len(words) < 3:
            c.problem("the sample has too few words to redact (give a sample with text)")
            return
        redacted, term = words[:2], words[2]
        c.secrets += [w for w in (*redacted, term) if len(w) >= 5]
        plan = make_plan(doc, [*redacted, term], secrets=(term,))
        kept = [w for w in words[3:] if _latin(w) and _has_word(plan.apply_to_text(doc.text), w)]
        same_format = getattr(writer, "format", None) == getattr(reader, "format", None)
        source_hash = hashlib.sha256(sample.read_bytes()).hexdigest()
        with tempfile.TemporaryDirectory(prefix="redactor-check-") as tmp:
            out_dir = Path(tmp) / "out"
            out_dir.mkdir()
            dest = out_dir / f"redacted.{writer.format}"
            if _write(c, "the plan", doc, plan, dest):
                text = _verify_and_read(c, "the plan", doc, plan, dest, reader, same_format)
                if text is not None:
                    left = [w for w in (*redacted, term) if _has_word(text, w)]
                    c.expect(not left, f"{len(left)} redacted word(s) survive in the output "
                             "as read back by the reader")
                    missing = [w for w in kept if not _has_word(text, w)]
                    c.expect(not missing, f"{len(missing)} of {len(kept)} words that were not "
                             "redacted are missing from the output")
                _core_check(c, doc, plan, dest)
                if kept:
                    _verify_catches(c, doc, make_plan(doc, [*redacted, term, kept[0]],
                                                      secrets=(term,)), dest,
                                    "the output checked against a plan that also replaces a "
                                    "word the output still holds")
                if same_format:
                    copy = Path(tmp) / f"copy{sample.suffix}"
                    shutil.copyfile(sample, copy)
                    _verify_catches(c, doc, plan, copy, "an unredacted copy of the input")
                again = out_dir / f"again.{writer.format}"
                c.threads("write from another thread",
                          lambda _: writer.write(doc, plan, again, c.ctx()), n=1)
                if same_format and again.is_file() and text is not None:
                    second = c.call("the reader on the second output", reader.read, again,
                                    c.ctx())
                    if second.ok and getattr(second.value, "text", None) != text:
                        c.problem("a second write of the same plan reads back differently")
            empty = make_plan(doc, [])
            dest2 = Path(tmp) / "empty" / f"unchanged.{writer.format}"
            dest2.parent.mkdir()
            if _write(c, "an empty plan", doc, empty, dest2):
                _verify_and_read(c, "an empty plan", doc, empty, dest2, reader, same_format)
        c.expect(hashlib.sha256(sample.read_bytes()).hexdigest() == source_hash,
                 "the input file was changed")


def make_plan(doc: Document, words: Sequence[str], secrets: Sequence[str] = ()
              ) -> RedactionPlan:
    """A plan replacing every mention of each of ``words`` as a whole word, in any spelling
    that normalises to it (case, accents, fullwidth forms), and every e-mail address or URL
    holding one, as detectors would find them."""
    reps: list[PlannedReplacement] = []
    wanted = {norm_text(w): n for n, w in enumerate(words)}
    hits = [(m.start(), m.end(), n) for m in _TOKEN.finditer(doc.text)
            if (n := wanted.get(norm_text(m.group(0)))) is not None]
    for m in _ADDRESS.finditer(doc.text):  # an address holding a word goes whole, as a
        inside = [h for h in hits if m.start() <= h[0] and h[1] <= m.end()]  # detector would
        if inside:
            hits = [h for h in hits if h not in inside] + [(m.start(), m.end(), inside[0][2])]
    for start, end, n in sorted(hits):
        marker = MARKERS[n % len(MARKERS)] or "\u2588" * (end - start)
        reps.append(PlannedReplacement(Span(start, end), Label.PERSON, "", f"E{n + 1}", "check",
                                       marker, doc.text[start:end]))
    return RedactionPlan(doc.id, tuple(reps), "check", {}, tuple(secrets))


def _pick_words(text: str) -> list[str]:
    """Canary words first, then the longest other words (4+ letters), none a part of
    another (ignoring case and accents)."""
    found = [w for w in CANARIES if _has_word(text, w)]
    for w in sorted(dict.fromkeys(_WORD.findall(text)), key=lambda w: (-len(w), w))[:200]:
        if len(found) >= 12:
            break
        if all(norm_text(w) not in norm_text(f) and norm_text(f) not in norm_text(w)
               for f in found):
            found.append(w)
    return found


def _latin(word: str) -> bool:
    """Latin-1 text: kept words every format's text layer can hold (a rendered PDF page's
    invisible text is WinAnsi only, by design)."""
    try:
        word.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


def _has_word(text: str, word: str) -> bool:
    """Whether ``word`` occurs in ``text`` as a whole word, in any spelling that normalises to
    it."""
    needle = norm_text(word)
    return any(norm_text(m.group(0)) == needle for m in _TOKEN.finditer(text))


def _write(c: Checker, what: str, doc: Document, plan: RedactionPlan, dest: Path) -> bool:
    out = c.call(f"write with {what}", c.obj.write, doc, plan, dest, c.ctx())  # type: ignore[attr-defined]
    if not out.ok:
        return False
    if not dest.is_file() or dest.stat().st_size == 0:
        c.problem(f"write with {what}: wrote no file (or an empty one) at dest")
        return False
    others = [p.name for p in dest.parent.iterdir() if p != dest]
    c.expect(not others,
             f"write with {what}: left {len(others)} other file(s) next to dest")
    return True


def _verify_and_read(c: Checker, what: str, doc: Document, plan: RedactionPlan, dest: Path,
                     reader: Any, same_format: bool) -> str | None:
    result = c.call(f"verify after {what}", c.obj.verify, doc, plan, dest, c.ctx())  # type: ignore[attr-defined]
    if result.ok:
        v = result.value
        if not isinstance(v, VerificationResult):
            c.problem(f"verify after {what}: returned a {type(v).__name__}, not a "
                      "VerificationResult")
        else:
            c.expect(v.ok, f"verify after {what}: does not pass on the writer's own output "
                     f"({len(v.issues)} issue(s))")
            c.expect(v.checks, f"verify after {what}: `checks` is empty (say what was checked)")
    if not same_format:
        return None
    back = c.call(f"the reader on the output of {what}", reader.read, dest, c.ctx())
    return getattr(back.value, "text", None) if back.ok else None


def _verify_catches(c: Checker, doc: Document, plan: RedactionPlan, output: Path,
                    what: str) -> None:
    result = c.call(f"verify on {what}", c.obj.verify, doc, plan, output, c.ctx())  # type: ignore[attr-defined]
    v = result.value
    if not result.ok or not isinstance(v, VerificationResult):
        return
    c.expect(not v.ok, f"verify passes {what} (it must re-read the file and search it for "
             "every secret of the plan)")
    shown = [f"{i.where} {i.what}" for i in v.issues]
    full = [s for _, s in plan.labelled_secrets() if len(norm_text(s)) >= 5]
    c.expect(not any(c.quotes_text(t, full) for t in shown),
             f"verify on {what}: an issue prints a secret in full (use redactor.plugin_api.hint)")


def _core_check(c: Checker, doc: Document, plan: RedactionPlan, output: Path) -> None:
    data = output.read_bytes()
    chunks = [data]
    if zipfile.is_zipfile(output):
        with zipfile.ZipFile(output) as zf:
            chunks += [zf.read(i) for i in zf.infolist() if i.file_size < 64 << 20]
    views = [v for ch in chunks for v in (ch.decode("utf-8", "ignore"), ch.decode("latin-1"),
                                          ch.decode("utf-16-le", "ignore"))]
    same = plan.replacements and data == doc.source.read_bytes()
    issues = core_output_issues(bool(same), [s for _, s in plan.labelled_secrets()],
                                plan.apply_to_text(doc.text), views)
    c.expect(not issues, f"the core's own check of the output's bytes fails ({len(issues)} "
             "issue(s): a copy of the input, or a redacted word in the file's bytes)")
