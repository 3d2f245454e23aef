"""``redactor plugin new``: write a ready-to-install plugin project from the bundled template.

    redactor plugin new NAME --kind detector|indicator|strategy|reader|writer|ocr|search
                             [--dir PARENT] [--force]

The project (``PARENT/NAME``) has a ``pyproject.toml`` declaring the entry point ``NAME`` in
the group ``redactor``, a package ``redactor_<name>`` with a working example of the kind's
hook, tests that use :mod:`redactor.testing`, and a README. Nothing is downloaded: the template
ships in ``redactor_resources/plugin_template`` as plain files with ``string.Template``
placeholders (``$name``, ``$package`` …); ``PKG`` in a path is the package name, a ``.tmpl``
suffix is dropped, ``gitignore`` becomes ``.gitignore`` and each kind's ``_readme.md`` becomes
the kind section of the README.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass
from pathlib import Path
from string import Template

from redactor.cli.commands import CommandRegistry
from redactor.core.errors import UsageError

NAME_RE = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
TEMPLATE_DIR = "plugin_template"
KIND_README = "_readme.md"
RENAMES = {"gitignore": ".gitignore"}
MAX_NAME = 40


@dataclass(frozen=True, slots=True)
class Kind:
    """One ``--kind``: the hook it implements and the template parts it is made of."""

    hook: str
    parts: tuple[str, ...]
    summary: str


KINDS: dict[str, Kind] = {
    "detector": Kind("register_detectors", ("detector",),
                     "a regex detector for case numbers like ACME-2024-000123 (CODE)"),
    "indicator": Kind("register_risk_indicators", ("indicator",),
                      "a risk indicator that flags findings mentioned more than once"),
    "strategy": Kind("register_strategies", ("strategy",),
                     "a replacement strategy that writes initials for people"),
    "reader": Kind("register_readers", ("memo", "reader"),
                   "a reader for .memo files (a small plain-text memo format)"),
    "writer": Kind("register_writers", ("memo", "writer"),
                   "a verified writer (and reader) for .memo files"),
    "ocr": Kind("register_ocr_engines", ("ocr",),
                "an OCR engine for clear text in the font Pillow draws with by default"),
    "search": Kind("register_search_providers", ("search",),
                   "a search provider over a local folder of .txt files (no network)"),
}


def register(commands: CommandRegistry) -> None:
    commands.add("plugin", "create a new plugin project (redactor plugin new NAME --kind …)",
                 configure, run)


def configure(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="plugin_action", metavar="ACTION")
    p = sub.add_parser("new", help="write a plugin project with an example, tests and README")
    p.add_argument("name", metavar="NAME",
                   help="plugin name: lowercase letters, digits and hyphens (e.g. acme-codes)")
    p.add_argument("--kind", required=True, choices=tuple(KINDS),
                   help="what the plugin provides")
    p.add_argument("--dir", type=Path, default=Path("."), metavar="PARENT",
                   help="folder to create the project in (default: the current folder)")
    p.add_argument("--force", action="store_true",
                   help="write into an existing project folder, replacing generated files")


def run(args: argparse.Namespace) -> int:
    if getattr(args, "plugin_action", None) != "new":
        raise UsageError("choose an action: new (redactor plugin new NAME --kind KIND)")
    dest = create_project(args.name, args.kind, args.dir, force=args.force)
    print(next_steps(args.name, args.kind, dest))
    return 0


def package_name(name: str) -> str:
    """The import package of plugin ``name``: ``acme-codes`` → ``redactor_acme_codes``."""
    return "redactor_" + name.replace("-", "_")


def validate_name(name: str) -> None:
    """Refuse (UsageError) a name that is not lowercase-hyphenated or is a built-in's."""
    if not NAME_RE.fullmatch(name) or len(name) > MAX_NAME:
        raise UsageError(f"invalid plugin name {name!r}: use lowercase letters, digits and "
                         f"hyphens, starting with a letter, at most {MAX_NAME} characters "
                         "(e.g. acme-case-numbers)")
    from redactor.pluginhost.builtins import BUILTINS, RENAMED

    if name in BUILTINS or name in RENAMED:
        raise UsageError(f"{name!r} is the name of a built-in plugin; choose another name")


