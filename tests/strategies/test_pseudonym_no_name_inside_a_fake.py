"""A made-up place or organisation never holds a capitalised word of the document inside
it: "Brennanton" for "Gdynia" in a biography of "Tomasz Wiśniewski-Brennan" married to "Aoife
Brennan", "South Ameliafort School" in a referral about "Amelia Hart" (session 34) let the
person's name read through the fake."""

from __future__ import annotations

import re
from pathlib import Path

from redactor_plugins.strategies.pseudonym_choice import acceptable, document_words

from redactor.plugin_api import Document

BIO = ("Tomasz Wiśniewski-Brennan (born 3 August 1984 in Gdynia) is a former footballer. "
       "He is married to the rower Aoife Brennan; they live in Malahide.")


def _memo() -> dict:
    memo: dict = {"doc_words": {}, "used": set()}
    document_words(memo, Document(id="bio", source=Path("bio.txt"), format="txt", text=BIO))
    return memo


def test_a_fake_that_holds_a_name_of_the_document_is_refused() -> None:
    memo = _memo()
    words = memo["doc_words"]["bio"]
    assert not acceptable("Brennanton", "Gdynia", memo, words)
    assert not acceptable("North Malahidebury", "Gdynia", memo, words)
    assert acceptable("Tinachester", "Gdynia", memo, words)  # no name of this document in it
    assert acceptable("Port Dover", "Gdynia", memo, words)


def test_a_degree_written_out_becomes_another_degree() -> None:
    import random

    from redactor_plugins.strategies.generalization.demographics import dem_pseudonym

    for seed in range(10):  # "a master's degree in sports science" read "a games developer"
        out = dem_pseudonym("master's degree", random.Random(seed),
                            "he completed a master's degree in sports science", 15)
        assert out != "master's degree" and re.search(r"degree|diploma|doctorate", out), out


def test_a_double_barrelled_surname_is_faked_as_surnames(tmp_path: Path) -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).parents[1] / "recognizer"))
    from probe_helpers import redacted

    text = ("Applicant: Mr Olumide Adebayo BANJO\n\nYou applied as the partner of Ms Funmilayo "
            "Okafor-Banjo, a British citizen.\n")
    out = redacted(tmp_path, text, "pseudonym")  # "Okafor" had become a given name ("Ann")
    m = re.search(r"partner of Ms (\w+) (\w+)-(\w+),", out)
    assert m is not None, out
    from redactor_plugins.strategies.generalization.names import _person_provider

    surnames = {str(n) for loc in ("en_GB", "en_US", "en_IE", "de_DE", "no_NO", "fr_FR",
                                    "it_IT", "es_ES", "nl_NL")
                for n in (_person_provider(loc).last_names or ())}
    assert m.group(2) in surnames, out  # drawn as a surname
    assert m.group(3).upper() in out.split("\n")[0], out  # "Banjo" the same fake as "BANJO"
