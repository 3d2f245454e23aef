"""Safe loading and writing of DOCX packages (Open Packaging Conventions zips).

Loading checks, before anything is decompressed: the zip opens, no entry is encrypted or
duplicated, the total uncompressed size and the compression ratio are bounded (zip bombs),
``[Content_Types].xml`` declares a WordprocessingML main part, and macro-enabled documents
(``.docm``/``.dotm``) are refused. Every XML part is parsed with a parser that neither resolves
entities nor touches the network, and a part that carries a DTD is refused.

Writing builds a brand-new zip from parts held in memory: fixed timestamps and attributes,
``[Content_Types].xml`` first, no zip comment, no byte of the original archive copied through.
"""

from __future__ import annotations

import posixpath
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

from lxml import etree

from redactor.plugin_api import EncryptedInputError, InputError, Limits

# -- namespaces ------------------------------------------------------------------------------
W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PR = "http://schemas.openxmlformats.org/package/2006/relationships"
CT = "http://schemas.openxmlformats.org/package/2006/content-types"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
C = "http://schemas.openxmlformats.org/drawingml/2006/chart"
WP = "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"
PIC = "http://schemas.openxmlformats.org/drawingml/2006/picture"
V = "urn:schemas-microsoft-com:vml"
OFFICE = "urn:schemas-microsoft-com:office:office"
STRICT_W = "http://purl.oclc.org/ooxml/wordprocessingml/main"


def w(tag: str) -> str:
    return f"{{{W}}}{tag}"


# -- limits ----------------------------------------------------------------------------------
MAX_FILE_BYTES = 500 * 2**20
MAX_TOTAL_UNCOMPRESSED = 500 * 2**20
MAX_RATIO = 100
# Parts smaller than this are not held to the ratio: repetitive but genuine documents compress
# well (a 300-page document.xml of 1.2 MB: 115×) and a part this size is harmless anyway; the
# total stays capped at MAX_TOTAL_UNCOMPRESSED whatever the ratio.
RATIO_MIN_BYTES = 64 * 2**20
MAX_ENTRIES = 10_000

WML = "application/vnd.openxmlformats-officedocument.wordprocessingml."
MAIN_TYPES = (WML + "document.main+xml", WML + "template.main+xml")
MACRO_MAIN_TYPES = (
    "application/vnd.ms-word.document.macroEnabled.main+xml",
    "application/vnd.ms-word.template.macroEnabledTemplate.main+xml",
)
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ZIP_MAGIC = b"PK\x03\x04"
FIXED_TIME = (1980, 1, 1, 0, 0, 0)


def extension(part: str) -> str:
    """The extension of a part name, lower case (``_rels/.rels`` has ``rels``)."""
    name = part.rsplit("/", 1)[-1]
    return name.rsplit(".", 1)[1].lower() if "." in name else ""


def safe_parser(keep_comments: bool = False) -> etree.XMLParser:
    """A parser that never expands entities, loads DTDs or reaches the network."""
    return etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False,
                           load_dtd=False, dtd_validation=False,
                           remove_comments=not keep_comments, remove_pis=not keep_comments)


def parse_xml(data: bytes, where: str, keep_comments: bool = False) -> etree._Element:
    """Parse one XML part safely; raise :class:`InputError` (naming the part only)."""
    if b"<!DOCTYPE" in data[:4096] or b"<!ENTITY" in data[:65536]:
        raise InputError(f"part {where} declares a DTD or entities, which DOCX never uses")
    try:
        root = etree.fromstring(data, safe_parser(keep_comments))
    except etree.XMLSyntaxError as exc:
        raise InputError(f"part {where} is not well-formed XML") from exc
    if root is None:
        raise InputError(f"part {where} is empty")
    info = root.getroottree().docinfo
    if info.doctype or info.internalDTD is not None:
        raise InputError(f"part {where} declares a DTD or entities, which DOCX never uses")
    return root


def to_bytes(root: etree._Element) -> bytes:
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


