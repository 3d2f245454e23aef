"""The validated pattern detector (id ``patterns``): identifiers that have a shape.

CODE: e-mail, URL, IP and MAC addresses, phone, IBAN, payment card, national ID numbers (NO,
DK, SE, FI, DE, FR, UK, US, IN, PL, NL, TR, IT, ES, BE, IE), IMEI, BIC, EU VAT and passport
numbers, Nordic bank account and organisation numbers, US, Canadian and Australian tax, social
insurance, business, routing and Medicare numbers, UK PNC, CRO, prison, BRP and UAN numbers,
VINs, professional registrations, a passport's or ID card's machine-readable zone, vehicle plates (DE, TR, GB), case/application numbers, cells
and rooms, statute numbers and document references; LOC: British postcodes, coordinates and what3words addresses; DATETIME: dates,
ISO 8601 timestamps, times, date ranges, years and durations; QUANTITY: money, percentages,
counts and measures; DEM: ages; and the cells of a CSV or TSV export typed by their column's
name (``table_columns``). ``validated`` is true only when a checksum or format check
confirmed the span; a look-alike whose check failed has a ``…_LIKE`` subtype. The patterns live
in the sibling modules; this module runs them, resolves overlaps and builds the findings.

Settings section ``patterns``: ``phone_regions`` (ISO country codes whose national phone
formats are recognised; ``+`` international numbers are found whatever the list).
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Iterable, Sequence
from types import ModuleType

from redactor_plugins.detectors.patterns import table_columns
from redactor_plugins.detectors.patterns.common import (
    DEFAULT_PHONE_REGIONS,
    LANGUAGE_REGIONS,
    Hit,
)
from redactor_plugins.shared.language.detect import language_of
from redactor_plugins.shared.text_pieces import CHUNK_CHARS, paragraph_chunks

from redactor.plugin_api import (
    Document,
    Finding,
    RunContext,
    SettingsSection,
    Span,
    hookimpl,
)

#: the pattern modules; their expressions are compiled when they are imported (~0.2 s), which
#: happens in the detector's ``warm_up`` (a preload thread) or at the first search, not when
#: the plugin host starts
_MODULES = ("codes", "contact", "datetime", "schemes.document_ids", "ids", "network",
            "schemes.nordic_business_ids", "quantity", "regional", "schemes.north_american_ids",
            "schemes.australian_ids", "schemes.vehicle_ids", "schemes.uk_public_ids", "education",
            "schemes.postal_codes", "schemes.new_zealand_ids")


def pattern_modules() -> tuple[ModuleType, ...]:
    """The pattern modules, in the order of :data:`_MODULES` (imported on first use)."""
    return tuple(importlib.import_module(f"{__package__}.{name}") for name in _MODULES)


def find_hits(text: str, phone_regions: Sequence[str] = DEFAULT_PHONE_REGIONS,
              language: str | None = None) -> list[Hit]:
    """Every candidate of every pattern (overlapping); ``language``: the whole document's
    (found from ``text`` when not given)."""
    (pattern_codes, pattern_contact, pattern_datetime, pattern_documents, pattern_ids,
     pattern_network, pattern_nordic, pattern_quantity, pattern_regional, pattern_americas,
     pattern_australia, pattern_vehicles, pattern_uk_public, pattern_education,
     pattern_postal, pattern_new_zealand) = pattern_modules()
    hits: list[Hit] = []
    hits += pattern_contact.find_emails(text)
    hits += pattern_contact.find_urls(text)
    hits += pattern_contact.find_handles(text)
    hits += pattern_network.find_ips(text)
    hits += pattern_network.find_macs(text)
    hits += pattern_documents.find(text)  # first: a same-span tie goes to the named kind
    hits += pattern_nordic.find(text)
    hits += pattern_americas.find(text)
    hits += pattern_australia.find(text)
    hits += pattern_new_zealand.find(text)
    hits += pattern_vehicles.find(text)
    hits += pattern_uk_public.find(text)
    hits += pattern_ids.find_ibans(text)
    hits += pattern_ids.find_cards(text)
    hits += pattern_ids.find_national_ids(text)
    hits += pattern_ids.find_bank_details(text)
    hits += pattern_codes.find_case_numbers(text)
    hits += pattern_codes.find_reference_codes(text)
    hits += pattern_regional.find_plates(text)
    hits += pattern_regional.find_cued_plates(text)
    hits += pattern_regional.find_postcodes(text)
    hits += pattern_regional.find_po_boxes(text)
    hits += pattern_postal.find(text)
    hits += pattern_regional.find_driving_licences(text)
    hits += pattern_regional.find_nordic_addresses(text)
    hits += pattern_regional.find_coordinates(text)
    hits += pattern_regional.find_what3words(text)
    hits += pattern_datetime.find_timestamps(text)
    hits += pattern_datetime.find_dates(text)
    hits += pattern_datetime.find_expiry_dates(text)
    hits += pattern_datetime.find_times(text)
    hits += pattern_datetime.find_years(text)
    hits += pattern_datetime.find_durations(text)
    hits += pattern_quantity.find_money(text)
    hits += pattern_quantity.find_column_amounts(text)
    hits += pattern_quantity.find_percentages(text)
    hits += pattern_quantity.find_ages(text)
    hits += pattern_quantity.find_school_years(text)
    hits += pattern_quantity.find_measures(text)
    hits += pattern_quantity.find_counts(text)
    hits += pattern_education.find_courses(text)
    hits += pattern_contact.find_phones(text, phone_regions, language)
    return hits


def resolve(hits: Iterable[Hit]) -> list[Hit]:
    """Non-overlapping hits: lower rank first, then validated, then longer, then earlier."""
    ordered = sorted(hits, key=lambda h: (h.rank, not h.validated, -len(h), h.start))
    used = bytearray(max((h.end for h in ordered), default=0))  # 1 = character taken
    taken: list[Hit] = []
    for hit in ordered:
        if hit.end <= hit.start or any(used[hit.start : hit.end]):
            continue
        used[hit.start : hit.end] = b"\x01" * len(hit)
        taken.append(hit)
    return sorted(taken, key=lambda h: (h.start, h.end))


def detect_text(text: str, phone_regions: Sequence[str] = DEFAULT_PHONE_REGIONS,
                detector: str = "patterns", language: str | None = None) -> list[Finding]:
    """The findings for ``text`` (what :meth:`PatternDetector.detect` returns), searched piece
    by piece (:func:`paragraph_chunks`); ``language``: the text's, when the caller knows it."""
    hits: list[Hit] = list(table_columns.find_cells(text))  # a CSV's columns: the whole text
    for start, end in paragraph_chunks(text, CHUNK_CHARS):
        hits += [dataclasses.replace(h, start=h.start + start, end=h.end + start)
                 for h in find_hits(text[start:end], phone_regions, language)]
    return [
        Finding(Span(h.start, h.end), h.label, text[h.start : h.end], subtype=h.subtype,
                score=h.score, detector=detector, validated=h.validated,
                explanation=h.explanation)
        for h in resolve(hits)
    ]


