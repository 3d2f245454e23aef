"""Expand batch inputs (files, folders, globs) into source files and their mirrored outputs.

The tree is mirrored relative to one root: a single folder input is its own root, a single
file's root is its folder, and several inputs share the deepest folder above all of them.
Hidden files and folders (``.name``), the output folder and the journal are never inputs.
"""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from redactor.core.errors import UsageError

_MAGIC = set("*?[")


@dataclass(frozen=True, slots=True)
class Source:
    """One input file, its path relative to the batch root, and its output path."""

    path: Path
    rel: str
    output: Path


def _abs(path: str | Path) -> Path:
    """An absolute path, symbolic links kept (a link's relative place in the tree counts)."""
    return Path(os.path.abspath(path))


def _is_glob(text: str) -> bool:
    return any(c in _MAGIC for c in text)


def _glob_root(pattern: str) -> Path:
    parts = Path(pattern).parts
    fixed = [p for p in parts[:next((i for i, p in enumerate(parts) if _is_glob(p)),
                                    len(parts))]]
    return Path(*fixed) if fixed else Path(".")


def _hidden(path: Path, root: Path) -> bool:
    try:
        parts = path.relative_to(root).parts
    except ValueError:
        parts = (path.name,)
    return any(p.startswith(".") for p in parts)


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def _walk(folder: Path, recursive: bool) -> Iterable[Path]:
    if not recursive:
        yield from (p for p in sorted(folder.iterdir()) if p.is_file())
        return
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            yield Path(dirpath) / name


def expand_inputs(inputs: Sequence[str | Path], outdir: Path, *, recursive: bool = False,
                  exclude: Iterable[Path] = ()) -> list[Source]:
    """The files ``inputs`` name, each with the output path that mirrors it under ``outdir``.

    Raises :class:`UsageError` for an input that does not exist, a glob that matches nothing,
    or an output folder that is the input folder.
    """
    outdir = _abs(outdir)
    excluded = [_abs(p) for p in exclude]
    found: list[tuple[Path, Path]] = []  # (file, the folder its input started from)
    named: set[Path] = set()  # files named explicitly (hidden or not, they are inputs)
    for raw in inputs:
        text = str(raw)
        if _is_glob(text) and not Path(text).exists():
            matches = sorted(glob.glob(text, recursive=recursive))
            if not matches:
                raise UsageError(f"{text}: no file matches")
            base = _abs(_glob_root(text))
            for m in matches:
                p = _abs(m)
                if p.is_dir():
                    found += [(f, base) for f in _walk(p, recursive)]
                elif p.is_file():
                    found.append((p, base))
            continue
        p = Path(text)
        if not p.exists():
            raise UsageError(f"{p}: no such file or folder")
        p = _abs(p)
        if p.is_dir():
            if _inside(p, outdir):
                raise UsageError(f"{p}: an input folder cannot be the output folder or inside "
                                 "it")
            found += [(f, p) for f in _walk(p, recursive)]
        else:
            found.append((p, p.parent))
            named.add(p)
    if not found:
        return []
    bases = {b for _, b in found}
    root = bases.pop() if len(bases) == 1 else Path(os.path.commonpath([str(b) for b in bases]))
    if root == outdir:
        raise UsageError("the output folder must not be the input folder")
    out: dict[Path, Source] = {}
    for path, base in found:
        if path in out or _inside(path, outdir) or any(_inside(path, x) for x in excluded):
            continue
        if (path not in named and _hidden(path, base)) or not path.is_file():
            continue
        rel = path.relative_to(root)
        out[path] = Source(path, rel.as_posix(), outdir / rel)
    return sorted(out.values(), key=lambda s: s.rel)
