"""Words that come in forms (masculine, feminine[, neuter]) — jobs, nationalities — written
as "commesso/commessa idraulico/idraulica …", and another word in the same form as one given
("commessa" → "parrucchiera", "française" → "italienne")."""

from __future__ import annotations

__all__ = ["forms_table", "other_in_form"]


def forms_table(spec: dict[str, str]) -> dict[str, tuple[tuple[str, ...], ...]]:
    """language → its rows of forms, from "a/b c/d …" strings per language."""
    return {lang: tuple(tuple(row.split("/")) for row in rows.split())
            for lang, rows in spec.items()}


def other_in_form(word: str, rows: tuple[tuple[str, ...], ...], pick: int,
                  plural_s: bool = False) -> str | None:
    """Another row's word in ``word``'s form (``pick`` chooses among the rows; with
    ``plural_s`` a word ending in an "s" its form lacks is a plural and stays one: "marocains"
    → "belges"), capitalised as ``word``; None when ``word`` is in no row."""
    low = word.strip().casefold()
    for i, row in enumerate(rows):
        for form, value in enumerate(row):
            plural = plural_s and low == value.casefold() + "s" and not value.endswith("s")
            if low != value.casefold() and not plural:
                continue
            others = [r[form] for j, r in enumerate(rows) if j != i and low not in r]
            if not others:
                return None
            other = others[pick % len(others)]
            if plural and not other.endswith("s"):
                other += "s"
            return other[:1].upper() + other[1:] if word.strip()[:1].isupper() else other
    return None
