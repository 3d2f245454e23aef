"""Secret keys of the keyed strategies (``pseudonym``, ``hash``, ``encrypt``).

Keys live in the OS keyring (service ``redactor``; usernames ``pseudonym-key``, ``hash-key``,
``encryption-key``) as base64 text. Where no keyring is usable (a headless machine whose
keyring backend is the *fail* backend) an environment variable takes its place:
``REDACTOR_KEY_PSEUDONYM``, ``REDACTOR_KEY_HASH``, ``REDACTOR_KEY_ENCRYPTION`` (base64).
The environment variable wins when both are set. Keys are never written to settings files,
logs, reports or error messages.

CLI (through ``register_commands``): ``redactor keys init NAME [--force]`` and
``redactor keys show-status``.
"""

from __future__ import annotations

import argparse
import base64
import binascii
import os
import secrets
from typing import Any

from redactor.plugin_api import UsageError

SERVICE = "redactor"
KEY_NAMES: dict[str, str] = {
    "pseudonym": "pseudonym-key",
    "hash": "hash-key",
    "encryption": "encryption-key",
}
KEY_BYTES = 32


def env_var(name: str) -> str:
    return f"REDACTOR_KEY_{name.upper()}"


def _check_name(name: str) -> str:
    if name not in KEY_NAMES:
        raise UsageError(f"unknown key {name!r} (known: {', '.join(KEY_NAMES)})")
    return name


def _decode(value: str, where: str) -> bytes:
    try:
        raw = base64.b64decode(value.strip().encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError, ValueError):
        try:
            raw = base64.urlsafe_b64decode(value.strip().encode("ascii"))
        except (binascii.Error, UnicodeEncodeError, ValueError) as exc:
            raise UsageError(f"{where} is not valid base64") from exc
    if len(raw) < 16:
        raise UsageError(f"{where} is too short (at least 16 bytes of key material)")
    return raw


def keyring_available() -> bool:
    """True when keyring's active backend can store secrets (not the fail/null backend)."""
    try:
        import keyring
        from keyring.backends import fail

        backend = keyring.get_keyring()
    except Exception:  # keyring itself broken: treat like no keyring
        return False
    if isinstance(backend, fail.Keyring):
        return False
    try:
        from keyring.backends import null

        if isinstance(backend, null.Keyring):
            return False
    except ImportError:  # pragma: no cover - older keyring
        pass
    return True


def _no_keyring_error(name: str) -> UsageError:
    return UsageError(
        f"no OS keyring available: set {env_var(name)} to a base64 key of {KEY_BYTES} random "
        f"bytes (e.g. the output of: python -c \"import base64,os;"
        f"print(base64.b64encode(os.urandom({KEY_BYTES})).decode())\")")


def _from_keyring(name: str) -> str | None:
    import keyring
    from keyring.errors import KeyringError

    try:
        return keyring.get_password(SERVICE, KEY_NAMES[name])
    except KeyringError as exc:
        raise UsageError(f"the OS keyring could not be read ({type(exc).__name__})") from exc


def get_key(name: str, *, create: bool = False, required: bool = True) -> bytes | None:
    """The key ``name`` (``pseudonym``/``hash``/``encryption``).

    Looks at ``REDACTOR_KEY_<NAME>`` first, then the keyring. When neither holds it:
    ``create`` generates and stores a new key in the keyring; otherwise ``required`` raises
    a :class:`UsageError`, and without ``required`` the result is ``None``.
    """
    _check_name(name)
    value = os.environ.get(env_var(name))
    if value:
        return _decode(value, env_var(name))
    if not keyring_available():
        if required or create:
            raise _no_keyring_error(name)
        return None
    stored = _from_keyring(name)
    if stored:
        return _decode(stored, f"the keyring entry {SERVICE}/{KEY_NAMES[name]}")
    if create:
        return init_key(name)
    if required:
        raise UsageError(f"no {name} key yet: run `redactor keys init {name}` "
                         f"or set {env_var(name)}")
    return None


def init_key(name: str, *, force: bool = False) -> bytes:
    """Generate a new random key and store it in the OS keyring (never anywhere else)."""
    _check_name(name)
    if not keyring_available():
        raise _no_keyring_error(name)
    if not force and _from_keyring(name):
        raise UsageError(f"a {name} key already exists in the keyring "
                         "(use --force to replace it; data keyed with the old key then "
                         "can no longer be reproduced or revealed)")
    import keyring
    from keyring.errors import KeyringError

    raw = secrets.token_bytes(KEY_BYTES)
    try:
        keyring.set_password(SERVICE, KEY_NAMES[name], base64.b64encode(raw).decode("ascii"))
    except KeyringError as exc:
        raise UsageError(f"the OS keyring could not store the key ({type(exc).__name__})") from exc
    return raw


def key_status() -> dict[str, str]:
    """For each key: ``environment``, ``keyring``, ``missing`` or ``no keyring`` (no values)."""
    out: dict[str, str] = {}
    has_keyring = keyring_available()
    for name in KEY_NAMES:
        if os.environ.get(env_var(name)):
            out[name] = "environment"
        elif not has_keyring:
            out[name] = "no keyring"
        else:
            try:
                out[name] = "keyring" if _from_keyring(name) else "missing"
            except UsageError:
                out[name] = "keyring unreadable"
    return out


# -- CLI ---------------------------------------------------------------------------------
def configure_keys(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="keys_command", required=True)
    init = sub.add_parser("init", help="create a new random key in the OS keyring")
    init.add_argument("name", choices=sorted(KEY_NAMES), help="which key")
    init.add_argument("--force", action="store_true", help="replace an existing key")
    sub.add_parser("show-status", help="say where each key comes from (never shows a key)")


def run_keys(args: Any) -> int:
    command = getattr(args, "keys_command", None)
    if command == "init":
        init_key(args.name, force=bool(getattr(args, "force", False)))
        print(f"created the {args.name} key in the OS keyring ({SERVICE}/{KEY_NAMES[args.name]})")
        return 0
    if command == "show-status":
        backend = "available" if keyring_available() else "not available"
        print(f"OS keyring: {backend}")
        for name, where in key_status().items():
            print(f"{name:<11} {where}")
        return 0
    raise UsageError("usage: redactor keys {init NAME | show-status}")
