"""Export reports (JSON and a readable HTML page). They never contain original text."""

from __future__ import annotations

import dataclasses
import html
import json
import os
import tempfile
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from redactor import __version__
from redactor.core.model import Action, AuditEntry, RedactionPlan, VerificationResult

if TYPE_CHECKING:
    from redactor.core.analysis import Analysis


def audit_trail(analysis: Analysis, plan: RedactionPlan) -> list[AuditEntry]:
    decided = {analysis.findings[i].span: analysis.decisions[i] for i in range(len(analysis.findings))}
    entries = []
    for rep in plan.replacements:
        d = decided.get(rep.span)
        entries.append(AuditEntry(rep.span.start, rep.span.end, str(rep.label), rep.subtype,
                                  rep.entity_id, rep.strategy, d.decided_by if d else "user"))
    return entries


def build_report(analysis: Analysis, plan: RedactionPlan, verification: VerificationResult,
                 output: Path, output_sha256: str) -> dict[str, Any]:
    doc = analysis.document
    by_type = Counter(str(r.label) for r in plan.replacements)
    by_strategy = Counter(r.strategy for r in plan.replacements)
    decisions = Counter(str(d.action) for d in analysis.decisions)
    review = sum(1 for d in analysis.decisions if d.action == Action.REVIEW)
    warnings = list(doc.warnings) + list(analysis.warnings) + list(verification.warnings)
    if review:
        warnings.append(f"{review} mention(s) still under review were masked")
    return {
        "redactor_version": __version__,
        "input": {"name": doc.source.name, "format": doc.format, "sha256": doc.sha256,
                  "pages": doc.page_count, "text_length": len(doc.text)},
        "output": {"name": output.name, "sha256": output_sha256},
        "policy": plan.policy,
        "counts": {
            "findings": len(analysis.findings),
            "entities": len(analysis.entities),
            "replacements": len(plan.replacements),
            "by_type": dict(sorted(by_type.items())),
            "by_strategy": dict(sorted(by_strategy.items())),
            "decisions": dict(sorted(decisions.items())),
        },
        "verification": {
            "ok": verification.ok,
            "checks": list(verification.checks),
            "issues": [{"where": i.where, "what": i.what} for i in verification.issues],
        },
        "warnings": warnings,
        "failures": [{"plugin": f.plugin, "component": f.component, "phase": f.phase,
                      "error": f.error} for f in analysis.failures],
        "audit": [dataclasses.asdict(e) for e in audit_trail(analysis, plan)],
    }


def report_html(report: dict[str, Any]) -> str:
    """A self-contained, readable HTML page of a report."""
    esc = html.escape
    ver = report["verification"]
    rows = "".join(f"<tr><td>{esc(k)}</td><td>{v}</td></tr>"
                   for k, v in report["counts"]["by_type"].items())
    strat = "".join(f"<tr><td>{esc(k)}</td><td>{v}</td></tr>"
                    for k, v in report["counts"]["by_strategy"].items())
    checks = "".join(f"<li>{esc(c)}</li>" for c in ver["checks"])
    warns = "".join(f"<li>{esc(w)}</li>" for w in report["warnings"]) or "<li>none</li>"
    status = "passed" if ver["ok"] else "FAILED"
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Redaction report</title><style>body{{font-family:sans-serif;max-width:50em;margin:2em auto}}
td,th{{border:1px solid #999;padding:.2em .6em}}table{{border-collapse:collapse}}</style></head>
<body><h1>Redaction report</h1>
<p>Input <b>{esc(report['input']['name'])}</b> ({esc(report['input']['format'])}),
SHA-256 <code>{esc(report['input']['sha256'])}</code></p>
<p>Output <b>{esc(report['output']['name'])}</b>, SHA-256 <code>{esc(report['output']['sha256'])}</code></p>
<p>Policy: {esc(str(report['policy']))}. Replacements: {report['counts']['replacements']}.</p>
<h2>Verification: {status}</h2><ul>{checks}</ul>
<h2>By type</h2><table><tr><th>type</th><th>count</th></tr>{rows}</table>
<h2>By strategy</h2><table><tr><th>strategy</th><th>count</th></tr>{strat}</table>
<h2>Warnings</h2><ul>{warns}</ul>
<p><small>Redactor {esc(report['redactor_version'])}. This report contains no original text.</small></p>
</body></html>"""


def write_report(report: dict[str, Any], path: Path) -> None:
    """Write the JSON report (and an ``.html`` twin when ``path`` ends in ``.html``) atomically."""
    content = report_html(report) if path.suffix.lower() in (".html", ".htm") else (
        json.dumps(report, indent=2, ensure_ascii=False))
    atomic_write_text(path, content)


def atomic_write_text(path: Path, content: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".partial")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(content)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
