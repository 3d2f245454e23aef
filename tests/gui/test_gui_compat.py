"""The PySide6 work-around: many void calls must not exhaust None's reference count."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

import sys

from PySide6.QtGui import QColor

from redactor.gui import compat


def test_void_calls_do_not_kill_none() -> None:
    compat.guard_none_refcount()
    colour = QColor(1, 2, 3)
    for _ in range(200_000):  # more than None's whole reference count on CPython 3.11
        colour.setAlpha(7)
    assert sys.getrefcount(None) > 0
    if sys.version_info >= (3, 12):
        assert not compat.none_refcount_leaks()
