"""One end-to-end export per DOCX leak channel of REDACTION_CHECKLIST.md (22 cases).

Each fixture hides the secret in one channel; the real pipeline reads it, the ``terms``
detector finds the secret wherever it is part of the text, the DOCX writer exports and the
verifier passes. Then the secret must be gone from the raw output file, from every
decompressed zip part (also under the shared normalisations and with runs joined), and from
python-docx's view of the output.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from docx_fixtures import CHANNELS, SECRET, build
from docx_helpers import assert_secret_gone, export

# channels where the secret is part of the text the reader shows (so it must be detected)
VISIBLE = {
    "tracked_insertions_deletions", "moves_and_format_revisions", "comments_and_people",
    "custom_xml_and_bindings", "headers_footers_watermark", "footnotes_endnotes",
    "hidden_and_tiny_text", "textboxes_shapes_charts", "fields_and_docvars",
    "bookmarks_styles_lists", "split_runs", "new_package_from_parsed_parts",
}


@pytest.mark.parametrize("channel", list(CHANNELS))
def test_channel_is_clean_after_export(channel: str, tmp_path: Path) -> None:
    src = build(channel, tmp_path / f"{channel}.docx")
    out = tmp_path / "out.docx"
    result, doc = export(src, out)
    assert result.verification.ok, result.verification.issues
    if channel in VISIBLE:
        assert result.plan.replacements, "the secret in the text should have been detected"
    assert_secret_gone(out)


def test_there_are_22_channels() -> None:
    assert len(CHANNELS) == 22
    assert len(SECRET) > 10