# -- relationships ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Rel:
    id: str
    type: str
    target: str
    external: bool
    part: str | None  # the resolved part name (internal targets only)

    @property
    def kind(self) -> str:
        """The last segment of the relationship type (``header``, ``image`` …)."""
        return self.type.rstrip("/").rsplit("/", 1)[-1]


def rels_name(part: str) -> str:
    """The relationships part of ``part`` (``""`` is the package itself)."""
    if not part:
        return "_rels/.rels"
    folder, name = posixpath.split(part)
    return posixpath.join(folder, "_rels", name + ".rels")


def resolve_target(source: str, target: str) -> str:
    target = unquote(target.split("#", 1)[0])
    if target.startswith("/"):
        joined = target.lstrip("/")
    else:
        joined = posixpath.join(posixpath.dirname(source), target)
    return posixpath.normpath(joined).lstrip("/")


def relative_target(source: str, part: str) -> str:
    return posixpath.relpath(part, posixpath.dirname(source) or ".")


# -- the package -----------------------------------------------------------------------------
class Package:
    """Parts of a DOCX held in memory, with content types and relationships."""

    def __init__(self, name: str, parts: dict[str, bytes], defaults: dict[str, str],
                 overrides: dict[str, str], keep_comments: bool = False) -> None:
        self.name = name
        self.keep_comments = keep_comments
        self.parts = parts
        self.defaults = defaults
        self.overrides = overrides
        self._lower = {p.lower(): p for p in parts}
        self._xml: dict[str, etree._Element] = {}

    def find(self, part: str) -> str | None:
        """The stored name of ``part`` (OPC part names are case-insensitive)."""
        return self._lower.get(part.lower())

    def content_type(self, part: str) -> str:
        ct = self.overrides.get(part.lower())
        if ct:
            return ct
        ext = extension(part)
        return self.defaults.get(ext, "")

    def is_xml(self, part: str) -> bool:
        ct = self.content_type(part)
        return ct.endswith("+xml") or ct.endswith("/xml") or part.lower().endswith(
            (".xml", ".rels"))

    def xml(self, part: str) -> etree._Element:
        """The parsed tree of an XML part (parsed once, then shared and mutable)."""
        if part not in self._xml:
            self._xml[part] = parse_xml(self.parts[part], part, self.keep_comments)
        return self._xml[part]

    def parsed(self) -> Mapping[str, etree._Element]:
        return self._xml

    def rels(self, source: str) -> list[Rel]:
        name = self.find(rels_name(source))
        if name is None:
            return []
        out = []
        for el in self.xml(name):
            if el.tag != f"{{{PR}}}Relationship":
                continue
            target = el.get("Target", "")
            external = (el.get("TargetMode") or "").lower() == "external"
            part = None if external else self.find(resolve_target(source, target))
            out.append(Rel(el.get("Id", ""), el.get("Type", ""), target, external, part))
        return out

    def main_part(self) -> str:
        for rel in self.rels(""):
            if rel.kind == "officeDocument" and rel.part:
                return rel.part
        found = self.find("word/document.xml")
        if found is None:
            raise InputError(f"{self.name}: not a Word document (word/document.xml is missing)")
        return found


def _fail(path: Path, what: str) -> InputError:
    return InputError(f"{path.name}: {what}")


def sniff_docx(path: Path, head: bytes) -> bool:
    """Zip magic and a WordprocessingML main part in ``[Content_Types].xml``.

    A damaged zip whose first entries are OPC parts is accepted too, so that reading can say
    precisely what is wrong; an OLE container that holds an encrypted package as well.
    """
    if head.startswith(OLE_MAGIC):
        return "EncryptionInfo".encode("utf-16-le") in head or "EncryptedPackage".encode(
            "utf-16-le") in head
    if not head.startswith(ZIP_MAGIC):
        return False
    try:
        with zipfile.ZipFile(path) as zf:
            info = zf.getinfo("[Content_Types].xml")
            if info.file_size > 4 * 2**20 or info.flag_bits & 0x1:
                return False
            root = parse_xml(zf.read(info), "[Content_Types].xml")
    except KeyError:
        return False
    except (zipfile.BadZipFile, OSError, EOFError, ValueError, NotImplementedError, InputError):
        return b"[Content_Types].xml" in head or b"word/" in head
    types = {el.get("ContentType", "") for el in root}
    return any(t in types for t in MAIN_TYPES + MACRO_MAIN_TYPES)


