"""The desktop app (PySide6). The only package that imports Qt."""

try:
    from redactor.gui.compat import guard_none_refcount as _guard

    _guard()
except ImportError:  # PySide6 missing: redactor.gui.app explains how to install it
    pass
