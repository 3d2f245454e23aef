"""Text that a PDF draws where text extractors do not look: inside soft masks and patterns.

PDFium and pdfminer read the text of a page's content and of its Form XObjects, but not the
text drawn inside a soft mask's transparency group (``/ExtGState`` → ``/SMask`` → ``/G``) or a
tiling pattern's cell. That text is visible on the page, yet no box can be placed over it
(no character positions), and a redacted name there would survive both rendering and
copying. :func:`hidden_text` returns the strings such content shows, joined the ways a word
split over several operators reads (``(Kristoffer) Tj ( Haugland) Tj``), so the writer can
refuse the export when a redacted string is among them. Strings are read byte for byte
(simple fonts); text in a composite (CID) font there is not decoded.
"""

from __future__ import annotations

from collections.abc import Iterator

import pikepdf
from redactor_plugins.pdf_verify import decode_pdf_string

_SHOW = {"Tj", "TJ", "'", '"'}
_SPACE_KERN = -200  # a TJ adjustment wider than this (thousandths of an em) reads as a space


def shown_strings(owner: object) -> tuple[list[str], list[str]]:
    """The strings of one content stream's text-showing operators, in order: (drawn visibly,
    drawn in an invisible render mode, 3 or 7). A ``TJ`` array's pieces are joined, with a
    space where it moves right by more than a fifth of an em."""
    try:
        ops = pikepdf.parse_content_stream(owner)
    except (pikepdf.PdfError, TypeError, ValueError):
        return [], []
    visible: list[str] = []
    invisible: list[str] = []
    mode, saved = 0, []
    for item in ops:
        if isinstance(item, pikepdf.ContentStreamInlineImage):
            continue
        op = str(item.operator)
        if op == "q":
            saved.append(mode)
        elif op == "Q":
            mode = saved.pop() if saved else 0
        elif op == "Tr" and item.operands:
            mode = int(item.operands[0])
        if op not in _SHOW:
            continue
        arg = item.operands[-1] if item.operands else None
        piece = ""
        if isinstance(arg, pikepdf.Array):
            for x in arg:
                if isinstance(x, pikepdf.String):
                    piece += decode_pdf_string(bytes(x))
                elif float(x) < _SPACE_KERN:
                    piece += " "
        elif isinstance(arg, pikepdf.String):
            piece = decode_pdf_string(bytes(arg))
        (invisible if mode in (3, 7) else visible).append(piece)
    return visible, invisible


def _hidden_streams(res: object, hidden: bool, seen: set[tuple[int, int]], depth: int = 0
                    ) -> Iterator[pikepdf.Stream]:
    """Content streams reachable from ``res`` that draw inside a soft mask or a pattern
    (``hidden``: ``res`` already belongs to one)."""
    if depth > 16 or not isinstance(res, pikepdf.Dictionary):
        return
    children: list[tuple[pikepdf.Stream, bool]] = []
    xobjs = res.get("/XObject")
    if isinstance(xobjs, pikepdf.Dictionary):
        children += [(xo, hidden) for _, xo in xobjs.items()
                     if isinstance(xo, pikepdf.Stream) and xo.get("/Subtype") == "/Form"]
    patterns = res.get("/Pattern")
    if isinstance(patterns, pikepdf.Dictionary):
        children += [(p, True) for _, p in patterns.items() if isinstance(p, pikepdf.Stream)]
    states = res.get("/ExtGState")
    if isinstance(states, pikepdf.Dictionary):
        for _, gs in states.items():
            smask = gs.get("/SMask") if isinstance(gs, pikepdf.Dictionary) else None
            group = smask.get("/G") if isinstance(smask, pikepdf.Dictionary) else None
            if isinstance(group, pikepdf.Stream):
                children.append((group, True))
    for stream, inside in children:
        if stream.is_indirect:
            key = (*stream.objgen, inside)
            if key in seen:
                continue
            seen.add(key)  # type: ignore[arg-type]
        if inside:
            yield stream
        yield from _hidden_streams(stream.get("/Resources"), inside, seen, depth + 1)


def hidden_text(resources: object) -> tuple[str, str]:
    """What the soft masks and patterns reachable from a page's ``resources`` show: (visible
    text, invisible text), each stream's strings joined without and with spaces."""
    visible: list[str] = []
    invisible: list[str] = []
    for stream in _hidden_streams(resources, False, set()):
        for strings, out in zip(shown_strings(stream), (visible, invisible), strict=True):
            if strings:
                out += ["".join(strings), " ".join(strings)]
    return "\n".join(visible), "\n".join(invisible)
