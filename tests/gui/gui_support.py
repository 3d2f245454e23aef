"""Shared test helpers for the GUI tests (a uniquely named module: every test folder has
its own conftest.py, so tests import helpers from here, never from ``conftest``)."""

from __future__ import annotations

import threading
import time

from redactor.plugin_api import Finding, Label, Span, hookimpl

TERMS = ("Anna Berg", "Oslo", "Project Falcon")
TEXT = (
    "Case note 14.\r\n"
    "Anna Berg met her social worker in Oslo on Monday.\r\n"
    "Anna Berg said Project Falcon had ended. Her brother Olaf Lund was there.\r\n"
    "Oslo is cold.\r\n"
)


class SlowDetector:
    """Finds nothing, slowly; checks the cancel token every 10 ms."""

    id = "slow"
    version = "1.0"

    def __init__(self, seconds: float = 5.0) -> None:
        self.seconds = seconds
        self.started = threading.Event()

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        self.started.set()
        end = time.monotonic() + self.seconds
        while time.monotonic() < end:
            ctx.check()
            time.sleep(0.01)
        return []


class BoomDetector:
    id = "boom"
    version = "1.0"

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        raise RuntimeError("model file missing")


class NameDetector:
    """Finds 'Olaf Lund' as a PERSON (a second, independent detector)."""

    id = "names"
    version = "1.0"

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        start = doc.text.find("Olaf Lund")
        if start >= 0:
            yield Finding(Span(start, start + 9), Label.PERSON, "Olaf Lund", detector=self.id)


class PluginOf:
    """A plugin object registering the given detectors."""

    def __init__(self, *detectors: object) -> None:
        self.detectors = detectors

    @hookimpl
    def register_detectors(self, register):  # type: ignore[no-untyped-def]
        for d in self.detectors:
            register(d)


class LeakyWriter:
    """A writer that forgets to redact: verification must catch it."""

    id = "leaky-writer"
    version = "1.0"
    format = "leaky"

    def write(self, doc, plan, dest, ctx):  # type: ignore[no-untyped-def]
        dest.write_text(doc.text, encoding="utf-8")

    def verify(self, doc, plan, output, ctx):  # type: ignore[no-untyped-def]
        from redactor.plugin_api import VerificationResult, find_survivors

        written = output.read_text(encoding="utf-8")
        issues = find_survivors(((str(r.label), r.secret) for r in plan.replacements),
                                plan.apply_to_text(doc.text), {"text": written})
        return VerificationResult(not issues, ("re-read",), tuple(issues))


class LeakyPlugin:
    @hookimpl
    def register_writers(self, register):  # type: ignore[no-untyped-def]
        register(LeakyWriter())


def wait_until_settled(qtbot, panel, timeout: int = 5000) -> None:  # type: ignore[no-untyped-def]
    """Wait until a FindingsPanel shows every finding received so far (the list of findings
    found while analysing is filled in time-boxed slices)."""
    qtbot.waitUntil(lambda: panel.settled, timeout=timeout)


class LateNameDetector(NameDetector):
    """Finds 'Olaf Lund' after a pause, like a model that comes last: the pattern and term
    findings are shown (to review, dashed) before it ends."""

    id = "late-names"

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        time.sleep(0.4)
        for f in super().detect(doc, ctx):
            yield f.with_(detector=self.id, detectors=(self.id,))


class WeakDetector:
    """Finds every 'tel.' as a PERSON, only 38 % sure (a weak hit triage sends to review)."""

    id = "weak"
    version = "1.0"

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        start = doc.text.find("tel.")
        while start >= 0:
            yield Finding(Span(start, start + 4), Label.PERSON, "tel.", score=0.38,
                          detector=self.id)
            start = doc.text.find("tel.", start + 1)


PAGE_LINES = [
    ["Anna Berg met Olaf Lund in Oslo.", "Project Falcon, tel. 5550."],
    ["Oslo again, with Anna Berg.", "Nothing else on this page."],
    ["Olaf Lund signed below.", "Signature:"],
]


def make_pdf(path, pages=PAGE_LINES):  # type: ignore[no-untyped-def]
    """A small PDF (300 × 200 pt pages, two lines each) made with reportlab."""
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=(300, 200), invariant=1)
    for lines in pages:
        c.setFont("Helvetica", 12)
        for n, line in enumerate(lines):
            c.drawString(20, 150 - 30 * n, line)
        c.showPage()
    c.save()
    return path
