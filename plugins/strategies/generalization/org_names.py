"""Made-up names for organisations that keep what the original says it is: a prison's form
("HM Prison <town>"), a company's legal form ("<surname> Limited"), an institution's kind
("<town> Borough Council", "<town> Food Bank", "University of <town>"), a party's or a
ministry's name from a list (used by the ``pseudonym`` strategy)."""

from __future__ import annotations

import random
import re

from redactor_plugins.shared.names.org_forms import (
    CARE_FORM,
    CONTINENTAL_KIND,
    LEGAL_FORM,
    PRISON_FORM,
)
from redactor_plugins.strategies.generalization.names import faker_with
from redactor_plugins.strategies.generalization.places import lookup

__all__ = ["a_town", "names_an_org", "org_like", "org_parts"]

#: what an organisation's name keeps in its pseudonym: a prison's form ("HM Prison …") and a
#: company's legal form, a firm's or a place of care's word at its end ("… Limited", "… A/S",
#: "… Solicitors", "… Surgery")
_PRISON_FORM = re.compile(rf"^({PRISON_FORM})\s+(?=\S)")
_LEGAL_FORM = re.compile(rf"\s({LEGAL_FORM}|{CARE_FORM})$")
_CARE_FORM = re.compile(rf"\s{CARE_FORM}$")
#: an institution's kind word, kept with a made-up town ("Bradford Council" → "<town> Council",
#: "University of Bergen" → "University of <town>", "Stanage Ward" → "<town> Ward"), with the
#: words that qualify it ("Leeds City Council" → "<town> City Council", "Springfield Police
#: Department" → "<town> Police Department"; they read "<town> Council", "<town> Department");
#: a party keeps "Party" with a made-up party name, a ministry "Ministry of" with another
#: portfolio
_KIND_AFTER = re.compile(
    r"\s((?:(?:City|County|Borough|District|Metropolitan|Police|Fire|Ambulance|Health|Social"
    r"|Crown|Magistrates['’]?|Family|Youth|Probation|Housing|Parish|Town)\s+)*"
    r"(?:Party|Council|University|College|School|Academy|Police|Constabulary|Court|Tribunal"
    r"|Library|Museum|Airport|Cathedral|Church|Club|Association|Society|Foundation|Trust"
    r"|Institute|Union|Federation|League|Orchestra|Choir|Mosque|Synagogue|Temple|Gurdwara"
    r"|Chapel|Mandir|(?:Food\s+)?Bank|(?:Civic\s+|Community\s+|Leisure\s+|Day\s+)?Cent(?:re|er)"
    r"|Services|Service|Agency|Authority|Board|Committee|Commission|Partnership|Project|Charity"
    r"|Home|House|Station|Office|Unit|Team|Network|Hub|Hall|Market|Clinic|Department|Jail"
    r"|skole|skule|barnehage|skola|förskola|børnehave|Hospital|Klinikum|Krankenhaus"
    r"|Directorate|Division|Ward|Wing|HSCP"
    r"|(?:Council\s+)?(?:Adults?['’]?\s+|Children['’]s\s+)?Social\s+(?:Care|Work)))$")
_KIND_OF = re.compile(r"^(?:the\s+)?((?:University|College|Council|Museum|Bank|Church|Diocese"
                      r"|Municipality|County|City|Port|Ministry)\s+of\s+(?:the\s+)?)(?=\S)")
#: a kind word before a place ("Police Scotland" → "Police <town>", "NAV Oslo" → "NAV <town>";
#: it read "Andersen-Lund Gruppen")
_KIND_BEFORE = re.compile(r"^((?:Police|Garda|Politiet|Polizei|NHS|NAV|Jobcenter|Kommune|"
                          r"Bydel|Fylkesmannen|Statsforvalteren|Amtsgericht|Landgericht"
                          r"|Oberlandesgericht|Grundschule|Gesamtschule|Realschule|Hauptschule"
                          r"|Gymnasium|Förderschule|Oberschule|Kita|Jugendamt)\s+)(?=[A-ZÆØÅÄÖÜ])")
