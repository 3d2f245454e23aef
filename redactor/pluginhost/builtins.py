"""The built-in plugins, by explicit list (the core never imports them by name elsewhere).

Built-ins use exactly the public plugin API that third parties use. Each is the one module of
its kind's folder that registers that kind's components (``plugins/<kind>/.../plugin.py``).
"""

from __future__ import annotations

#: plugin name -> module, in registration order (it decides the order components are tried).
BUILTINS: dict[str, str] = {
    "txt": "redactor_plugins.formats.txt.plugin",
    "docx": "redactor_plugins.formats.docx.plugin",
    "pdf": "redactor_plugins.formats.pdf.plugin",
    "image": "redactor_plugins.formats.image.plugin",
    "patterns": "redactor_plugins.detectors.patterns.plugin",
    "terms": "redactor_plugins.detectors.terms.plugin",
    "recognizer": "redactor_plugins.detectors.recognizer.plugin",
    "indicators": "redactor_plugins.indicators.plugin",
    "strategies": "redactor_plugins.strategies.plugin",
    "search": "redactor_plugins.search.plugin",
    "ocr": "redactor_plugins.ocr.plugin",
}
BUILTIN_PLUGINS: tuple[str, ...] = tuple(BUILTINS.values())

#: names the built-ins had before the layout by kind (0.1): still accepted by --disable-plugin.
RENAMED: dict[str, str] = {
    "txt_io": "txt",
    "docx_io": "docx",
    "pdf_io": "pdf",
    "risk_indicators": "indicators",
    "basic_strategies": "strategies",
}


def builtin_name(module: str) -> str:
    """The plugin name of a built-in module (its key in :data:`BUILTINS`)."""
    for name, mod in BUILTINS.items():
        if mod == module:
            return name
    return module.rsplit(".", 1)[-1]
