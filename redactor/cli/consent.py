"""Consent before anything leaves the machine (``--allow-network``).

When the policy runs the ``web-search`` indicator with a provider that needs the network, the
CLI lists the exact query strings and the provider, and sends them only after the user says
yes (``--yes`` answers for scripts). Without consent the indicator abstains and reports
"not run (no consent)": never "not risky".
"""

from __future__ import annotations

import sys
from typing import Any

INDICATOR = "web-search"


def ask_search_consent(pipeline: Any, doc: Any, ctx: Any, *, assume_yes: bool) -> bool:
    """Show the planned queries for ``doc`` and, on consent, allow exactly those. Returns
    whether the network was allowed for this document."""
    reg = pipeline.host.component("risk_indicators", INDICATOR)
    if reg is None:
        print(f"redactor: --allow-network: the {INDICATOR} indicator is not installed; "
              "nothing will be sent", file=sys.stderr)
        return False
    if INDICATOR not in set(pipeline.policy.indicators):
        print(f"redactor: --allow-network: policy {pipeline.policy.name!r} does not run "
              f"{INDICATOR} (add it with --indicators); nothing will be sent", file=sys.stderr)
        return False
    from redactor.core.entities import group_entities

    findings = pipeline.detect(doc, ctx)
    plan = reg.component.preview(doc, findings, group_entities(findings), ctx)
    if not plan.queries:
        print(f"redactor: {plan.describe()}", file=sys.stderr)
        return False
    if not plan.needs_network:
        reg.component.approve(ctx, doc.id, plan.texts(), provider=plan.provider)
        return False
    print(plan.describe(), file=sys.stderr)
    if not assume_yes:
        if not sys.stdin.isatty():
            print("redactor: not sent: no consent (answer at a terminal, or pass --yes)",
                  file=sys.stderr)
            return False
        answer = input(f"Send these {len(plan.queries)} queries to {plan.provider}? [y/N] ")
        if answer.strip().lower() not in ("y", "yes"):
            print("redactor: not sent", file=sys.stderr)
            return False
    reg.component.approve(ctx, doc.id, plan.texts(), provider=plan.provider)
    ctx.network_allowed = True
    return True
