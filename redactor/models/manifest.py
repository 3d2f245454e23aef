"""Model packs: a ``manifest.json`` beside a model's files, and its check.

A model folder (shipped in ``resources/models/<name>/`` or imported with ``redactor models
import``) carries ``manifest.json``::

    {"format": 1, "name": "ner", "version": "1.0", "licence": "CC-BY-4.0",
     "files": [{"file": "model.onnx", "sha256": "…", "size": 19712345,
                "licence": "CC-BY-4.0"}, …]}

:func:`verify_pack` is called once per process before a model is loaded: a missing, extra-sized
or tampered file raises :class:`ModelIntegrityError` naming the folder's model and the file, and
the component that needed it is recorded as failed (the run says so; it is never skipped
silently). Rebuild a shipped manifest with ``python -m redactor.models.manifest FOLDER
--name NAME --version V --licence L`` after retraining.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from redactor.core.errors import RedactorError
from redactor.core.hashing import sha256_file

MANIFEST = "manifest.json"
FORMAT = 1
_VERIFIED: set[tuple[str, int]] = set()
_LOCK = threading.Lock()


class ModelIntegrityError(RedactorError):
    """A model pack's files do not match its manifest (missing, resized or changed)."""

    exit_code = 3


def build_manifest(folder: Path, *, name: str, version: str, licence: str,
                   exclude: Iterable[str] = ()) -> dict[str, Any]:
    """Write ``manifest.json`` over every file in ``folder`` (recursively) and return it."""
    folder = Path(folder)
    skip = {MANIFEST, "MODEL_CARD.md", *exclude}
    files = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        rel = path.relative_to(folder).as_posix()
        if rel in skip or "__pycache__" in path.parts:
            continue
        files.append({"file": rel, "sha256": sha256_file(path), "size": path.stat().st_size,
                      "licence": licence})
    manifest = {"format": FORMAT, "name": name, "version": version, "licence": licence,
                "files": files}
    tmp = folder / (MANIFEST + ".tmp")
    tmp.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    tmp.replace(folder / MANIFEST)
    return manifest


def read_manifest(folder: Path) -> dict[str, Any]:
    """The folder's manifest, or :class:`ModelIntegrityError` when it is missing or unreadable."""
    path = Path(folder) / MANIFEST
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ModelIntegrityError(f"model folder {Path(folder).name!r} has no {MANIFEST}; "
                                  "the model pack is incomplete") from exc
    except (OSError, ValueError) as exc:
        raise ModelIntegrityError(f"model folder {Path(folder).name!r}: {MANIFEST} is "
                                  "unreadable") from exc
    if not isinstance(data, dict) or not isinstance(data.get("files"), list):
        raise ModelIntegrityError(f"model folder {Path(folder).name!r}: {MANIFEST} has no "
                                  "file list")
    return data


def verify_pack(folder: Path, *, force: bool = False) -> dict[str, Any]:
    """Check every file of the manifest (size, then SHA-256); once per process and folder."""
    folder = Path(folder).resolve()
    if not folder.is_dir():
        raise ModelIntegrityError(f"model folder {folder.name!r} does not exist")
    manifest = read_manifest(folder)
    key = (str(folder), (folder / MANIFEST).stat().st_mtime_ns)
    with _LOCK:
        if key in _VERIFIED and not force:
            return manifest
    name = str(manifest.get("name") or folder.name)
    for entry in manifest["files"]:
        rel = str(entry.get("file", ""))
        path = folder / rel
        if not rel or ".." in Path(rel).parts:
            raise ModelIntegrityError(f"model {name!r}: {MANIFEST} names an invalid path")
        if not path.is_file():
            raise ModelIntegrityError(f"model {name!r}: file {rel} is missing "
                                      f"(listed in {MANIFEST})")
        if path.stat().st_size != entry.get("size") or sha256_file(path) != entry.get("sha256"):
            raise ModelIntegrityError(f"model {name!r}: file {rel} does not match its "
                                      f"{MANIFEST} (changed or damaged); reinstall the model "
                                      "pack")
    with _LOCK:
        _VERIFIED.add(key)
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="write a model pack's manifest.json")
    parser.add_argument("folder", type=Path)
    parser.add_argument("--name", required=True)
    parser.add_argument("--version", required=True)
    parser.add_argument("--licence", required=True)
    args = parser.parse_args(argv)
    manifest = build_manifest(args.folder, name=args.name, version=args.version,
                              licence=args.licence)
    print(f"{args.folder / MANIFEST}: {len(manifest['files'])} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
