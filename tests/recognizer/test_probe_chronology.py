"""What a child-protection chronology (written for the purpose, session 34) showed: the
safeguarding services' acronyms "MASH" and "MARAC" were people ("Referral to [PERSON 5]"),
"ICPC" a description, and "Paternal" of "Paternal uncle Jerome Morris" at a line's start a
person of its own."""

from __future__ import annotations

from pathlib import Path

from probe_helpers import covers, detected, uncovered

CHRONOLOGY = """CHRONOLOGY OF SIGNIFICANT EVENTS - KAYDEN MORRIS-OKAFOR (DOB 11.06.2019)
Prepared by: Lauren Whitfield, Social Worker

Date        | Source          | Event                                          | Outcome
03.01.2022  | Police          | Incident at 14 Oakham Road, Tividale. Father (Dwayne Morris) \
arrested. | Referral to MASH
22.08.2022  | MARAC           | Case heard at Sandwell MARAC (ref MAR-22-0817). | Safety plan
14.11.2022  | Social care     | Strategy meeting; s.47 enquiries initiated. | ICPC 02.12.2022

Maternal grandmother: Mrs Patricia Okafor (07931 442 180), lives in Rowley Regis.
Paternal uncle Jerome Morris is known to West Midlands Police.
"""


def test_the_chronology(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, CHRONOLOGY)
    assert not uncovered(text, covered, [
        "KAYDEN MORRIS-OKAFOR", "11.06.2019", "Lauren Whitfield", "14 Oakham Road", "Tividale",
        "Dwayne Morris", "MAR-22-0817", "02.12.2022", "Mrs Patricia Okafor", "07931 442 180",
        "Rowley Regis", "Jerome Morris"]), [f.text for f in found]
    for word in ("Referral to MASH", "MARAC           |", "ICPC", "Paternal"):
        at = text.index(word)
        assert not covers(covered, text, word.split()[-1] if word.startswith("Referral")
                          else word.split()[0]), (word, at, [f.text for f in found])