def load_package(path: Path, keep_comments: bool = False,
                 limits: Limits | None = None) -> Package:
    """Open ``path`` as a DOCX package, checking it thoroughly; raise :class:`InputError`.

    ``keep_comments`` keeps XML comments and processing instructions (verification wants to
    see them); reading drops them. ``limits`` (the run's input limits; defaults if None)
    bound each part's and all parts' uncompressed size.
    """
    try:
        size = path.stat().st_size
        with path.open("rb") as fh:
            head = fh.read(8)
    except OSError as exc:
        raise _fail(path, f"cannot be read ({exc.strerror or type(exc).__name__})") from exc
    if size == 0:
        raise _fail(path, "the file is empty")
    if size > MAX_FILE_BYTES:
        raise _fail(path, f"larger than {MAX_FILE_BYTES // 2**20} MB")
    if head.startswith(OLE_MAGIC):
        data = path.read_bytes()
        if "EncryptionInfo".encode("utf-16-le") in data:
            raise EncryptedInputError(
                f"{path.name}: the document is password-protected (encrypted); "
                "remove the password in Word and try again")
        raise _fail(path, "a legacy Word 97-2003 (.doc) file, not DOCX; save it as .docx first")
    if not head.startswith(ZIP_MAGIC):
        raise _fail(path, "not a DOCX file (a DOCX is a zip archive; this file is not)")
    try:
        zf = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError, EOFError, ValueError) as exc:
        raise _fail(path, "the zip archive is damaged or truncated") from exc
    with zf:
        infos = zf.infolist()
        _check_entries(path, infos)
        # input limits (settings section [limits]): each part, and all parts together
        limits = limits or Limits()
        limits.check(path.name, "file_bytes", sum(i.file_size for i in infos))
        for info in infos:
            limits.check(path.name, "stream_bytes", info.file_size)
        parts: dict[str, bytes] = {}
        for info in infos:
            if info.is_dir():
                continue
            try:
                data = zf.read(info)
            except (zipfile.BadZipFile, OSError, EOFError, ValueError, RuntimeError,
                    NotImplementedError) as exc:
                raise _fail(path, "the zip archive is damaged or truncated "
                                  "(a part cannot be decompressed)") from exc
            except Exception as exc:  # zlib.error and friends
                raise _fail(path, "the zip archive is damaged (a part cannot be decompressed)"
                            ) from exc
            if len(data) != info.file_size:
                raise _fail(path, "the zip archive is damaged (a part has the wrong size)")
            parts[info.filename] = data
    ct_name = next((n for n in parts if n.lower() == "[content_types].xml"), None)
    if ct_name is None:
        raise _fail(path, "not an Office document ([Content_Types].xml is missing)")
    try:
        ct_root = parse_xml(parts.pop(ct_name), "[Content_Types].xml")
    except InputError as exc:
        raise _fail(path, str(exc)) from exc
    defaults: dict[str, str] = {}
    overrides: dict[str, str] = {}
    for el in ct_root:
        if el.tag == f"{{{CT}}}Default":
            defaults[(el.get("Extension") or "").lower()] = el.get("ContentType", "")
        elif el.tag == f"{{{CT}}}Override":
            overrides[(el.get("PartName") or "").lstrip("/").lower()] = el.get("ContentType", "")
    pkg = Package(path.name, parts, defaults, overrides, keep_comments)
    if any(t in MACRO_MAIN_TYPES for t in overrides.values()):
        raise _fail(path, "a macro-enabled document (.docm/.dotm) is not accepted; macros can "
                          "carry data and code. Save it as .docx (without macros) first")
    try:
        main = pkg.main_part()
        main_type = pkg.content_type(main)
        if main_type not in MAIN_TYPES:
            raise _fail(path, "not a Word document (no WordprocessingML main part)")
        root = pkg.xml(main)
    except InputError as exc:
        msg = str(exc)
        raise (exc if msg.startswith(path.name) else _fail(path, msg)) from exc
    if root.tag.startswith(f"{{{STRICT_W}}}"):
        raise _fail(path, "Strict Open XML documents are not supported; save as a regular "
                          "Word document (.docx)")
    if root.tag != w("document"):
        raise _fail(path, "the main part is not a Word document body")
    return pkg


