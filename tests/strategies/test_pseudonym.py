"""The ``pseudonym`` strategy: consistency, gender, locale, keys, collisions, other types."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from redactor_plugins.strategies.generalization.text import fold
from redactor_plugins.strategies.pseudonym import PseudonymStrategy, detect_locale, gender_table
from strategy_helpers import make_doc, replace_all

from redactor.plugin_api import RunContext

TEXT = ("Mr Galip Yalman lodged the application. Yalman said that Galip had never met "
        "G. Yalman's lawyer. Mrs Ayse Demir, his neighbour, agreed with Yalman.")
ITEMS = [("Mr Galip Yalman", "PERSON"), ("[Yalman] said", "PERSON"), ("[Galip] had", "PERSON"),
         ("[G. Yalman's] lawyer", "PERSON"), ("Mrs Ayse Demir", "PERSON"),
         ("with [Yalman].", "PERSON")]


def pseudonyms(text: str = TEXT, items: list[tuple[str, str]] = ITEMS,
               ctx: RunContext | None = None, doc_id: str = "d1",
               options: dict[str, str] | None = None) -> list[str]:
    doc = make_doc(text, items, doc_id)
    return replace_all(PseudonymStrategy(), doc, ctx or RunContext(), options=options)[1]


def test_all_forms_of_a_name_map_consistently() -> None:
    full, surname, first, initial, other, surname2 = pseudonyms()
    title, fake_first, fake_last = full.split(" ", 2)
    assert title == "Mr"
    assert surname == surname2 == fake_last
    assert first == fake_first
    assert initial == f"{fake_first[0]}. {fake_last}'s"
    assert other.startswith("Mrs ") and fake_last not in other
    for original in ("Galip", "Yalman", "Ayse", "Demir"):
        assert all(original not in p for p in (full, surname, first, initial, other))


def test_consistent_across_documents_of_a_batch() -> None:
    ctx = RunContext()
    first_doc = pseudonyms(ctx=ctx)
    second = pseudonyms("Later, Galip Yalman wrote to Yalman's bank.",
                        [("Galip Yalman", "PERSON"), ("[Yalman's] bank", "PERSON")], ctx,
                        doc_id="d2")
    fake_first, fake_last = first_doc[0].split(" ", 2)[1:]
    assert second == [f"{fake_first} {fake_last}", f"{fake_last}'s"]


def test_different_people_get_different_names() -> None:
    names = [f"Person{i} Surname{i}" for i in range(30)]
    text = ". ".join(names) + "."
    out = pseudonyms(text, [(n, "PERSON") for n in names])
    assert len(set(out)) == len(out)
    assert len({o.split()[-1] for o in out}) == len(out)


def test_gender_from_title_and_first_name() -> None:
    table = gender_table()
    for _ in range(5):
        male, female, by_name_f, by_name_m = pseudonyms(
            "Mr Zorbo Quax met Mrs Zirba Quux, Mary Smith and John Brown.",
            [("Mr Zorbo Quax", "PERSON"), ("Mrs Zirba Quux", "PERSON"),
             ("Mary Smith", "PERSON"), ("John Brown", "PERSON")])
        assert table.get(fold(male.split()[1])) in ("male", None)
        assert table.get(fold(female.split()[1])) in ("female", None)
        assert table.get(fold(by_name_f.split()[0])) in ("female", None)
        assert table.get(fold(by_name_m.split()[0])) in ("male", None)
    assert table["mary"] == "female" and table["john"] == "male"


NORWEGIAN = ("Galip Yalman ble født i Ankara og har bodd i Norge siden 1990. Han sier at "
             "han ikke kjente til vedtaket, og at det var feil av kommunen å avslå søknaden.")


def test_locale_detection() -> None:
    assert detect_locale(NORWEGIAN) == "no_NO"
    assert detect_locale("The applicant was born in 1950 and lives in Ankara. He is a "
                         "lawyer and has been the head of the association since 1990.") == "en_US"
    assert detect_locale("Der Beschwerdeführer wurde in Ankara geboren und ist seit 1990 "
                         "in der Schweiz, wo er mit seiner Familie lebt und arbeitet.") == "de_DE"
    assert detect_locale("Sökanden föddes i Ankara och har bott i Sverige sedan 1990. Han "
                         "säger att han inte kände till beslutet och att det var fel.") == "sv_SE"
    assert detect_locale("ok") == "en_US"
    # British: a postcode, or two British spellings — a Leeds address had become a US one
    assert detect_locale("She lives at Flat 3, 27 Wellington Road, Leeds LS12 4QT, with her "
                         "husband and the two children of the family.") == "en_GB"
    assert detect_locale("The organisation ran a programme at the centre for the children "
                         "of the town and their families.") == "en_GB"
    assert detect_locale("The organization ran a program at the center for the children "
                         "of the town and their families.") == "en_US"


def test_a_british_address_becomes_a_british_address() -> None:
    from redactor_plugins.strategies.generalization.places import UK_STREETS

    text = "Address: Flat 3, 27 Wellington Road, Leeds LS12 4QT. She lives there with her son."
    (out,) = pseudonyms(text, [("Flat 3, 27 Wellington Road, Leeds LS12 4QT", "LOC")])
    assert re.search(r"[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$", out), out  # a British postcode
    assert any(f" {s}," in out for s in UK_STREETS), out  # a British street's last word


def test_norwegian_names_in_a_norwegian_text() -> None:
    from faker.providers.person.no_NO import Provider

    (out,) = pseudonyms(NORWEGIAN, [("Galip Yalman", "PERSON")])
    first, last = out.split(" ", 1)
    assert first in Provider.first_names_male or first in Provider.first_names
    assert last in Provider.last_names


def test_locale_option_wins() -> None:
    from faker.providers.person.de_DE import Provider

    (out,) = pseudonyms(NORWEGIAN, [("Galip Yalman", "PERSON")], options={"locale": "de_DE"})
    assert out.split(" ", 1)[1] in Provider.last_names


def test_same_key_same_pseudonyms_different_key_different(monkeypatch: pytest.MonkeyPatch,
                                                           env_keys: dict[str, str]) -> None:
    a = pseudonyms()
    b = pseudonyms()  # a fresh run (new context) with the same key
    assert a == b
    names = [f"Name{i} Family{i}" for i in range(6)]
    text = ". ".join(names)
    items = [(n, "PERSON") for n in names]
    first = pseudonyms(text, items)
    from key_helpers import new_key

    monkeypatch.setenv("REDACTOR_KEY_PSEUDONYM", new_key())
    other = pseudonyms(text, items)
    assert first != other


def test_key_from_keyring(memory_keyring: object) -> None:
    from redactor_plugins.strategies.keys import init_key

    init_key("pseudonym")
    assert pseudonyms() == pseudonyms()


def test_no_key_gives_fresh_random_pseudonyms(fail_keyring: None,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REDACTOR_KEY_PSEUDONYM", raising=False)  # no key from anywhere (one
    # run in 120 had found one and given the same names twice)
    names = [f"Name{i} Family{i}" for i in range(6)]
    text = ". ".join(names)
    items = [(n, "PERSON") for n in names]
    assert pseudonyms(text, items) != pseudonyms(text, items)


def test_pseudonyms_never_collide_with_names_in_the_document(env_keys: dict[str, str]) -> None:
    from faker.providers.person.en_US import Provider

    (taken,) = pseudonyms("Galip Yalman was there.", [("Galip Yalman", "PERSON")])
    # A document that also mentions the very names the key would choose, and many others.
    crowd = " ".join(list(Provider.last_names)[:400] + list(Provider.first_names)[:400])
    text = f"Galip Yalman was there with {taken}. {crowd}."
    (out,) = pseudonyms(text, [("Galip Yalman", "PERSON")])
    words = {fold(w) for w in re.findall(r"\w+", text)}
    assert out != taken
    assert not any(fold(w) in words for w in out.split())


def test_other_types_keep_their_type_and_shape(env_keys: dict[str, str]) -> None:
    text = ("Case 36110/97 of AB-1234-x: on 6 January 2022 and on 2022-01-20 she paid "
            "3,200 euros in Oslo to Acme Widgets Ltd; the Norwegian lawyer agreed.")
    out = pseudonyms(text, [("36110/97", "CODE"), ("AB-1234-x", "CODE"),
                            ("6 January 2022", "DATETIME"), ("2022-01-20", "DATETIME"),
                            ("3,200 euros", "QUANTITY"), ("Oslo", "LOC"),
                            ("Acme Widgets Ltd", "ORG"), ("Norwegian", "DEM"), ("lawyer", "DEM")])
    code1, code2, date1, date2, money, place, org, dem, job = out
    assert re.fullmatch(r"\d{5}/\d{2}", code1) and code1 != "36110/97"
    assert re.fullmatch(r"[A-Z]{2}-\d{4}-[a-z]", code2) and code2 != "AB-1234-x"
    assert re.fullmatch(r"\d{1,2} [A-Z][a-z]+ \d{4}", date1) and date1 != "6 January 2022"
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", date2)
    d1 = dt.datetime.strptime(date1, "%d %B %Y").date()
    d2 = dt.date.fromisoformat(date2)
    assert (d2 - d1).days == 14  # one shift per batch keeps intervals
    assert re.fullmatch(r"[\d,]+ euros", money) and money != "3,200 euros"
    assert place and place != "Oslo"
    assert org and "Acme" not in org
    assert dem != "Norwegian" and dem[0].isupper()
    assert job != "lawyer"


def test_a_date_range_is_never_changed_in_one_number_only() -> None:
    """No date shift rewrites a whole range: moving its first day by one kept the real end
    date in clear ("Between 2 March and 12 March 2024"). Such a mention is generalized."""
    text = ("Between 1 March and 12 March 2024 she stayed at the clinic. "
            "She travelled from 3 May 2023 to 17 May 2023. It took three years.")
    items = [("Between 1 March and 12 March 2024", "DATETIME"),
             ("from 3 May 2023 to 17 May 2023", "DATETIME"), ("three years", "DATETIME")]
    ranged, travel, duration = pseudonyms(text, items)
    for fragment in ("1 March", "12 March", "3 May", "17 May"):
        # whole dates only: a generalized "31 March" does not contain the real "1 March"
        real = re.compile(rf"(?<!\d){fragment}\b")
        assert not real.search(ranged) and not real.search(travel)
    assert duration != "three years"  # a duration is still shifted like a quantity


def test_one_date_shift_for_the_document_that_leaves_no_real_day_readable() -> None:
    """The shift is chosen once per document so that no "day month" of it reads as one of its
    real dates after shifting (3 May 2023 + 303 days is 1 March 2024, a real date of the
    same text), so every mention moves by the same number of days (intervals kept)."""
    from redactor_plugins.strategies.generalization import date_times as ps

    text = ("Between 1 March and 12 March 2024 she stayed at the clinic. "
            "She travelled from 3 May 2023 to 17 May 2023.")
    assert ps.day_months("from 3 May 2023 to 17 May 2023") == ["3 May", "17 May"]
    assert ps._keeps_a_day(text, 303)       # 3 May 2023 -> 1 March 2024 (29 February crossed)
    assert ps._keeps_a_day(text, -66)       # 17 May -> 12 March
    assert ps._keeps_a_day("on 6 January 2022", -355)  # -> 16 January 2021
    assert not ps._keeps_a_day("on 6 January 2022", -100)
    items = [("1 March", "DATETIME"), ("12 March 2024", "DATETIME"), ("3 May 2023", "DATETIME"),
             ("17 May 2023", "DATETIME")]
    for _ in range(40):  # a new key each time
        out = pseudonyms(text, items)
        real = [dt.date(2024, 3, 1), dt.date(2024, 3, 12), dt.date(2023, 5, 3),
                dt.date(2023, 5, 17)]
        shift = dt.datetime.strptime(out[1], "%d %B %Y").date() - real[1]
        want = [(r + shift).strftime("%-d %B %Y") for r in real[1:]]
        assert out[1:] == want  # one shift for all dated mentions
        # a date without a year moves by the same days, give or take a 29 February
        assert out[0] in {(real[0] + shift + dt.timedelta(days=d)).strftime("%-d %B")
                          for d in (-1, 0, 1)}
        for fragment in ("1 March", "12 March", "3 May", "17 May"):
            assert not any(re.search(rf"(?<!\d){fragment}\b", d) for d in out), out


def test_people_known_by_a_letter_keep_one_letter_each() -> None:
    text = ("The applicant and five co-accused, A, B, H, N and R, were charged. "
            "The co-accused B and R were acquitted; Annex C lists them.")
    items = [("[A], B", "PERSON"), ("A, [B], H", "PERSON"), ("[H], N", "PERSON"),
             ("[N] and", "PERSON"), ("and [R],", "PERSON"), ("co-accused [B] and", "PERSON"),
             ("and [R] were", "PERSON")]
    a, b, h, n, r, b2, r2 = pseudonyms(text, items)
    letters = [a, b, h, n, r]
    assert all(len(x) == 1 and x.isupper() for x in letters)
    assert len(set(letters)) == 5                      # two people never share a letter
    assert (b2, r2) == (b, r)                          # every mention the same
    assert not {"A", "B", "H", "N", "R", "C"} & set(letters)  # no letter of the document


@pytest.mark.parametrize(("name", "keeps"), [
    ("HM Prison Wymott", "HM Prison "),
    ("Her Majesty’s Prison Long Lartin", "Her Majesty’s Prison "),
    ("Postel Properties Limited", " Limited"),
    ("OA Solicitors", " Solicitors"),
    ("Latem A/S", " A/S"),
    ("Hillside Surgery", " Surgery"),
    ("Leeds General Infirmary", " Infirmary"),
    ("Bradford Council", " Council"),                  # an institution's kind word
    ("Sheffield Ghanaian Association", " Association"),
    ("Centre Party", " Party"),                        # a party stays a party ("Ross PLC")
    ("University of Bergen", "University of "),
    ("Ministry of Local Government", "Ministry of "),  # another portfolio
    # a case record's food bank and civic centre read "Stevenson Ltd" and "Perez-Alvarez"
    ("Northmoor Food Bank", " Food Bank"),
    ("Northmoor Civic Centre", " Civic Centre"),
    ("Kirklees Youth Offending Service", " Service"),
    # a part that is the kind's own words stays ("… — Children's Services"), the rest is new
    ("Northmoor Borough Council — Children's Services",
     " Borough Council — Children's Services"),  # the kind's qualifier too (session 32)
    ("ST MUNGO'S UNIVERSITY HOSPITAL NHS TRUST", " TRUST"),  # a letterhead stays in capitals
    ("Social Services", " Services"),  # only a kind's words, but alone: still a new name
])
def test_an_organisation_keeps_its_kind(name: str, keeps: str) -> None:
    text = f"He wrote to {name} twice; {name} replied."
    first, second = pseudonyms(text, [(name, "ORG"), (f"; [{name}]", "ORG")])
    assert first == second
    assert keeps in first and first != name
    made_up = first.replace(keeps.strip(), "").strip()
    assert made_up and not any(w in made_up.split() for w in name.split())


def test_a_title_of_rule_keeps_its_title_and_changes_its_place() -> None:
    text = "He wrote to the Duke of Edinburgh; the Duke of Edinburgh replied."
    first, second = pseudonyms(text, [("Duke of Edinburgh", "PERSON"),
                                      ("the [Duke of Edinburgh] replied", "PERSON")])
    assert first == second
    assert first.startswith("Duke of ") and "Edinburgh" not in first
    assert len(first.split()) == 3


def test_a_made_up_number_never_holds_a_year_of_the_document() -> None:
    """A fake phone number with "2019" among its digits would read, to the export's check, as
    the redacted year 2019 surviving in another spelling (a rare, random export failure)."""
    from redactor_plugins.strategies import pseudonym_choice as ps

    memo = {"used": set(), "doc_years": frozenset({"2019", "1987"})}
    assert not ps.acceptable("07 2019 55555", "07911 123456", memo, frozenset(), False)
    assert not ps.acceptable("0791 987 001", "07911 123456", memo, frozenset(), False)  # 1987 across a space
    assert ps.acceptable("07 3333 55555", "07911 123456", memo, frozenset(), False)
    # a year the original itself holds may stay (it is replaced as a whole anyway)
    assert ps.acceptable("Act 2019:77", "Act 2019:381", memo, frozenset(), False)
    assert ps.acceptable("07 2019 55555", "07911 123456", {"used": set()}, frozenset(), False)


def test_a_mention_typed_otherwise_still_gets_the_persons_pseudonym() -> None:
    # the NER typed one "Kayden" MISC; coreference put it with the boy's other mentions, so
    # every strategy must give it his name ("collect something from school" read wrong)
    text = "Kayden Mitchell was seen. Kayden told her. Nan agreed to collect Kayden from school."
    doc = make_doc(text, [("Kayden Mitchell", "PERSON"), ("[Kayden] told", "PERSON"),
                          ("collect [Kayden]", "MISC")])
    assert len(doc.entities) == 1 and doc.entities[0].label.value == "PERSON"
    _text, reps = replace_all(PseudonymStrategy(), doc, RunContext())
    first = reps[0].split()[0]
    assert reps[1] == reps[2] == first and first != "Kayden"


def test_a_described_alias_of_a_person_is_not_taken_for_a_name() -> None:
    text = 'Mr Tomas Berg ("the applicant") wrote. The applicant then left.'
    doc = make_doc(text, [("Mr Tomas Berg", "PERSON"), ("the applicant", "DEM")])
    doc.entities = (doc.entities[0].__class__(id="E1", label=doc.entities[0].label,
                                              mentions=(0, 1), canonical="Mr Tomas Berg"),)
    doc.entity_of = (0, 0)
    _text, reps = replace_all(PseudonymStrategy(), doc, RunContext())
    assert reps[0].startswith("Mr ") and "Berg" not in reps[0]
    # not made into a name ("The Smith"): the person's path would map its words as name parts
    assert reps[1][:1].islower() and reps[0].split()[-1] not in reps[1]


@pytest.mark.parametrize("value", ["Tuesday 3 November 2026 09:14", "3 November 2026, 09:14",
                                   "03/11/2026 09:14", "10.30 a.m. on 3 November 2026",
                                   "3 November 2026 at approximately 2 p.m."])
def test_a_date_with_a_time_moves_its_date_too(value: str) -> None:
    """An e-mail's "Date: Tuesday 3 November 2026 09:14" came out as "Tuesday 3 November 2026
    12:34": only the clock moved, the real date stayed in clear."""
    text = f"Date: {value}\nSubject: the meeting on 10 November 2026"
    for attempt in range(5):
        out, _ = pseudonyms(text, [(value, "DATETIME"), ("10 November 2026", "DATETIME")]), 0
        assert not re.search(r"\b0?3(?:/11| November)\b", out[0]), (attempt, out)
        assert "10 November" not in out[1]
        moved = re.search(r"\d{1,2}(?:/\d\d/| )(?:\w+ )?\d{4}|[A-Z][a-z]+ \d{4}", out[0])
        assert moved or "date" in out[0] or "20" in out[0], (attempt, out)


