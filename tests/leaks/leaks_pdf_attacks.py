"""PDF fixtures built the way an attacker would, and the export helpers.

Every builder writes a two-page PDF (300 × 200 pt): page 1 shows ``NAME`` plainly (so the
export redacts something) and ``KEPT``; page 2 hides ``NAME`` in one channel. The
independent scan lives in :mod:`leaks_pdf_scan` (re-exported here).
"""

from __future__ import annotations

import dataclasses
import io
import re
import zlib
from pathlib import Path

import numpy as np
import pikepdf
from leaks_pdf_scan import (  # noqa: F401  (re-exported)
    KEPT,
    NAME,
    NAME_RECT,
    SIZE,
    independent_hits,
    kept_text_stays,
    name_still_drawn,
)
from PIL import Image, ImageDraw

from redactor.core.context import RunContext
from redactor.core.errors import VerificationError
from redactor.core.pipeline import Pipeline
from redactor.core.policy import load_policy
from redactor.pluginhost.manager import PluginHost

Name = pikepdf.Name
ONLY_TERMS = ("redactor_plugins.formats.pdf.plugin", "redactor_plugins.detectors.terms.plugin",
              "redactor_plugins.strategies.plugin")
#: (strategy, path) every fixture is exported with
PATHS = [("redact", "v1"), ("label", "v1"), ("redact", "v2"), ("label", "v2")]
PAGE1 = (f"BT /F1 12 Tf 20 150 Td (Report on {NAME} today) Tj ET\n"
         f"BT /F1 12 Tf 20 130 Td ({KEPT}) Tj ET\n").encode()
PAGE2_KEPT = f"BT /F1 12 Tf 20 170 Td ({KEPT}) Tj ET\n".encode()


# -- building --------------------------------------------------------------------------------
def save_pages(pdf: pikepdf.Pdf, pages: list[tuple[bytes, pikepdf.Dictionary]],
               path: Path) -> Path:
    """Append a page of :data:`SIZE` per (content stream, resources), save ``pdf`` at
    ``path``."""
    for content, res in pages:
        pdf.pages.append(pikepdf.Page(pikepdf.Dictionary(
            Type=Name.Page, MediaBox=[0, 0, *SIZE], Resources=res,
            Contents=pikepdf.Stream(pdf, content))))
    pdf.save(path)
    return path


def helvetica(pdf: pikepdf.Pdf, **extra: object) -> pikepdf.Dictionary:
    return pdf.make_indirect(pikepdf.Dictionary(Type=Name.Font, Subtype=Name.Type1,
                                                BaseFont=Name.Helvetica,
                                                Encoding=Name.WinAnsiEncoding, **extra))


def two_pages(path: Path, page2: bytes, res2: dict | None = None, shared: bool = False,
              res1: dict | None = None, page1: bytes = PAGE1,
              doc: dict | None = None) -> Path:
    """Page 1 (``NAME`` and ``KEPT``) and page 2 (``KEPT`` + ``page2``)."""
    pdf = pikepdf.new()
    font = helvetica(pdf)
    res_a = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font), **(res1 or {}))
    res_b = res_a if shared else pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font))
    for k, v in (res2 or {}).items():
        if k in res_b and isinstance(v, pikepdf.Dictionary):
            for kk, vv in v.items():
                res_b[k][kk] = vv
        else:
            res_b[k] = v
    if shared:
        res_a = res_b = pdf.make_indirect(res_b)
    for content, res in ((page1, res_a), (PAGE2_KEPT + page2, res_b)):
        page = pikepdf.Dictionary(Type=Name.Page, MediaBox=[0, 0, *SIZE], Resources=res,
                                  Contents=pikepdf.Stream(pdf, content))
        pdf.pages.append(pikepdf.Page(page))
    for k, v in (doc or {}).items():
        pdf.Root[k] = v
    pdf.save(path)
    return path


def _codes(text: str) -> tuple[list[str], bytes]:
    """Glyph names for the distinct characters of ``text`` (codes from 1) and its codes."""
    names: list[str] = []
    for ch in text:
        glyph = "space" if ch == " " else ch
        if glyph not in names:
            names.append(glyph)
    return names, bytes(names.index("space" if ch == " " else ch) + 1 for ch in text)


