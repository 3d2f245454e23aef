"""Search providers' API keys for the settings page: stored in the OS keyring under the
``search`` plugin's convention — service ``org.redactor.search``, user = the provider's id —
so that the plugin (and ``redactor search-keys``) find them; or set in the environment
(``REDACTOR_SEARCH_KEY_<PROVIDER>``, which wins). Never in a settings file, never shown,
never logged: every function returns a message for the user or a status, not the key.
"""

from __future__ import annotations

import os
import re

SERVICE = "org.redactor.search"
_ID = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,63}$")
NO_KEYRING = ("No system keyring is available on this computer, so the key was not stored. "
              "Install or unlock a keyring (e.g. GNOME Keyring, KWallet, Windows Credential "
              "Manager or macOS Keychain), or set the environment variable {var} instead.")
STATUS_WORDS = {"environment": "set (environment variable)", "keyring": "set (system keyring)",
                "not set": "not set", "no keyring": "not set (no system keyring)",
                "keyring unreadable": "unknown (the keyring could not be read)"}


def env_var(provider: str) -> str:
    """The environment variable that holds ``provider``'s key on headless machines."""
    return "REDACTOR_SEARCH_KEY_" + re.sub(r"[^A-Z0-9]", "_", provider.upper())


def valid_provider(provider: str) -> bool:
    return bool(_ID.match(provider))


def keyring_available() -> bool:
    """True when keyring's active backend can store secrets (not the fail/null backend)."""
    try:
        import keyring
        from keyring.backends import fail, null

        backend = keyring.get_keyring()
    except Exception:  # keyring itself broken: as if there were none
        return False
    return not isinstance(backend, fail.Keyring | null.Keyring)


def key_status(provider: str) -> str:
    """``environment``, ``keyring``, ``not set``, ``no keyring`` or ``keyring unreadable``."""
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


def store_key(provider: str, value: str) -> str:
    """Store ``value`` as ``provider``'s key (an empty value deletes it); a message back."""
    provider = provider.strip()
    if not provider:
        return "Choose a provider first."
    if not valid_provider(provider):
        return f"{provider!r} is not a provider id (lower-case letters, digits, - . _)."
    value = value.strip()
    if not value:
        return delete_key(provider)
    if not keyring_available():
        return NO_KEYRING.format(var=env_var(provider))
    import keyring
    from keyring.errors import KeyringError

    try:
        keyring.set_password(SERVICE, provider, value)
    except KeyringError as exc:
        return f"The keyring refused the key ({type(exc).__name__}); it was not stored."
    return f"The key for {provider} is stored in the system keyring."


def delete_key(provider: str) -> str:
    """Remove ``provider``'s key from the keyring; a message back."""
    if not keyring_available():
        return NO_KEYRING.format(var=env_var(provider)).replace("stored", "changed")
    import keyring
    from keyring.errors import KeyringError, PasswordDeleteError

    try:
        keyring.delete_password(SERVICE, provider)
    except PasswordDeleteError:
        return f"No key for {provider} was stored in the system keyring."
    except KeyringError as exc:
        return f"The keyring could not delete the key ({type(exc).__name__})."
    return f"The key for {provider} was removed from the system keyring."
