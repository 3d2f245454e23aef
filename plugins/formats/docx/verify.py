"""DOCX verification: re-open the written file and prove nothing redacted survived.

Three kinds of checks, all on the file as written (never the in-memory model):

* **leak search** with the shared normalised variants: per part, the text of every text node
  (``w:t``, ``a:t``, ``m:t``, ``c:v``, ``w:delText``, ``w:instrText`` …) read as one string,
  so identifiers split over runs are found; per part, every other element text, attribute
  value and XML comment, each value on its own; all parts' text together; and every binary
  part (latin-1 and UTF-16 views). A secret may occur only as often as in the expected text.
* **text check**: each story part reads exactly as planned (whitespace aside).
* **structure**: no revisions, comments, people, custom properties, custom XML, data
  bindings, hidden runs, field instructions, document variables, rsids, template or
  mail-merge settings, external relationships, macros, OLE/ActiveX, embedded fonts,
  glossary, web settings, thumbnails, XML comments, unreferenced parts, zip comment; images
  carry no EXIF/XMP/text metadata; document properties are the neutral ones.
"""

from __future__ import annotations

import gzip
import io
import re
import unicodedata
import zipfile
from collections.abc import Callable, Iterable
from pathlib import Path

from lxml import etree
from PIL import Image
from redactor_plugins.formats.docx.package import (
    FIXED_TIME,
    MC,
    PR,
    WML,
    C,
    Package,
    load_package,
    rels_name,
    w,
)
from redactor_plugins.formats.docx.read import TEXT_TAGS, extract, is_wordy_label, story_parts
from redactor_plugins.formats.docx.sanitize import (
    APP_XML,
    CHANGE_TAGS,
    IMAGE_FORMATS,
    hidden_runs,
    hidden_style_ids,
    is_on,
    local,
    part_names,
    raster_type,
)
from redactor_plugins.formats.docx.scrub import names_typeface, squash, squashable

from redactor.plugin_api import (
    Document,
    InputError,
    RedactionPlan,
    VerificationIssue,
    VerificationResult,
    find_survivors,
    hint,
    secret_variants,
)

NUMBERING_TYPE = WML + "numbering+xml"
TEXTY = frozenset(TEXT_TAGS | {w("delText"), w("instrText"), f"{{{C}}}v"})
FORBIDDEN_PARTS = (
    (re.compile(r"(^|/)comments[^/]*\.xml$", re.I), "comments"),
    (re.compile(r"(^|/)people\.xml$", re.I), "people (comment authors)"),
    (re.compile(r"^docProps/custom\.xml$", re.I), "custom properties"),
    (re.compile(r"^customXml/", re.I), "custom XML parts"),
    (re.compile(r"vbaProject|vbaData", re.I), "macros"),
    (re.compile(r"thumbnail", re.I), "thumbnail"),
    (re.compile(r"glossary", re.I), "glossary document"),
    (re.compile(r"webSettings\.xml$", re.I), "web settings"),
    (re.compile(r"(^|/)(embeddings|activeX)/", re.I), "embedded objects"),
    (re.compile(r"(^|/)fonts/", re.I), "embedded fonts"),
    (re.compile(r"printerSettings", re.I), "printer settings"),
    (re.compile(r"customizations|attachedToolbars", re.I), "customisations"),
    (re.compile(r"^docMetadata/", re.I), "sensitivity labels"),
)
FORBIDDEN_TAGS = {
    w("ins"): "tracked insertion", w("del"): "tracked deletion",
    w("moveFrom"): "tracked move", w("moveTo"): "tracked move",
    w("instrText"): "field instruction", w("fldSimple"): "field instruction",
    w("fldChar"): "field", w("docVars"): "document variables", w("rsids"): "rsids",
    w("attachedTemplate"): "attached template", w("mailMerge"): "mail merge",
    w("commentRangeStart"): "comment mark", w("commentRangeEnd"): "comment mark",
    w("commentReference"): "comment mark", w("object"): "embedded object",
    w("control"): "ActiveX control", w("altChunk"): "embedded document",
    w("subDoc"): "sub-document", f"{{{MC}}}AlternateContent": "alternate content",
    w("permStart"): "editing permission", w("smartTag"): "smart tag",
    w("customXml"): "custom XML markup",
    **dict.fromkeys(CHANGE_TAGS, "tracked change"),
}