def _check_entries(path: Path, infos: list[zipfile.ZipInfo]) -> None:
    if len(infos) > MAX_ENTRIES:
        raise _fail(path, f"the archive has too many entries (over {MAX_ENTRIES})")
    seen: set[str] = set()
    total = 0
    total_compressed = 0
    for info in infos:
        key = info.filename.lower()
        if key in seen:
            raise _fail(path, "the archive has duplicate part names")
        seen.add(key)
        if info.flag_bits & 0x1:
            raise _fail(path, "the archive has encrypted entries")
        if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise _fail(path, "the archive uses an unsupported compression method")
        total += info.file_size
        total_compressed += info.compress_size
        if info.file_size > RATIO_MIN_BYTES and info.file_size > MAX_RATIO * max(
                1, info.compress_size):
            raise _fail(path, f"refused as a possible zip bomb (a part expands more than "
                              f"{MAX_RATIO}×)")
    if total > MAX_TOTAL_UNCOMPRESSED:
        raise _fail(path, f"refused as a possible zip bomb (expands to more than "
                          f"{MAX_TOTAL_UNCOMPRESSED // 2**20} MB)")
    if total > 2 * RATIO_MIN_BYTES and total > MAX_RATIO * max(1, total_compressed):
        raise _fail(path, f"refused as a possible zip bomb (expands more than {MAX_RATIO}×)")


# -- writing ---------------------------------------------------------------------------------
def content_types_xml(parts: Iterable[str], types: Mapping[str, str]) -> bytes:
    """``[Content_Types].xml`` for exactly ``parts``: Defaults for rels/xml, Overrides else."""
    root = etree.Element(f"{{{CT}}}Types", nsmap={None: CT})
    defaults = {"rels": "application/vnd.openxmlformats-package.relationships+xml",
                "xml": "application/xml"}
    exts: dict[str, str] = {}
    overrides: list[tuple[str, str]] = []
    for part in sorted(parts):
        ext = extension(part)
        ct = types[part]
        if ext in defaults and defaults[ext] == ct:
            continue
        if ext and ext not in defaults and ext not in exts and not ct.endswith("+xml"):
            exts[ext] = ct
        if exts.get(ext) == ct:
            continue
        overrides.append((part, ct))
    for ext, ct in sorted({**defaults, **exts}.items()):
        etree.SubElement(root, f"{{{CT}}}Default", Extension=ext, ContentType=ct)
    for part, ct in overrides:
        etree.SubElement(root, f"{{{CT}}}Override", PartName="/" + part, ContentType=ct)
    return to_bytes(root)


def rels_xml(rels: Iterable[tuple[str, str, str]]) -> bytes:
    root = etree.Element(f"{{{PR}}}Relationships", nsmap={None: PR})
    for rid, rtype, target in rels:
        etree.SubElement(root, f"{{{PR}}}Relationship", Id=rid, Type=rtype, Target=target)
    return to_bytes(root)


def write_zip(dest: Path, entries: Mapping[str, bytes]) -> None:
    """A new zip: ``[Content_Types].xml``, then ``_rels/.rels``, then the rest by name."""
    order = sorted(entries, key=lambda n: (n != "[Content_Types].xml", n != "_rels/.rels", n))
    with dest.open("xb") as fh, zipfile.ZipFile(fh, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in order:
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 0
            info.external_attr = 0
            zf.writestr(info, entries[name], compresslevel=6)
        zf.comment = b""
