"""Well-behaved components and deliberately broken variants, one fault each, for the tests
that prove the conformance checks can fail."""

from __future__ import annotations

import logging
import random
import re
import shutil
import socket
import time
from pathlib import Path

from redactor_plugins.formats.txt.plugin import TxtReader, TxtWriter

from redactor.plugin_api import (
    Document,
    Finding,
    InputError,
    Label,
    OcrWord,
    RiskSignal,
    SearchResult,
    Segment,
    Span,
    UsageError,
    VerificationIssue,
    VerificationResult,
)

log = logging.getLogger("redactor.plugins.broken")
NAME = re.compile(r"Quillfeather|Vantongeren|קווילפתר|كويلفيذر")


def _reach_out() -> None:
    try:
        socket.create_connection(("203.0.113.7", 80), timeout=0.5).close()
    except OSError:
        pass


# -- detectors -------------------------------------------------------------------------------
class GoodDetector:
    id = "good-detector"
    version = "1.0"

    def detect(self, doc, ctx):
        for m in NAME.finditer(doc.text):
            yield Finding(Span(m.start(), m.end()), Label.PERSON, m.group(0), score=0.8,
                          detector=self.id)


class SpanOutOfRange(GoodDetector):
    def detect(self, doc, ctx):
        n = len(doc.text)
        yield Finding(Span(n, n + 5), Label.PERSON, "", detector=self.id)


class LabelAsString(GoodDetector):
    def detect(self, doc, ctx):
        return [f.with_(label="PERSON") for f in super().detect(doc, ctx)]


class TextMismatch(GoodDetector):
    def detect(self, doc, ctx):
        return [f.with_(text=f.text.upper() + "!") for f in super().detect(doc, ctx)]


class ScoreAsPercent(GoodDetector):
    def detect(self, doc, ctx):
        return [f.with_(score=80.0) for f in super().detect(doc, ctx)]


class NotDeterministic(GoodDetector):
    def detect(self, doc, ctx):
        return [f.with_(score=random.random()) for f in super().detect(doc, ctx)]


class NotThreadSafe(GoodDetector):
    """Keeps the document on the instance while it works."""

    def detect(self, doc, ctx):
        self.doc = doc
        time.sleep(0.02)
        return [Finding(Span(m.start(), m.end()), Label.PERSON, self.doc.text[m.start():m.end()],
                        detector=self.id) for m in NAME.finditer(self.doc.text)
                if m.end() <= len(doc.text)]


class LogsText(GoodDetector):
    def detect(self, doc, ctx):
        found = list(super().detect(doc, ctx))
        for f in found:
            log.debug("found a name: %s", f.text)
        return found


class PrintsText(GoodDetector):
    def detect(self, doc, ctx):
        found = list(super().detect(doc, ctx))
        if found:
            print(doc.text[:40])
        return found


class OpensSocket(GoodDetector):
    def detect(self, doc, ctx):
        _reach_out()
        return super().detect(doc, ctx)


class RaisesOnEmpty(GoodDetector):
    def detect(self, doc, ctx):
        if not doc.text:
            raise ValueError("nothing to do")
        return super().detect(doc, ctx)


class QuotesTextInError(GoodDetector):
    def detect(self, doc, ctx):
        if "\u200f" in doc.text:
            raise UsageError(f"cannot handle {doc.text[:60]}")
        return super().detect(doc, ctx)


class NoVersion(GoodDetector):
    version = ""


class ReturnsNone(GoodDetector):
    def detect(self, doc, ctx):
        return None


class WrongDetectorId(GoodDetector):
    def detect(self, doc, ctx):
        return [f.with_(detector="someone-else") for f in super().detect(doc, ctx)]


class SlowOnHuge(GoodDetector):
    def detect(self, doc, ctx):
        if len(doc.text) > 5000:
            time.sleep(3)
        return super().detect(doc, ctx)


# -- risk indicators -------------------------------------------------------------------------
class GoodIndicator:
    id = "good-indicator"
    version = "1.0"

    def assess(self, doc, findings, entities, ctx):
        return [RiskSignal(self.id, min(1.0, len(f.text) / 40), len(f.text) > 6)
                for f in findings]


class OneSignalShort(GoodIndicator):
    def assess(self, doc, findings, entities, ctx):
        return super().assess(doc, findings, entities, ctx)[:-1]


class ScoreAboveOne(GoodIndicator):
    def assess(self, doc, findings, entities, ctx):
        return [RiskSignal(self.id, 2.0, True) for _ in findings]


class RiskyAsInt(GoodIndicator):
    def assess(self, doc, findings, entities, ctx):
        return [RiskSignal(self.id, 0.5, 1) for _ in findings]  # type: ignore[arg-type]


class WrongIndicatorId(GoodIndicator):
    def assess(self, doc, findings, entities, ctx):
        return [RiskSignal("other", 0.5, True) for _ in findings]