class Checker:
    def __init__(self, doc: Document, plan: RedactionPlan) -> None:
        self.doc = doc
        self.plan = plan
        self.expected = plan.apply_to_text(doc.text)
        self.secrets = plan.labelled_secrets()
        self.issues: list[VerificationIssue] = []
        self.checks: list[str] = []
        self._expected_norm: dict[object, str] = {}
        self._counts: dict[tuple[object, str], int] = {}

    def issue(self, where: str, what: str) -> None:
        self.issues.append(VerificationIssue(where, what))

    # -- the leak search of values that must not be joined -----------------------------------
    def search_values(self, where: str, values: Iterable[str], binary: bool = False,
                      min_chars: int = 0) -> None:
        """Search attribute values, other element texts, comments or binary views.

        Each value is searched on its own (never joined to its neighbours). Values that are
        machine vocabulary (schema URIs) are skipped; machine-looking values (numbers, hex,
        GUIDs, sizes) are searched only for long secrets and never digits-only; secrets
        shorter than :data:`SHORT` are matched as whole words only; binary views are searched
        for long secrets only. This keeps a year or a two-letter name from matching
        ``…/2006/relationships`` or a colour, while any real copy of an identifier is found.
        """
        values = [v for v in values if v and v.strip() and not _SCHEMA.match(v)]
        if not values or not self.secrets:
            return
        plain = [v for v in values if not _MACHINE.match(v)]
        joined: dict[tuple[object, bool], str] = {}
        squashed: str | None = None  # all values on letters and digits, made when first needed
        seen: set[str] = set()
        for label, secret in self.secrets:
            if secret in seen or len(norm_words(secret).strip()) < min_chars:
                continue
            seen.add(secret)
            for n, (needle, normaliser) in enumerate(secret_variants(secret)):
                short = len(needle) < SHORT
                if binary and (n > 0 or short):
                    break
                if short and n == 0:
                    needle = "\x00" + "\x00".join(_tokens(secret)) + "\x00"
                    key: tuple[object, bool] = ("tokens", False)
                    if key not in joined:
                        joined[key] = "\x01".join(_token_string(v) for v in plain)
                    haystack = joined[key]
                    allowed = self._allowed("tokens", _token_string, needle)
                else:
                    everything = n == 0 and not short
                    key = (normaliser, everything)
                    if key not in joined:
                        pool = values if everything else plain
                        memo = {v: normaliser(v) for v in set(pool)}
                        joined[key] = "\x00".join(memo[v] for v in pool)
                    haystack = joined[key]
                    allowed = self._allowed(normaliser, normaliser, needle)
                found = haystack.count(needle)
                if found > allowed:
                    self.issue(where, f"{label} {hint(secret)} survives ({found}×)")
                    break
            else:
                needle = squash(secret)
                if not binary and squashable(needle):
                    if squashed is None:
                        squashed = "\x00".join(squash(v) for v in values)
                    self._search_squashed(where, label, secret, needle, squashed)

    def _search_squashed(self, where: str, label: str, secret: str, needle: str,
                         haystack: str) -> None:
        """A long secret written with other separators (``kristoffer_haugland``,
        ``120384-12345``): compared on letters and digits only, each value on its own."""
        found = haystack.count(needle)
        if found > self._allowed("squashed", squash, needle):
            self.issue(where, f"{label} {hint(secret)} survives with other separators ({found}×)")

    def _allowed(self, key: object, fn: Callable[[str], str], needle: str) -> int:
        """How often ``needle`` occurs in the expected text (normalised by ``fn``)."""
        if key not in self._expected_norm:
            self._expected_norm[key] = fn(self.expected)
        counted = (key, needle)
        if counted not in self._counts:
            self._counts[counted] = self._expected_norm[key].count(needle)
        return self._counts[counted]


