"""Analyse → Check with web search…: the ``web-search`` risk indicator on the current file,
with the user's consent.

The indicator is reached through the plugin host (``host.component("risk_indicators",
"web-search")``), never by importing its plugin. Its ``preview`` gives the exact queries
(nothing is sent); the consent dialog (:mod:`redactor.gui.consent_dialog`) shows them with the
provider; then the file is analysed again in a background job under its policy with
``web-search`` added: with **Send**, only the ticked strings are approved and the run may use
the network; with **Don't send**, the run may not, so every finding's web-search signal says
"not run (no consent)" and does not vote. The reviewer's own decisions are kept (as by
Re-score), and the new analysis is one undoable step. The queries are never logged.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from redactor.core.analysis import Analysis
from redactor.core.context import RunContext
from redactor.core.policy import Policy
from redactor.core.review_file import reapply_user_decisions
from redactor.gui.background import BackgroundJobs
from redactor.gui.consent_dialog import ConsentDialog
from redactor.gui.document_entry import DocumentEntry
from redactor.gui.file_queue import FileQueue
from redactor.gui.jobs import Job, JobControl
from redactor.gui.review_controller import ReviewController
from redactor.gui.session import Session

INDICATOR = "web-search"


def with_web_search(policy: Policy) -> Policy:
    """``policy`` with ``web-search`` among its risk indicators (an empty list runs every
    indicator already)."""
    ids = tuple(policy.indicators)
    if not ids or INDICATOR in ids:
        return policy
    return dataclasses.replace(policy, indicators=(*ids, INDICATOR))


@dataclass(frozen=True, slots=True)
class SearchRun:
    """What a web-search job returns: the new analysis and how its queries went."""

    analysis: Analysis
    provider: str
    sent: int  # answered by the provider in this run
    cached: int  # answered from the cache (nothing sent)
    not_run: int  # not approved, no consent, budget, errors


def count_outcomes(outcomes: Sequence[Any]) -> tuple[int, int, int]:
    """(sent, cached, not run) of the indicator's ``last_run`` outcomes."""
    ran = [o for o in outcomes if getattr(o, "error", None) is None]
    cached = sum(1 for o in ran if getattr(o, "cached", False))
    return len(ran) - cached, cached, len(outcomes) - len(ran)


class WebSearchController(QObject):
    """Checks the current file with web search after asking (see the module docstring)."""

    searched = Signal(object)  # the DocumentEntry, analysed again
    message = Signal(str)
    problem = Signal(str)

    def __init__(self, session: Session, queue: FileQueue, jobs: BackgroundJobs,
                 review: ReviewController, dialog_parent: QWidget) -> None:
        super().__init__(dialog_parent)
        self.session = session
        self.queue = queue
        self.jobs = jobs
        self.review = review
        self.dialog_parent = dialog_parent
        self.dialog: ConsentDialog | None = None
        self.last_run: SearchRun | None = None

    def indicator(self) -> Any | None:
        reg = self.session.host.component("risk_indicators", INDICATOR)
        return reg.component if reg is not None else None

    def _context(self, control: JobControl, memo: dict[str, Any], policy: Policy,
                 password: str | None) -> RunContext:
        ctx = self.session.make_context(control, memo, policy, password)
        ctx.search_providers = {r.id: r.component
                                for r in self.session.host.components("search_providers")}
        return ctx

    def check_current(self) -> ConsentDialog | None:
        """Show the consent dialog for the current file (analysed first); its answer starts
        the run. Returns the dialog, or None when there is nothing to ask."""
        entry = self.queue.current
        if entry is None or entry.analysis is None or entry.running:
            self.message.emit("Analyse the file first, then check it with web search.")
            return None
        ws = self.indicator()
        if ws is None:
            self.problem.emit("Web search is not available: the search plugin is not loaded "
                              "(Tools → Settings → Plugins).")
            return None
        analysis = entry.analysis
        policy = with_web_search(analysis.policy)
        memo: dict[str, Any] = {}
        ctx = self._context(JobControl(), memo, policy, entry.password)
        plan = ws.preview(analysis.document, analysis.findings, analysis.entities, ctx)
        if plan.person is None or not plan.queries:
            self.message.emit(f"{entry.path.name}: no web search to do — "
                              + ("the document names no person to protect."
                                 if plan.person is None else
                                 "the query budget is 0 (Settings → Web search)."))
            return None
        dlg = ConsentDialog(plan, entry.path.name, self.dialog_parent)
        dlg.finished.connect(
            lambda result: self._answered(entry, analysis, ws, plan, memo, policy, dlg,
                                          result == ConsentDialog.DialogCode.Accepted))
        self.dialog = dlg
        dlg.open()
        return dlg

    def _answered(self, entry: DocumentEntry, analysis: Analysis, ws: Any, plan: Any,
                  memo: dict[str, Any], policy: Policy, dlg: ConsentDialog,
                  send: bool) -> None:
        self.dialog = None
        dlg.deleteLater()
        if entry.analysis is not analysis or entry.running:
            self.message.emit(f"{entry.path.name} changed meanwhile; nothing was sent.")
            return
        approved = dlg.approved() if send else []
        ctx = self._context(JobControl(), memo, policy, entry.password)
        ws.approve(ctx, analysis.document.id, approved, provider=plan.provider)
        self.run(entry, ws, memo, policy, allow_network=send and bool(approved),
                 provider=str(plan.provider))

    def run(self, entry: DocumentEntry, ws: Any, memo: dict[str, Any], policy: Policy, *,
            allow_network: bool, provider: str) -> Job:
        """Analyse ``entry`` again with web search (the request is in ``memo``)."""
        assert entry.analysis is not None
        previous = entry.analysis
        doc = previous.document
        pipeline = self.session.pipeline(policy)
        password = entry.password

        def work(control: JobControl) -> SearchRun:
            ctx = self._context(control, memo, policy, password)
            ctx.network_allowed = allow_network
            fresh = pipeline.analyze(doc, ctx)
            sent, cached, not_run = count_outcomes(ws.last_run(ctx, doc.id))
            return SearchRun(reapply_user_decisions(previous, fresh), provider, sent, cached,
                             not_run)

        job = self.jobs.runner.submit(f"web-search:{entry.path.name}", work)
        job.progressed.connect(lambda phase, f: self.jobs.progress(phase, f))
        job.succeeded.connect(lambda result, e=entry: self._done(e, result))
        job.failed.connect(lambda msg, e=entry: self._ended(e, f"web search failed: {msg}"))
        job.cancelled.connect(lambda e=entry: self._ended(e, "web search cancelled"))
        self.jobs.watch(job)
        entry.job = job
        self.queue.set_status(entry, entry.status, "checking with web search…")
        self.jobs.runner.start(job)
        self.jobs.show_progress(True)
        return job

    def _done(self, entry: DocumentEntry, run: SearchRun) -> None:
        entry.job = None
        self.last_run = run
        self.review.push(entry, run.analysis, "Check with web search", entry.current)
        if run.sent or run.cached:
            text = (f"{entry.path.name}: web search — {run.sent} queries answered by "
                    f"{run.provider}, {run.cached} from the cache, {run.not_run} not run. "
                    "The details of each finding say what was found.")
        else:
            text = (f"{entry.path.name}: web search not run — nothing was sent to "
                    f"{run.provider}; its checks do not vote.")
        self.message.emit(text)
        self.searched.emit(entry)

    def _ended(self, entry: DocumentEntry, note: str) -> None:
        entry.job = None
        self.queue.set_status(entry, entry.status, note)
        self.message.emit(f"{entry.path.name}: {note}.")