class StateInMemo(GoodIndicator):
    """Counts calls in the run's memo and lets the count leak into the scores."""

    def assess(self, doc, findings, entities, ctx):
        memo = ctx.memo_for(self.id)
        memo["calls"] = memo.get("calls", 0) + 1
        return [RiskSignal(self.id, 0.1 * min(memo["calls"], 5), True) for _ in findings]


class RaisesOnNoFindings(GoodIndicator):
    def assess(self, doc, findings, entities, ctx):
        longest = max(len(f.text) for f in findings)
        return [RiskSignal(self.id, len(f.text) / longest, True) for f in findings]


class LogsSpans(GoodIndicator):
    def assess(self, doc, findings, entities, ctx):
        for f in findings:
            log.warning("assessing %r", f.text)
        return super().assess(doc, findings, entities, ctx)


# -- strategies ------------------------------------------------------------------------------
class GoodStrategy:
    id = "good-strategy"
    version = "1.0"

    def replacement(self, request, ctx):
        memo = ctx.memo_for(self.id)
        key = (str(request.entity.label), request.entity.canonical.casefold())
        numbers = memo.setdefault("numbers", {})
        numbers.setdefault(key, len(numbers) + 1)
        return f"<{request.finding.label} #{numbers[key]}>"


class ReturnsOriginal(GoodStrategy):
    def replacement(self, request, ctx):
        return f"[{request.finding.text}]"


class KeepsFirstName(GoodStrategy):
    def replacement(self, request, ctx):
        if request.finding.label == Label.PERSON:
            return request.finding.text.split()[0] + " X."
        return "[X]"


class CounterPerMention(GoodStrategy):
    def replacement(self, request, ctx):
        memo = ctx.memo_for(self.id)
        memo["n"] = memo.get("n", 0) + 1
        return f"[{request.finding.label} {memo['n']}]"


class ReturnsNoneStrategy(GoodStrategy):
    def replacement(self, request, ctx):
        return None


class ControlCharacters(GoodStrategy):
    def replacement(self, request, ctx):
        return "\x00[X]\x07"


class RefusesWithUsageError(GoodStrategy):
    def replacement(self, request, ctx):
        raise UsageError("no key configured")


class LogsOriginal(GoodStrategy):
    def replacement(self, request, ctx):
        ctx.logger.info("replacing %s", request.finding.text)
        return super().replacement(request, ctx)


class RandomStrategy(GoodStrategy):
    def replacement(self, request, ctx):
        memo = ctx.memo_for(self.id)
        key = request.entity.id
        return memo.setdefault(key, f"[{random.randrange(10**9)}]")


# -- readers ---------------------------------------------------------------------------------
class GoodReader(TxtReader):
    id = "good-reader"


class RaisesValueError(GoodReader):
    def read(self, path, ctx):
        data = path.read_bytes()
        if b"\x00" in data:
            raise ValueError("binary")
        return super().read(path, ctx)


class TrustsExtension(GoodReader):
    def sniff(self, path, head):
        return path.suffix == ".txt"


class SniffReturnsNone(GoodReader):
    def sniff(self, path, head):
        return True if head[:1].isalpha() else None


class NoSegments(GoodReader):
    def read(self, path, ctx):
        doc = super().read(path, ctx)
        return Document(doc.id, doc.source, doc.format, doc.text, (), doc.metadata,
                        sha256=doc.sha256)


class WrongFormat(GoodReader):
    def read(self, path, ctx):
        doc = super().read(path, ctx)
        return Document(doc.id, doc.source, "text", doc.text, doc.segments, doc.metadata,
                        sha256=doc.sha256)


class WrongHash(GoodReader):
    def read(self, path, ctx):
        doc = super().read(path, ctx)
        return Document(doc.id, doc.source, doc.format, doc.text, doc.segments, doc.metadata,
                        sha256="0" * 64)


class BoxesMismatch(GoodReader):
    def read(self, path, ctx):
        from redactor.plugin_api import Box

        doc = super().read(path, ctx)
        seg = Segment(doc.segments[0].span, "page:1", (Box(0, 0, 0, 1, 1),))
        return Document(doc.id, doc.source, doc.format, doc.text, (seg,), doc.metadata,
                        page_count=1, sha256=doc.sha256)


class LogsLines(GoodReader):
    def read(self, path, ctx):
        doc = super().read(path, ctx)
        log.debug("first line: %s", doc.text.splitlines()[0] if doc.text else "")
        return doc


# -- writers ---------------------------------------------------------------------------------
class GoodWriter(TxtWriter):
    id = "good-writer"


class CopiesInput(GoodWriter):
    def write(self, doc, plan, dest, ctx):
        shutil.copyfile(doc.source, dest)

    def verify(self, doc, plan, output, ctx):
        return VerificationResult(True, ("trusted the plan",))


