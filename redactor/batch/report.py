"""Batch reports (JSON, or a readable HTML page): totals, counts by type, refusals and
failures with their reasons, throughput. File names and counts only — never original text."""

from __future__ import annotations

import html
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from redactor import __version__
from redactor.batch.engines import TIMED_OUT
from redactor.batch.journal import DONE, FAILED, REFUSED, Entry
from redactor.core.report import atomic_write_text

if TYPE_CHECKING:
    from redactor.batch.runner import BatchSummary


def build_batch_report(summary: BatchSummary, entries: Sequence[Entry], *,
                       policy: str = "") -> dict[str, Any]:
    """The report of a run over ``entries`` (the journal rows of its inputs)."""
    by_type: dict[str, int] = {}
    replacements = 0
    for e in entries:
        if e.status == DONE:
            replacements += e.replacements
            for k, v in e.counts.items():
                by_type[k] = by_type.get(k, 0) + int(v)

    def problem(e: Entry) -> dict[str, Any]:
        return {"file": e.rel, "exit_code": e.exit_code, "error": e.error_class,
                "reason": e.error_message, "attempts": e.attempts}

    statuses = [e.status for e in entries]
    return {
        "redactor_version": __version__,
        "finished_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "policy": policy,
        "journal": summary.journal,
        "engine": summary.engine,
        "workers": summary.workers,
        "timeout_s": summary.timeout,
        "exit_code": summary.exit_code,
        "totals": {
            "files": summary.total,
            "done": statuses.count(DONE),
            "done_this_run": summary.done,
            "skipped_done_before": summary.skipped,
            "refused": statuses.count(REFUSED),
            "failed": statuses.count(FAILED),
            "timed_out": sum(1 for e in entries if e.status == FAILED
                             and e.error_class == TIMED_OUT),
            "not_finished": summary.total - sum(statuses.count(s) for s in (DONE, REFUSED,
                                                                            FAILED)),
            "replacements": replacements,
        },
        "by_type": dict(sorted(by_type.items())),
        "refusals": [problem(e) for e in entries if e.status == REFUSED],
        "failures": [problem(e) for e in entries if e.status == FAILED],
        "throughput": {
            "seconds": summary.seconds,
            "files_redacted": summary.done,
            "words_redacted": summary.words,
            "files_per_s": round(summary.files_per_s, 3),
            "words_per_s": round(summary.words_per_s, 1),
        },
    }


def report_html(report: dict[str, Any]) -> str:
    """A self-contained HTML page of a batch report."""
    esc = html.escape

    def table(head: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
        th = "".join(f"<th>{esc(h)}</th>" for h in head)
        body = "".join("<tr>" + "".join(f"<td>{esc(str(c))}</td>" for c in r) + "</tr>"
                       for r in rows)
        return f"<table><tr>{th}</tr>{body or '<tr><td>none</td></tr>'}</table>"

    tot, thr = report["totals"], report["throughput"]
    problems = [(p["file"], p["exit_code"], p["error"], p["reason"])
                for p in report["refusals"] + report["failures"]]
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Batch redaction report</title><style>body{{font-family:sans-serif;max-width:60em;
margin:2em auto}}td,th{{border:1px solid #999;padding:.2em .6em;text-align:left}}
table{{border-collapse:collapse}}</style></head><body><h1>Batch redaction report</h1>
<p>Policy {esc(str(report['policy']))}; engine {esc(str(report['engine']))} with
{report['workers']} worker(s); per-file time limit {_limit(report.get('timeout_s', 0))};
exit code {report['exit_code']}.</p>
<h2>Totals</h2>{table(list(tot), [list(tot.values())])}
<h2>Throughput</h2>{table(list(thr), [list(thr.values())])}
<h2>Replacements by type</h2>{table(["type", "count"], list(report['by_type'].items()))}
<h2>Refused and failed files</h2>{table(["file", "exit code", "error", "reason"], problems)}
<p><small>Redactor {esc(report['redactor_version'])}, {esc(report['finished_at'])}. This report
contains file names and counts, no original text.</small></p></body></html>"""


def _limit(seconds: float) -> str:
    return f"{seconds:g} s" if seconds else "none"


def write_batch_report(report: dict[str, Any], path: Path) -> None:
    """Write ``report`` as JSON, or HTML when ``path`` ends in ``.html``, atomically."""
    path = Path(path)
    content = report_html(report) if path.suffix.lower() in (".html", ".htm") else (
        json.dumps(report, indent=2, ensure_ascii=False))
    atomic_write_text(path, content)
