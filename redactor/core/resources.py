"""Locating bundled resources (models, gazetteers, policies, examples).

The repository's top-level ``resources/`` folder is installed as the package
``redactor_resources``, so ``importlib.resources`` finds it in a wheel, an editable install
and a frozen (PyInstaller) build alike. ``REDACTOR_RESOURCES`` overrides the location.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path


def resources_root() -> Path:
    override = os.environ.get("REDACTOR_RESOURCES")
    if override:
        return Path(override)
    try:
        root = resources.files("redactor_resources")
        return Path(str(root))
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[2] / "resources"


def resource_path(*parts: str) -> Path:
    """Path of a bundled resource, e.g. ``resource_path("models", "ner")``."""
    return resources_root().joinpath(*parts)
