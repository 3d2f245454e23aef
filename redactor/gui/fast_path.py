"""Readying the first look at a document while the app waits for its first file.

The first file read in a process used to wait for its reader's imports (a PDF: PDFium,
pikepdf, numpy; ~0.15 s) and for the pattern detector's ~200 compiled expressions and phone
numbering plans (~0.2 s) before anything was highlighted. Once the window is up, a
background job calls every reader's and fast detector's optional ``warm_up(ctx)``; a file
opened meanwhile is analysed right after it. No model loads here (``warm_up_models`` does
that, when the app is set to).
"""

from __future__ import annotations

from redactor.core.pipeline import Pipeline
from redactor.gui.jobs import Job, JobControl, JobRunner
from redactor.gui.session import Session

__all__ = ["prepare_fast_path"]


def prepare_fast_path(session: Session, runner: JobRunner) -> Job | None:
    """Start the job that warms up the readers and the detectors without a model (those that
    define ``warm_up``); None when none does. A failure is left to the component's own run,
    where it is reported as usual (:meth:`Pipeline.prepare_one`)."""
    warm_ups = Pipeline(session.host, session.policy).warm_ups(readers=True)
    if not warm_ups:
        return None

    def work(control: JobControl) -> int:
        ctx = session.make_context(control)
        for component_id, _component, warm_up in warm_ups:
            control.check()
            Pipeline.prepare_one(component_id, warm_up, ctx)
        return len(warm_ups)

    return runner.run("prepare", work)
