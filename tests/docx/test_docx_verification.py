"""A broken writer must make the export fail loudly and leave no file."""

from __future__ import annotations

from pathlib import Path

import pytest
import redactor_plugins.formats.docx.sanitize as sanitize
import redactor_plugins.formats.docx.write as writer
from docx_fixtures import SECRET, build, formatted_document
from docx_helpers import export

from redactor.core.errors import VerificationError
from redactor.core.model import RedactionPlan


def _no_leftovers(folder: Path) -> None:
    assert not (folder / "out.docx").exists()
    assert not [p for p in folder.iterdir() if ".partial-" in p.name]


def test_skipped_replacement_fails_verification(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    real = writer.apply_replacements

    def skip_first(ex, plan):  # type: ignore[no-untyped-def]
        broken = RedactionPlan(plan.document_id, plan.replacements[1:], plan.policy)
        return real(ex, broken)

    monkeypatch.setattr(writer, "apply_replacements", skip_first)
    src = formatted_document(tmp_path / "in.docx")
    with pytest.raises(VerificationError) as info:
        export(src, tmp_path / "out.docx")
    assert info.value.exit_code == 4
    assert SECRET not in str(info.value)  # the message names the place, not the secret
    assert "word/document.xml" in str(info.value)
    _no_leftovers(tmp_path)


def test_kept_comment_part_fails_verification(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sanitize, "KEPT_REL_KINDS", sanitize.KEPT_REL_KINDS | {"comments"})
    src = build("comments_and_people", tmp_path / "in.docx")
    with pytest.raises(VerificationError) as info:
        export(src, tmp_path / "out.docx")
    assert "comments" in str(info.value)
    assert SECRET not in str(info.value)
    _no_leftovers(tmp_path)


def test_unsanitised_properties_fail_verification(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sanitize, "rename_custom_styles", lambda *args: {})
    monkeypatch.setattr(sanitize, "scrub_values", lambda root, needles: 0)  # nor scrubbed
    src = build("bookmarks_styles_lists", tmp_path / "in.docx")
    with pytest.raises(VerificationError) as info:
        export(src, tmp_path / "out.docx")
    assert "word/styles1.xml" in str(info.value)  # parts get neutral names
    _no_leftovers(tmp_path)