SHORT = 6
_SCHEMA = re.compile(r"^(https?://schemas\.|http://purl\.org/|urn:schemas-microsoft-com|"
                     r"http://www\.w3\.org/)")
_MACHINE = re.compile(r"^[\s0-9A-Fa-f{}().,:;+\-#%*]*$")
_WORD = re.compile(r"\w+")


def _tokens(text: str) -> list[str]:
    return _WORD.findall(norm_words(text))


def _token_string(text: str) -> str:
    return "\x00" + "\x00".join(_tokens(text)) + "\x00"


def norm_words(text: str) -> str:
    """Like the shared normalisation, but keeping word boundaries."""
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text))
    return "".join(c for c in text if not unicodedata.combining(c)).casefold()


def verify_docx(doc: Document, plan: RedactionPlan, output: Path) -> VerificationResult:
    chk = Checker(doc, plan)
    try:
        pkg = load_package(output, keep_comments=True)
    except InputError as exc:
        chk.issue("package", f"the output cannot be re-opened as DOCX ({exc})")
        return VerificationResult(False, tuple(chk.checks), tuple(chk.issues))
    chk.checks.append("re-opened the written file as a DOCX package")
    _check_zip(chk, output)
    reachable = _check_parts(chk, pkg)
    chk.search_values("package [part names]", list(pkg.parts))
    texts: dict[str, str] = {}
    for part in sorted(pkg.parts):
        data = pkg.parts[part]
        if pkg.is_xml(part):
            root = pkg.xml(part)
            _check_structure(chk, part, root)
            text, others = _channels(root)
            texts[part] = text
            chk.search_values(f"{part} [attributes, other elements, comments]", others)
        elif part in reachable:
            raster = raster_type(data) is not None  # re-encoded: pixels only (checked below)
            for view in _unpacked(data):
                chk.search_values(f"{part} [binary]", _binary_views(view), binary=True)
                if not raster:  # EMF/WMF text records …; a raster's bytes hold words by chance
                    chk.search_values(f"{part} [strings]", _strings(view), min_chars=4)
            _check_image(chk, pkg, part, data, raster)
    outputs = {f"{p} [text]": t for p, t in texts.items() if t}
    outputs["all parts [text]"] = "\n".join(texts.values())
    chk.issues.extend(find_survivors(chk.secrets, chk.expected, outputs))
    chk.checks.append(f"searched {len(plan.replacements)} redacted spans and their variants in "
                      f"every text node, attribute and binary part ({len(pkg.parts)} parts)")
    _check_hidden(chk, pkg)
    _check_text(chk, pkg, doc, plan)
    return VerificationResult(not chk.issues, tuple(chk.checks), tuple(chk.issues))


def _channels(root: etree._Element) -> tuple[str, list[str]]:
    text: list[str] = []
    others: list[str] = []
    for el in root.iter():
        if el.tag in TEXTY:
            text.append(el.text or "")
        elif not isinstance(el.tag, str):  # comments and processing instructions
            others.append(el.text or "")
        elif el.text:
            others.append(el.text)
        if isinstance(el.tag, str):
            others.extend(v for k, v in el.attrib.items() if not names_typeface(el.tag, k))
        if el.tail and el.tail.strip():
            others.append(el.tail)
    return "".join(text), others


def _binary_views(data: bytes) -> list[str]:
    return [data.decode("latin-1"), data.decode("utf-16-le", errors="ignore"),
            data[1:].decode("utf-16-le", errors="ignore")]


_LATIN_RUN = re.compile(rb"[\x20-\x7e\xa0-\xff]{3,}")
_UTF16_RUN = re.compile(rb"(?:[\x20-\x7e\xa0-\xff]\x00){3,}")
MAX_UNPACKED = 64 << 20