def _cmap(entries: list[tuple[int, str]], width: int = 1) -> bytes:
    body = "\n".join(f"<{c:0{2 * width}X}> <{t.encode('utf-16-be').hex().upper()}>"
                     for c, t in entries)
    return (f"/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"
            f"1 begincodespacerange <{'00' * width}> <{'FF' * width}> endcodespacerange\n"
            f"{len(entries)} beginbfchar\n{body}\nendbfchar\nendcmap end end").encode()


def lying_font(pdf: pikepdf.Pdf, text: str, shows: str) -> tuple[pikepdf.Dictionary, bytes]:
    """Helvetica whose /Differences draw ``text`` from codes 1…; /ToUnicode says ``shows``."""
    names, codes = _codes(text)
    entries = [(i + 1, shows[i % len(shows)]) for i in range(len(names))]
    font = helvetica(pdf)
    font.Encoding = pikepdf.Dictionary(Type=Name.Encoding, BaseEncoding=Name.WinAnsiEncoding,
                                       Differences=[1, *[Name("/" + n) for n in names]])
    font.ToUnicode = pikepdf.Stream(pdf, _cmap(entries))
    return font, codes


def _hex(data: bytes) -> bytes:
    return b"<" + data.hex().encode() + b">"


def ink_image(text: str = NAME, size: tuple[int, int] = (190, 24)) -> Image.Image:
    img = Image.new("L", size, 255)
    ImageDraw.Draw(img).text((2, 4), text, fill=0)
    return img.resize((size[0] * 2, size[1] * 2))


def vector_outlines(path: Path) -> Path:
    """Page 2 draws the name as filled paths (one path per row run of a rendering of it)."""
    img = np.asarray(ink_image()) < 128
    h = img.shape[0]
    ops: list[str] = []
    for y in range(h):
        row = img[y]
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                x0, x1 = 15 + start * 0.5, 15 + x * 0.5
                y0 = 115 - (y + 1) * 0.5
                ops.append(f"{x0:.2f} {y0:.2f} m {x1:.2f} {y0:.2f} l {x1:.2f} {y0 + 0.5:.2f} l "
                           f"{x0:.2f} {y0 + 0.5:.2f} l h")
            x += 1
    return two_pages(path, ("0 g\n" + "\n".join(ops) + "\nf\n").encode())


def lying_tounicode(path: Path) -> Path:
    """Page 2's glyphs spell the name; its /ToUnicode map says something else."""
    return _with_font(path, _codes(NAME)[1], "lying")


def _with_font(path: Path, codes: bytes, kind: str) -> Path:
    pdf = pikepdf.new()
    font = helvetica(pdf)
    if kind == "lying":
        special, _ = lying_font(pdf, NAME, "zqxwvjk")
    else:
        special = type3_font(pdf, kind)
    res = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font, F2=special))
    contents = [PAGE1, PAGE2_KEPT + b"BT /F2 12 Tf 20 100 Td " + _hex(codes) + b" Tj ET\n"]
    return save_pages(pdf, [(content, res) for content in contents], path)


def type3_font(pdf: pikepdf.Pdf, kind: str) -> pikepdf.Dictionary:
    """A Type3 font whose glyph procedures draw each letter of the name (a bar per letter
    position, enough to be ink); ``kind``: ``letters`` (glyph names are the letters, the
    /ToUnicode map lies) or ``opaque`` (glyph names g1, g2 …, no map)."""
    names, _ = _codes(NAME)
    procs = pikepdf.Dictionary()
    for i, n in enumerate(names):
        body = f"600 0 0 0 600 700 d1 {40 + 20 * i % 400} 0 {120 + i * 7} 700 re f".encode()
        procs["/" + (n if kind == "letters" else f"g{i + 1}")] = pikepdf.Stream(pdf, body)
    glyphs = [Name("/" + (n if kind == "letters" else f"g{i + 1}")) for i, n in enumerate(names)]
    font = pdf.make_indirect(pikepdf.Dictionary(
        Type=Name.Font, Subtype=Name.Type3, FontBBox=[0, 0, 1000, 1000],
        FontMatrix=[0.001, 0, 0, 0.001, 0, 0], CharProcs=procs,
        Encoding=pikepdf.Dictionary(Type=Name.Encoding, Differences=[1, *glyphs]),
        FirstChar=1, LastChar=len(names), Widths=[600] * len(names),
        Resources=pikepdf.Dictionary()))
    if kind == "letters":
        font.ToUnicode = pikepdf.Stream(pdf, _cmap([(i + 1, "x") for i in range(len(names))]))
    return font


