"""Built-in plugin ``search``: the search providers (``local-index``, ``searxng``, ``brave``,
``mojeek``), the ``web-search`` risk indicator (off unless a policy, the settings or the user
turn it on), the ``web_search`` settings section and the commands ``redactor index``,
``redactor search-keys`` and ``redactor search-preview``. See ``docs/web-search.md``.
"""

from __future__ import annotations

from redactor_plugins.search import keys
from redactor_plugins.search.commands import (
    configure_index,
    configure_keys,
    configure_preview,
    run_index,
    run_keys,
    run_preview,
)
from redactor_plugins.search.config import DEFAULTS, SECTION
from redactor_plugins.search.indicator import WebSearchIndicator
from redactor_plugins.search.planner import BUILTIN_PROVIDERS

from redactor.plugin_api import SettingsSection, hookimpl

REDACTOR_API = ">=1,<2"
__version__ = "1.0"


@hookimpl
def register_search_providers(register):  # type: ignore[no-untyped-def]
    for provider in BUILTIN_PROVIDERS.values():
        register(provider)


@hookimpl
def register_risk_indicators(register):  # type: ignore[no-untyped-def]
    keys.install_log_redaction()
    register(WebSearchIndicator())


@hookimpl
def register_settings(register):  # type: ignore[no-untyped-def]
    register(SettingsSection(SECTION, dict(DEFAULTS),
                             "Web-search risk indicator: provider, budget, cache, local index"))


@hookimpl
def register_commands(commands):  # type: ignore[no-untyped-def]
    commands.add("index", "build or describe the local search index (web-search indicator)",
                  configure_index, run_index)
    commands.add("search-keys", "store, delete or list search API keys in the OS keyring",
                  configure_keys, run_keys)
    commands.add("search-preview", "show (and with --send, send) the exact web-search queries "
                 "for a document", configure_preview, run_preview)