def _unpacked(data: bytes) -> list[bytes]:
    """The bytes of a binary part, plus their gunzipped form when they are gzip (EMZ, WMZ,
    SVGZ), capped at :data:`MAX_UNPACKED`."""
    views = [data]
    if data[:2] == b"\x1f\x8b":
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as gz:
                views.append(gz.read(MAX_UNPACKED))
        except (OSError, EOFError):
            pass
    return views


def _strings(data: bytes) -> list[str]:
    """The readable runs of a binary part (Latin-1 and UTF-16LE, as in EMF/WMF text
    records), searched like text values: short secrets too, as whole words."""
    runs = [m.group().decode("latin-1") for m in _LATIN_RUN.finditer(data)]
    for shift in (0, 1):
        runs += [m.group().decode("utf-16-le", errors="ignore")
                 for m in _UTF16_RUN.finditer(data, shift)]
    return runs


def _check_zip(chk: Checker, output: Path) -> None:
    with zipfile.ZipFile(output) as zf:
        if zf.comment:
            chk.issue("package", "the zip has a comment")
        if any(i.date_time != FIXED_TIME for i in zf.infolist()):
            chk.issue("package", "zip entries carry real timestamps")
        if any(i.extra for i in zf.infolist()):
            chk.issue("package", "zip entries carry extra fields")
    chk.checks.append("zip: no comment, fixed timestamps, no extra fields")


def _check_parts(chk: Checker, pkg: Package) -> set[str]:
    for part in pkg.parts:
        for pattern, what in FORBIDDEN_PARTS:
            if pattern.search(part):
                chk.issue(part, f"{what} part present")
    reachable: set[str] = set()
    queue = [""]
    while queue:
        source = queue.pop()
        for rel in pkg.rels(source):
            if rel.external:
                chk.issue(rels_name(source), "external relationship target present")
                continue
            if rel.part and rel.part not in reachable:
                reachable.add(rel.part)
                queue.append(rel.part)
    rels_parts = {pkg.find(rels_name(p)) for p in reachable | {""}}
    for part in pkg.parts:
        if part not in reachable and part not in rels_parts:
            chk.issue(part, "unreferenced part left in the package")
        if not pkg.content_type(part):
            chk.issue(part, "part without a content type")
    for rel in pkg.rels(""):
        if rel.kind == "core-properties" and rel.part:
            if len(pkg.xml(rel.part)):
                chk.issue(rel.part, "document properties are not neutral")
        if rel.kind == "extended-properties" and rel.part:
            if b"".join(pkg.parts[rel.part].split()) != b"".join(APP_XML.split()):
                chk.issue(rel.part, "application properties are not neutral")
        if rel.kind == "custom-properties":
            chk.issue("package", "custom properties present")
    chk.checks.append("parts: only referenced ones; no comments, people, custom properties, "
                      "custom XML, macros, objects, fonts, glossary, web settings, thumbnail")
    return reachable


def _check_structure(chk: Checker, part: str, root: etree._Element) -> None:
    found: dict[str, int] = {}
    for el in root.iter():
        tag = el.tag
        if not isinstance(tag, str):
            found["XML comment or processing instruction"] = found.get(
                "XML comment or processing instruction", 0) + 1
            continue
        what = FORBIDDEN_TAGS.get(tag)
        if what is None and local(tag) == "dataBinding":
            what = "data binding"
        if what:
            found[what] = found.get(what, 0) + 1
        for key in el.attrib:
            if key.startswith(w("rsid")):
                found["rsid"] = found.get("rsid", 0) + 1
            elif local(key) in ("descr", "title") and local(tag) in ("docPr", "cNvPr"):
                found["alt text"] = found.get("alt text", 0) + 1
        if tag == f"{{{PR}}}Relationship" and (el.get("TargetMode") or "").lower() == "external":
            found["external relationship"] = found.get("external relationship", 0) + 1
    for what, n in sorted(found.items()):
        chk.issue(part, f"{what} present ({n}×)")


