"""Errors that carry the CLI exit code they map to. Messages never contain document text."""

from __future__ import annotations


class RedactorError(Exception):
    """Base class; ``exit_code`` is what the CLI returns for it."""

    exit_code = 1


class UsageError(RedactorError):
    """Bad command-line use or bad option (exit 2)."""

    exit_code = 2


class InputError(RedactorError):
    """Input missing, unreadable, corrupt, unsupported or encrypted (exit 3)."""

    exit_code = 3


class EncryptedInputError(InputError):
    """The input is encrypted and no (correct) password was given."""


class VerificationError(RedactorError):
    """The written output still contained redacted material; it was deleted (exit 4)."""

    exit_code = 4

    def __init__(self, message: str, issues: tuple[object, ...] = ()) -> None:
        super().__init__(message)
        self.issues = issues


class PluginContractError(RedactorError):
    """A plugin component broke its contract (strict mode raises it instead of recording a
    failure). The message names the plugin, the component and the rule; never document text."""


class CancelledError(RedactorError):
    """The user cancelled the run (exit 130, like SIGINT)."""

    exit_code = 130
