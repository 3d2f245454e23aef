"""``redactor batch`` and ``redactor watch``: redact whole archives or a drop folder.

    redactor batch INPUT... -o OUTDIR [--recursive] [--policy P] [--strategy S] [--workers N]
                   [--engine local|dask|inline] [--scheduler tcp://HOST:8786] [--stream]
                   [--retries N] [--timeout S] [--force] [--journal PATH]
                   [--report PATH.json|.html] [--quiet]
    redactor watch INBOX -o OUTDIR [--settle S] [--interval S] [same options]

Exit codes of ``batch``: 0 every file done; 1 a file failed (after its retries, or stopped for
the per-file time limit ``--timeout``); 4 a file was
refused because verification failed; 3 an input was unreadable, unsupported or encrypted;
2 an output existed (without ``--force``) or a usage error; 130 cancelled (the journal keeps
what was done: run the same command again to resume). The worst one present wins, in that
order. ``watch`` returns 0 when stopped by SIGINT/SIGTERM. See docs/batch.md.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from redactor.cli.commands import CommandRegistry
from redactor.core.context import CancelToken


def register(commands: CommandRegistry) -> None:
    commands.add("batch", "redact many files (folders, globs) into a folder, resumably",
                 configure_batch, run_batch_cmd)
    commands.add("watch", "redact each file that appears in a folder, until stopped",
                 configure_watch, run_watch_cmd)


def _options(p: argparse.ArgumentParser) -> None:
    from redactor.cli.main import _common

    p.add_argument("-o", "--output", type=Path, required=True, metavar="OUTDIR",
                   help="output folder (the input tree is mirrored under it)")
    p.add_argument("-r", "--recursive", action="store_true", help="descend into sub-folders")
    p.add_argument("--strategy", help="replacement strategy for every label (redact, label, …)")
    p.add_argument("--workers", type=int, default=0, metavar="N",
                   help="worker processes (default: one per core)")
    p.add_argument("--engine", choices=("local", "dask", "inline"), default="local",
                   help="local worker processes (default), a Dask LocalCluster, or this process")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run on an existing Dask cluster (tcp://HOST:8786)")
    p.add_argument("--stream", action="store_true",
                   help="with Dask: send files to the workers as bytes (no shared folder)")
    p.add_argument("--threads", type=int, default=0, metavar="N",
                   help="ONNX Runtime threads per worker (default: cores / workers)")
    p.add_argument("--retries", type=int, default=2, metavar="N",
                   help="retry a failed file up to N times (default 2)")
    p.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                   help="stop a file that takes longer and record it as failed (default: the "
                        f"batch.timeout setting, else {_default_timeout():g}; 0: no limit)")
    p.add_argument("--force", action="store_true", help="replace existing output files")
    p.add_argument("--journal", type=Path, metavar="PATH",
                   help=f"journal file (default: OUTDIR/{_journal_name()})")
    p.add_argument("--report", type=Path, metavar="REPORT",
                   help="write a batch report (.json, or .html); replaced on each run")
    p.add_argument("-q", "--quiet", action="store_true",
                   help="no progress display: only the summary (for logs)")
    _common(p)


def _default_timeout() -> float:
    from redactor.batch.options import DEFAULT_TIMEOUT_S

    return DEFAULT_TIMEOUT_S


def _journal_name() -> str:
    from redactor.batch.journal import DEFAULT_NAME

    return DEFAULT_NAME


def configure_batch(p: argparse.ArgumentParser) -> None:
    p.add_argument("inputs", nargs="+", metavar="INPUT", help="files, folders or glob patterns")
    _options(p)


def configure_watch(p: argparse.ArgumentParser) -> None:
    p.add_argument("inbox", type=Path, metavar="INBOX", help="the folder to watch")
    _options(p)
    p.add_argument("--settle", type=float, default=2.0, metavar="SECONDS",
                   help="take a file once its size has not changed for this long (default 2)")
    p.add_argument("--interval", type=float, default=1.0, metavar="SECONDS",
                   help="how often to look at the folder (default 1)")


def batch_options(args: argparse.Namespace) -> Any:
    """:class:`~redactor.batch.runner.BatchOptions` from the parsed command line."""
    from redactor.batch.runner import BatchOptions
    from redactor.cli.main import _policy
    from redactor.core.errors import UsageError
    from redactor.core.settings import Settings

    for name in ("workers", "threads", "retries", "timeout"):
        if (getattr(args, name) or 0) < 0:
            raise UsageError(f"--{name} must not be negative")
    no_plugins = args.no_plugins or os.environ.get("REDACTOR_NO_PLUGINS") == "1"
    return BatchOptions(policy=_policy(args), settings=Settings.load(), password=args.password,
                        load_plugins=not no_plugins, blocked=tuple(args.disable_plugin),
                        engine=args.engine, workers=args.workers, threads=args.threads,
                        scheduler=args.scheduler, stream=args.stream, retries=args.retries,
                        timeout=args.timeout, force=args.force, recursive=args.recursive,
                        journal=args.journal, report=args.report)


@contextmanager
def cancel_on_signals(cancel: CancelToken) -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP cancel the batch (files in flight are abandoned cleanly);
    a second signal interrupts at once."""
    def handler(signum: int, _frame: object) -> None:
        if cancel.cancelled:
            raise KeyboardInterrupt
        cancel.cancel()
        print("redactor: stopping (files in flight go back to pending)…", file=sys.stderr)

    old: dict[int, Any] = {}
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is not None:
            try:
                old[sig] = signal.signal(sig, handler)
            except (ValueError, OSError):
                pass
    try:
        yield
    finally:
        for sig, h in old.items():
            signal.signal(sig, h)


