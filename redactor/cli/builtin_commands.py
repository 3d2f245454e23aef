"""Built-in commands that live in their own modules (evaluation, model management)."""

from __future__ import annotations

import importlib

from redactor.cli.commands import CommandRegistry

# Each module defines ``register(commands: CommandRegistry) -> None``.
MODULES: tuple[str, ...] = (
    "redactor.cli.batch_cmd",
    "redactor.cli.evaluate_cmd",
    "redactor.cli.models_cmd",
    "redactor.cli.plugin_cmd",
)


def register(commands: CommandRegistry) -> None:
    for name in MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        module.register(commands)