def type3_letters(path: Path) -> Path:
    return _with_font(path, _codes(NAME)[1], "letters")


def type3_opaque(path: Path) -> Path:
    return _with_font(path, _codes(NAME)[1], "opaque")


def actual_text(path: Path) -> Path:
    """Page 2 draws the name inside a span whose /ActualText says something else."""
    return two_pages(path, f"/Span <</ActualText (Nothing to see here)>> BDC BT /F1 12 Tf "
                           f"20 100 Td ({NAME}) Tj ET EMC\n".encode())


def pattern_split(path: Path) -> Path:
    """Page 2 shows the first part of the name; a tiling pattern's cell shows the rest."""
    head, tail = NAME[:13], NAME[13:]
    pdf = pikepdf.new()
    cell = pikepdf.Stream(pdf, f"BT /F1 12 Tf 0 3 Td ({tail}) Tj ET".encode(),
                          Type=Name.Pattern, PatternType=1, PaintType=1, TilingType=1,
                          BBox=[0, 0, 60, 16], XStep=60, YStep=16,
                          Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(
                              F1=helvetica(pdf))))
    content = (f"BT /F1 12 Tf 20 100 Td ({head}) Tj ET\n"
               f"q /Pattern cs /P1 scn 100 97 60 16 re f Q\n").encode()
    pdf.close()
    return _two_pages_with(path, content, {"/Pattern": ("P1", cell)})


def _two_pages_with(path: Path, page2: bytes, extra: dict[str, tuple[str, object]]) -> Path:
    """Like :func:`two_pages`, resources made in the same document (``extra``: category →
    (name, builder-made object copied in))."""
    pdf = pikepdf.new()
    font = helvetica(pdf)
    res2 = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font))
    for category, (key, obj) in extra.items():
        res2[category] = pikepdf.Dictionary({"/" + key: pdf.copy_foreign(obj)})
    return save_pages(pdf, [(PAGE1, pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font))),
                            (PAGE2_KEPT + page2, res2)], path)


def _exif_jpeg(text: str = NAME) -> bytes:
    img = Image.new("L", (40, 20), 200)
    exif = Image.Exif()
    exif[0x9C9D] = text.encode("utf-16-le") + b"\x00\x00"  # XPAuthor
    exif[0x9C9C] = f"taken by {text}".encode("utf-16-le") + b"\x00\x00"  # XPComment
    buf = io.BytesIO()
    img.save(buf, "JPEG", exif=exif.tobytes(), comment=text.encode("utf-16-be"))
    return buf.getvalue()


def jpeg_metadata(path: Path) -> Path:
    """Page 2 draws a JPEG whose EXIF XP* tags and comment carry the name in UTF-16."""
    pdf = pikepdf.new()
    img = pikepdf.Stream(pdf, _exif_jpeg(), Type=Name.XObject, Subtype=Name.Image, Width=40,
                         Height=20, ColorSpace=Name.DeviceGray, BitsPerComponent=8,
                         Filter=Name.DCTDecode)
    pdf.close()
    return _two_pages_with(path, b"q 40 0 0 20 20 60 cm /Im1 Do Q\n", {"/XObject": ("Im1", img)})


def _sample_image(pdf: pikepdf.Pdf, data: bytes, **extra: object) -> pikepdf.Stream:
    return pikepdf.Stream(pdf, zlib.compress(data), Type=Name.XObject, Subtype=Name.Image,
                          Width=len(data) // 4, Height=4, ColorSpace=Name.DeviceGray,
                          BitsPerComponent=8, Filter=Name.FlateDecode, **extra)


