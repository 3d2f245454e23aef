"""DOCX verification: re-open the written file and prove nothing redacted survived.

Three kinds of checks, all on the file as written (never the in-memory model):

* **leak search** (:func:`redactor.plugin_api.find_survivors` and :meth:`Checker.search_values`)
  for every replaced span and always-mask term, in every spelling (look-alike letters,
  references, invisible and tag characters, connectors, base64): per part, the text of every
  text node and symbol character read as one string per paragraph, so identifiers split over
  runs are found; all parts' text together; the text of SVG ``<text>`` elements (joined
  across ``<tspan>``\\ s) and of EMF/WMF text records (joined across records); per part,
  every other element text, attribute value, font name (other than well-known typefaces),
  element and attribute name (other than schema names) and XML comment, each on its own and
  base64-decoded; every binary part (Latin-1 and UTF-16 views, gunzipped too). The expected
  text excuses only plainly written mentions (see :mod:`redactor.core.verify`); OOXML
  enumeration values (``w:type="even"``) are the package's vocabulary and are not searched.
* **text check**: each story part reads exactly as planned (whitespace aside).
* **structure** (:mod:`docx_checks`): part names, relationships and content types are the
  sanitiser's own; no revisions, comments, people, custom properties, custom XML, data
  bindings, hidden runs, field instructions or data, document variables, rsids, template or
  mail-merge settings, external relationships, macros, OLE/ActiveX, embedded fonts,
  glossary, web settings, thumbnails, XML comments, unknown namespaces, unreferenced parts,
  zip comment; images carry no metadata; SVG holds drawing elements only; document
  properties are the neutral ones. Pictures that may show text (no OCR) are a warning, or an
  issue with ``refuse_unread_images``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path

from lxml import etree
from redactor_plugins.formats.docx.checks import (
    TEXTY,
    Outcome,
    check_hidden,
    check_image,
    check_parts,
    check_structure,
    check_zip,
    safe_where,
    unread_pictures,
)
from redactor_plugins.formats.docx.images import may_hold_text, raster_size, raster_type
from redactor_plugins.formats.docx.package import WML, Package, load_package
from redactor_plugins.formats.docx.read import (
    PARA_TAGS,
    SYM,
    extract,
    is_wordy_label,
    story_parts,
    sym_text,
)
from redactor_plugins.formats.docx.sanitize import local, part_names
from redactor_plugins.formats.docx.scrub import (
    known_font,
    names_typeface,
    split_case,
    squash,
    squashable,
    token_string,
    vocabulary,
)
from redactor_plugins.formats.docx.vector import (
    SVG,
    VectorError,
    emf_texts,
    has_bitmaps,
    kind_of,
    svg_texts,
    unpacked,
    wmf_texts,
)
from redactor_plugins.formats.docx.vocabulary import NAMES

from redactor.plugin_api import (
    Document,
    InputError,
    RedactionPlan,
    VerificationIssue,
    VerificationResult,
    decoded_payloads,
    find_survivors,
    hint,
    plain_only,
    secret_variants,
)

NUMBERING_TYPE = WML + "numbering+xml"
SHORT = 6
_SCHEMA = re.compile(r"^(https?://schemas\.|http://purl\.org/|urn:schemas-microsoft-com|"
                     r"http://www\.w3\.org/)")
_MACHINE = re.compile(r"^[\s0-9A-Fa-f{}().,:;+\-#%*]*$")


class Checker(Outcome):
    def __init__(self, doc: Document, plan: RedactionPlan) -> None:
        super().__init__()
        self.doc = doc
        self.plan = plan
        self.expected = plan.apply_to_text(doc.text)
        self.kept = plain_only(self.expected)  # only plainly written mentions are excused
        self.secrets = plan.labelled_secrets()
        self._expected_norm: dict[object, str] = {}
        self._counts: dict[tuple[object, str], int] = {}

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
            if secret in seen or (min_chars and len(squash(secret)) < min_chars):
                continue
            seen.add(secret)
            for n, (needle, normaliser) in enumerate(secret_variants(secret)):
                short = len(needle) < SHORT
                if binary and (n > 0 or short):
                    break
                if short and n == 0:
                    needle = token_string(secret)
                    key: tuple[object, bool] = ("tokens", False)
                    if key not in joined:
                        joined[key] = "\x01".join(token_string(v) for v in plain)
                    haystack = joined[key]
                    allowed = self._allowed("tokens", token_string, needle)
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
        """How often ``needle`` occurs, plainly written, in the expected text."""
        if key not in self._expected_norm:
            self._expected_norm[key] = fn(self.kept)
        counted = (key, needle)
        if counted not in self._counts:
            self._counts[counted] = self._expected_norm[key].count(needle)
        return self._counts[counted]


def verify_docx(doc: Document, plan: RedactionPlan, output: Path, *,
                refuse_unread_images: bool = False,
                notes: Iterable[str] = ()) -> VerificationResult:
    """Verify ``output`` (see the module docstring). ``notes`` are the writer's remarks for
    the user (images changed), passed on as warnings."""
    chk = Checker(doc, plan)
    try:
        pkg = load_package(output, keep_comments=True)
    except InputError as exc:
        chk.issue("package", f"the output cannot be re-opened as DOCX ({exc})")
        return VerificationResult(False, tuple(chk.checks), tuple(chk.issues))
    chk.checks.append("re-opened the written file as a DOCX package")
    check_zip(chk, output)
    reachable = check_parts(chk, pkg)
    texts: dict[str, str] = {}
    pictures: list[str] = []
    for part in sorted(pkg.parts):
        data = pkg.parts[part]
        if part.endswith(".rels"):
            check_structure(chk, part, pkg.xml(part))  # made by the sanitiser: checked only
        elif pkg.is_xml(part):
            root = pkg.xml(part)
            check_structure(chk, part, root)
            text, others = channels(root)
            texts[part] = text
            chk.search_values(f"{part} [attributes, other elements, comments]", others)
        elif part in reachable:
            raster = raster_type(data) is not None  # re-encoded: pixels only (checked below)
            if raster:
                if may_hold_text(raster_size(data)):
                    pictures.append(part)
            else:
                _search_binary(chk, part, data, texts, pictures)
            check_image(chk, pkg, part, data, raster)
    outputs = {f"{p} [text]": t for p, t in texts.items() if t}
    outputs["all parts [text]"] = "\n".join(texts.values())
    chk.issues.extend(find_survivors(chk.secrets, chk.expected, outputs, every_spelling=True))
    chk.checks.append(f"searched {len(plan.replacements)} redacted spans, {len(plan.secrets)} "
                      "always-mask terms and their variants in every text node, attribute, "
                      f"name and binary part ({len(pkg.parts)} parts)")
    story = story_parts(pkg)
    check_hidden(chk, pkg, story)
    _check_text(chk, pkg, doc, plan, story)
    unread_pictures(chk, pictures, refuse_unread_images)
    chk.warnings.extend(f"{note}: {n}" for note, n in _counted(notes))
    issues = tuple(VerificationIssue(safe_where(i.where), i.what) for i in chk.issues)
    return VerificationResult(not issues, tuple(chk.checks), issues, tuple(chk.warnings))


def _counted(notes: Iterable[str]) -> list[tuple[str, int]]:
    counts: dict[str, int] = {}
    for note in notes:
        counts[note] = counts.get(note, 0) + 1
    return sorted(counts.items())


def _search_binary(chk: Checker, part: str, data: bytes, texts: dict[str, str],
                   pictures: list[str]) -> None:
    """A vector image (or any other binary part): its bytes, readable runs and text
    records."""
    views = [data]
    try:
        views.append(unpacked(data))
    except VectorError:
        pass
    for view in dict.fromkeys(views):
        chk.search_values(f"{part} [binary]", _binary_views(view), binary=True)
        chk.search_values(f"{part} [strings]", _strings(view), min_chars=4)
    raw = views[-1]
    try:
        kind = kind_of(raw)
        records = emf_texts(raw) if kind == "emf" else wmf_texts(raw) if kind == "wmf" else []
    except VectorError:
        chk.issue(part, "a vector image that cannot be read")
        return
    if records:  # one character per record reads as one word
        texts[f"{part} [text records]"] = "".join(records) + "\n" + "\n".join(records)
    if kind and has_bitmaps(raw, kind):  # a picture inside the drawing
        pictures.append(part)


def channels(root: etree._Element) -> tuple[str, list[str]]:
    """(the text of the part, one line per paragraph; every other value of the part)."""
    text: list[str] = []
    others: list[str] = []
    svg = root.tag == f"{{{SVG}}}svg"
    for el in root.iter():
        tag = el.tag
        if tag in PARA_TAGS:
            text.append("\n")
        elif tag in TEXTY:
            text.append(el.text or "")
        elif tag == SYM:
            text.append(sym_text(el))
        elif not isinstance(tag, str):  # comments and processing instructions
            others.append(el.text or "")
        elif el.text and not vocabulary(el.text):
            others.append(el.text)
        if isinstance(tag, str):
            name = local(tag)
            if name not in NAMES:
                others.append(split_case(name))
            for key, value in el.attrib.items():
                if local(key) not in NAMES:
                    others.append(split_case(local(key)))
                if vocabulary(value) or (names_typeface(tag, key) and known_font(value)):
                    continue
                others.append(value)
        if el.tail and el.tail.strip():
            others.append(el.tail)
    others += [p for v in others if len(v) >= 16 for p in decoded_payloads(v)]
    if svg:
        text.append("\n" + "\n".join(svg_texts(root)))
    return "".join(text), others


def _binary_views(data: bytes) -> list[str]:
    return [data.decode("latin-1"), data.decode("utf-16-le", errors="ignore"),
            data[1:].decode("utf-16-le", errors="ignore")]


_LATIN_RUN = re.compile(rb"[\x20-\x7e\xa0-\xff]{3,}")
_UTF16_RUN = re.compile(rb"(?:[\x20-\x7e\xa0-\xff]\x00){3,}")


def _strings(data: bytes) -> list[str]:
    """The readable runs of a binary part (Latin-1 and UTF-16LE, as in EMF/WMF text
    records), searched like text values: short secrets too, as whole words."""
    runs = [m.group().decode("latin-1") for m in _LATIN_RUN.finditer(data)]
    for shift in (0, 1):
        runs += [m.group().decode("utf-16-le", errors="ignore")
                 for m in _UTF16_RUN.finditer(data, shift)]
    return runs


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


def _check_text(chk: Checker, pkg: Package, doc: Document, plan: RedactionPlan,
                parts: list[str]) -> None:
    try:  # the writer renames parts (docx_sanitize.part_names): the same names here
        renamed = part_names(load_package(doc.source))
    except (InputError, OSError):
        renamed = {}
    expected = {renamed.get(p, p): t for p, t in expected_by_part(doc, plan).items()}
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

