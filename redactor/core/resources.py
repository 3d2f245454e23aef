"""Locating bundled resources (models, gazetteers, policies, examples).

The repository's top-level ``resources/`` folder is installed as the package
``redactor_resources``, so ``importlib.resources`` finds it in a wheel, an editable install
and a frozen (PyInstaller) build alike. ``REDACTOR_RESOURCES`` overrides the location.
"""

from __future__ import annotations

import os
import sys
from importlib import resources
from pathlib import Path


def resources_root() -> Path:
    override = os.environ.get("REDACTOR_RESOURCES")
    if override:
        return Path(override)
    frozen = getattr(sys, "_MEIPASS", None)  # a PyInstaller bundle keeps data files on disk
    if frozen and (Path(frozen) / "redactor_resources").is_dir():
        return Path(frozen) / "redactor_resources"
    try:
        root = resources.files("redactor_resources")
        paths = getattr(root, "_paths", None)  # a MultiplexedPath (namespace-like package)
        return Path(paths[0]) if paths else Path(str(root))
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[2] / "resources"


def resource_path(*parts: str) -> Path:
    """Path of a bundled resource, e.g. ``resource_path("models", "ner")``."""
    return resources_root().joinpath(*parts)
