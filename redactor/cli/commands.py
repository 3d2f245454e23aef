"""A registry of extra CLI sub-commands, filled by built-in modules and plugins.

Plugins receive it in the ``register_commands(commands)`` hook and call
``commands.add(name, help, configure, run)``: ``configure(parser)`` adds argparse arguments
and ``run(args) -> int`` returns the exit code.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass

from redactor.core.errors import UsageError


@dataclass(frozen=True, slots=True)
class Command:
    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


class CommandRegistry:
    """Collects commands; a name can be taken only once (built-ins first)."""

    def __init__(self) -> None:
        self._commands: dict[str, Command] = {}

    def add(self, name: str, help: str, configure: Callable[[argparse.ArgumentParser], None],
            run: Callable[[argparse.Namespace], int]) -> None:
        if name in self._commands:
            return
        self._commands[name] = Command(name, help, configure, run)

    def names(self) -> list[str]:
        return list(self._commands)

    def install(self, subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
        for cmd in self._commands.values():
            parser = subparsers.add_parser(cmd.name, help=cmd.help)
            cmd.configure(parser)

    def run(self, args: argparse.Namespace) -> int:
        cmd = self._commands.get(args.command)
        if cmd is None:
            raise UsageError(f"unknown command {args.command!r}")
        return int(cmd.run(args) or 0)
