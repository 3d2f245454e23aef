"""Redactor: offline redaction of DOCX, PDF and TXT documents with re-identification risk.

Importing Redactor switches off telemetry and hub access of the ML libraries before any of
them can be imported, and opens no socket.
"""

from __future__ import annotations

import os

os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
os.environ.setdefault("DO_NOT_TRACK", "1")
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

__version__ = "0.1.0"

if os.environ.get("REDACTOR_AUDIT_NETWORK"):
    from redactor.netaudit import install as _audit_network

    _audit_network(os.environ["REDACTOR_AUDIT_NETWORK"])
