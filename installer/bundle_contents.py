"""What the app bundle leaves out of the libraries it freezes (read by redactor.spec).

Standard library only: PyInstaller's spec imports it from this folder.
"""

from __future__ import annotations

from collections.abc import Sequence

#: Faker: every locale's person names (the gender table reads them all), the other providers
#: only in the locales the pseudonym strategy writes (``LANGUAGES`` in
#: plugins/strategies/generalization/names.py, and en/en_GB/en_US); another locale forced in
#: a strategy's options falls back to en_US, as it does where Faker lacks a locale.
FAKER_LOCALES = frozenset({"en", "en_US", "en_GB", "da_DK", "de_DE", "es_ES", "fi_FI",
                           "fr_FR", "it_IT", "nl_NL", "no_NO", "pl_PL", "pt_PT", "sv_SE",
                           "tr_TR"})

#: phonenumbers: parsing and validation only; the geocoder, carrier and time-zone tables
#: (20 MB of source) are never looked up.
PHONE_UNUSED = ("phonenumbers.geodata", "phonenumbers.carrierdata", "phonenumbers.tzdata",
                "phonenumbers.geocoder", "phonenumbers.carrier", "phonenumbers.timezone")


def faker_kept(parts: Sequence[str]) -> bool:
    """Whether a module or file under ``faker/providers`` stays, given its path parts after
    ``providers`` (``["address", "it_IT", "__init__.py"]``)."""
    return len(parts) < 3 or parts[0] == "person" or parts[1] in FAKER_LOCALES


def faker_module_kept(module: str) -> bool:
    """:func:`faker_kept` for a dotted module name (``faker.providers.address.it_IT``)."""
    return faker_kept([*module.split(".")[2:], "__init__"])


def phone_module_kept(module: str) -> bool:
    return not module.startswith(PHONE_UNUSED)
