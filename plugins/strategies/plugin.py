"""Built-in plugin ``strategies``: registers every built-in replacement strategy and the CLI
commands that go with them.

Strategies: ``redact`` and ``label`` (:mod:`.basic`), ``pseudonym`` (:mod:`.pseudonym`),
``generalize`` (:mod:`.generalize`, with the per-kind rules in :mod:`.generalization`),
``mask-chars``, ``hash`` and ``encrypt`` (:mod:`.crypto`). Commands: ``redactor reveal FILE -o
OUT`` and ``redactor keys {init NAME | show-status}`` (:mod:`.keys`). See ``docs/strategies.md``.
"""

from __future__ import annotations

from redactor_plugins.strategies.basic import LabelStrategy, RedactStrategy
from redactor_plugins.strategies.crypto import (
    EncryptStrategy,
    HashStrategy,
    MaskCharsStrategy,
    configure_reveal,
    run_reveal,
)
from redactor_plugins.strategies.generalize import GeneralizeStrategy
from redactor_plugins.strategies.keys import configure_keys, run_keys
from redactor_plugins.strategies.pseudonym import PseudonymStrategy

from redactor.plugin_api import hookimpl

REDACTOR_API = ">=1,<2"


@hookimpl
def register_strategies(register):  # type: ignore[no-untyped-def]
    register(RedactStrategy())
    register(LabelStrategy())
    register(PseudonymStrategy())
    register(GeneralizeStrategy())
    register(MaskCharsStrategy())
    register(HashStrategy())
    register(EncryptStrategy())


@hookimpl
def register_commands(commands):  # type: ignore[no-untyped-def]
    commands.add("reveal", "decrypt the ⟦enc:…⟧ tokens of a TXT or DOCX file (needs the "
                 "encryption key)", configure_reveal, run_reveal)
    commands.add("keys", "create keys in the OS keyring and show where keys come from",
                 configure_keys, run_keys)
