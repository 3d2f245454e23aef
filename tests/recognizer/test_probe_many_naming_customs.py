"""A case note whose people are named by many customs (written for the purpose, session 34):
Vietnamese family-name-first names with diacritics, Somali three-part names, Igbo, Irish,
Spanish double surnames with particles, Dutch particles, an Icelandic patronymic, a Ghanaian
double-barrelled surname: every name is covered whole. It showed one defect: the school "St
Saviour's C of E Primary" came out as a person "St Saviour" and two organisations."""

from __future__ import annotations

from pathlib import Path

from probe_helpers import detected, kinds_of, uncovered

NOTE = """Household composition

The family comprises Nguyễn Thị Lan (mother, 34), her partner Abdirahman Hassan Mohamed (38), \
and the children Bảo Anh (9) and Hodan (4). Mr Mohamed's cousin, Chukwuemeka Okonkwo-Eze, \
sometimes stays over.

The children's school, St Saviour's C of E Primary, reported that Bảo Anh is often collected \
by an adult known only as "Uncle Dương". Her class teacher, Siobhán Ní Bhriain, raised \
concerns on 4 March. The school's interpreter, María José García-López de la Fuente, attended \
the meeting with the family friend Jan-Willem van der Berg.

Previous worker: Guðrún Jónsdóttir (locum), left in 2023. The allocated worker is now Kwame \
Asante-Boateng.
"""


def test_every_name_is_covered_whole(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, NOTE)
    assert not uncovered(text, covered, [
        "Nguyễn Thị Lan", "Abdirahman Hassan Mohamed", "Bảo Anh", "Hodan", "Mr Mohamed",
        "Chukwuemeka Okonkwo-Eze", "Dương", "Siobhán Ní Bhriain",
        "María José García-López de la Fuente", "Jan-Willem van der Berg",
        "Guðrún Jónsdóttir", "Kwame Asante-Boateng"]), [f.text for f in found]


def test_a_church_school_is_one_organisation(tmp_path: Path) -> None:
    _, kinds, _ = kinds_of(tmp_path, NOTE)
    assert str(kinds["St Saviour's C of E Primary"][0]) == "ORG", kinds