def _check_hidden(chk: Checker, pkg: Package) -> None:
    main = pkg.main_part()
    styles = None
    for rel in pkg.rels(main):
        if rel.kind == "styles" and rel.part:
            styles = pkg.xml(rel.part)
    hidden = hidden_style_ids(styles)
    for part in story_parts(pkg):
        root = pkg.xml(part)
        n = len(hidden_runs(root, hidden))
        n += sum(1 for m in root.iter(w("vanish"), w("specVanish")) if is_on(m))
        if n:
            chk.issue(part, f"hidden text present ({n}×)")
    chk.checks.append("structure: no revisions, hidden text, field instructions, rsids, "
                      "document variables, bindings, alt text, external targets, comments")


def _check_image(chk: Checker, pkg: Package, part: str, data: bytes, raster: bool) -> None:
    ctype = pkg.content_type(part).lower()
    if ctype not in IMAGE_FORMATS:
        if ctype.startswith("image/") and raster:  # a raster image by any name
            chk.issue(part, "a raster image kept as it was (not re-encoded)")
        return
    try:
        with Image.open(io.BytesIO(data)) as im:
            meta = {k for k in im.info if k in ("exif", "xmp", "icc_profile", "comment",
                                                 "XML:com.adobe.xmp")}
            if len(im.getexif()) or meta or getattr(im, "text", None):
                chk.issue(part, "image metadata present")
    except Exception:
        chk.issue(part, "an image cannot be re-opened")


def expected_by_part(doc: Document, plan: RedactionPlan) -> dict[str, list[str]]:
    """The text each story part should read: replacements clipped to paragraphs, the
    replacement text in the first paragraph the span touches (as the writer does)."""
    reps = plan.replacements
    out: dict[str, list[str]] = {}
    k = 0
    placed: set[int] = set()
    text = doc.text
    for seg in doc.segments:
        s0, e0 = seg.span.start, seg.span.end
        while k < len(reps) and reps[k].span.end <= s0:
            k += 1
        buf: list[str] = []
        pos = s0
        m = k
        while m < len(reps) and reps[m].span.start < e0:
            rep = reps[m]
            a, b = max(rep.span.start, s0), min(rep.span.end, e0)
            if a < b:
                buf.append(text[pos:a])
                if m not in placed:
                    buf.append(rep.replacement)
                    placed.add(m)
                pos = b
            m += 1
        buf.append(text[pos:e0])
        part = seg.locator.rsplit("#", 1)[0]
        out.setdefault(part, []).append("".join(buf))
    return out


_WS = re.compile(r"\s+")


def _check_text(chk: Checker, pkg: Package, doc: Document, plan: RedactionPlan) -> None:
    try:  # the writer renames parts (docx_sanitize.part_names): the same names here
        renamed = part_names(load_package(doc.source))
    except (InputError, OSError):
        renamed = {}
    expected = {renamed.get(p, p): t for p, t in expected_by_part(doc, plan).items()}
    parts = story_parts(pkg)
    got = extract(pkg, parts)
    for part in parts:
        spans = got.by_part.get(part, [])
        text = "\n".join(got.text[a:b] for a, b in spans)
        if part not in expected:
            if _WS.sub("", text):
                chk.issue(part, "a text part that the input did not have")
            continue
        planned = expected[part]
        if pkg.content_type(part) == NUMBERING_TYPE:  # a label may no longer read as words
            planned = [t for t in planned if is_wordy_label(t)]
        want = _WS.sub("", "\n".join(planned))
        have = _WS.sub("", text)
        if want != have:
            at = next((i for i, (x, y) in enumerate(zip(want, have, strict=False)) if x != y),
                      min(len(want), len(have)))
            chk.issue(part, f"text differs from the planned redacted text (at character {at})")
    chk.checks.append(f"re-read {len(parts)} story parts; each reads as planned")

