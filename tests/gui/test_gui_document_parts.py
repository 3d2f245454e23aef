"""A DOCX's headers, footers, footnotes and comments are marked in the text view."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from pathlib import Path

from redactor.core.model import Document, Segment, Span
from redactor.gui.text_view import TextDocumentView, part_regions

ROOT = Path(__file__).resolve().parents[2]


def test_header_footer_and_comment_text_is_marked(qtbot) -> None:  # type: ignore[no-untyped-def]
    body = "Body paragraph one.\nBody two.\n"
    header, footer, comment = "Riverside header\n", "Page footer\n", "A reviewer's comment"
    text = body + header + footer + comment
    spans, pos = [], 0
    for part, piece in (("word/document.xml#0", body), ("word/header1.xml#0", header),
                        ("word/footer2.xml#0", footer), ("word/comments.xml#0", comment)):
        spans.append(Segment(Span(pos, pos + len(piece)), part))
        pos += len(piece)
    doc = Document("d", Path("d.docx"), "docx", text, tuple(spans))
    assert [k for _s, _e, k in part_regions(doc)] == ["Header", "Footer", "Comment"]
    view = TextDocumentView()
    qtbot.addWidget(view)
    view.set_document(doc)
    assert view.part_at(text.index("Riverside")) == "Header"
    assert view.part_at(text.index("footer")) == "Footer"
    assert view.part_at(text.index("Body two")) == ""
    blocks = {}
    block = view.document().begin()
    while block.isValid():
        blocks[block.text()] = block.blockFormat().leftMargin()
        block = block.next()
    assert blocks["Riverside header"] > 0 and blocks["Body two."] == 0


def test_the_bundled_docx_marks_its_header(qtbot, make_window, make_host) -> None:  # type: ignore[no-untyped-def]
    w = make_window(host=make_host(builtins=("redactor_plugins.formats.docx.plugin",)))
    w.open_files([ROOT / "examples" / "case_note.docx"])
    qtbot.waitUntil(lambda: bool(w.view.text_view._parts), timeout=20000)
    kinds = {k for _s, _e, k in w.view.text_view._parts}
    assert kinds >= {"Header", "Footer"}