#: a continental institution's kind before the place or person it is named after ("Tribunal
#: judiciaire de Lyon" → "Tribunal judiciaire de <town>", "Centre hospitalier Saint-Joseph";
#: they read "Brunet Vasseur S.A.R.L.", a company)
_CONTINENTAL_KIND = re.compile(
    rf"^({CONTINENTAL_KIND}(?:\s+n\.?\s?[º°o]\.?\s*\d+)?"
    r"(?:\s+(?:de|di|du|des|della|del|van|w|dla)|\s+d['’](?=[A-ZÀ-Ý]))?\s*)(?=[A-ZÀ-ÝŁŚŻ])")
_PARTIES = ("Liberal", "Progressive", "Reform", "Unity", "Democratic", "Green", "Labour",
            "Conservative", "Agrarian", "People's", "Independence", "Civic")
_PORTFOLIOS = ("Finance", "Justice", "Health", "Defence", "Education", "Transport", "Culture",
               "Agriculture", "Trade", "the Interior", "Labour", "Fisheries")


def a_town(text: str) -> bool:
    """An organisation's mention that is only a city's or town's name (the model's ORG for
    "Rotterdam" in "the Rotterdam warehouse")."""
    place = lookup(text.strip())
    return place is not None and place.kind in ("city", "town")


def names_an_org(text: str) -> bool:
    """A name in capitalised words that ends in an institution's kind or a legal form
    ("Document Examination Unit", "Calder Access Ltd"): an organisation, whatever a model
    typed it."""
    words = text.split()
    return len(words) >= 2 and all(w[:1].isupper() or w in ("of", "and", "for", "the", "&")
                                   for w in words) and not text.isupper() and bool(
        _KIND_AFTER.search(text) or _LEGAL_FORM.search(text))


def org_parts(text: str) -> tuple[str, str, str]:
    """(kept form before, name, kept form after) of an organisation's name (a bracketed
    aside at its end left out):
    ("HM Prison ", "Wymott", ""), ("", "Postel Properties", " Limited"), ("", "Avonmouth",
    " docks"), ("", "Acme", "")."""
    aside = _ASIDE.search(text)  # "First-tier Tribunal (Immigration and Asylum Chamber)":
    if aside and aside.start() > 0:  # the kind is before the brackets, which go
        text = text[:aside.start()]
    prison = _PRISON_FORM.match(text) or _KIND_OF.match(text) or _KIND_BEFORE.match(
        text) or _CONTINENTAL_KIND.match(text)
    if prison:
        kept = text[:prison.end(1)]
        kept = kept if kept.endswith(("'", "’")) else kept.rstrip() + " "  # "d'Orléans"
        return kept, text[prison.end(1):].strip(), ""
    form = _LEGAL_FORM.search(text) or _KIND_AFTER.search(text)
    if form and form.start() > 0:
        return "", text[:form.start()], text[form.start():]
    tail = _COMMON_TAIL.fullmatch(text)
    if tail:  # a place's name and a common noun ("Avonmouth docks"): the noun stays
        return "", tail.group(1), tail.group(2)
    return "", text, ""


_ASIDE = re.compile(r"\s*\([^()]*\)$")
#: capitalised words, then lower-case ones: a name and what it is ("Avonmouth docks")
_COMMON_TAIL = re.compile(r"((?:[A-Z][\w'.-]*\s+)*[A-Z][\w'.-]*)((?:\s+[a-z][\w'-]*)+)")


def org_like(before: str, after: str, rng: random.Random, locale: str) -> str:
    """The made-up name for :func:`org_parts`' middle: a town for a prison, a place of care or
    an institution of a kind ("HM Prison <town>", "<town> Surgery", "<town> Council",
    "University of <town>", "<town> docks"), a party's or a ministry's name from a list, a
    surname before a
    legal form ("<surname> Limited", "<surname> Solicitors"), else a made-up company."""
    fake = faker_with(locale, rng)
    if after == " Party":
        return rng.choice(_PARTIES)
    if before.startswith(("Ministry", "the Ministry")):
        return rng.choice(_PORTFOLIOS)
    if before or _CARE_FORM.search(after) or _KIND_AFTER.search(after) or after.islower():
        return str(fake.city())
    if after:
        return str(fake.last_name())
    return str(fake.company())
