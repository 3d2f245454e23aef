"""Batch redaction: whole archives, watched folders, local worker processes or a Dask cluster.

Public API (the CLI's ``batch``/``watch`` and the desktop app's "Export all" use it)::

    from redactor.batch import BatchOptions, run_batch

    summary = run_batch(paths, outdir, BatchOptions(policy=policy, workers=2),
                        progress=on_progress, cancel=token)

:func:`run_batch` and :func:`watch_folder` are imported lazily so that importing this package
stays cheap.
"""

from __future__ import annotations

from typing import Any

from redactor.batch.options import BatchOptions, BatchProgress, BatchSummary

__all__ = ["BatchOptions", "BatchProgress", "BatchSummary", "run_batch", "watch_folder"]


def __getattr__(name: str) -> Any:
    if name == "run_batch":
        from redactor.batch.runner import run_batch

        return run_batch
    if name == "watch_folder":
        from redactor.batch.watch import watch_folder

        return watch_folder
    raise AttributeError(name)