def template_root() -> Path:
    """The bundled template folder (``redactor_resources/plugin_template``)."""
    from redactor.core.resources import resource_path

    root = resource_path(TEMPLATE_DIR)
    if not root.is_dir():  # REDACTOR_RESOURCES points at a folder without the template
        root = Path(__file__).resolve().parents[2] / "resources" / TEMPLATE_DIR
    if not root.is_dir():
        raise UsageError("the plugin template is missing from this installation")
    return root


def variables(name: str, kind: str) -> dict[str, str]:
    """The placeholder values for one project."""
    from redactor import __version__
    from redactor.plugin_api import API_VERSION

    major = int(API_VERSION.split(".")[0])
    words = name.split("-")
    return {
        "name": name,
        "package": package_name(name),
        "dist": f"redactor-{name}",
        "cls": "".join(w.capitalize() for w in words),
        "title": " ".join(words).capitalize(),
        "kind": kind,
        "hook": KINDS[kind].hook,
        "summary": KINDS[kind].summary,
        "api": f">={major},<{major + 1}",
        "redactor_req": "redactor>=" + ".".join(__version__.split(".")[:2]),
    }


def render_files(name: str, kind: str, root: Path | None = None) -> dict[str, str]:
    """Relative path → content of every file of the project (nothing is written)."""
    root = root or template_root()
    values = variables(name, kind)
    sources: list[tuple[Path, Path]] = []
    for part in ("common", *(f"kinds/{p}" for p in KINDS[kind].parts)):
        base = root / part
        sources += [(base, f) for f in sorted(base.rglob("*"))
                    if f.is_file() and "__pycache__" not in f.parts]
    values["kind_readme"] = "\n\n".join(
        _substitute(src, values).strip() for _, src in sources if src.name == KIND_README)
    files: dict[str, str] = {}
    for base, src in sources:
        if src.name == KIND_README:
            continue
        rel = src.relative_to(base).as_posix().removesuffix(".tmpl")
        head, _, leaf = rel.replace("PKG", values["package"]).rpartition("/")
        leaf = RENAMES.get(leaf, leaf)
        files[f"{head}/{leaf}" if head else leaf] = _substitute(src, values)
    return files


def _substitute(src: Path, values: dict[str, str]) -> str:
    try:
        return Template(src.read_text(encoding="utf-8")).substitute(values)
    except (KeyError, ValueError) as exc:
        raise UsageError(f"plugin template {src.name}: bad placeholder ({exc})") from None


def create_project(name: str, kind: str, parent: Path, *, force: bool = False) -> Path:
    """Write the project for ``name`` into ``parent/name``; returns that folder."""
    validate_name(name)
    if kind not in KINDS:
        raise UsageError(f"unknown kind {kind!r}; choose one of {', '.join(KINDS)}")
    if not parent.is_dir():
        raise UsageError(f"{parent}: folder does not exist")
    dest = parent / name
    if dest.exists() and not dest.is_dir():
        raise UsageError(f"{dest}: exists and is not a folder")
    if dest.exists() and any(dest.iterdir()) and not force:
        raise UsageError(f"{dest}: folder exists and is not empty (use --force to write "
                         "into it)")
    files = render_files(name, kind)
    for rel, text in files.items():
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8", newline="\n")
    return dest


def next_steps(name: str, kind: str, dest: Path) -> str:
    """What to do after ``plugin new``: install, test, list, edit."""
    where = str(dest)
    pkg = package_name(name)
    return "\n".join([
        f"created plugin project {name!r} ({kind}: {KINDS[kind].summary}) in {where}",
        "next steps:",
        f"  cd {where}",
        "  python -m pip install -e .          # offline: add --no-build-isolation",
        "  python -m pytest                    # the generated tests (redactor.testing)",
        f"  redactor plugins                    # lists {name} (origin entry-point)",
        f"  then edit src/{pkg}/plugin.py and its tests; README.md explains wheels and publishing",
    ])
