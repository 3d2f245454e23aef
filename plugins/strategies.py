"""Built-in plugin: the replacement strategies beyond ``redact`` and ``label``, and the CLI
commands that go with them.

Strategies: ``pseudonym`` (:mod:`.strategy_pseudonym`), ``generalize``
(:mod:`.strategy_generalize`), ``mask-chars``, ``hash`` and ``encrypt``
(:mod:`.strategy_crypto`). Commands: ``redactor reveal FILE -o OUT`` and ``redactor keys
{init NAME | show-status}`` (:mod:`.strategy_keys`). See ``docs/strategies.md``.
"""

from __future__ import annotations

from redactor_plugins.strategy_crypto import (
    EncryptStrategy,
    HashStrategy,
    MaskCharsStrategy,
    configure_reveal,
    run_reveal,
)
from redactor_plugins.strategy_generalize import GeneralizeStrategy
from redactor_plugins.strategy_keys import configure_keys, run_keys
from redactor_plugins.strategy_pseudonym import PseudonymStrategy

from redactor.plugin_api import hookimpl

REDACTOR_API = ">=1,<2"


@hookimpl
def register_strategies(register):  # type: ignore[no-untyped-def]
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
