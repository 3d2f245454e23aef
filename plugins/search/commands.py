"""CLI commands of the search plugin (registered through ``register_commands``):

* ``redactor index build FOLDER [--index PATH] [--workers N]`` and ``redactor index stats``;
* ``redactor search-keys set|delete|list [PROVIDER]`` (the key is typed hidden; ``list`` only
  says where a key comes from);
* ``redactor search-preview FILE [--provider ID] [--person NAME] [--send [--yes]]``: prints the
  exact queries web search would send for FILE; ``--send`` asks, then sends them and keeps the
  answers in the cache, where later ``analyze``/``redact`` runs find them without sending
  anything.
"""

from __future__ import annotations

import argparse
import getpass
import sys
import time
from pathlib import Path
from typing import Any

from redactor_plugins.search import keys
from redactor_plugins.search.config import index_path
from redactor_plugins.search.local_index import build_index, index_stats
from redactor_plugins.search.planner import BUILTIN_PROVIDERS, preview_queries, request_search

from redactor.plugin_api import RunContext, UsageError, user_settings

KEYED = tuple(p.id for p in BUILTIN_PROVIDERS.values() if getattr(p, "key_required", False))


# -- index ---------------------------------------------------------------------------------
def configure_index(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="index_command", required=True)
    build = sub.add_parser("build", help="index the TXT/DOCX/PDF files under FOLDER")
    build.add_argument("folder", type=Path, metavar="FOLDER")
    build.add_argument("--index", type=Path, default=None, metavar="PATH",
                       help="index file (default: web_search.index_path, else the data folder)")
    build.add_argument("--workers", type=int, default=2, help="reader processes (default 2)")
    stats = sub.add_parser("stats", help="what the index holds")
    stats.add_argument("--index", type=Path, default=None, metavar="PATH")


def run_index(args: Any) -> int:
    ctx = RunContext(settings=user_settings())
    path = index_path(ctx, getattr(args, "index", None))
    if args.index_command == "build":
        folder = Path(args.folder)
        if not folder.is_dir():
            raise UsageError(f"{folder}: not a folder")

        def progress(i: int, n: int) -> None:
            if sys.stderr.isatty():
                print(f"\r{i}/{n} files", end="", file=sys.stderr, flush=True)

        stats = build_index(folder, path, workers=max(1, args.workers), progress=progress)
        if sys.stderr.isatty():
            print(file=sys.stderr)
        for name, why in stats.skipped:
            print(f"skipped {name}: {why}", file=sys.stderr)
        print(f"indexed {stats.documents} documents into {path} in {stats.seconds:.1f} s"
              + (f" ({len(stats.skipped)} skipped)" if stats.skipped else ""))
        return 0
    try:
        info = index_stats(path)
    except FileNotFoundError:
        raise UsageError(f"no index at {path}: build one with `redactor index build FOLDER`") \
            from None
    built = time.strftime("%Y-%m-%d %H:%M", time.localtime(info["built"]))
    formats = ", ".join(f"{k} {v}" for k, v in sorted(info["formats"].items())) or "none"
    print(f"index: {info['path']}\nfolder: {info['folder']}\nbuilt: {built}\n"
          f"documents: {info['documents']} ({formats})\ncharacters: {info['characters']:,}\n"
          f"size: {info['bytes'] / 1e6:.1f} MB")
    return 0


# -- keys ----------------------------------------------------------------------------------
def configure_keys(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="keys_command", required=True)
    for name, text in (("set", "store a provider's API key in the OS keyring (typed hidden)"),
                       ("delete", "remove a provider's API key from the OS keyring")):
        p = sub.add_parser(name, help=text)
        p.add_argument("provider", metavar="PROVIDER")
    p = sub.add_parser("list", help="say whether each provider's key is set (never shows it)")
    p.add_argument("provider", nargs="?", metavar="PROVIDER")


def run_keys(args: Any) -> int:
    provider = getattr(args, "provider", None)
    if provider is not None:
        keys.check_provider_id(provider)
    if args.keys_command == "set":
        if not keys.keyring_available():
            raise UsageError(keys.no_keyring_message(provider))
        value = getpass.getpass(f"API key for {provider} (typing is hidden): ")
        keys.set_key(provider, value)
        print(f"stored the {provider} key in the OS keyring ({keys.SERVICE}/{provider})")
        return 0
    if args.keys_command == "delete":
        done = keys.delete_key(provider)
        print(f"deleted the {provider} key from the OS keyring" if done
              else f"the OS keyring holds no {provider} key")
        return 0
    print(f"OS keyring: {'available' if keys.keyring_available() else 'not available'}")
    for pid in ([provider] if provider else list(KEYED)):
        print(f"{pid:<12} {keys.key_status(pid)}  (environment: {keys.env_var(pid)})")
    return 0


# -- preview -------------------------------------------------------------------------------
def configure_preview(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, metavar="FILE")
    parser.add_argument("--provider", default=None, help="provider id (default: the settings')")
    parser.add_argument("--person", default=None,
                        help="the person to protect (default: the first PERSON found)")
    parser.add_argument("--send", action="store_true",
                        help="after showing the queries, ask, then send them (answers are "
                             "cached for later analyze/redact runs)")
    parser.add_argument("--yes", action="store_true", help="with --send: do not ask")


def run_preview(args: Any) -> int:
    from redactor_plugins.search.indicator import WebSearchIndicator

    from redactor.plugin_api import detect_entities, read_document

    ctx = RunContext(settings=user_settings())
    doc = read_document(args.file, ctx)
    findings, entities = detect_entities(doc, ctx)
    plan = preview_queries(doc, findings, entities, ctx, provider=args.provider,
                           person=args.person)
    print(plan.describe())
    if not args.send or not plan.queries:
        return 0
    if plan.needs_network and not args.yes:
        answer = input(f"Send these {len(plan.queries)} queries to {plan.provider}? [y/N] ")
        if answer.strip().lower() not in ("y", "yes"):
            print("nothing was sent")
            return 0
    ctx.network_allowed = True
    request_search(ctx, doc.id, provider=plan.provider, person=args.person,
                   approved=plan.texts())
    indicator = WebSearchIndicator()
    indicator.assess(doc, findings, entities, ctx)
    done = indicator.last_run(ctx, doc.id)
    sent = sum(1 for o in done if o.ran and not o.cached)
    cached = sum(1 for o in done if o.cached)
    failed = [o.error for o in done if not o.ran]
    print(f"{sent} queries answered by {plan.provider}, {cached} from the cache"
          + (f", {len(failed)} not run ({failed[0]})" if failed else ""))
    return 0
