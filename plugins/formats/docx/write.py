"""DOCX writing: replacements applied inside the XML runs, then a sanitised new package.

The writer re-opens the source file, checks it is the file that was read (SHA-256), runs the
same normalisation and extraction as the reader, and applies each planned replacement through
the offset → node map: the replacement text goes into the first text node the span touches
(so it takes that run's formatting), the rest of the span is cut out of every other node it
touches — across runs, paragraphs and parts — and tab/break stand-ins inside the span are
removed. Then :func:`docx_sanitize.rebuild` produces the entries of a new zip.
"""

from __future__ import annotations

import bisect
from pathlib import Path

from lxml import etree
from redactor_plugins.formats.docx.package import Package, load_package, w, write_zip
from redactor_plugins.formats.docx.read import Extraction, Piece, load_normalized
from redactor_plugins.formats.docx.sanitize import XML_SPACE, drop, rebuild
from redactor_plugins.shared.ocr_parts import burnt_pictures, text_from

from redactor.plugin_api import Document, InputError, RedactionPlan, RedactorError
from redactor.plugin_api import sha256_file as sha256_of


def apply_replacements(ex: Extraction, plan: RedactionPlan) -> int:
    """Edit the nodes behind ``ex`` so that they read ``plan.apply_to_text(ex.text)``.

    Returns the number of replacements whose text had no node to go into (spans made only of
    paragraph separators); verification reports those.
    """
    pieces = ex.pieces
    starts = [p.start for p in pieces]
    current: dict[int, str] = {}
    doomed: list[Piece] = []
    orphans = 0
    for rep in reversed(plan.replacements):
        s, e = rep.span.start, rep.span.end
        i = max(0, bisect.bisect_right(starts, s) - 1)
        touched: list[int] = []
        while i < len(pieces) and pieces[i].start < e:
            p = pieces[i]
            if p.end > s:
                touched.append(i)
            i += 1
        placed = False
        for idx in touched:
            p = pieces[idx]
            if p.char:
                if not placed and p.el.tag.startswith(w("")) and p.el.getparent() is not None:
                    # a tab or break that starts the span becomes the replacement text
                    t = etree.Element(w("t"))
                    t.text = rep.replacement
                    t.set(XML_SPACE, "preserve")
                    p.el.addprevious(t)
                    placed = True
                doomed.append(p)
                continue
            text = current.get(idx, p.text)
            a = max(0, s - p.start)
            b = min(len(p.text), e - p.start)
            insert = "" if placed else rep.replacement
            current[idx] = text[:a] + insert + text[b:]
            placed = True
        if not placed and rep.replacement:
            orphans += 1
    for idx, text in current.items():
        p = pieces[idx]
        if p.attr:
            p.el.set(p.attr, text)
        else:
            p.el.text = text
            if p.el.tag == w("t"):
                p.el.set(XML_SPACE, "preserve")
    for p in doomed:
        drop(p.el)
    return orphans


def write_docx(doc: Document, plan: RedactionPlan, dest: Path) -> list[str]:
    """Write the redacted, sanitised copy; returns notes for the user (what was changed in
    pictures: counts of kinds, never text)."""
    if doc.format != "docx":
        raise RedactorError(f"a {doc.format.upper()} document cannot be written as DOCX; "
                            "choose the input's own format for the output")
    pkg = open_source(doc)
    ex, _ = load_normalized(pkg)
    if ex.text != doc.text[:text_from(doc)]:  # the pictures' OCR'd text follows (docs/ocr.md)
        raise RedactorError("the input file reads differently than when it was opened; "
                            "open it again before exporting")
    apply_replacements(ex, plan)
    pkg.parts.update(burnt_pictures(doc, plan, pkg.parts))  # redacted words burnt in pictures
    notes: list[str] = []
    write_zip(dest, rebuild(pkg, [s for _, s in plan.labelled_secrets()], notes))
    return notes


def open_source(doc: Document) -> Package:
    """The source package, refusing a file that changed since it was read."""
    pkg = load_package(doc.source)
    if doc.sha256:
        if sha256_of(doc.source) != doc.sha256:
            raise InputError(f"{doc.source.name}: the file changed since it was read; "
                             "open it again before exporting")
    return pkg
