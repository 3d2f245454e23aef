"""Render ``docs/hook-reference.md`` from the hook specifications and the plugin API sources.

    python -m redactor.pluginhost.reference            # rewrite docs/hook-reference.md
    python -m redactor.pluginhost.reference --check    # exit 1 when it is stale

Everything comes from code: hook signatures and docstrings (``hookspecs.py``), the component
protocols (``components.py``) and the data classes plugin authors touch, each field with the
docstring written just below it. ``tests/pluginhost/test_hook_reference.py`` fails when the
committed file differs from what this renders.
"""

from __future__ import annotations

import argparse
import ast
import enum
import inspect
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from redactor.core import combine, components, context, model
from redactor.plugin_api import API_VERSION
from redactor.pluginhost import hookspecs

DOC_PATH = Path("docs") / "hook-reference.md"
PROTOCOLS = (components.Detector, components.RiskIndicator, components.Strategy,
             components.DocumentReader, components.DocumentWriter, components.SearchProvider,
             components.OcrEngine)
DATA_CLASSES = (model.Finding, model.Span, model.Label, model.Document, model.Entity,
                model.RiskSignal, combine.CombinedRisk, components.ReplacementRequest,
                context.RunContext, components.OcrWord, components.SearchResult)
SOURCES = ("redactor/pluginhost/hookspecs.py", "redactor/core/components.py",
           "redactor/core/model.py", "redactor/core/context.py", "redactor/core/combine.py")

_ROLE = re.compile(r":(?:class|meth|attr|func|data|mod|exc):`~?(?:[\w.]+\.)?([\w]+)`")


def markdown(text: str) -> str:
    """reST inline markup as Markdown: ``x`` → `x`, :class:`~a.B` → `B`."""
    return _ROLE.sub(r"`\1`", text).replace("``", "`")


def cell(text: str) -> str:
    """Text for one Markdown table cell (one line, pipes escaped)."""
    return " ".join(markdown(text).split()).replace("|", "\\|")


def _class_node(cls: type) -> ast.ClassDef:
    tree = ast.parse(Path(inspect.getfile(cls)).read_text(encoding="utf-8"))
    return next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)
                and n.name == cls.__name__)


def _signature(fn: ast.FunctionDef) -> str:
    args = []
    for a in fn.args.args:
        if a.arg in ("self", "cls"):
            continue
        args.append(f"{a.arg}: {ast.unparse(a.annotation)}" if a.annotation else a.arg)
    ret = f" -> {ast.unparse(fn.returns)}" if fn.returns else ""
    return f"{fn.name}({', '.join(args)}){ret}"


def _default(value: ast.expr | None) -> str:
    if value is None:
        return "required"
    if (isinstance(value, ast.Call) and ast.unparse(value.func) == "field"
            and value.keywords and value.keywords[0].arg == "default_factory"):
        factory = value.keywords[0].value
        return (ast.unparse(factory.body) if isinstance(factory, ast.Lambda)
                else f"{ast.unparse(factory)}()")
    return ast.unparse(value)


def _fields(node: ast.ClassDef) -> Iterator[tuple[str, str, str, str]]:
    """(name, type, default, docstring) of each annotated attribute, in order."""
    body = node.body
    for i, stmt in enumerate(body):
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            doc = ""
            nxt = body[i + 1] if i + 1 < len(body) else None
            if (isinstance(nxt, ast.Expr) and isinstance(nxt.value, ast.Constant)
                    and isinstance(nxt.value.value, str)):
                doc = inspect.cleandoc(nxt.value.value)
            yield stmt.target.id, ast.unparse(stmt.annotation), _default(stmt.value), doc


def _methods(node: ast.ClassDef) -> Iterator[ast.FunctionDef]:
    for stmt in node.body:
        if isinstance(stmt, ast.FunctionDef) and not stmt.name.startswith("_"):
            if not any(ast.unparse(d) == "property" for d in stmt.decorator_list):
                yield stmt


def _hooks() -> list[tuple[ast.FunctionDef, dict[str, object]]]:
    tree = ast.parse(Path(inspect.getfile(hookspecs)).read_text(encoding="utf-8"))
    out = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            opts = getattr(getattr(hookspecs, node.name), f"{hookspecs.PROJECT}_spec", None)
            if opts is not None:
                out.append((node, dict(opts)))
    return out


def _first_sentence(doc: str | None) -> str:
    """Up to the first "." or ":" outside parentheses (a table's summary column)."""
    text = " ".join(markdown(doc or "").split())
    depth = 0
    for i, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and ch in ".:" and text[i + 1:i + 2] in (" ", ""):
            return text[:i + (ch == ".")]
    return text


