"""Export leaks, second round (PDF): each attacker channel is exported with both
strategies on both PDF paths, and the output is either clean under an independent scan
(:func:`leaks_pdf_attacks.independent_hits`) with the kept text still there, or refused
(exit 4, no file, a reason)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import leaks_pdf_attacks as attacks
import pytest
from leaks_pdf_attacks import NAME, PATHS

from redactor.core.errors import VerificationError

# channel → (builder, pages where the name is drawn visibly, what must happen)
CHANNELS: dict[str, tuple[Callable[[Path], Path], tuple[int, ...], str]] = {
    "lying-tounicode": (attacks.lying_tounicode, (1,), "refused"),
    "actualtext": (attacks.actual_text, (1,), "refused"),
    "pattern-split": (attacks.pattern_split, (), "refused"),
    "type3-letters": (attacks.type3_letters, (), "refused"),
    "jpeg-exif-xmp-utf16": (attacks.jpeg_metadata, (), "written"),
    "image-samples-inline-images": (attacks.image_samples, (), "written"),
    "tounicode-unused-entries": (attacks.tounicode_unused, (), "written"),
    "marked-content-escaped-names": (attacks.escaped_names, (), "written"),
    "octal-in-shared-form": (attacks.octal_shared_form, (), "written"),
    "image-alternates": (attacks.image_alternates, (), "written"),
    "custom-keys-utf16": (attacks.custom_keys, (), "written"),
    "file-names": (attacks.file_names, (), "written"),
    "lookalikes-fullwidth-math-tags": (attacks.lookalikes, (1, 2, 3), "either"),
    "attacker-extras": (attacks.attacker_extras, (), "written"),
}


def check(name: str, tmp_path: Path, strategy: str, path: str) -> str:
    builder, visible, expected = CHANNELS[name]
    src = builder(tmp_path / "in.pdf")
    dest = tmp_path / f"out-{strategy}-{path}.pdf"
    got = attacks.outcome(src, dest, strategy, path)
    if got == "written":
        assert not attacks.independent_hits(dest), \
            f"{name}: the name can be read back from {attacks.independent_hits(dest)}"
        assert attacks.kept_text_stays(dest)
        for page in visible:
            assert not attacks.name_still_drawn(src, dest, page), f"page {page + 1} shows it"
    if expected != "either":
        assert got == expected, f"{name}: {got}, expected {expected}"
    return got


@pytest.mark.parametrize(("strategy", "path"), PATHS)
@pytest.mark.parametrize("name", list(CHANNELS))
def test_leaks_pdf_channel(name: str, strategy: str, path: str, tmp_path: Path) -> None:
    check(name, tmp_path, strategy, path)


def test_leaks_pdf_refusals_say_why(tmp_path: Path) -> None:
    src = attacks.lying_tounicode(tmp_path / "in.pdf")
    with pytest.raises(VerificationError, match=r"page 2 draws .*text layer does not show"):
        attacks.export(src, tmp_path / "out.pdf")
    assert not (tmp_path / "out.pdf").exists()


@pytest.mark.parametrize("builder", [attacks.vector_outlines], ids=["vector-outlines"])
def test_leaks_pdf_unreadable_drawings_are_flagged_for_review(
        builder: Callable[[Path], Path], tmp_path: Path) -> None:
    """Text drawn as outlines cannot be found without OCR: the page is flagged in the
    reader's warnings and in the verification result. (Type3 glyphs that no map reads are
    glyphs no font encoding reads: read again by OCR, refused without it —
    ``test_leaks_pdf_unreadable_fonts.py``.)"""
    src = builder(tmp_path / "in.pdf")
    result = attacks.export(src, tmp_path / "out.pdf")
    warnings = [w for w in result.verification.warnings if w.startswith("page 2")]
    assert warnings, result.verification.warnings
    assert all(NAME[:3] not in w for w in warnings)