def image_samples(path: Path) -> Path:
    """Page 2 draws an image whose sample bytes spell the name, and two inline images whose
    ASCIIHex and ASCII85 data decode to it."""
    import base64

    pdf = pikepdf.new()
    img = _sample_image(pdf, NAME.encode() * 4 + b"    ")
    pdf.close()
    raw = NAME.encode()
    a85 = base64.a85encode(raw) + b"~>"
    content = (b"q 76 0 0 4 20 60 cm /Im1 Do Q\n"
               b"q 19 0 0 4 20 40 cm BI /W %d /H 1 /BPC 8 /CS /G /F /AHx ID " % len(raw)
               + raw.hex().encode() + b"> EI Q\n"
               b"q 19 0 0 4 20 30 cm BI /W %d /H 1 /BPC 8 /CS /G /F /A85 ID " % len(raw)
               + a85 + b" EI Q\n")
    return _two_pages_with(path, content, {"/XObject": ("Im1", img)})


def tounicode_unused(path: Path) -> Path:
    """Page 2's font has a /ToUnicode map whose unused entries spell the name, one letter
    per code and the whole name for one code."""
    pdf = pikepdf.new()
    font = helvetica(pdf)
    used = [(c, chr(c)) for c in range(32, 127)]
    spelled = [(0xA0 + i, ch) for i, ch in enumerate(NAME)]
    font.ToUnicode = pikepdf.Stream(pdf, _cmap(used + spelled + [(0xFE, NAME)]))
    res = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font))
    return save_pages(pdf, [(content, res) for content in (PAGE1, PAGE2_KEPT)], path)


def escaped_names(path: Path) -> Path:
    """Marked-content tag names and property lists spelling the name with ``#xx``."""
    tag = b"/K#72istoffer#20H#61ugland"
    page1 = tag + b" BMC " + PAGE1 + b" EMC\n"
    page2 = (tag + b" BMC BT /F1 12 Tf 20 100 Td (More text) Tj ET EMC\n"
             b"/Span << /Who " + tag + b" >> BDC EMC\n")
    return two_pages(path, page2, page1=page1)


def octal_shared_form(path: Path) -> Path:
    """Both pages share one resource dictionary; its Form XObject, drawn on page 1 only,
    shows the name in octal escapes."""
    octal = "".join(f"\\{ord(c):03o}" for c in NAME)
    pdf = pikepdf.new()
    font = helvetica(pdf)
    form = pikepdf.Stream(pdf, f"BT /F1 10 Tf 0 0 Td ({octal}) Tj ET".encode(),
                          Type=Name.XObject, Subtype=Name.Form, BBox=[0, 0, 200, 20],
                          Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font)))
    res = pdf.make_indirect(pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font),
                                               XObject=pikepdf.Dictionary(Fm0=form)))
    return save_pages(pdf, [(content, res) for content in (PAGE1 + b"q 1 0 0 1 20 60 cm /Fm0 Do Q\n", PAGE2_KEPT)], path)


def image_alternates(path: Path) -> Path:
    """Page 2's image has an /Alternates image whose samples spell the name."""
    pdf = pikepdf.new()
    alt = _sample_image(pdf, NAME.encode() * 4 + b"    ")
    img = _sample_image(pdf, bytes(80), Alternates=pikepdf.Array([pikepdf.Dictionary(
        Image=pdf.make_indirect(alt), DefaultForPrinting=True)]))
    pdf.close()
    return _two_pages_with(path, b"q 40 0 0 8 20 60 cm /Im1 Do Q\n", {"/XObject": ("Im1", img)})


def custom_keys(path: Path) -> Path:
    """Custom keys holding the name in UTF-16 without a byte-order mark: in an image
    XObject, in a font dictionary, in the (shared) resource dictionary and in the page's
    content stream and transparency group dictionaries."""
    le, be = NAME.encode("utf-16-le"), NAME.encode("utf-16-be")
    pdf = pikepdf.new()
    font = helvetica(pdf, Comment=pikepdf.String(be))
    img = _sample_image(pdf, bytes(80), Owner=pikepdf.String(le))
    res = pdf.make_indirect(pikepdf.Dictionary(
        Font=pikepdf.Dictionary(F1=font), XObject=pikepdf.Dictionary(Im1=img),
        MyData=pikepdf.String(le)))
    for content in (PAGE1, PAGE2_KEPT + b"q 40 0 0 8 20 60 cm /Im1 Do Q\n"):
        pdf.pages.append(pikepdf.Page(pikepdf.Dictionary(
            Type=Name.Page, MediaBox=[0, 0, *SIZE], Resources=res,
            Group=pikepdf.Dictionary(S=Name.Transparency, Note=pikepdf.String(le)),
            Contents=pikepdf.Stream(pdf, content, Note=pikepdf.String(be)))))
    pdf.save(path)
    return path