@contextmanager
def progress_display(quiet: bool, label: str) -> Iterator[Callable[[Any], None]]:
    """A progress callback: a rich progress bar (rate, ETA) on a terminal, one line per
    finished file otherwise, nothing with ``quiet``."""
    if quiet:
        yield lambda p: None
        return
    if not sys.stderr.isatty():
        def line(p: Any) -> None:
            if p.last:
                why = f": {p.last_error}" if p.last_error and p.last_status != "done" else ""
                print(f"[{p.finished}/{p.total}] {p.last_status} {p.last}{why}",
                      file=sys.stderr, flush=True)
        yield line
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    console = Console(stderr=True)
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[rate]:.2f} files/s"), TimeElapsedColumn(),
               TextColumn("ETA"), TimeRemainingColumn(),
               TextColumn("{task.fields[problems]}"))
    with Progress(*columns, console=console, transient=False) as bar:
        task = bar.add_task(label, total=None, rate=0.0, problems="")

        def update(p: Any) -> None:
            problems = ", ".join(f"{n} {k}" for k, n in (("refused", p.refused),
                                                         ("failed", p.failed)) if n)
            bar.update(task, total=max(0, p.total - p.skipped),
                       completed=p.finished - p.skipped, rate=p.files_per_s, problems=problems)
            if p.last and p.last_status not in ("done",):
                console.print(f"{p.last_status} {p.last}: {p.last_error}")
        yield update


def print_summary(summary: Any, quiet: bool) -> None:
    s = summary
    for w in s.warnings:
        print(f"redactor: warning: {w}", file=sys.stderr)
    timed_out = f" ({s.timed_out} over the time limit)" if s.timed_out else ""
    print(f"redactor: {s.total} file(s): {s.done} done, {s.skipped} already done, "
          f"{s.refused} refused, {s.failed} failed{timed_out}, {s.pending} not finished — "
          f"{s.seconds:.1f} s, {s.files_per_s:.2f} files/s, {s.words_per_s:.0f} words/s "
          f"({s.engine}, {s.workers} worker(s)); journal {s.journal}", file=sys.stderr)
    if s.by_type and not quiet:
        print("redactor: replacements: " + ", ".join(f"{k} {v}" for k, v in
                                                     sorted(s.by_type.items())), file=sys.stderr)
    if s.pending:
        print("redactor: run the same command again to resume", file=sys.stderr)


def run_batch_cmd(args: argparse.Namespace) -> int:
    from redactor.batch.runner import run_batch

    options = batch_options(args)
    cancel = CancelToken()
    with cancel_on_signals(cancel), progress_display(args.quiet, "redacting") as progress:
        summary = run_batch(args.inputs, args.output, options, progress=progress, cancel=cancel)
    print_summary(summary, args.quiet)
    return summary.exit_code


def run_watch_cmd(args: argparse.Namespace) -> int:
    from redactor.batch.watch import watch_folder

    options = batch_options(args)
    cancel = CancelToken()
    if not args.quiet:
        print(f"redactor: watching {args.inbox} (Ctrl-C to stop)", file=sys.stderr)
    with cancel_on_signals(cancel):
        summary = watch_folder(args.inbox, args.output, options, settle=args.settle,
                               interval=args.interval, cancel=cancel,
                               progress=None if args.quiet else _watch_line)
    if args.report is not None:
        from redactor.batch.journal import Journal
        from redactor.batch.report import build_batch_report, write_batch_report

        with Journal(Path(summary.journal)) as journal:
            write_batch_report(build_batch_report(summary, journal.entries(summary.inputs),
                                                  policy=options.policy.name), args.report)
    print_summary(summary, args.quiet)
    return 0


def _watch_line(p: Any) -> None:
    if p.last:
        why = f": {p.last_error}" if p.last_error and p.last_status != "done" else ""
        print(f"{p.last_status} {p.last}{why}", file=sys.stderr, flush=True)
