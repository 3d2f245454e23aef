"""The detail pane: why a finding got its decision — the detectors that found it, the risk
indicators' votes, the combined verdict and the replacement strategy."""

from __future__ import annotations

import html

from PySide6.QtWidgets import QTextBrowser, QWidget

from redactor.core.analysis import Analysis
from redactor.gui.findings_panel import one_line
from redactor.gui.palette import ACTION_WORDS


class DetailPane(QTextBrowser):
    """Why a finding got its decision: detectors, risk indicators, the combined verdict."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Decision details")
        self.setOpenLinks(False)
        self.setPlaceholderText("Choose a finding to see why it is masked or kept.")

    def show_finding(self, analysis: Analysis | None, i: int | None) -> None:
        if analysis is None or i is None or not (0 <= i < len(analysis.findings)):
            self.clear()
            return
        f, d = analysis.findings[i], analysis.decisions[i]
        entity = analysis.entity_for(i)
        comb = analysis.combined[i]
        esc = html.escape
        signals = "".join(
            f"<li>{'⚠' if s.risky else '✓'} <b>{esc(s.indicator)}</b> "
            f"({s.score:.2f}): {esc(s.explanation)}</li>" for s in analysis.signals[i]
        ) or "<li>no risk indicator ran</li>"
        strategy = d.strategy or analysis.policy.strategy_for(f.label)
        self.setHtml(
            f"<h3>{esc(f.full_type)}: {esc(one_line(f.text))}</h3>"
            f"<p><b>Decision:</b> {ACTION_WORDS[d.action]} (by {esc(d.decided_by)}) — "
            f"{esc(d.reason)}</p>"
            f"<p><b>Replacement strategy:</b> {esc(strategy)}</p>"
            f"<p><b>Entity</b> {esc(entity.id)}: {len(entity.mentions)} mention(s), "
            f"masked together.</p>"
            f"<p><b>Found by:</b> {esc(', '.join(f.detectors) or f.detector or '—')}"
            f" (score {f.score:.2f}{', validated' if f.validated else ''})"
            f"{'<br>' + esc(f.explanation) if f.explanation else ''}</p>"
            f"<p><b>Risk:</b> {esc(comb.explanation)}</p><ul>{signals}</ul>"
            f"<p>Characters {f.span.start}–{f.span.end}.</p>")
