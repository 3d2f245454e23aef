"""A fresh random key (base64) for the keyed strategies' tests (a module of its own: importing
it from ``conftest`` depended on which test folder's conftest pytest had loaded last)."""

from __future__ import annotations

import base64
import os


def new_key() -> str:
    return base64.b64encode(os.urandom(32)).decode("ascii")
