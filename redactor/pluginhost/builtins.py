"""The built-in plugins, by explicit module list (the core never imports them by name
elsewhere). Built-ins use exactly the public plugin API that third parties use."""

from __future__ import annotations

BUILTIN_PLUGINS: tuple[str, ...] = (
    "redactor_plugins.txt_io",
    "redactor_plugins.docx_io",
    "redactor_plugins.pdf_io",
    "redactor_plugins.patterns",
    "redactor_plugins.terms",
    "redactor_plugins.recognizer",
    "redactor_plugins.risk_indicators",
    "redactor_plugins.basic_strategies",
    "redactor_plugins.strategies",
)
