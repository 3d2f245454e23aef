"""``redactor plugins``: every plugin found, what it provides and what happened to it.

Per plugin: status (loaded, or blocked/failed/incompatible with the reason), source
(built-in, entry point, user folder), version, kinds (the component registries it fills) and
hooks. Then the components by kind, the user plugins folder, and the risk indicators that the
active policy does not run. ``--json`` gives the same as one object.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from redactor import __version__
from redactor.plugin_api import API_VERSION

SOURCES = {"builtin": "built-in", "entry-point": "entry point", "user-folder": "user folder",
           "manual": "manual"}


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--policy", help="policy whose risk indicators are checked "
                                         "(default: default)")


def plugins_report(host: Any, policy: Any) -> dict[str, Any]:
    """The ``plugins --json`` object."""
    from redactor.core.pipeline import Pipeline, indicator_not_run
    from redactor.pluginhost.discovery import user_plugins_dir
    from redactor.pluginhost.manager import KINDS

    plugins = []
    for rec in host.plugin_records():
        entry = rec.to_dict()
        entry["source"] = SOURCES.get(entry["origin"], entry["origin"])
        entry["kinds"] = host.kinds_of(rec.name)
        plugins.append(entry)
    components = {kind: [{"id": r.id, "plugin": r.plugin,
                          "version": str(getattr(r.component, "version", ""))}
                         for r in host.components(kind)] for kind in KINDS}
    disabled = [{"kind": kind, "id": r.id, "plugin": r.plugin}
                for kind, r in host.disabled_components]
    enabled = list(policy.indicators)
    indicators = host.components("risk_indicators")
    not_run = [{"id": r.id, "plugin": r.plugin, "hint": indicator_not_run(r.id, r.plugin, policy)}
               for r in indicators if enabled and r.id not in enabled]
    folder = user_plugins_dir()
    return {
        "redactor_version": __version__,
        "api_version": API_VERSION,
        "user_plugins_dir": {"path": str(folder), "exists": folder.is_dir()},
        "plugins": plugins,
        "components": components,
        "disabled_components": disabled,
        "policy": {"name": policy.name,
                   "indicators": enabled or [r.id for r in indicators],
                   "indicators_not_run": not_run},
        "warnings": host.load_problems() + Pipeline(host, policy).policy_warnings(),
        "failures": [{"plugin": f.plugin, "component": f.component, "phase": f.phase,
                      "error": f.error} for f in host.take_failures()],
    }


def print_report(data: dict[str, Any]) -> None:
    """The human-readable form of :func:`plugins_report`."""
    print(f"Redactor {data['redactor_version']}, plugin API {data['api_version']}")
    folder = data["user_plugins_dir"]
    state = "exists" if folder["exists"] else "does not exist; create it to add *.py plugins"
    print(f"user plugins folder: {folder['path']} ({state})")
    print()
    rows = [(p["name"], p["status"], p["source"], p["version"] or "-",
             ", ".join(p["kinds"]) or "-", ", ".join(p["hooks"]) or "-")
            for p in data["plugins"]]
    head = ("PLUGIN", "STATUS", "SOURCE", "VERSION", "KINDS", "HOOKS")
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(5)]
    for row, plugin in zip([head, *rows], [None, *data["plugins"]], strict=True):
        print("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=False)) + "  " + row[5])
        if plugin is not None and plugin["error"]:
            print(f"    {plugin['status']}: {plugin['error']}")
    print()
    for kind, comps in data["components"].items():
        print(f"{kind}: {', '.join(c['id'] for c in comps) or '-'}")
    for comp in data["disabled_components"]:
        print(f"disabled: {comp['kind'][:-1].replace('_', ' ')} {comp['id']!r} "
              f"(plugin {comp['plugin']!r})")
    pol = data["policy"]
    print(f"policy {pol['name']!r} runs risk indicators: {', '.join(pol['indicators']) or '-'}")
    if pol["indicators_not_run"]:
        names = ", ".join(f"{i['id']} ({i['plugin']})" for i in pol["indicators_not_run"])
        print(f"  not run: {names} — to run one, add its id to [risk] indicators in a policy "
              f"file (docs/policies.md) or pass --indicators "
              f"{','.join([*pol['indicators'], 'ID'])}")
    for w in data["warnings"]:
        if not w.startswith("risk indicator "):  # already listed just above
            print(f"warning: {w}")
    for fail in data["failures"]:
        print(f"failure: plugin {fail['plugin']} {fail['component']} ({fail['phase']}): "
              f"{fail['error']}")


def run(args: argparse.Namespace, host: Any, policy: Any) -> int:
    data = plugins_report(host, policy)
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        print_report(data)
    return 0