def test_a_whole_hour_stays_a_clock_time() -> None:
    text = "He was found wandering at 2 a.m. on 14 October by PC Dobson."
    for attempt in range(30):  # fresh random shifts ("12 a.m." holds "2 a.m.": never chosen)
        out = pseudonyms(text, [("2 a.m.", "DATETIME")])[0]
        assert re.fullmatch(r"\d{1,2} [ap]\.m\.", out) and out != "2 a.m.", (attempt, out)


@pytest.mark.parametrize(("road", "pattern"), [("A61", r"A\d\d"), ("M25", r"M\d\d"),
                                               ("I-95", r"I-\d\d"), ("A1(M)", r"A\d\(M\)")])
def test_a_road_number_stays_a_road_number(road: str, pattern: str) -> None:
    """"found wandering on the A61" read "on the 726 Jones Haven" (an address for a road)."""
    out = pseudonyms(f"He was found wandering on the {road} at night.", [(road, "LOC")])[0]
    assert re.fullmatch(pattern, out) and out != road, out


def test_one_entity_typed_two_ways_gets_one_pseudonym() -> None:
    """A Norwegian decision's "NAV Oslo" was an ORG at the top and a PERSON in the signature:
    "Mathisen-Strand" and "HELENE Paulsen" for one office."""
    text = "NAV Oslo – vedtak.\n\nMed vennlig hilsen\nPer Hansen, saksbehandler, NAV Oslo"
    doc = make_doc(text, [("NAV Oslo", "ORG"), ("saksbehandler, [NAV Oslo]", "PERSON")])
    assert len(doc.entities) == 1
    _text, reps = replace_all(PseudonymStrategy(), doc, RunContext())
    assert reps[0] == reps[1] and "Oslo" not in reps[0], reps


def test_the_head_noun_rule_is_for_english_only() -> None:
    from redactor_plugins.strategies.generalize import generalize_mention

    from redactor.plugin_api import Label

    norwegian = "Vi har kommet fram til at du har rett til arbeidsavklaringspenger fra april."
    at = norwegian.index("du har rett")
    out = generalize_mention(Label.MISC, "du har rett", "", "", doc_text=norwegian, start=at,
                             end=at + 11)
    assert "rett" not in out, out
