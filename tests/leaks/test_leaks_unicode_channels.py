"""Unicode disguises of a name, in TXT and DOCX: fullwidth letters, mathematical
alphanumerics (U+1D400…), tag characters (U+E0000…) spelling it or hidden inside it,
zero-width characters, soft hyphens and bidi controls inside it, Cyrillic letters that look
Latin mixed into it. Detectors see the text
normalised (redactor.core.normalize) and the replacement covers the original characters;
verification searches every spelling and does not excuse a disguised one because it sits in
the expected text.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from leaks_docx_txt_kit import (
    KEPT,
    NAME,
    STRATEGIES,
    Pkg,
    base,
    clean_or_refused,
    docx_leaks,
    docx_text,
    export,
    keys,  # noqa: F401  (fixture)
    leaks_in_text,
    p,
)

from redactor.core.errors import VerificationError
from redactor.core.model import Document, Finding, Label, Segment, Span
from redactor.core.normalize import detection_views, plain_only, reading_view, tag_view
from redactor.core.verify import find_survivors


def _tags(text: str) -> str:
    return "".join(chr(0xE0000 + ord(c)) for c in text)


def _math_bold(text: str) -> str:
    return "".join(chr(0x1D400 + ord(c) - ord("A")) if c.isupper()
                   else chr(0x1D41A + ord(c) - ord("a")) for c in text)


DISGUISES = {
    "fullwidth": "".join(chr(0xFF21 + ord(c) - ord("A")) if c.isupper()
                         else chr(0xFF41 + ord(c) - ord("a")) for c in NAME),
    "math_alphanumerics": _math_bold(NAME),
    "tag_spelled": _tags(NAME),
    "tag_interleaved": "".join(c + _tags("x") for c in NAME),
    "zero_width_soft_hyphen_bidi": "Ya\u200bl\u00adm\u202ea\u2060n",
    "cyrillic_look_alikes": "Y\u0430lm\u0430n",  # the a's are Cyrillic
}


def _line(disguise: str) -> str:
    return f"{KEPT}. The client {disguise} was heard.\n"


@pytest.mark.usefixtures("keys")
@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("disguise", list(DISGUISES))
def test_unicode_disguise_in_txt(disguise: str, strategy: str, tmp_path: Path) -> None:
    src = tmp_path / f"{disguise}.txt"
    src.write_text(_line(DISGUISES[disguise]), encoding="utf-8")
    assert leaks_in_text(src.read_text(encoding="utf-8"))
    assert clean_or_refused(src, tmp_path, strategy) == "clean"


@pytest.mark.usefixtures("keys")
@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("disguise", list(DISGUISES))
def test_unicode_disguise_in_docx(disguise: str, strategy: str, tmp_path: Path) -> None:
    pkg = Pkg(base(KEPT + "."))
    pkg.add(p(f"The client {DISGUISES[disguise]} was heard."))
    src = pkg.save(tmp_path / f"{disguise}.docx")
    assert docx_leaks(src)
    assert clean_or_refused(src, tmp_path, strategy) == "clean"


def test_the_replacement_covers_the_original_characters(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text("".join(_line(d) for d in DISGUISES.values()), encoding="utf-8")
    result = export(src, tmp_path / "out.txt", "redact")
    assert not isinstance(result, VerificationError)
    out = (tmp_path / "out.txt").read_text(encoding="utf-8")
    # (the tag character after the last letter of the interleaved name is not part of it)
    assert out.replace(_tags("x"), "") == "".join(_line("[REDACTED]") for _ in DISGUISES)
    assert [r.secret for r in result.plan.replacements] == list(DISGUISES.values())


def test_a_docx_style_named_in_look_alikes_is_scrubbed(tmp_path: Path) -> None:
    pkg = Pkg(base(KEPT + "."))
    pkg.add(p(f"About {NAME}."))
    from leaks_docx_txt_kit import frag

    pkg.xml("word/styles.xml").append(frag(
        '<w:style w:type="paragraph" w:styleId="S1">'
        f'<w:name w:val="{DISGUISES["fullwidth"]} {_tags(NAME)}"/></w:style>'))
    result = export(pkg.save(tmp_path / "in.docx"), tmp_path / "out.docx", "redact")
    assert not isinstance(result, VerificationError)
    assert docx_leaks(tmp_path / "out.docx") == []
    assert KEPT in docx_text(tmp_path / "out.docx")


# -- the normaliser and the verifier, directly -----------------------------------------------
@pytest.mark.parametrize("disguise", list(DISGUISES))
def test_reading_view_maps_back_to_the_original(disguise: str) -> None:
    text = _line(DISGUISES[disguise])
    views = [reading_view(text), tag_view(text)]
    found = [(v, v.text.find(NAME)) for v in views if v is not None and NAME in v.text]
    assert found
    view, at = found[0]
    a, b = view.span(at, at + len(NAME))
    assert text[:a] == f"{KEPT}. The client " and text[b:] == " was heard.\n"


def test_detection_views_carry_findings_back() -> None:
    text = "A " + _tags(NAME) + " and Ｙａｌｍａｎ."
    doc = Document("d", Path("d.txt"), "txt", text, (Segment(Span(0, len(text)), "text"),))
    views = detection_views(doc)
    assert len(views) == 2 and views[0].document.text == "A  and Yalman."
    at = views[0].document.text.index(NAME)
    f = Finding(Span(at, at + 6), Label.MISC, NAME, detector="t")
    assert views[0].to_original(doc, [f])[0].text == "Ｙａｌｍａｎ"
    tagged = views[1].document.text
    g = Finding(Span(tagged.index(NAME), tagged.index(NAME) + 6), Label.MISC, NAME)
    assert views[1].to_original(doc, [g])[0].text == _tags(NAME)
    h = Finding(Span(tagged.rindex(NAME), tagged.rindex(NAME) + 6), Label.MISC, NAME)
    assert views[1].to_original(doc, [h]) == []  # the tag view adds only tag findings


def test_a_disguise_in_the_expected_text_is_not_excused() -> None:
    """The detectors missed the fullwidth copy, so it sits in the expected text too: the
    old diff found nothing; every spelling is searched now."""
    kept = f"Mr [REDACTED] and Mr {DISGUISES['fullwidth']} met."
    issues = find_survivors([("PERSON", NAME)], kept, {"text": kept}, every_spelling=True)
    assert issues and NAME not in issues[0].what
    plain = "Mr [REDACTED] and the planning of Yalmanson."
    assert find_survivors([("PERSON", NAME)], plain, {"text": plain}, every_spelling=True) == []
    kept_on_purpose = "Mr [REDACTED], but Yalman (public) is quoted."
    assert find_survivors([("PERSON", NAME)], kept_on_purpose, {"text": kept_on_purpose},
                          every_spelling=True) == []


def test_plain_only_blocks_what_needed_undoing() -> None:
    assert plain_only("Yalman") == "Yalman"
    assert NAME not in plain_only(DISGUISES["fullwidth"])
    assert "lman" in plain_only("&#89;alman") and "Yalman" not in plain_only("&#89;alman")
