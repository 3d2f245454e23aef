"""Pages without a redaction: copied when provably clean, else rendered; lying text layers.

:class:`PageCopier` copies an untouched page through the
:class:`~redactor_plugins.formats.pdf.carry.Carrier` (only the resources it draws, each
rebuilt from an allow-list) and keeps the copy only when nothing in it carries a redacted
string: the page's content (strings joined across operators, names, marked content, inline
images) and every object the copy reaches (streams decoded, strings, names). A page whose
content uses invisible text, marked-content properties, optional content or patterns with
their own content is rendered without trying (:func:`content_flags`).

:func:`refuse_lying_pages` raises when a page *draws* a redacted string — glyphs read by
the fonts' own encodings, pattern and soft-mask text included — more often than the reader's
text of that page shows it (a ``/ToUnicode`` map or ``/ActualText`` that says something
else, or a name split between a page and a pattern): no box was placed over it, so neither
copying nor rendering would remove it. It returns the pages whose visible glyphs their
fonts' own encodings cannot read where a redacted string could be
(:class:`~redactor_plugins.formats.pdf.scan.objects.UnreadableGlyphs`): the verifier reads
those pages of the output again by OCR.
"""

from __future__ import annotations

import pikepdf
from redactor_plugins.formats.pdf.carry import Carrier
from redactor_plugins.formats.pdf.rects import inherited
from redactor_plugins.formats.pdf.scan.drawn import FontKey, FontUse, page_drawn
from redactor_plugins.formats.pdf.scan.needles import ByteSearch, needles
from redactor_plugins.formats.pdf.scan.objects import (
    ObjectScan,
    UnreadableGlyphs,
    drawn_hits,
    lying_text,
)

from redactor.plugin_api import Document, RedactionPlan, RunContext, VerificationError


def content_flags(stream_owner: object, resources: object, seen: set[tuple[int, int]],
                  depth: int = 0) -> str | None:
    """Why this content may hide text (or None): invisible text, marked-content properties,
    optional content, content-carrying patterns."""
    if depth > 16:
        return "nesting too deep"
    try:
        ops = pikepdf.parse_content_stream(stream_owner)
    except (pikepdf.PdfError, TypeError, ValueError):
        return "unparsable content"
    for operands, op in ops:
        name = str(op)
        if name == "Tr" and operands and int(operands[0]) in (3, 7):
            return "invisible text"
        if name in ("BDC", "DP"):
            return "marked-content properties"
    if isinstance(resources, pikepdf.Dictionary):
        if "/Properties" in resources:
            return "marked-content properties"
        patterns = resources.get("/Pattern")
        if isinstance(patterns, pikepdf.Dictionary):
            for _, pat in patterns.items():
                if isinstance(pat, pikepdf.Stream):
                    return "content-carrying pattern"
        xobjs = resources.get("/XObject")
        if isinstance(xobjs, pikepdf.Dictionary):
            for _, xo in xobjs.items():
                if not isinstance(xo, pikepdf.Stream):
                    continue
                if "/OC" in xo:
                    return "optional content"
                if xo.get("/Subtype") != "/Form":
                    continue
                if xo.is_indirect:
                    if xo.objgen in seen:
                        continue
                    seen.add(xo.objgen)
                why = content_flags(xo, xo.get("/Resources"), seen, depth + 1)
                if why:
                    return why
    return None


def page_geometry(page: pikepdf.Dictionary) -> tuple[pikepdf.Array, pikepdf.Array | None, int]:
    media = inherited(page, "/MediaBox")
    if not isinstance(media, pikepdf.Array):
        media = pikepdf.Array([0, 0, 612, 792])
    crop = inherited(page, "/CropBox")
    rotate = inherited(page, "/Rotate")
    try:
        rot = int(rotate) % 360 if rotate is not None else 0  # type: ignore[call-overload]
    except (TypeError, ValueError):
        rot = 0
    return (pikepdf.Array([float(v) for v in media]),
            pikepdf.Array([float(v) for v in crop]) if isinstance(crop, pikepdf.Array) else None,
            rot)


class PageCopier:
    """Copies untouched pages into ``out`` when nothing in the copy carries a secret."""

    def __init__(self, out: pikepdf.Pdf, doc: Document, plan: RedactionPlan) -> None:
        self.out = out
        self.carrier = Carrier(out)
        self.search = ByteSearch(needles(plan.labelled_secrets(),
                                         plan.apply_to_text(doc.text)))
        self.scan = ObjectScan(self.search)
        self.fonts: dict[FontKey, FontUse] = {}

    def carry(self, src: pikepdf.Dictionary) -> pikepdf.Dictionary:
        """The allow-listed copy of ``src`` (for the glyph path, which checks it later)."""
        media, crop, rot = page_geometry(src)
        page = self.carrier.page(src, media, crop, rot, inherited(src, "/Resources"))
        self.carrier.commit(page_drawn(page, page.Resources, self.fonts))
        return page

    def copy(self, src: pikepdf.Page) -> tuple[pikepdf.Dictionary | None, str]:
        """(the copy, "") or (None, why the page must be rendered instead)."""
        why = content_flags(src, inherited(src.obj, "/Resources"), set())
        if why:
            return None, why
        media, crop, rot = page_geometry(src.obj)
        page = self.carrier.page(src.obj, media, crop, rot, inherited(src.obj, "/Resources"))
        drawn = page_drawn(page, page.Resources, self.fonts)
        if not drawn.complete:
            return None, "content too complex to check"
        if self.search and (drawn_hits(drawn, self.search) or self.scan.graph(page)):
            return None, "a redacted string occurs in what it draws"
        self.carrier.commit(drawn)
        return page, ""

    def finish(self) -> None:
        self.carrier.finish()


def refuse_lying_pages(pike: pikepdf.Pdf, doc: Document, plan: RedactionPlan,
                       ctx: RunContext) -> dict[int, int]:
    """Raise :class:`VerificationError` when a page draws a redacted string its text layer
    does not show (see the module docstring); else {page index: visible unreadable glyphs}
    of the pages where those glyphs could spell a redacted string."""
    secrets = plan.labelled_secrets()
    if not secrets:
        return {}
    prefilter = ByteSearch(needles(secrets, ""))
    unreadable = UnreadableGlyphs(secrets)
    fonts: dict[FontKey, FontUse] = {}
    hidden: dict[int, int] = {}
    n = len(pike.pages)
    for i in range(n):
        if i % 50 == 0:
            ctx.check()
            ctx.progress("check", i / max(1, n))
        src = pike.pages[i]
        drawn = page_drawn(src, inherited(src.obj, "/Resources"), fonts)
        if unreadable.may_hide(drawn):
            hidden[i] = drawn.unreadable_glyphs
        if not prefilter:
            continue
        seg = doc.segments[i] if i < len(doc.segments) else None
        reader = doc.text[seg.span.start:seg.span.end] if seg is not None else ""
        issues = lying_text(secrets, reader, drawn, prefilter)
        if issues:
            raise VerificationError(
                f"page {i + 1} draws {issues[0].what.split(' survives')[0]} that its text "
                "layer does not show (a /ToUnicode map or /ActualText that says something "
                "else than the glyphs, or text split into a pattern): it cannot be located "
                "and removed; nothing was written", tuple(issues))
    return hidden