def file_names(path: Path) -> Path:
    """File names carrying the name: a reference XObject's file specification, an embedded
    file, a file attachment annotation."""
    fname = NAME.replace(" ", "_") + ".pdf"
    pdf = pikepdf.new()
    spec = pikepdf.Dictionary(Type=Name.Filespec, F=pikepdf.String(fname),
                              UF=pikepdf.String(fname))
    form = pikepdf.Stream(pdf, b"0 0 10 10 re f", Type=Name.XObject, Subtype=Name.Form,
                          BBox=[0, 0, 10, 10], Ref=pikepdf.Dictionary(F=spec, Page=0))
    pdf.close()
    return _two_pages_with(path, b"q 1 0 0 1 20 60 cm /Fm1 Do Q\n", {"/XObject": ("Fm1", form)})


def lookalikes(path: Path) -> Path:
    """Pages 2–4 draw the name in Helvetica; their text layers say it in fullwidth letters,
    mathematical bold letters, and with a tag character after each letter."""
    bold = {**{chr(65 + i): chr(0x1D400 + i) for i in range(26)},
            **{chr(97 + i): chr(0x1D41A + i) for i in range(26)}}
    variants = [lambda c: chr(ord(c) + 0xFEE0) if c != " " else "\u3000",
                lambda c: bold.get(c, c),
                lambda c: c + "\U000E0041"]
    pdf = pikepdf.new()
    contents = [PAGE1]
    fonts = pikepdf.Dictionary(F1=helvetica(pdf))
    for n, variant in enumerate(variants):
        font = helvetica(pdf)
        font.ToUnicode = pikepdf.Stream(pdf, _cmap([(c, variant(chr(c)))
                                                    for c in range(32, 127)]))
        fonts[f"/F{n + 2}"] = font
        contents.append(PAGE2_KEPT +
                        f"BT /F{n + 2} 12 Tf 20 100 Td ({NAME}) Tj ET\n".encode())
    res = pikepdf.Dictionary(Font=fonts)
    return save_pages(pdf, [(content, res) for content in contents], path)


# -- exporting -------------------------------------------------------------------------------
def export(src: Path, dest: Path, strategy: str = "redact", path: str = "v1",
           secret: str = NAME) -> object:
    host = PluginHost(builtins=ONLY_TERMS, load_entrypoints=False, load_user_folder=False)
    policy = load_policy("default").with_terms(always=(secret,)).with_strategy(strategy)
    if path == "v2":
        policy = dataclasses.replace(policy, options={**policy.options,
                                                      "keep_text_selectable": "1"})
    pipe = Pipeline(host, policy)
    ctx = RunContext()
    doc = pipe.read(src, ctx)
    return pipe.export(pipe.analyze(doc, ctx), dest, ctx)


def outcome(src: Path, dest: Path, strategy: str, path: str) -> str:
    """``"refused"`` (exit 4, no file, a reason given) or ``"written"``."""
    try:
        export(src, dest, strategy, path)
    except VerificationError as exc:
        assert not dest.exists(), "a refused export left a file"
        assert str(exc).strip(), "a refusal without a reason"
        assert "Kristoffer" not in str(exc) and "Haugland" not in str(exc)
        return "refused"
    return "written"


