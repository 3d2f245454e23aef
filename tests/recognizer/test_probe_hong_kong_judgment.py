"""What a Hong Kong family judgment (written for the purpose, session 35) showed: its action
number "HCMP 1234/2023" was a MISC and a CODE ("Something 6089/1413"); a judge "in Chambers"
was a person called Chambers; the judge's bracketed signature "(Lam Wai Kin)" an
organisation ("(Gilbert-Sexton)"); "Hon Lam J" became "Hon Bruce P"."""

from __future__ import annotations

import random
import re
from pathlib import Path

from probe_helpers import kinds_of, redacted

JUDGMENT = """HCMP 1234/2023

IN THE HIGH COURT OF THE
HONG KONG SPECIAL ADMINISTRATIVE REGION

BETWEEN
CHAN TAI MAN (陳大文)                                    Petitioner
and
WONG MEI LING (黃美玲)                                   Respondent

Before: Hon Lam J in Chambers

1. The petitioner, Mr Chan, and the respondent, Madam Wong, married in Shenzhen in 2010. \
Her HKID is A123456(3).

(Lam Wai Kin)
Judge of the Court of First Instance
"""


def test_kinds(tmp_path: Path) -> None:
    _, kinds, _ = kinds_of(tmp_path, JUDGMENT)
    assert kinds["HCMP 1234/2023"][1] == "CASE_NUMBER", kinds
    assert "Chambers" not in kinds, kinds
    assert str(kinds["Lam Wai Kin"][0]) == "PERSON", kinds
    assert kinds["A123456(3)"][1] == "NATIONAL_ID_HK", kinds


def test_pseudonyms(tmp_path: Path) -> None:
    out = redacted(tmp_path, JUDGMENT, "pseudonym")
    m = re.match(r"HCMP (\d{4})/(\d{4})\n", out)
    assert m and m.group(1) != "1234" and 2020 <= int(m.group(2)) <= 2026, out
    assert re.search(r"Before: Hon [A-Z][a-z]+ J in Chambers", out), out
    assert "(Lam Wai Kin)" not in out and re.search(r"\n\([A-Z][a-z]+ [A-Z][a-z]+ [A-Z]", out)


def test_a_case_numbers_court_year_and_month_stay() -> None:
    from redactor_plugins.strategies.generalization.fakes import case_number_like

    for seed in range(20):
        out = case_number_like("412/06/2023", random.Random(seed))
        serial, month, year = out.split("/")
        assert len(serial) == 3 and 1 <= int(month) <= 12 and 2020 <= int(year) <= 2026, out
        assert case_number_like("HCMP 1234/2023", random.Random(seed)).startswith("HCMP ")
