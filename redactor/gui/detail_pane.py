"""The detail pane: why a finding got its decision, in a caseworker's words first.

One sentence comes first (:func:`redactor.gui.explain.headline`: "Masked: a name that
identifies someone; found by the name model and the name list, 97 % sure."), then, for text
read by OCR, where it was read and the words OCR was unsure of
(:func:`redactor.gui.explain.ocr_note`); the details —
the detectors, every risk check's vote, the label in words, the replacement strategy, the
entity and the offsets — are folded below it ("Show details" opens them, and stays open).
"""

from __future__ import annotations

import html

from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QTextBrowser, QWidget

from redactor.core.analysis import Analysis
from redactor.gui.explain import detector_words, headline, label_words, ocr_note, sure
from redactor.gui.findings_model import one_line
from redactor.gui.palette import ACTION_WORDS
from redactor.gui.risk_text import explanation_html, score_text

#: Who decided, in words, where the core's name is a developer's.
_BY = {"ocr": "the OCR check", "user": "you"}


class DetailPane(QTextBrowser):
    """Why a finding got its decision: a sentence, then the details (folded)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Decision details")
        self.setOpenLinks(False)
        self.setPlaceholderText("Choose a finding to see why it is masked or kept.")
        self.expanded = False
        self._shown: tuple[Analysis, int] | None = None
        self.anchorClicked.connect(self._link)

    def _link(self, url: QUrl) -> None:
        if url.toString() == "#details":
            self.expanded = not self.expanded
            if self._shown is not None:
                self.show_finding(*self._shown)

    def show_finding(self, analysis: Analysis | None, i: int | None) -> None:
        if analysis is None or i is None or not (0 <= i < len(analysis.findings)):
            self._shown = None
            self.clear()
            return
        self._shown = (analysis, i)
        f = analysis.findings[i]
        esc = html.escape
        toggle = "▾ Hide details" if self.expanded else "▸ Show details"
        note = ocr_note(analysis, i)
        body = (f"<p style='font-size:large'>{esc(headline(analysis, i))}</p>"
                f"<p><i>{esc(one_line(f.text))}</i> — {esc(label_words(f.label))}</p>"
                + (f"<p>🔍 {esc(note)}</p>" if note else "")
                + f"<p><a href='#details'>{toggle}</a></p>")
        if self.expanded:
            body += self._details(analysis, i)
        self.setHtml(body)

    @staticmethod
    def _details(analysis: Analysis, i: int) -> str:
        f, d = analysis.findings[i], analysis.decisions[i]
        entity = analysis.entity_for(i)
        comb = analysis.combined[i]
        esc = html.escape
        signals = "".join(
            f"<li>{'— not run' if s.abstained else '⚠ risky' if s.risky else '✓ safe'}: "
            f"<b>{esc(s.indicator)}</b> {score_text(s)} {explanation_html(s)}</li>"
            for s in analysis.signals[i]) or "<li>no risk check ran</li>"
        strategy = d.strategy or analysis.policy.strategy_for(f.label)
        return (
            f"<p><b>Decision:</b> {ACTION_WORDS[d.action]} "
            f"(by {esc(_BY.get(d.decided_by, d.decided_by))}) — "
            f"{esc(d.reason)}</p>"
            f"<p><b>Found by:</b> {esc(detector_words(f))} ({sure(f.score)} sure"
            f"{', checksum confirmed' if f.validated else ''})"
            f"{'<br>' + esc(f.explanation) if f.explanation else ''}</p>"
            f"<p><b>Risk checks:</b> {esc(comb.explanation)}</p><ul>{signals}</ul>"
            f"<p><b>Replaced with:</b> strategy {esc(strategy)}</p>"
            f"<p><b>Entity</b> {esc(entity.id)}: {len(entity.mentions)} mention(s), masked "
            f"together. Type {esc(f.full_type)}; finding F{i + 1}, characters "
            f"{f.span.start}–{f.span.end}.</p>")