def _icc_profile(text: str) -> bytes:
    """A minimal grey ICC profile whose description (``mluc``, UTF-16BE) is ``text``."""
    import struct

    desc = text.encode("utf-16-be")
    mluc = b"mluc" + bytes(4) + struct.pack(">II", 1, 12) + b"enUS" + struct.pack(
        ">II", len(desc), 28) + desc
    kTRC = b"curv" + bytes(4) + struct.pack(">I", 0)
    wtpt = b"XYZ " + bytes(4) + struct.pack(">iii", 63190, 65536, 54061)
    tags = [(b"desc", mluc), (b"kTRC", kTRC), (b"wtpt", wtpt)]
    offset = 132 + 12 * len(tags)
    table, body = b"", b""
    for sig, data in tags:
        data += bytes(-len(data) % 4)
        table += sig + struct.pack(">II", offset + len(body), len(data))
        body += data
    size = offset + len(body)
    header = struct.pack(">I", size) + b"none" + b"\x04\x30\x00\x00" + b"mntr" + b"GRAY" + \
        b"XYZ " + bytes(12) + b"acsp" + bytes(24) + struct.pack(">iii", 63190, 65536, 54061) \
        + bytes(4) + bytes(16)
    header += bytes(128 - len(header))
    return header + struct.pack(">I", len(tags)) + table + body


def attacker_extras(path: Path) -> Path:
    """Channels an attacker would try next, in one file: page labels, article threads,
    named destinations, an unreferenced object in an object stream, an ICC profile's
    description, a custom key on the content stream, Separation and OCG names."""
    pdf = pikepdf.new()
    font = helvetica(pdf)
    icc = pikepdf.Stream(pdf, _icc_profile(NAME), N=1, Alternate=Name.DeviceGray)
    res2 = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font), ColorSpace=pikepdf.Dictionary(
        CS0=pikepdf.Array([Name.ICCBased, icc])))
    content2 = PAGE2_KEPT + b"q /CS0 cs 0.5 sc 20 40 50 10 re f Q\n"
    pages = []
    for content, res in ((PAGE1, pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font))),
                         (content2, res2)):
        page = pdf.make_indirect(pikepdf.Dictionary(
            Type=Name.Page, MediaBox=[0, 0, *SIZE], Resources=res,
            Contents=pikepdf.Stream(pdf, content, Author=pikepdf.String(NAME))))
        pdf.pages.append(pikepdf.Page(page))
        pages.append(pdf.pages[-1].obj)
    s = pikepdf.String
    pdf.Root.PageLabels = pikepdf.Dictionary(Nums=[0, pikepdf.Dictionary(S=Name.D,
                                                                          P=s(NAME + " "))])
    bead = pdf.make_indirect(pikepdf.Dictionary(Type=Name.Bead, P=pages[1],
                                                R=[0, 0, 100, 100]))
    bead.N = bead
    bead.V = bead
    thread = pdf.make_indirect(pikepdf.Dictionary(Type=Name.Thread, F=bead,
                                                  I=pikepdf.Dictionary(Title=s(NAME))))
    bead.T = thread
    pages[1].B = pikepdf.Array([bead])
    pdf.Root.Threads = pikepdf.Array([thread])
    pdf.Root.Names = pikepdf.Dictionary(Dests=pikepdf.Dictionary(Names=[
        s(NAME), pikepdf.Array([pages[1], Name.Fit])]))
    ocg = pdf.make_indirect(pikepdf.Dictionary(Type=Name.OCG, Name=s(NAME)))
    pdf.Root.OCProperties = pikepdf.Dictionary(OCGs=[ocg], D=pikepdf.Dictionary(OFF=[ocg]))
    pdf.save(path, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    # an unreferenced object, compressed inside an object stream, in an incremental update
    data = path.read_bytes()
    prev = int(re.findall(rb"startxref\s+(\d+)", data)[-1])
    with pikepdf.open(path) as done:
        size, root = int(done.trailer.Size), done.Root.objgen[0]
    inner = f"({NAME} - unreferenced)".encode()
    head = b"%d 0 " % size
    body = zlib.compress(head + inner)
    stm = (b"<< /Type /ObjStm /N 1 /First %d /Filter /FlateDecode /Length %d >>\nstream\n"
           % (len(head), len(body)) + body + b"\nendstream")
    out = bytearray(data)
    at = len(out) + 1
    out += b"\n%d 0 obj\n" % (size + 1) + stm + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n%d 1\n%010d 00000 n \n" % (size + 1, at)
    out += (b"trailer\n<< /Size %d /Root %d 0 R /Prev %d >>\nstartxref\n%d\n%%%%EOF\n"
            % (size + 2, root, prev, xref))
    path.write_bytes(bytes(out))
    return path
