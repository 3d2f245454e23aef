"""DOCX channels that carry an identifier outside the text: scrubbed by the redacted strings.

The text of a document is redacted span by span; but the same name may also sit in values no
reader shows as text — a drop-down's unselected choices, a table's caption and description,
a signature line's suggested signer, a theme or list name, a font name, a chart's sheet
reference, an element or attribute name, and the names of the package's own parts
(``word/header_Kristoffer_Haugland.xml``). Such copies are often written with other
separators (``kristoffer_haugland``, ``Kristoffer-Haugland``, ``120384-12345`` for
``12038412345``), disguised (look-alike letters, character references, tag characters) or
encoded (base64). :func:`scrub_values` replaces every such value that carries a redacted
string — read through :func:`redactor.plugin_api.reading_text`, also compared on letters and
digits only (see :func:`squash`) — and :func:`neutral_part_names` gives every kept part a
name made from its kind alone. The package's own vocabulary (``w:type="even"``, element
names) and well-known typefaces ("Times New Roman" for ``--deny Roman``) are left alone.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from functools import lru_cache

from lxml import etree
from redactor_plugins.formats.docx.vocabulary import ENUM_VALUES, KNOWN_FONTS, NAMES

from redactor.plugin_api import decoded_payloads, reading_text, tag_view

#: A secret is matched on letters and digits only when that leaves at least this many
#: characters (nine when it is all digits): shorter ones would match by chance.
SQUASH_MIN = 8
SQUASH_MIN_DIGITS = 9
SCRUBBED = "redacted"
NEUTRAL_FONT = "Arial"
_WORD = re.compile(r"[^\W_]+")
_CASE = re.compile(r"(?<=[a-z])(?=[A-Z])")
_MACHINE = re.compile(r"^[\s0-9A-Fa-f{}().,:;+\-#%*]*$")


def folded(text: str) -> str:
    """As it reads (:func:`reading_text`), case-folded, without diacritics."""
    text = unicodedata.normalize("NFKD", reading_text(text))
    return "".join(c for c in text if not unicodedata.combining(c)).casefold()


def squash(text: str) -> str:
    """Letters and digits only: ``Kristoffer_Haugland`` and ``kristoffer-haugland`` agree."""
    return "".join(c for c in folded(text) if c.isalnum())


def squashable(needle: str) -> bool:
    """Whether a squashed secret is long enough to be searched on letters and digits alone."""
    return len(needle) >= (SQUASH_MIN_DIGITS if needle.isdigit() else SQUASH_MIN)


def split_case(text: str) -> str:
    """``oYalman`` → ``o Yalman``: a capital after a lower-case letter starts a word."""
    return _CASE.sub(" ", text)


def token_string(text: str) -> str:
    """The words of ``text`` (letters and digits; ``_`` and case changes split them)."""
    return "\x00" + "\x00".join(_WORD.findall(folded(split_case(text)))) + "\x00"


class Needles:
    """The redacted strings, prepared for matching values."""

    def __init__(self, secrets: Iterable[str]) -> None:
        uniq = {s for s in secrets if s and s.strip()}
        self.squashed = sorted({n for s in uniq if squashable(n := squash(s))})
        self.tokens = sorted({t for s in uniq if (t := token_string(s)) != "\x00\x00"})
        self._seen: dict[str, bool] = {}

    def __bool__(self) -> bool:
        return bool(self.squashed or self.tokens)

    def found_in(self, value: str) -> bool:
        """Whether ``value`` carries a secret: as whole words (not in machine-looking values:
        numbers, sizes, hex), or on letters and digits alone for long secrets — in the value
        as it reads, spelled in tag characters, or base64-encoded in it."""
        if not self or not value or not value.strip():
            return False
        if value not in self._seen:
            tags = tag_view(value)
            self._seen[value] = (
                self._found(value) or (tags is not None and self._found(tags.text))
                or (len(value) >= 16 and any(self._found(p) for p in decoded_payloads(value))))
        return self._seen[value]

    def _found(self, value: str) -> bool:
        if self.squashed:
            flat = squash(value)
            if any(n in flat for n in self.squashed):
                return True
        if self.tokens and not _MACHINE.match(value):
            toks = token_string(value)
            return any(t in toks for t in self.tokens)
        return False


#: Attributes that name typefaces: scrubbed only when they carry a redacted string and are
#: not a well-known font (``--deny Roman`` must not turn "Times New Roman" into another).
_TYPEFACE_ATTRS = {("rFonts", ""), ("font", "name"), ("altName", "val"), ("latin", "typeface"),
                   ("ea", "typeface"), ("cs", "typeface"), ("sym", "typeface"),
                   ("font", "typeface"), ("buFont", "typeface"), ("sym", "font")}
# typeface attributes the schema requires: rewritten; others are removed
_REQUIRED_TYPEFACE = {"typeface"}


def names_typeface(tag: object, key: str) -> bool:
    """Whether attribute ``key`` of an element ``tag`` names a typeface."""
    el = tag.split("}", 1)[-1] if isinstance(tag, str) else ""
    attr = key.split("}", 1)[-1]
    return (el, "") in _TYPEFACE_ATTRS or (el, attr) in _TYPEFACE_ATTRS


def known_font(value: str) -> bool:
    return value.strip().casefold() in KNOWN_FONTS


def vocabulary(value: str) -> bool:
    """Whether a value is a word of the OOXML schemas (an enumeration value such as
    ``even`` or ``page``): the package's own vocabulary, never content."""
    return value in ENUM_VALUES


