"""The ``redactor`` command line: a thin layer over the pipeline.

Exit codes: 0 success; 1 unexpected error; 2 usage error; 3 input unreadable, unsupported
or encrypted; 4 verification failed (no output left behind); 130 cancelled.
Errors are one line on stderr (``--debug`` adds the traceback); they never contain
document text. Output cut short by a closed pipe (``redactor plugins | head``) ends quietly
with exit 141, as for ``ls`` or ``git`` killed by SIGPIPE.
"""

from __future__ import annotations

import argparse
import itertools
import json
import logging
import os
import sys
import traceback
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from redactor import __version__
from redactor.cli import plugins_cmd
from redactor.cli.commands import CommandRegistry
from redactor.cli.consent import ask_search_consent
from redactor.cli.device import apply_device
from redactor.core.errors import RedactorError, UsageError
from redactor.plugin_api import API_VERSION

EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_INPUT, EXIT_VERIFY = 0, 1, 2, 3, 4
EXIT_BROKEN_PIPE = 128 + 13  # what a shell reports for a process killed by SIGPIPE


class _Parser(argparse.ArgumentParser):
    """argparse that raises UsageError (exit 2) instead of exiting itself."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--policy", help="policy preset name or TOML file (default: default)")
    p.add_argument("--deny", action="append", default=[], metavar="TERM",
                   help="always mask TERM (case-insensitive, whole word; repeatable)")
    p.add_argument("--allow", action="append", default=[], metavar="TERM",
                   help="never mask TERM (repeatable)")
    p.add_argument("--password", help="password of an encrypted PDF")
    p.add_argument("--indicators", help="comma-separated risk indicators to enable")
    p.add_argument("-k", "--vote-k", type=int, dest="vote_k",
                   help="mask when at least K enabled indicators say risky")
    p.add_argument("--allow-network", action="store_true",
                   help="let the web-search indicator send the queries it lists, after you "
                        "say yes")
    p.add_argument("--yes", action="store_true", help="answer yes to --allow-network's question")


def build_parser(commands: CommandRegistry) -> argparse.ArgumentParser:
    parser = _Parser(prog="redactor", description="Offline redaction of DOCX, PDF and TXT files.")
    parser.add_argument("--version", action="version",
                        version=f"redactor {__version__} (plugin API {API_VERSION})")
    parser.add_argument("--debug", action="store_true", help="show tracebacks and debug logs")
    parser.add_argument("--disable-plugin", action="append", default=[], metavar="NAME",
                        help="do not load the plugin NAME, or leave out the component with "
                             "id NAME, e.g. ner (repeatable)")
    parser.add_argument("--no-plugins", action="store_true",
                        help="load only built-in plugins (no entry points, no user folder)")
    parser.add_argument("--device", choices=("auto", "cpu", "cuda"), default=None,
                        help="where the models run: auto (the GPU when onnxruntime-gpu finds "
                             "CUDA, else the CPU; default), cpu, or cuda (an error without "
                             "a GPU); also REDACTOR_DEVICE")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    p = sub.add_parser("analyze", help="detect identifiers and show the proposed decisions")
    p.add_argument("files", nargs="+", type=Path, metavar="FILE")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    _common(p)

    p = sub.add_parser("redact", help="write a redacted, verified copy of a document")
    p.add_argument("input", type=Path, metavar="INPUT")
    p.add_argument("-o", "--output", type=Path, required=True, metavar="OUTPUT")
    p.add_argument("--strategy", help="replacement strategy for every label (redact, label, …)")
    p.add_argument("--report", type=Path, metavar="REPORT",
                   help="write a report (.json, or .html for a readable page)")
    p.add_argument("--format", dest="output_format", help="output format (default: as input)")
    p.add_argument("--force", action="store_true", help="replace an existing output file")
    _common(p)

    p = sub.add_parser("plugins", help="list the plugins that were found")
    plugins_cmd.configure(p)

    sub.add_parser("formats", help="list the readable and writable formats")
    sub.add_parser("policies", help="list the policy presets")

    p = sub.add_parser("gui", help="open the desktop app")
    p.add_argument("files", nargs="*", type=Path, metavar="FILE")

    commands.install(sub)
    return parser


def _host(args: argparse.Namespace) -> Any:
    from redactor.core.settings import Settings
    from redactor.pluginhost.manager import PluginHost

    no_plugins = args.no_plugins or os.environ.get("REDACTOR_NO_PLUGINS") == "1"
    host = PluginHost(Settings.load(), load_entrypoints=not no_plugins,
                      load_user_folder=not no_plugins, blocked=args.disable_plugin)
    host.check_names(args.disable_plugin)  # a typo must not silently disable nothing
    return host


def _warn_plugin_problems(host: Any) -> None:
    """One line on stderr per plugin that failed to load or is incompatible."""
    for line in host.load_problems():
        print(f"redactor: warning: {line}", file=sys.stderr)


def _policy(args: argparse.Namespace) -> Any:
    import dataclasses

    from redactor.core.policy import load_policy

    policy = load_policy(getattr(args, "policy", None))
    policy = policy.with_terms(tuple(args.deny), tuple(args.allow))
    if getattr(args, "strategy", None):
        policy = policy.with_strategy(args.strategy)
    if getattr(args, "indicators", None):
        ids = tuple(s.strip() for s in args.indicators.split(",") if s.strip())
        policy = dataclasses.replace(policy, indicators=ids)
    if getattr(args, "vote_k", None):
        if args.vote_k < 1:
            raise UsageError("-k must be at least 1")
        policy = dataclasses.replace(policy, k=args.vote_k)
    return policy


def _context(args: argparse.Namespace, host: Any) -> Any:
    from redactor.core.context import RunContext

    return RunContext(settings=host.settings, password=getattr(args, "password", None),
                      logger=logging.getLogger("redactor"))


def analysis_to_json(analysis: Any) -> dict[str, Any]:
    """The ``analyze --json`` object for one document (the documented CLI contract)."""
    doc = analysis.document
    findings = []
    for i, f in enumerate(analysis.findings):
        entity = analysis.entity_for(i)
        decision = analysis.decisions[i]
        findings.append({
            "id": f"F{i + 1}", "start": f.span.start, "end": f.span.end, "label": str(f.label),
            "subtype": f.subtype, "text": f.text, "score": round(f.score, 4),
            "detectors": list(f.detectors), "validated": f.validated, "entity_id": entity.id,
            "risk": {s.indicator: {"score": round(s.score, 4), "risky": s.risky,
                                   "explanation": s.explanation} for s in analysis.signals[i]},
            "decision": str(decision.action), "decided_by": decision.decided_by,
            "strategy": decision.strategy,
            "explanation": decision.reason or f.explanation,
        })
    entities = [{"id": e.id, "label": str(e.label), "text": e.canonical,
                 "mentions": list(e.mentions),
                 "decision": str(analysis.decisions[e.mentions[0]].action) if e.mentions else ""}
                for e in analysis.entities]
    return {
        "path": str(doc.source), "format": doc.format, "sha256": doc.sha256,
        "text_length": len(doc.text), "pages": doc.page_count, "policy": analysis.policy.name,
        "findings": findings, "entities": entities,
        "warnings": list(doc.warnings) + list(analysis.warnings),
        "failures": [{"plugin": f.plugin, "component": f.component, "phase": f.phase,
                      "error": f.error} for f in analysis.failures],
    }


def cmd_analyze(args: argparse.Namespace) -> int:
    from redactor.core.pipeline import Pipeline

    host = _host(args)
    pipeline = Pipeline(host, _policy(args))
    _warn_plugin_problems(host)
    results: list[dict[str, Any]] = []
    worst = EXIT_OK
    for path, ctx, doc_or_error in _read_ahead(pipeline, args, host):
        try:
            if isinstance(doc_or_error, BaseException):
                raise doc_or_error
            doc = doc_or_error
            if args.allow_network:
                ask_search_consent(pipeline, doc, ctx, assume_yes=args.yes)
            analysis = pipeline.analyze(doc, ctx)
        except RedactorError as exc:
            if isinstance(exc, UsageError) or len(args.files) == 1:
                raise
            results.append({"path": str(path), "error": str(exc), "exit_code": exc.exit_code})
            worst = max(worst, exc.exit_code)
            continue
        results.append(analysis_to_json(analysis))
    if args.json:
        payload: Any = results[0] if len(results) == 1 else results
        print(json.dumps(payload, indent=2, ensure_ascii=False))
    else:
        for res in results:
            _print_analysis(res)
    return worst


def _read_ahead(pipeline: Any, args: argparse.Namespace, host: Any
                ) -> Iterator[tuple[Path, Any, Any]]:
    """``(path, context, document or the reader's error)`` per file, the next file read and
    its model pass started (Pipeline.prefetch) before this one is handed out, so the cores
    work on it while this one is assessed. On a GPU (``Pipeline.prefetch_group`` > 1) the
    files are read a group at a time and each group's passes start together, their windows
    sharing batches, while the group before it is assessed. A reader's error is handed out
    in its turn."""
    def read(path: Path, start: bool = True) -> tuple[Path, Any, Any]:
        ctx = _context(args, host)
        try:
            doc = pipeline.read(path, ctx)
        except Exception as exc:  # noqa: BLE001 - raised again in the file's turn
            return path, ctx, exc
        if start:
            pipeline.prefetch(doc, ctx)
        return path, ctx, doc

    files = iter(args.files)
    first = next(files, None)
    if first is None:
        return
    head = read(first, start=False)  # read while the models load in their own thread
    group = pipeline.prefetch_group(head[1]) if len(args.files) > 2 else 1
    if group > 1:
        def next_group(items: list[tuple[Path, Any, Any]]) -> list[tuple[Path, Any, Any]]:
            items += [read(path, start=False)
                      for path in itertools.islice(files, group - len(items))]
            pipeline.prefetch_many([(doc, ctx) for _, ctx, doc in items
                                    if not isinstance(doc, Exception)])
            return items

        current = next_group([head])
        while current:
            following = next_group([])
            yield from current
            current = following
        return
    if not isinstance(head[2], Exception):
        pipeline.prefetch(head[2], head[1])
    reads = (read(path) for path in files)
    ahead: tuple[Path, Any, Any] | None = head
    while ahead is not None:
        current_one, ahead = ahead, next(reads, None)
        yield current_one


def _print_analysis(res: dict[str, Any]) -> None:
    if "error" in res:
        print(f"{res['path']}: error: {res['error']}")
        return
    masked = sum(1 for f in res["findings"] if f["decision"] != "KEEP")
    print(f"{res['path']} ({res['format']}): {len(res['findings'])} findings, "
          f"{len(res['entities'])} entities, {masked} to mask")
    for f in res["findings"]:
        sub = f"/{f['subtype']}" if f["subtype"] else ""
        print(f"  {f['id']:>5} {f['start']:>7}-{f['end']:<7} {f['label']}{sub:<16} "
              f"{f['decision']:<6} "
              f"{f['entity_id']:<5} {f['text']!r}")
    for w in res["warnings"]:
        print(f"  warning: {w}")
    for fail in res["failures"]:
        print(f"  plugin failure: {fail['plugin']} {fail['component']} ({fail['phase']}): "
              f"{fail['error']}")


def _check_report_path(report: Path, source: Path, output: Path, force: bool) -> None:
    """Refuse, before any work, a report path that would overwrite the input, the output or
    (without ``--force``) an existing file, or whose folder does not exist."""
    target = report.resolve()
    if target == source.resolve():
        raise UsageError("refusing to overwrite the input file with the report")
    if target == output.resolve():
        raise UsageError("the report and the output must be different files")
    if report.is_dir():
        raise UsageError(f"{report.name}: the report path is a directory")
    if not report.parent.is_dir():
        raise UsageError(f"{report.parent}: report folder does not exist")
    if report.exists() and not force:
        raise UsageError(f"{report.name}: report exists (use --force to replace it)")


def cmd_redact(args: argparse.Namespace) -> int:
    from redactor.core.pipeline import Pipeline
    from redactor.core.report import write_report

    host = _host(args)
    pipeline = Pipeline(host, _policy(args))
    _warn_plugin_problems(host)
    ctx = _context(args, host)
    if args.report is not None:
        _check_report_path(args.report, args.input, args.output, args.force)
    if args.allow_network:
        ask_search_consent(pipeline, pipeline.read(args.input, ctx), ctx, assume_yes=args.yes)
    result = pipeline.redact_file(args.input, args.output, ctx,
                                  output_format=args.output_format, force=args.force)
    if args.report is not None:
        write_report(result.report, args.report)
    counts = result.report["counts"]
    print(f"wrote {result.output} — {counts['replacements']} replacements "
          f"({', '.join(f'{k} {v}' for k, v in counts['by_type'].items()) or 'none'}); "
          "verification passed", file=sys.stderr)
    for w in result.report["warnings"]:
        print(f"warning: {w}", file=sys.stderr)
    for fail in result.report["failures"]:
        print(f"warning: plugin {fail['plugin']} failed in {fail['phase']}: {fail['error']}",
              file=sys.stderr)
    return EXIT_OK


def cmd_plugins(args: argparse.Namespace) -> int:
    from redactor.core.policy import load_policy

    return plugins_cmd.run(args, _host(args), load_policy(args.policy))


def cmd_formats(args: argparse.Namespace) -> int:
    host = _host(args)
    writers = {r.component.format for r in host.components("writers")}
    for r in host.components("readers"):
        c = r.component
        mode = "read/write" if c.format in writers else "read"
        print(f"{c.format:<6} {mode:<11} {' '.join(c.extensions)}")
    return EXIT_OK


def cmd_policies(args: argparse.Namespace) -> int:
    from redactor.core.policy import load_policy, preset_names

    for name in preset_names():
        print(f"{name:<14} {load_policy(name).description}")
    return EXIT_OK


def cmd_gui(args: argparse.Namespace) -> int:
    import importlib

    try:
        # imported by name: the CLI dispatches to the GUI but never depends on Qt itself
        gui_app = importlib.import_module("redactor.gui.app")
    except ImportError as exc:
        raise UsageError("the desktop app needs PySide6: pip install 'redactor[gui]'") from exc
    return int(gui_app.main([str(f) for f in args.files]) or 0)


BUILTIN_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "analyze": cmd_analyze,
    "redact": cmd_redact,
    "plugins": cmd_plugins,
    "formats": cmd_formats,
    "policies": cmd_policies,
    "gui": cmd_gui,
}


#: global options that take a value (the word after them is not the command)
_VALUED_GLOBALS = ("--disable-plugin", "--device")


def _command_name(argv: Sequence[str]) -> str | None:
    """The command word of ``argv``: the first word that is neither an option nor the value
    of a global option (``redactor --device cpu analyze …`` → ``analyze``)."""
    skip = False
    for a in argv:
        if skip:
            skip = False
        elif a in _VALUED_GLOBALS:
            skip = True
        elif not a.startswith("-"):
            return a
    return None


def _plugin_commands(argv: Sequence[str]) -> CommandRegistry:
    """Collect plugin commands (loading plugins only when a non-built-in command is used)."""
    registry = CommandRegistry()
    from redactor.cli import builtin_commands

    builtin_commands.register(registry)
    wanted = _command_name(argv)
    if wanted is None or wanted in BUILTIN_COMMANDS or wanted in registry.names():
        return registry
    try:
        from redactor.pluginhost.manager import PluginHost

        host = PluginHost(load_entrypoints="--no-plugins" not in argv,
                          load_user_folder="--no-plugins" not in argv)
        host.pm.hook.register_commands(commands=registry)
    except RedactorError:
        raise
    except Exception:  # a plugin's command registration must not break the CLI
        if "--debug" in argv:
            traceback.print_exc()
    return registry


def configure_logging(debug: bool) -> None:
    """Warnings on stderr; with ``--debug`` also Redactor's own debug logs — never the
    libraries' (Pillow's debug log dumps image metadata, i.e. document content)."""
    logging.basicConfig(level=logging.WARNING, format="redactor: %(levelname)s: %(message)s")
    logging.getLogger().setLevel(logging.WARNING)
    logging.getLogger("redactor").setLevel(logging.DEBUG if debug else logging.NOTSET)


def _stop_on_termination() -> None:
    """SIGTERM and SIGHUP (``kill``, ``timeout``, a closed terminal) stop a run the way Ctrl-C
    does, so the temporary output is removed rather than left behind."""
    import signal

    def interrupt(signum: int, _frame: object) -> None:
        raise KeyboardInterrupt

    for name in ("SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is not None:
            try:
                signal.signal(sig, interrupt)
            except (ValueError, OSError):  # not the main thread, or not allowed here
                pass


def _silence_stdout() -> None:
    """Point stdout at devnull so the interpreter's final flush does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file descriptor (e.g. captured in tests)
        pass


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    _stop_on_termination()
    debug = "--debug" in argv
    configure_logging(debug)
    try:
        try:
            return _dispatch(argv, debug)
        finally:
            sys.stdout.flush()  # a closed pipe shows here (also after --help), not at exit
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE


def _print_issue_findings(exc: RedactorError) -> None:
    """After a refused export: the findings whose text survived, by id, page and offsets
    (``redactor analyze`` lists them by the same ids), never their text."""
    from redactor.core.errors import VerificationError
    from redactor.core.issue_refs import issue_lines

    if isinstance(exc, VerificationError):
        lines = issue_lines(exc.issues)
        if lines:
            print("redactor: the findings to fix (see `redactor analyze`; keep, widen or mark "
                  "them again in the app):", file=sys.stderr)
        for line in lines:
            print(f"redactor:   {line}", file=sys.stderr)


def _dispatch(argv: list[str], debug: bool) -> int:
    """Parse and run one command; errors become one line on stderr and an exit code."""
    try:
        registry = _plugin_commands(argv)
        parser = build_parser(registry)
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return EXIT_USAGE
        apply_device(args.device)
        handler = BUILTIN_COMMANDS.get(args.command)
        return handler(args) if handler is not None else registry.run(args)
    except BrokenPipeError:
        raise
    except RedactorError as exc:
        if debug:
            traceback.print_exc()
        print(f"redactor: error: {exc}", file=sys.stderr)
        _print_issue_findings(exc)
        return exc.exit_code
    except KeyboardInterrupt:
        print("redactor: cancelled", file=sys.stderr)
        return 130
    except Exception as exc:
        if debug:
            traceback.print_exc()
        print(f"redactor: unexpected error ({type(exc).__name__}); run with --debug for details",
              file=sys.stderr)
        return EXIT_ERROR


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
