"""The cells of a delimited table (a CSV or TSV export read as text, or a DOCX table, whose
cells the reader parts by tabs), typed by their column's name: "surname", "forename", "worker" → PERSON; "dob", "… date" → DATETIME; "postcode",
"address" → LOC; "school", "employer" → ORG; "… id", "nhs number", "email" → CODE;
"ethnicity", "religion" → DEM; "referral reason", "diagnosis" → MISC. A model reads such rows
as broken prose ("Hussain", "Amira" were places, "CP-1041" a DEM); the column says what a
cell is. Columns of no known name are left to the other detectors, and so is a cell that a
pattern of its own matches (a validated postcode, a date: their rank is lower).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from redactor_plugins.detectors.patterns.common import RANK_WEAK, Hit
from redactor_plugins.shared.text_pieces import delimited_table, tab_tables

from redactor.plugin_api import Label

__all__ = ["column_kind", "column_type", "find_cells", "typed_cells"]

#: column names, as written once lower-cased and with "_" and "-" as spaces
_PERSON = frozenset("""name surname forename forenames firstname lastname worker keyworker
    caseworker officer manager parent mother father carer guardian client patient child pupil
    student employee author referrer""".split()) | {
    "first name", "last name", "given name", "given names", "family name", "full name",
    "middle name", "maiden name", "social worker", "key worker", "case worker",
    "allocated worker", "contact name", "gp name", "lead professional"}
#: a surname's and a given name's columns (a pseudonym keeps which it is)
_SURNAME = frozenset({"surname", "lastname", "last name", "family name", "maiden name"})
_GIVEN_NAME = frozenset({"forename", "forenames", "firstname", "first name", "given name",
                         "given names", "middle name"})
_DATE = frozenset({"dob", "d.o.b", "date of birth", "birth date", "birthdate", "date", "created",
                   "opened", "closed", "time", "timestamp", "date opened", "date closed"})
_PLACE = frozenset({"postcode", "post code", "postal code", "zip", "zip code", "address",
                    "address line 1", "address line 2", "street", "town", "city", "county",
                    "location", "place of birth", "area"})
_BODY = frozenset({"school", "employer", "company", "organisation", "organization", "agency",
                   "practice", "gp practice", "hospital", "nursery", "college", "provider"})
_CODE = frozenset({"id", "ref", "reference", "case number", "case no", "nhs number", "nhs no",
                   "ni number", "nino", "upn", "mrn", "chi", "phone", "telephone", "mobile",
                   "tel", "email", "e mail", "account", "account number", "sort code"})
_DEM = {"nationality": "NATIONALITY", "ethnicity": "ETHNICITY", "religion": "RELIGION",
        "gender": "", "sex": "", "occupation": "OCCUPATION", "age": "AGE", "language": "LANGUAGE",
        "first language": "LANGUAGE", "disability": "HEALTH", "marital status": ""}
_MISC = frozenset({"reason", "referral reason", "category", "concern", "concerns", "diagnosis",
                   "condition", "outcome", "allegation", "offence", "need", "needs"})
#: the same column names in French, Spanish, Italian, Portuguese, German, Dutch, Polish and the
#: Nordic languages (a French list's "Nom" had read an organisation), lower case
_PERSON |= {"nom", "nom de famille", "nombre", "nome", "naam", "nazwisko i imię", "navn",
            "namn", "nom et prénom", "nombre y apellidos"}
_SURNAME |= {"nom de famille", "apellido", "apellidos", "cognome", "apelido", "nachname",
             "familienname", "achternaam", "nazwisko", "etternavn", "efternavn", "efternamn"}
_GIVEN_NAME |= {"prénom", "prénoms", "nome proprio", "primeiro nome", "vorname", "voornaam",
                "imię", "fornavn", "förnamn"}
_PERSON |= _SURNAME | _GIVEN_NAME
_DATE |= {"date de naissance", "fecha de nacimiento", "data di nascita", "data de nascimento",
          "geburtsdatum", "geboortedatum", "data urodzenia", "fødselsdato", "födelsedatum",
          "date", "fecha", "datum"}
_PLACE |= {"adresse", "dirección", "domicilio", "indirizzo", "morada", "anschrift", "adres",
           "code postal", "código postal", "cap", "plz", "postleitzahl", "kod pocztowy",
           "postnummer", "ville", "ciudad", "città", "cidade", "stadt", "woonplaats",
           "miejscowość", "poststed", "ort"}
_BODY |= {"école", "établissement", "escuela", "colegio", "scuola", "escola", "schule",
          "basisschool", "szkoła", "skole", "skola", "employeur", "empresa", "arbeitgeber",
          "werkgever"}
_CODE |= {"téléphone", "teléfono", "telefono", "telefone", "telefon", "telefoon", "courriel",
          "correo", "e-mail", "numéro", "número", "numero", "nummer", "numer"}
_DEM.update({"nationalité": "NATIONALITY", "nacionalidad": "NATIONALITY",
             "nazionalità": "NATIONALITY", "nacionalidade": "NATIONALITY",
             "staatsangehörigkeit": "NATIONALITY", "nationaliteit": "NATIONALITY",
             "obywatelstwo": "NATIONALITY", "profession": "OCCUPATION", "profesión":
             "OCCUPATION", "professione": "OCCUPATION", "profissão": "OCCUPATION", "beruf":
             "OCCUPATION", "beroep": "OCCUPATION", "zawód": "OCCUPATION", "âge": "AGE",
             "edad": "AGE", "età": "AGE", "idade": "AGE", "alter": "AGE", "leeftijd": "AGE",
             "wiek": "AGE"})
#: a cell that holds nothing
_EMPTY = re.compile(r"(?i)|n/?a|none|nil|unknown|-+|\?")
#: a quoted cell or a plain one, up to the delimiter (``{d}``) or the line's end
_CELL = r'"(?:[^"]|"")*"|[^{d}\n]*'


def column_kind(name: str) -> tuple[Label, str] | None:
    """The (label, subtype) of a column's cells, by its name ("referral_reason" → MISC); None
    for a name the table does not know."""
    key = re.sub(r"[_\-]+", " ", name.strip().strip('"').casefold()).strip()
    key = re.sub(r"\s+", " ", key)
    if key in _SURNAME:
        return Label.PERSON, "SURNAME"
    if key in _GIVEN_NAME:
        return Label.PERSON, "GIVEN_NAME"
    if key in _PERSON or key.endswith(" name") and key.split()[0] not in (
            "school", "company", "organisation", "practice", "street", "town", "team"):
        return Label.PERSON, "NAME"
    if key in _DATE or key.endswith(" date") or key.startswith("date "):
        return Label.DATETIME, "DATE"
    if key in _PLACE:
        return Label.LOC, "POSTCODE" if "code" in key or key == "zip" else ""
    if key in _BODY or key.endswith(" school"):
        return Label.ORG, ""
    if key in _CODE or key.endswith((" id", " number", " no", " ref")):
        return Label.CODE, ""
    if key in _DEM:
        return Label.DEM, _DEM[key]
    if key in _MISC or key.endswith(" reason"):
        return Label.MISC, ""
    return None


def find_cells(text: str) -> Iterable[Hit]:
    """One hit per filled cell of a known column, when ``text`` is a delimited table (the
    first line names the columns), or in each table with tabs between its cells inside a
    longer text (a DOCX table: "Surname⇥Forename⇥DOB" over its rows)."""
    delim = delimited_table(text)
    if delim:
        yield from _table_cells(text, delim, 0, len(text))
        return
    for start, end in tab_tables(text):
        yield from _table_cells(text, "\t", start, end)


@lru_cache(maxsize=4)
def typed_cells(text: str) -> dict[tuple[int, int], tuple[Label, str]]:
    """(start, end) of each filled cell of a known column → its (label, subtype): the other
    detectors take the column's word for a cell they found whole ("Paris" in a "Forename"
    column is a person, though the lists and the model say a city)."""
    return {(h.start, h.end): (h.label, h.subtype) for h in find_cells(text)}


def column_type(text: str, start: int, end: int, label: Label, subtype: str
                ) -> tuple[Label, str]:
    """The (label, subtype) a detector's finding at ``[start, end)`` takes: its column's when
    it is a cell of a known column (its own subtype kept where the column names only the
    label: an ORG/SCHOOL in a "School" column), else its own."""
    column = typed_cells(text).get((start, end))
    if column is None:
        return label, subtype
    return column[0], column[1] or (subtype if column[0] == label else "")


def _table_cells(text: str, delim: str, start: int, end: int) -> Iterable[Hit]:
    cell = re.compile(_CELL.format(d=re.escape(delim)))
    lines = [(m.start(), m.group(0)) for m in re.compile(r"[^\n]+").finditer(text, start, end)]
    kinds = [column_kind(value) for _s, _e, value in _cells(cell, delim, *lines[0])]
    for offset, line in lines[1:]:
        for col, (start, end, value) in enumerate(_cells(cell, delim, offset, line)):
            kind = kinds[col] if col < len(kinds) else None
            bare = value.strip().strip('"').strip()
            if kind is None or _EMPTY.fullmatch(bare):
                continue
            at = text.index(bare, start, end)
            yield Hit(at, at + len(bare), kind[0], kind[1], 0.99,
                      "a cell of a table's column named for its kind", RANK_WEAK)


def _cells(cell: re.Pattern[str], delim: str, offset: int,
           line: str) -> list[tuple[int, int, str]]:
    """(start, end, text) of each cell of one line, the offsets in the whole text."""
    out, at = [], 0
    while at <= len(line):
        m = cell.match(line, at)
        if m is None:
            break
        out.append((offset + m.start(), offset + m.end(), m.group(0)))
        if m.end() >= len(line) or line[m.end()] != delim:
            break
        at = m.end() + 1
    return out
