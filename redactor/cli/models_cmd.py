"""``redactor models``: list, import and verify user-imported models.

    redactor models list [--json]
    redactor models import PATH [--name NAME] [--kind token-classification|masked-lm]
                                [--no-quantize] [--force]
    redactor models verify NAME
    redactor models remove NAME

Importing needs the ``train`` extra (torch, transformers); listing and verifying need only
onnxruntime and tokenizers. Nothing is downloaded: PATH must be a local folder.
"""

from __future__ import annotations

import argparse
import json
import sys

from redactor.cli.commands import CommandRegistry
from redactor.core.errors import UsageError


def configure(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="models_action", metavar="ACTION")
    p = sub.add_parser("list", help="list imported models")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p = sub.add_parser("import", help="convert a local Hugging Face model folder and register it")
    p.add_argument("path", metavar="PATH", help="folder with config.json, weights and tokenizer")
    p.add_argument("--name", help="name to register it under (default: the folder name)")
    p.add_argument("--kind", choices=("token-classification", "masked-lm"),
                   help="model kind (default: from config.json's architectures)")
    p.add_argument("--no-quantize", action="store_true", help="keep fp32 (no int8)")
    p.add_argument("--force", action="store_true", help="replace a model of the same name")
    p.add_argument("--json", action="store_true", help="print the registration as JSON")
    p = sub.add_parser("verify", help="check an imported model's files and that it runs")
    p.add_argument("name", metavar="NAME")
    p.add_argument("--json", action="store_true")
    p = sub.add_parser("remove", help="delete an imported model")
    p.add_argument("name", metavar="NAME")


def _fmt_parity(parity: dict) -> str:
    if not parity:
        return "-"
    return (f"max|Δ| {parity.get('max_abs_diff', float('nan')):.2e}, "
            f"top-1 {100 * parity.get('top1_agreement', 0.0):.1f}%")


def run(args: argparse.Namespace) -> int:
    from redactor.models import registry

    action = getattr(args, "models_action", None)
    if action is None:
        raise UsageError("choose an action: list, import, verify or remove")
    if action == "list":
        models = registry.list_models()
        if args.json:
            print(json.dumps([m.to_dict() for m in models], indent=2))
            return 0
        if not models:
            print(f"no imported models (folder: {registry.models_dir()})")
        for m in models:
            print(f"{m.name:<24} {m.kind:<21} {m.quantization or '-':<12.12} "
                  f"{_fmt_parity(m.parity)}")
        return 0
    if action == "import":
        from redactor.models.convert import import_model

        info = import_model(args.path, args.name, args.kind, quantize=not args.no_quantize,
                            force=args.force,
                            log=lambda msg: print(f"redactor: {msg}", file=sys.stderr))
        if args.json:
            print(json.dumps(info.to_dict(), indent=2))
        else:
            p = info.parity
            print(f"imported {info.name} ({info.kind}) into {info.path}")
            print(f"  quantization: {info.quantization}"
                  + (f" — {info.record['quantization']['note']}"
                     if info.record["quantization"].get("note") else ""))
            print(f"  parity vs torch on {p.get('tokens')} tokens: {_fmt_parity(p)}")
        return 0
    if action == "verify":
        result = registry.verify_model(args.name)
        if args.json:
            print(json.dumps(result, indent=2))
        else:
            print(f"{args.name}: ok")
            for c in result["checks"]:
                print(f"  {c}")
            print(f"  parity at import: {_fmt_parity(result['parity'])}")
        return 0
    if action == "remove":
        registry.remove_model(args.name)
        print(f"removed {args.name}")
        return 0
    raise UsageError(f"unknown action {action!r}")


def register(commands: CommandRegistry) -> None:
    commands.add("models", "list, import and verify your own models (offline)", configure, run)
