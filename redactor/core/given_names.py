"""Given names and the sex they usually mark, read from Faker's person providers of every
locale (bundled with Redactor; nothing is downloaded). Loaded on first use (~0.3 s).

Used by coreference ("Mrs Holloway" is Margaret Anne Holloway, not her son Daniel Holloway)
and, through :mod:`redactor.plugin_api`, by the pseudonym strategy (a woman's name for a
woman's).
"""

from __future__ import annotations

import importlib
import pkgutil
import unicodedata
from functools import cache


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


@cache
def name_votes() -> dict[str, tuple[int, int, int]]:
    """Name (case-folded) → (locales listing it as a male first name, as a female first name,
    as a last name)."""
    import faker.providers.person as person

    votes: dict[str, list[int]] = {}
    for mod in pkgutil.iter_modules(person.__path__):
        try:
            provider = importlib.import_module(f"{person.__name__}.{mod.name}").Provider
        except Exception:  # noqa: S112 - a broken locale just contributes no names
            continue
        for i, attr in enumerate(("first_names_male", "first_names_female", "last_names")):
            for n in set(getattr(provider, attr, ()) or ()):
                votes.setdefault(_fold(n), [0, 0, 0])[i] += 1
    return {n: (v[0], v[1], v[2]) for n, v in votes.items()}


@cache
def gender_table() -> dict[str, str]:
    """First name (case-folded) → ``male``/``female``; names some locale lists under both
    genders are left out."""
    return {n: "male" if m else "female" for n, (m, f, _last) in name_votes().items()
            if bool(m) != bool(f)}
