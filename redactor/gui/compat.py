"""Work-arounds for defects of particular PySide6 builds, applied once on import.

PySide6 6.12.0 on CPython 3.11 drops a reference to ``None`` on every call of a C++ method
that returns ``void`` (``QColor.setAlpha``, ``QTextCharFormat.setFontWeight`` …). From
CPython 3.12 ``None`` is immortal and nothing happens; on 3.11 its reference count falls
with each call until the interpreter aborts with "none_dealloc: deallocating None" — after a
few thousand calls, i.e. seconds into a review. PySide6 6.11.3 does not have the defect.

The guard measures the leak on a harmless call and, only where it is present, raises
``None``'s reference count far out of reach (``None`` is never deallocated in a running
interpreter anyway). Prefer a PySide6 build without the defect: pin
``PySide6-Essentials!=6.12.0`` (or ``<6.12``) on Python 3.11.
"""

from __future__ import annotations

import ctypes
import sys

_APPLIED = False
_HEADROOM = 1 << 40


def none_refcount_leaks() -> bool:
    """True when this PySide6 build drops references to None on void method calls."""
    if sys.version_info >= (3, 12):
        return False
    from PySide6.QtGui import QColor

    colour = QColor(0, 0, 0)
    before = sys.getrefcount(None)
    for _ in range(64):
        colour.setAlpha(255)
    return sys.getrefcount(None) < before - 32


def guard_none_refcount() -> bool:
    """Apply the guard where needed; returns True when it was applied (now or before)."""
    global _APPLIED
    if _APPLIED:
        return True
    if not none_refcount_leaks():
        return False
    # ob_refcnt is the first field of every CPython object (non-debug builds).
    ctypes.c_ssize_t.from_address(id(None)).value += _HEADROOM
    _APPLIED = True
    return True
