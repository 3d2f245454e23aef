"""What a Welsh council's letter (written for the purpose, session 32) showed: "12 Heol y
Wig" a count and a place (the street's word comes first in Welsh), "Yn gywir / Yours" an
organisation and a code, and in pseudonyms "ap" of "Dafydd ap Gwilym" a made-up name ("Mr
Nathan owen Richards")."""

from __future__ import annotations

import re
from pathlib import Path

from probe_helpers import detected, redacted, uncovered

from redactor.core.model import Label

LETTER = """Re: Mr Dafydd ap Gwilym (DOB 03/11/1948), 12 Heol y Wig, Aberystwyth SY23 2LP

Dear Mrs Llinos ap Gwilym,

Following the safeguarding referral from Bronglais Hospital on 4 March 2026, I visited your
husband at home. Mr ap Gwilym told us he wishes to stay at home.

Yn gywir / Yours sincerely,
Rhys Pritchard, Social Worker, 01970 633 555
"""


def test_the_letter(tmp_path: Path) -> None:
    text, found, covered = detected(tmp_path, LETTER)
    kinds = {f.text: (f.label, f.subtype) for f in found}
    assert not uncovered(text, covered, ["Dafydd ap Gwilym", "03/11/1948", "12 Heol y Wig",
                                         "Aberystwyth", "SY23 2LP", "Llinos ap Gwilym",
                                         "Bronglais Hospital", "Rhys Pritchard"])
    assert kinds["12 Heol y Wig"][0] == Label.LOC, kinds
    at = text.index("Yn gywir / Yours")
    assert not covered & set(range(at, at + len("Yn gywir / Yours"))), kinds


def test_the_welsh_particle_stays_in_the_pseudonym(tmp_path: Path) -> None:
    out = redacted(tmp_path, LETTER, "pseudonym")
    for original in ("Dafydd", "Gwilym", "Llinos", "Heol y Wig", "Rhys", "Pritchard"):
        assert original not in out, out
    him = re.search(r"Re: Mr (\S+) ap (\S+) \(", out)
    assert him is not None, out
    assert re.search(rf"Dear Mrs \S+ ap {him.group(2)},", out), out
    assert f"Mr ap {him.group(2)} told us" in out, out
    assert "Yn gywir / Yours sincerely," in out, out
