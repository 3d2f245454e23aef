"""What a Kenyan children's court ruling (written for the purpose, session 35) showed: "P.O.
Box 1234-00100 Nairobi" was two organisations "P", "O", a code and a person "Nairobi" (a
pseudonym read "Smith-Diaz.Gibbs-Greene. Box …"); the KRA PIN a bare code and "KRA" a DEM
("His XHY PIN")."""

from __future__ import annotations

import random
import re
from pathlib import Path

from probe_helpers import kinds_of, redacted

RULING = """1. The Applicant, Grace Wanjiku Kamau (ID No. 23456789), of P.O. Box 1234-00100 \
Nairobi, seeks maintenance for the minor B.W.K.
2. The Respondent, a teacher, denies paternity. His KRA PIN is A001234567Z.
"""


def test_kinds(tmp_path: Path) -> None:
    _, kinds, _ = kinds_of(tmp_path, RULING)
    assert kinds["P.O. Box 1234-00100 Nairobi"] == (kinds["P.O. Box 1234-00100 Nairobi"][0],
                                                     "ADDRESS"), kinds
    assert kinds["A001234567Z"][1] == "TAX_ID_KE", kinds
    assert "KRA" not in kinds and "P" not in kinds and "O" not in kinds, kinds


def test_pseudonyms(tmp_path: Path) -> None:
    out = redacted(tmp_path, RULING, "pseudonym")
    assert re.search(r"His KRA PIN is A\d{9}[A-Z]\.", out) and "A001234567Z" not in out, out
    assert "P.O. Box 1234" not in out, out
    from redactor_plugins.strategies.generalization.fakes import fake_identifier

    assert re.fullmatch(r"P\d{9}[A-Z]", fake_identifier("P051234567Q", "TAX_ID_KE",
                                                        random.Random(1)) or "")


def test_po_boxes() -> None:
    from redactor_plugins.detectors.patterns.plugin import detect_text

    for text, box in [("Write to PO Box 42, Gaborone today.", "PO Box 42, Gaborone"),
                      ("Postfach 10 20 30", "Postfach 10 20 30")]:
        assert [f.text for f in detect_text(text) if f.subtype == "ADDRESS"] == [box]