def _hook_section() -> list[str]:
    lines = ["## Hooks", "",
             "Implement a hook with a function of the same name decorated with `@hookimpl`;",
             "take only the arguments you need.", ""]
    rows = [f"| [`{fn.name}`](#{fn.name}) | {cell(_first_sentence(ast.get_docstring(fn)))} |"
            for fn, _ in _hooks()]
    lines += ["| hook | summary |", "|---|---|", *rows, ""]
    for fn, opts in _hooks():
        flags = [name for name in ("firstresult", "historic") if opts.get(name)]
        lines += [f"### {fn.name}", "", f"```python\n{_signature(fn)}\n```", ""]
        if flags:
            lines += [f"*{', '.join(flags)}*", ""]
        lines += [markdown(ast.get_docstring(fn) or ""), ""]
    return lines


def _protocol_section() -> list[str]:
    lines = ["## Component protocols", "",
             "What the objects you `register(...)` must provide (`redactor.plugin_api`).", ""]
    for cls in PROTOCOLS:
        node = _class_node(cls)
        lines += [f"### {cls.__name__}", "", markdown(ast.get_docstring(node) or ""), ""]
        attrs = [f"| `{name}` | `{typ}` |" for name, typ, _, _ in _fields(node)]
        if attrs:
            lines += ["| attribute | type |", "|---|---|", *attrs, ""]
        for fn in _methods(node):
            lines += [f"```python\n{_signature(fn)}\n```", ""]
            doc = ast.get_docstring(fn)
            if doc:
                lines += [markdown(doc), ""]
    return lines


def _data_section() -> list[str]:
    lines = ["## Data classes", "",
             "Frozen unless noted; build changed copies with `dataclasses.replace` "
             "(`Finding.with_`).", ""]
    for cls in DATA_CLASSES:
        node = _class_node(cls)
        lines += [f"### {cls.__name__}", "", markdown(ast.get_docstring(node) or ""), ""]
        if isinstance(cls, enum.EnumMeta):
            docs = {name: doc for name, doc in _enum_docs(node)}
            rows = [f"| `{m.name}` | {cell(docs.get(m.name, ''))} |" for m in cls]
            lines += ["| member | meaning |", "|---|---|", *rows, ""]
            continue
        rows = [f"| `{name}` | `{cell(typ)}` | `{cell(default)}` | {cell(doc)} |"
                for name, typ, default, doc in _fields(node)]
        if rows:
            lines += ["| field | type | default | meaning |", "|---|---|---|---|", *rows, ""]
        for fn in _methods(node):
            doc = ast.get_docstring(fn)
            if doc:
                lines += [f"- `{_signature(fn)}` — {cell(doc)}"]
        lines += [""] if lines[-1] != "" else []
    return lines


def _enum_docs(node: ast.ClassDef) -> Iterator[tuple[str, str]]:
    body = node.body
    for i, stmt in enumerate(body):
        if isinstance(stmt, ast.Assign) and isinstance(stmt.targets[0], ast.Name):
            nxt = body[i + 1] if i + 1 < len(body) else None
            if (isinstance(nxt, ast.Expr) and isinstance(nxt.value, ast.Constant)
                    and isinstance(nxt.value.value, str)):
                yield stmt.targets[0].id, inspect.cleandoc(nxt.value.value)


def render() -> str:
    """The whole reference, as Markdown."""
    head = [
        "# Hook reference",
        "",
        "<!-- Generated by `python scripts/gen_hook_reference.py` from "
        + ", ".join(SOURCES) + ". Do not edit: change the docstrings and regenerate "
        "(tests/pluginhost/test_hook_reference.py fails when this file is stale). -->",
        "",
        f"Plugin API version {API_VERSION}. Import everything from `redactor.plugin_api`; "
        "the guide is [plugin-guide.md](plugin-guide.md), policies are described in "
        "[policies.md](policies.md).",
        "",
        markdown(inspect.cleandoc(hookspecs.__doc__ or "").split("\n\n", 1)[-1]),
        "",
    ]
    text = "\n".join(head + _hook_section() + _protocol_section() + _data_section())
    return text.rstrip("\n") + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render docs/hook-reference.md.")
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is stale")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[2],
                        help="project root (default: this checkout)")
    args = parser.parse_args(argv)
    path = args.root / DOC_PATH
    text = render()
    if args.check:
        current = path.read_text(encoding="utf-8") if path.is_file() else ""
        if current != text:
            print(f"{DOC_PATH} is stale: run python scripts/gen_hook_reference.py",
                  file=sys.stderr)
            return 1
        return 0
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
