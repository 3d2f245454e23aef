"""DOCX channels that carry an identifier outside the text: scrubbed by the redacted strings.

The text of a document is redacted span by span; but the same name may also sit in values no
reader shows as text — a drop-down's unselected choices, a table's caption and description,
a signature line's suggested signer, a theme or list name, a chart's sheet reference, and
the names of the package's own parts (``word/header_Kristoffer_Haugland.xml``). Such copies are
often written with other separators (``kristoffer_haugland``, ``Kristoffer-Haugland``,
``120384-12345`` for ``12038412345``). :func:`scrub_values` replaces every such value that
carries a redacted string, compared on letters and digits only (see :func:`squash`), and
:func:`neutral_part_names` gives every kept part a name made from its kind alone.
"""

from __future__ import annotations

import posixpath
import re
import unicodedata
from collections.abc import Iterable, Mapping

from lxml import etree
from redactor_plugins.formats.docx.package import w

#: A secret is matched on letters and digits only when that leaves at least this many
#: characters (nine when it is all digits): shorter ones would match by chance.
SQUASH_MIN = 8
SQUASH_MIN_DIGITS = 9
SCRUBBED = "redacted"
_WORD = re.compile(r"\w+")
_MACHINE = re.compile(r"^[\s0-9A-Fa-f{}().,:;+\-#%*]*$")


def folded(text: str) -> str:
    """Case-folded, without diacritics (NFKD), compatibility characters unified (NFKC)."""
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text))
    return "".join(c for c in text if not unicodedata.combining(c)).casefold()


def squash(text: str) -> str:
    """Letters and digits only: ``Kristoffer_Haugland`` and ``kristoffer-haugland`` agree."""
    return "".join(c for c in folded(text) if c.isalnum())


def squashable(needle: str) -> bool:
    """Whether a squashed secret is long enough to be searched on letters and digits alone."""
    return len(needle) >= (SQUASH_MIN_DIGITS if needle.isdigit() else SQUASH_MIN)


def token_string(text: str) -> str:
    return "\x00" + "\x00".join(_WORD.findall(folded(text))) + "\x00"


class Needles:
    """The redacted strings, prepared for matching values."""

    def __init__(self, secrets: Iterable[str]) -> None:
        uniq = {s for s in secrets if s and s.strip()}
        self.squashed = sorted({n for s in uniq if squashable(n := squash(s))})
        self.tokens = sorted({t for s in uniq if (t := token_string(s)) != "\x00\x00"})

    def __bool__(self) -> bool:
        return bool(self.squashed or self.tokens)

    def found_in(self, value: str) -> bool:
        """Whether ``value`` carries a secret: as whole words (not in machine-looking values:
        numbers, sizes, hex), or on letters and digits alone for long secrets."""
        if not value or not value.strip():
            return False
        if self.squashed:
            flat = squash(value)
            if any(n in flat for n in self.squashed):
                return True
        if self.tokens and not _MACHINE.match(value):
            toks = token_string(value)
            return any(t in toks for t in self.tokens)
        return False


#: Attributes that name typefaces (public vocabulary, not about anyone): neither scrubbed nor
#: searched — ``--deny Roman`` must not turn "Times New Roman" into another font.
_TYPEFACE_ATTRS = {("rFonts", ""), ("font", "name"), ("altName", "val"), ("latin", "typeface"),
                   ("ea", "typeface"), ("cs", "typeface"), ("sym", "typeface"),
                   ("font", "typeface"), ("buFont", "typeface")}


def names_typeface(tag: object, key: str) -> bool:
    """Whether attribute ``key`` of an element ``tag`` names a typeface."""
    el = tag.split("}", 1)[-1] if isinstance(tag, str) else ""
    attr = key.split("}", 1)[-1]
    return (el, "") in _TYPEFACE_ATTRS or (el, attr) in _TYPEFACE_ATTRS


def scrub_values(root: etree._Element, needles: Needles) -> int:
    """Replace attribute values and element texts (outside the story text, which the writer
    redacts span by span) that carry a redacted string; a drop-down choice that does is
    removed. Returns how many values were changed."""
    if not needles:
        return 0
    from redactor_plugins.formats.docx.read import ALL_TAGS  # docx_read imports the sanitiser

    changed = 0
    for el in list(root.iter(etree.Element)):
        if el.tag in ALL_TAGS:
            continue
        hit = [k for k, v in el.attrib.items()
               if not names_typeface(el.tag, k) and needles.found_in(v)]
        if hit and el.tag == w("listItem"):
            parent = el.getparent()
            if parent is not None:
                parent.remove(el)
                changed += 1
                continue
        for key in hit:
            el.set(key, SCRUBBED)
            changed += 1
        if el.text and needles.found_in(el.text):
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
            ext = posixpath.splitext(part)[1].lower()
            if not ext[1:].isalnum() or len(ext) > 6:
                ext = ".xml" if ext == "" else ".bin"
            stem = re.sub(r"[^A-Za-z]", "", kind) or "part"
            out[part] = f"word/{stem}{counts[kind]}{ext}"
    return out
