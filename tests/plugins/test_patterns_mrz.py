"""Pattern detector: a passport's or ID card's machine-readable zone (ICAO Doc 9303). The
specimens are ICAO's own (the fictional Utopian Anna Maria Eriksson); their check digits are
recomputed here from the standard's rule. Before, the zone came out as pieces — "JOHN",
"EDWARD", a PHONE_LIKE, a CODE — with its check digits in clear."""

from __future__ import annotations

import pytest
from redactor_plugins.detectors.patterns.plugin import detect_text

TD3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
       "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
TD2 = ["I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<",
       "D231458907UTO7408122F1204159<<<<<<<6"]
TD1 = ["I<UTOD231458907<<<<<<<<<<<<<<<",
       "7408122F1204159UTO<<<<<<<<<<<6",
       "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"]


def icao_check(field: str) -> str:
    values = [int(c) if c.isdigit() else ord(c) - 55 if c.isalpha() else 0 for c in field]
    return str(sum(v * (7, 3, 1)[i % 3] for i, v in enumerate(values)) % 10)


def test_the_specimens_check_digits() -> None:
    line = TD3[1]
    assert icao_check(line[0:9]) == line[9] and icao_check(line[13:19]) == line[19]
    assert icao_check(line[21:27]) == line[27]


@pytest.mark.parametrize("zone", [TD3, TD2, TD1])
def test_each_line_of_a_zone_is_one_validated_code(zone: list[str]) -> None:
    text = "Copy of the passport supplied:\n\n" + "\n".join(zone) + "\n\nSigned."
    found = [f for f in detect_text(text) if f.text.strip() in zone or any(
        f.span.start < text.index(z) + len(z) and f.span.end > text.index(z) for z in zone)]
    assert [(f.text, f.full_type, f.validated) for f in found] == [
        (z, "CODE/MRZ", True) for z in zone]


def test_a_zone_whose_checks_fail_is_a_look_alike() -> None:
    broken = [TD3[0], TD3[1][:9] + "9" + TD3[1][10:]]  # the number's check digit changed
    found = [f for f in detect_text("\n".join(broken)) if f.subtype.startswith("MRZ")]
    assert [(f.subtype, f.validated) for f in found] == [("MRZ_LIKE", False)] * 2


@pytest.mark.parametrize("text", [
    "<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<\n<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<",
    "ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQR\nABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQR",
    TD3[0],  # one line alone is no zone
])
def test_no_zone_without_its_shape(text: str) -> None:
    assert not [f for f in detect_text(text) if f.subtype == "MRZ"]


def test_the_pipeline_masks_each_line_whole() -> None:
    from pathlib import Path

    from redactor.core.context import RunContext
    from redactor.core.pipeline import Pipeline
    from redactor.core.settings import Settings
    from redactor.plugin_api import Document
    from redactor.pluginhost.manager import PluginHost

    text = "Copy of the passport supplied by the applicant:\n\n" + "\n".join(TD3) + "\n"
    found = Pipeline(PluginHost(load_entrypoints=False, load_user_folder=False)).detect(
        Document("d", Path("d.txt"), "txt", text), RunContext(settings=Settings({})))
    inside = [f for f in found if f.span.start >= text.index(TD3[0])]
    assert [(f.text, f.full_type) for f in inside] == [(z, "CODE/MRZ") for z in TD3]