class PatternDetector:
    id = "patterns"
    version = "1.0"

    def warm_up(self, ctx: RunContext) -> None:
        """Compile the patterns and load the phone regions' numbering plans ahead of use
        (Pipeline.preload: in a thread of its own while the models load). Not ``prepare``:
        the desktop app takes a detector with ``prepare`` for one with a model, and shows
        this detector's findings before any model loads."""
        contact = pattern_modules()[1]
        contact.warm_up(_regions(ctx))

    def detect(self, doc: Document, ctx: RunContext) -> list[Finding]:
        regions = _regions(ctx)
        language = language_of(doc.text)  # (English: the setting's regions as they are)
        own = LANGUAGE_REGIONS.get(language, ()) if language != "en" else ()
        regions = (*regions, *(r for r in own if r not in regions))  # a Spanish text's "612
        # 345 678" is a Spanish mobile, a Portuguese text's "(11) 91234-5678" a Brazilian one
        ctx.check()
        return detect_text(doc.text, regions, self.id, language)  # (told once a document)


def _regions(ctx: RunContext) -> tuple[str, ...]:
    """The ``phone_regions`` setting (a list, or a comma-separated string)."""
    regions = ctx.settings.get("patterns", "phone_regions", None)
    if not regions:
        return DEFAULT_PHONE_REGIONS
    if isinstance(regions, str):
        return tuple(r.strip() for r in regions.split(","))
    return tuple(regions)


@hookimpl
def register_detectors(register):  # type: ignore[no-untyped-def]
    register(PatternDetector())


@hookimpl
def register_settings(register):  # type: ignore[no-untyped-def]
    register(SettingsSection(
        "patterns",
        {"phone_regions": list(DEFAULT_PHONE_REGIONS)},
        "Pattern detector: regions whose national phone number formats are recognised",
    ))
