"""Search API keys: in the OS keyring (service ``org.redactor.search``, user = the provider's
id), or in ``REDACTOR_SEARCH_KEY_<PROVIDER>`` for headless use (the variable wins). Never in
a settings or other plain-text file.

A key read here is registered as a secret: every log record of the process (Redactor's,
httpx's, httpcore's, urllib3's …, at any level) has it replaced by ``***`` before any handler
sees it, and :func:`scrub` removes it from any text a provider returns.
"""

from __future__ import annotations

import logging
import os
import re
import threading
from typing import Any

from redactor.plugin_api import UsageError

SERVICE = "org.redactor.search"
MASK = "***"
_ID = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,63}$")
_secrets: set[str] = set()
_lock = threading.Lock()
_factory_installed = False


def env_var(provider: str) -> str:
    return "REDACTOR_SEARCH_KEY_" + re.sub(r"[^A-Z0-9]", "_", provider.upper())


def check_provider_id(provider: str) -> str:
    if not _ID.match(provider):
        raise UsageError(f"not a provider id: {provider!r} (lower-case letters, digits, -)")
    return provider


# -- redaction -----------------------------------------------------------------------------

def scrub(text: str) -> str:
    """``text`` with every registered key replaced by ``***``."""
    with _lock:
        secrets = sorted(_secrets, key=len, reverse=True)
    for s in secrets:
        if s in text:
            text = text.replace(s, MASK)
    return text


def register_secret(value: str) -> None:
    """Treat ``value`` as a secret from now on (keys shorter than 4 characters are not
    registered: they would blank out ordinary words)."""
    if len(value) >= 4:
        with _lock:
            _secrets.add(value)
    install_log_redaction()


class RedactingFilter(logging.Filter):
    """A logging filter that scrubs registered keys (for handlers added by an application)."""

    def filter(self, record: logging.LogRecord) -> bool:
        _scrub_record(record)
        return True


def _scrub_record(record: logging.LogRecord) -> None:
    if not _secrets:
        return
    try:
        message = record.getMessage()
    except Exception:  # a broken format string: keep only the template
        message = str(record.msg)
    clean = scrub(message)
    if clean != message:
        record.msg, record.args = clean, None
    if record.exc_text:
        record.exc_text = scrub(record.exc_text)


def install_log_redaction() -> None:
    """Wrap the log record factory once, so that every record — whichever logger, level or
    handler — is scrubbed when it is created."""
    global _factory_installed
    with _lock:
        if _factory_installed:
            return
        previous = logging.getLogRecordFactory()

        def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
            record = previous(*args, **kwargs)
            _scrub_record(record)
            return record

        logging.setLogRecordFactory(factory)
        _factory_installed = True


# -- keyring -------------------------------------------------------------------------------

def keyring_available() -> bool:
    """True when keyring's active backend can store secrets (not the fail/null backend)."""
    try:
        import keyring
        from keyring.backends import fail, null

        backend = keyring.get_keyring()
    except Exception:  # keyring itself broken: as if there were none
        return False
    return not isinstance(backend, fail.Keyring | null.Keyring)


def no_keyring_message(provider: str) -> str:
    return (f"no OS keyring is available on this machine; set the environment variable "
            f"{env_var(provider)} to the {provider} API key instead (keys are never stored in "
            "a plain-text file)")


def get_key(provider: str) -> str | None:
    """The key of ``provider``: the environment variable, else the keyring, else None."""
    check_provider_id(provider)
    value = os.environ.get(env_var(provider), "").strip()
    if not value and keyring_available():
        import keyring
        from keyring.errors import KeyringError

        try:
            value = (keyring.get_password(SERVICE, provider) or "").strip()
        except KeyringError as exc:
            raise UsageError(f"the OS keyring could not be read ({type(exc).__name__})") from exc
    if value:
        register_secret(value)
        return value
    return None


def set_key(provider: str, value: str) -> None:
    check_provider_id(provider)
    value = value.strip()
    if not value:
        raise UsageError("an empty key was not stored")
    register_secret(value)
    if not keyring_available():
        raise UsageError(no_keyring_message(provider))
    import keyring
    from keyring.errors import KeyringError

    try:
        keyring.set_password(SERVICE, provider, value)
    except KeyringError as exc:
        raise UsageError(f"the OS keyring could not store the key ({type(exc).__name__})") from exc


def delete_key(provider: str) -> bool:
    """Remove the keyring entry; False when there was none."""
    check_provider_id(provider)
    if not keyring_available():
        raise UsageError(no_keyring_message(provider))
    import keyring
    from keyring.errors import KeyringError, PasswordDeleteError

    try:
        keyring.delete_password(SERVICE, provider)
    except PasswordDeleteError:
        return False
    except KeyringError as exc:
        raise UsageError(f"the OS keyring could not delete the key ({type(exc).__name__})") from exc
    return True


def key_status(provider: str) -> str:
    """``environment``, ``keyring``, ``not set`` or ``no keyring`` — never the key."""
    check_provider_id(provider)
    if os.environ.get(env_var(provider), "").strip():
        return "environment"
    if not keyring_available():
        return "no keyring"
    import keyring
    from keyring.errors import KeyringError

    try:
        return "keyring" if keyring.get_password(SERVICE, provider) else "not set"
    except KeyringError:
        return "keyring unreadable"