@lru_cache(maxsize=4096)
def _local(name: object) -> str:
    return name.split("}", 1)[-1] if isinstance(name, str) else ""


def _named_after(needles: Needles, name: object) -> bool:
    """Whether an element or attribute name (not a schema name) carries a secret."""
    local = _local(name)
    return bool(local) and local not in NAMES and needles.found_in(split_case(local))


def scrub_values(root: etree._Element, needles: Needles) -> int:
    """Replace attribute values and element texts (outside the story text, which the writer
    redacts span by span) that carry a redacted string; a drop-down choice, a font-table or
    theme font entry, a latent-style exception that does is removed, and so is an element or
    attribute whose (non-schema) name does. Returns how many values were changed."""
    if not needles:
        return 0
    from redactor_plugins.formats.docx.read import ALL_TAGS  # docx_read imports the sanitiser

    changed = 0
    for el in list(root.iter(etree.Element)):
        parent = el.getparent()
        read = el.tag in ALL_TAGS  # its text (or text attribute) was redacted span by span
        if not read and parent is not None and _named_after(needles, el.tag):
            parent.remove(el)
            changed += 1
            continue
        hit = []
        fonts = []
        for key, value in el.attrib.items():
            if read and _local(key) in ("string", "val"):
                continue
            if _named_after(needles, key):
                hit.append(key)
            elif vocabulary(value) or not needles.found_in(value):
                continue
            elif names_typeface(el.tag, key):
                if not known_font(value):
                    fonts.append(key)
            else:
                hit.append(key)
        local = _local(el.tag)
        if parent is not None and ((local in ("listItem", "lsdException") and (hit or fonts))
                                   or (local == "font" and fonts)):
            parent.remove(el)  # an optional entry: a choice, a latent style, a font
            changed += 1
            continue
        for key in fonts:
            if _local(key) in _REQUIRED_TYPEFACE:
                el.set(key, NEUTRAL_FONT)
            else:
                del el.attrib[key]
            changed += 1
        for key in hit:
            if _named_after(needles, key):
                del el.attrib[key]
            else:
                el.set(key, SCRUBBED)
            changed += 1
        if not read and el.text and not vocabulary(el.text) and needles.found_in(el.text):
            el.text = SCRUBBED
            changed += 1
    return changed


def neutral_part_names(kinds: Mapping[str, str], main: str) -> dict[str, str]:
    """{part: new name} for the kept parts (``kinds``: part → the relationship kind that
    reached it): ``word/document.xml``, ``docProps/core.xml``, ``docProps/app.xml``, else
    ``word/<kind><n><extension>``."""
    fixed = {"core-properties": "docProps/core.xml", "extended-properties": "docProps/app.xml"}
    out: dict[str, str] = {}
    counts: dict[str, int] = {}
    for part, kind in kinds.items():
        if part == main:
            out[part] = "word/document.xml"
        elif kind in fixed:
            out[part] = fixed[kind]
        else:
            counts[kind] = counts.get(kind, 0) + 1
            stem = re.sub(r"[^A-Za-z]", "", kind) or "part"
            out[part] = f"word/{stem}{counts[kind]}.xml"  # never the input's extension
    return out
