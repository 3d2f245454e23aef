"""What an Ontario child protection decision (written for the purpose, session 34) showed: the
Canadian neutral citations "2023 ONCJ 412", "2019 ONCA 316", "2016 SCC 27" (a year, a court
and a number, no brackets) were places, and "R. v. Jordan, 2016 SCC 27" one place (a
country, "Jordan"): a citation after a comma is cut off a model's span and is a case number;
the accused of "R. v." is a person."""

from __future__ import annotations

from pathlib import Path

from probe_helpers import kinds_of, uncovered

DECISION = """CITATION: Children's Aid Society of Toronto v. L.M., 2023 ONCJ 412
COURT FILE No.: C12345/22

[1] The child, J.K., born March 3, 2020, was apprehended on January 9, 2022. The society \
worker, Ms. Priya Nadarajah, testified that L.M. tested positive for fentanyl. See \
Kawartha-Haliburton Children's Aid Society v. M.W., 2019 ONCA 316, and R. v. Jordan, 2016 \
SCC 27.
"""


def test_canadian_citations(tmp_path: Path) -> None:
    text, kinds, covered = kinds_of(tmp_path, DECISION)
    for code in ("2023 ONCJ 412", "2019 ONCA 316", "2016 SCC 27"):
        assert kinds.get(code, ("", ""))[1] == "CASE_NUMBER", (code, kinds)
    assert str(kinds["Jordan"][0]) == "PERSON", kinds
    assert not uncovered(text, covered, ["L.M.", "J.K.", "March 3, 2020", "Priya Nadarajah",
                                         "C12345/22"])
