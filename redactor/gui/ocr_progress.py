"""Progress while a document is read, in pages: how many scanned pages OCR has read so far.

OCR is the slow step (seconds per page), and readers report it only as fractions: the PDF
reader says ``read`` before each page, the image reader ``ocr`` before each page, the DOCX
reader ``ocr`` before each picture. :class:`ReadProgress` sits between a job's run context
and its progress sink (in the job's thread): it knows the number of pages (given, or told by
the steps of the fractions), notices when an OCR engine reads (the engines handed to the
reader are watched, :meth:`ReadProgress.watch`) and reports phases the status bar turns into
words (:func:`phase_words`): ``ocr:2/10`` — OCR is reading a scanned page, two of ten done;
``ocr-pictures:1/3``; ``read:4/10``. Cancel stops it between pages (the readers check the
cancel token there and between engine calls). Qt-free; numbers only, never document text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

ProgressSink = Callable[[str, float], None]


class _WatchedEngine:
    """An OCR engine that says when it reads (everything else is the engine's own)."""

    def __init__(self, engine: Any, on_read: Callable[[], None]) -> None:
        self._engine = engine
        self._on_read = on_read

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)

    def recognize(self, image: Any, ctx: Any) -> Any:
        self._on_read()
        return self._engine.recognize(image, ctx)


class ReadProgress:
    """A progress sink that counts pages read and notices OCR (see the module docstring).
    ``total`` is the number of pages when known beforehand (0: told by the fractions)."""

    def __init__(self, sink: ProgressSink, total: int = 0, pictures: bool = False) -> None:
        self.sink = sink
        self.total = max(0, int(total))
        self.pictures = pictures  # a DOCX: OCR reads pictures, not pages
        self.done = 0  # pages (pictures) finished before the one being read
        self.fraction = 0.0
        self.ocr_pages = 0  # pages on which an engine read, so far
        self._ocr_here = False  # an engine read on the current page
        self._last = -1.0

    def watch(self, engines: Mapping[str, Any]) -> dict[str, Any]:
        """The engines, each telling this sink when it reads."""
        return {k: _WatchedEngine(e, self._engine_read) for k, e in engines.items()}

    def __call__(self, phase: str, fraction: float) -> None:
        if phase not in ("read", "ocr"):
            self.sink(phase, fraction)
            return
        self._learn_total(fraction)
        done = round(fraction * self.total) if self.total else self.done
        if done != self.done:
            self._ocr_here = False  # the next page
        self.done, self.fraction = done, fraction
        if phase == "ocr" and fraction < 1.0:
            self._mark_ocr()  # the image and DOCX readers say so themselves
        self._report()

    def _learn_total(self, fraction: float) -> None:
        """The page count from two successive fractions (n/total, (n+1)/total)."""
        if not self.total and 0 <= self._last < fraction < 1.0:
            step = fraction - self._last
            guess = round(1 / step)
            if guess > 0 and abs(guess * step - 1) < 1e-6:
                self.total = guess
        self._last = fraction

    def _mark_ocr(self) -> None:
        if not self._ocr_here:
            self._ocr_here = True
            self.ocr_pages += 1

    def _engine_read(self) -> None:
        if not self._ocr_here:
            self._mark_ocr()
            self._report()

    def _report(self) -> None:
        ocr = self._ocr_here or (self.fraction >= 1.0 and self.ocr_pages > 0)
        kind = ("ocr-pictures" if self.pictures else "ocr") if ocr else "read"
        count = f"{min(self.done, self.total)}/{self.total}" if self.total else f"{self.done}/"
        self.sink(f"{kind}:{count}", self.fraction)


def phase_words(phase: str) -> str:
    """The status bar's words for a progress phase (``%p%`` is Qt's percentage)."""
    kind, _, detail = phase.partition(":")
    done, _, total = detail.partition("/")
    if kind in ("ocr", "ocr-pictures"):
        what = "pictures" if kind == "ocr-pictures" else "scanned pages"
        if total:
            return f"Reading {what} (OCR): {done} of {total} done"
        return f"Reading {what} (OCR) %p%"
    if kind == "read" and total:
        return f"Reading: page {min(int(done) + 1, int(total))} of {total}"
    if phase == "verify:ocr":
        return "Re-reading the export (OCR) %p%"
    return f"{kind} %p%"