class WritesNothing(GoodWriter):
    def write(self, doc, plan, dest, ctx):
        return None


class LeavesTempFile(GoodWriter):
    def write(self, doc, plan, dest, ctx):
        Path(dest).with_name(dest.name + ".tmp").write_text("partial")
        super().write(doc, plan, dest, ctx)


class VerifiesTheModel(GoodWriter):
    def verify(self, doc, plan, output, ctx):
        left = [r for r in plan.replacements if r.secret in plan.apply_to_text(doc.text)]
        return VerificationResult(not left, ("searched the planned text",))


class PrintsSecretInIssue(GoodWriter):
    def verify(self, doc, plan, output, ctx):
        text = output.read_text(encoding="utf-8", errors="replace")
        issues = tuple(VerificationIssue("text", f"{r.secret} survives")
                       for r in plan.replacements if r.secret in text)
        return VerificationResult(not issues, ("re-read",), issues)


class SaysNothingChecked(GoodWriter):
    def verify(self, doc, plan, output, ctx):
        result = super().verify(doc, plan, output, ctx)
        return VerificationResult(result.ok, (), result.issues)


# -- search providers ------------------------------------------------------------------------
class GoodSearch:
    id = "good-search"
    version = "1.0"
    needs_network = True
    reports_total_hits = False

    def search(self, query, k, ctx):
        if not ctx.network_allowed:
            raise UsageError("the network is off")
        return SearchResult("q-1", 0)


class GoodLocalSearch(GoodSearch):
    needs_network = False
    reports_total_hits = True

    def search(self, query, k, ctx):
        return SearchResult("q-1", 1, ("file:///tmp/a.txt",), total_hits=1)


class SearchIgnoresSwitch(GoodSearch):
    def search(self, query, k, ctx):
        _reach_out()
        return SearchResult("q-1", 0)


class LooksUpNames(GoodSearch):
    def search(self, query, k, ctx):
        try:
            socket.getaddrinfo("search.example.com", 443)
        except OSError:
            pass
        return SearchResult("q-1", 0)


class QueryAsId(GoodLocalSearch):
    def search(self, query, k, ctx):
        return SearchResult(query, 0)


class LogsQuery(GoodSearch):
    def search(self, query, k, ctx):
        log.warning("searching for %s", query)
        return SearchResult("q-1", 0)


class ReturnsDict(GoodLocalSearch):
    def search(self, query, k, ctx):
        return {"hits": 0}


class TooManyUrls(GoodLocalSearch):
    def search(self, query, k, ctx):
        urls = tuple(f"file:///tmp/{i}.txt" for i in range(k + 3))
        return SearchResult("q-1", len(urls), urls)


class UnannouncedTotals(GoodLocalSearch):
    reports_total_hits = False


class LocalButRaises(GoodLocalSearch):
    def search(self, query, k, ctx):
        raise RuntimeError("index missing")


# -- OCR engines -----------------------------------------------------------------------------
class GoodOcr:
    """Pretends to read: one word on the ink's bounding box."""

    id = "good-ocr"
    version = "1.0"

    def recognize(self, image, ctx):
        from PIL import ImageOps

        box = ImageOps.invert(image.convert("L")).getbbox()
        return [OcrWord("WORD", tuple(float(v) for v in box), 0.9)] if box else []


class BoxOutside(GoodOcr):
    def recognize(self, image, ctx):
        w, h = image.size
        return [OcrWord("WORD", (0.0, 0.0, w + 50.0, h), 0.9)]


class BottomLeftOrigin(GoodOcr):
    def recognize(self, image, ctx):
        return [OcrWord(w.text, (w.box[0], w.box[3], w.box[2], w.box[1]), w.confidence)
                for w in super().recognize(image, ctx)]


class PercentConfidence(GoodOcr):
    def recognize(self, image, ctx):
        return [OcrWord(w.text, w.box, 90.0) for w in super().recognize(image, ctx)]


class ReadsNothing(GoodOcr):
    def recognize(self, image, ctx):
        return []


class DrawsOnImage(GoodOcr):
    def recognize(self, image, ctx):
        words = super().recognize(image, ctx)
        image.putpixel((0, 0), (255, 0, 0) if image.mode == "RGB" else 0)
        return words


class JitteryOcr(GoodOcr):
    def recognize(self, image, ctx):
        return [OcrWord(w.text, w.box, random.uniform(0.5, 1.0))
                for w in super().recognize(image, ctx)]


class LogsWhatItRead(GoodOcr):
    def recognize(self, image, ctx):
        words = super().recognize(image, ctx)
        if words:
            log.info("read: ZEBULON QUILLFEATHER")
        return words


class RaisesOnTinyImage(GoodOcr):
    def recognize(self, image, ctx):
        if min(image.size) < 8:
            raise InputError("image too small")
        return super().recognize(image, ctx)
