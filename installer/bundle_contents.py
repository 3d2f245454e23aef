"""What the app bundle leaves out of the libraries it freezes (read by redactor.spec).

Standard library only: PyInstaller's spec imports it from this folder.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

#: Faker: every locale's person names (the gender table reads them all), the other providers
#: only in the locales the pseudonym strategy writes (``LANGUAGES`` in
#: plugins/strategies/generalization/names.py, en/en_GB/en_US, and "la": the lorem
#: provider's fallback for locales it lacks); another locale forced in a strategy's options
#: falls back to en_US, as it does where Faker lacks a locale.
FAKER_LOCALES = frozenset({"en", "en_US", "en_GB", "la", "da_DK", "de_DE", "es_ES", "fi_FI",
                           "fr_FR", "it_IT", "nl_NL", "no_NO", "pl_PL", "pt_PT", "sv_SE",
                           "tr_TR"})
#: The languages of :data:`FAKER_LOCALES` (see :func:`faker_module_kept`).
FAKER_LANGUAGES = frozenset(locale.split("_")[0] for locale in FAKER_LOCALES)

#: phonenumbers: parsing and validation only; the geocoder, carrier and time-zone tables
#: (20 MB of source) are never looked up.
PHONE_UNUSED = ("phonenumbers.geodata", "phonenumbers.carrierdata", "phonenumbers.tzdata",
                "phonenumbers.geocoder", "phonenumbers.carrier", "phonenumbers.timezone")


def _faker_locale(parts: Sequence[str]) -> str | None:
    """The locale of a Faker provider module or file (path parts after ``providers``:
    ``["address", "it_IT", "__init__.py"]``), None for a provider or its own helper module
    (``color.color``, ``sbn.sbn``)."""
    if len(parts) < 3 or parts[1] == parts[0] or not re.fullmatch(r"[a-z]{2,3}(_[A-Za-z]+)*",
                                                                 parts[1]):
        return None
    return parts[1]


def faker_kept(parts: Sequence[str]) -> bool:
    """Whether a source file under ``faker/providers`` is copied into the folder: frozen Faker
    offers a provider in exactly the locales whose files it finds there (and otherwise its
    default locale); the code itself runs from the archive (:func:`faker_module_kept`)."""
    locale = _faker_locale(parts)
    return locale is None or locale in FAKER_LOCALES


def faker_module_kept(module: str) -> bool:
    """Whether a Faker module (``faker.providers.address.it_IT``) is in the archive: every
    locale's person names (the gender table imports them all), and every locale of the kept
    languages (a locale's modules import its language's others: nl_NL's lorem imports
    nl_BE's, de_DE's address imports de's)."""
    parts = [*module.split(".")[2:], "__init__"]
    locale = _faker_locale(parts)
    return locale is None or parts[0] == "person" or locale.split("_")[0] in FAKER_LANGUAGES


#: Qt plugins and libraries for embedded screens, VNC and touch devices (a caseworker's
#: desktop runs X11 or Wayland; the offscreen platform serves tests and headless runs).
QT_UNUSED = ("plugins/platforms/libqvnc", "plugins/platforms/libqlinuxfb",
             "plugins/platforms/libqeglfs", "plugins/platforms/libqminimalegl",
             "plugins/platforms/libqvkkhrdisplay", "plugins/generic/",
             "plugins/egldeviceintegrations/", "lib/libQt6EglFSDeviceIntegration",
             "lib/libQt6EglFsKmsSupport", "lib/libQt6Network")


def binary_kept(dest: str) -> bool:
    """Whether a collected binary (its path inside the bundle) stays."""
    path = dest.replace("\\", "/")
    return not ("PySide6/Qt/" in path and any(u in path for u in QT_UNUSED))


def module_kept(module: str) -> bool:
    """Whether a pure-Python module goes into the archive (hooks add whole packages)."""
    if module.startswith("faker.providers"):
        return faker_module_kept(module)
    return phone_module_kept(module)


def phone_module_kept(module: str) -> bool:
    return not module.startswith(PHONE_UNUSED)
