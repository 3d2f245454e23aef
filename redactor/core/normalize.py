"""Text as a reader shows it: the view detectors run on, and the views verification searches.

A name can be written so that a person (or a program that decodes it) reads it while a
detector matching letters does not: character references (``&#89;alman``, ``&amp;#x59;``),
``\\u0059`` and ``%59`` escapes, markup inside a word (``Yal<b>man</b>``, ``Yal**man**``),
compatibility characters (fullwidth ``Ｙａｌｍａｎ``, mathematical ``𝐘𝐚𝐥𝐦𝐚𝐧``), invisible
characters inside it (zero-width, soft hyphen, bidi controls, variation selectors, tag
characters), Cyrillic or Greek letters that look Latin mixed into it (``Yаlman``) — or
spelled *in* tag characters (U+E0020…U+E007E), which most software hides but which decode
to ASCII.

:func:`reading_view` undoes all of that, keeping an offset map so that a span found in the
view covers exactly the original characters (:meth:`Mapped.span`); :func:`tag_view` is the
same view with tag characters decoded instead of dropped. :func:`plain_only` blocks every
character that needed such undoing, so that verification can tell a plainly written (kept)
mention from a disguised one. Nothing here logs or keeps text.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, replace
from html.entities import html5
from typing import Any

from redactor.core.model import Document, Finding, Segment, Span

#: Unicode Default_Ignorable_Code_Point (invisible when rendered), tag characters included.
IGNORABLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0000-\U000e0fff]")
TAG_FIRST, TAG_LAST = 0xE0000, 0xE007F
LIGATURES = frozenset("\ufb00\ufb01\ufb02\ufb03\ufb04\ufb05\ufb06")
BLOCK = "\ufffd"  # what :func:`plain_only` puts where a character needed undoing

# Encodings that decode to one character (repeated up to 3 times: ``&amp;#89;``).
_REF = re.compile(r"&#(\d{1,7});?|&#[xX]([0-9A-Fa-f]{1,6});?|&([A-Za-z][A-Za-z0-9]{1,31};)"
                  r"|\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})|((?:%[0-9A-Fa-f]{2})+)")
# Markup that splits a word without showing: HTML tags and comments, Markdown emphasis.
_WORD_CHAR = r"[^\W_]"
_MARKUP = re.compile(
    rf"(?<={_WORD_CHAR})(?:</?[A-Za-z][A-Za-z0-9]{{0,15}}(?:\s[^<>]{{0,200}})?/?>"
    rf"|<!--.{{0,200}}?-->|\*{{1,3}}|~{{1,2}}|`{{1,3}})+(?={_WORD_CHAR})", re.S)
_SPECIAL = re.compile(r"[&\\%<*~`]|[^\x00-\x7f]")


def _ref_char(m: re.Match[str]) -> str | None:
    """The text a character reference or escape stands for; ``None`` to leave it."""
    dec, hexa, name, u4, u8, pct = m.groups()
    try:
        if dec or hexa or u4 or u8:
            cp = int(dec, 10) if dec else int(hexa or u4 or u8 or "0", 16)
            return chr(cp) if 0 < cp <= 0x10FFFF and not 0xD800 <= cp <= 0xDFFF else None
        if name:
            return html5.get(name)
        raw = bytes(int(pct[i + 1:i + 3], 16) for i in range(0, len(pct), 3))
        text = raw.decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None
    # a percent escape is undone only when it stands for printable characters
    return text if text.isprintable() else None


@dataclass(frozen=True, slots=True)
class Mapped:
    """A view of ``original``; character ``i`` of ``text`` stands for
    ``original[starts[i]:ends[i]]`` (both ``None``: the view is the original)."""

    original: str
    text: str
    starts: list[int] | None = None
    ends: list[int] | None = None

    @property
    def identity(self) -> bool:
        return self.starts is None

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original characters behind ``text[start:end]``, with the invisible characters
        the view dropped right around them (``Y\u200bal\u200b…n\u200b`` is covered
        whole)."""
        if self.starts is None or self.ends is None:
            return start, end
        n = len(self.starts)
        if start >= end:
            a = self.starts[start] if start < n else len(self.original)
            return a, a
        a = self.ends[start - 1] if 0 < start <= n else 0
        a = max(a, min(self.starts[start], self._visible_before(start)))
        b = self.starts[end] if end < n else len(self.original)
        b = min(b, max(self.ends[end - 1], self._visible_after(end - 1)))
        return min(a, self.starts[start]), max(b, self.ends[end - 1])

    def _visible_before(self, i: int) -> int:
        """The original offset where the invisible characters before view char ``i`` start."""
        assert self.starts is not None
        pos = self.starts[i]
        while pos > 0 and IGNORABLE.match(self.original[pos - 1]):
            pos -= 1
        return pos

    def _visible_after(self, i: int) -> int:
        """The original offset where the invisible characters after view char ``i`` end."""
        assert self.ends is not None
        pos = self.ends[i]
        while pos < len(self.original) and IGNORABLE.match(self.original[pos]):
            pos += 1
        return pos


def _rewrite(view: Mapped, pattern: re.Pattern[str],
             fn: Callable[[re.Match[str]], str | None]) -> Mapped:
    """``view`` with every match of ``pattern`` replaced by ``fn(match)`` (``None``: kept);
    each new character maps to the original characters of the whole match."""
    text = view.text
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    vs, ve = view.starts, view.ends
    pos = 0
    changed = False

    def copy(a: int, b: int) -> None:
        _copy_span(text, vs, ve, a, b, out, starts, ends)

    for m in pattern.finditer(text):
        rep = fn(m)
        if rep is None:
            continue
        a, b = m.span()
        copy(pos, a)
        oa, ob = view.span(a, b)
        out.append(rep)
        starts.extend([oa] * len(rep))
        ends.extend([ob] * len(rep))
        pos = b
        changed = True
    if not changed:
        return view
    copy(pos, len(text))
    return Mapped(view.original, "".join(out), starts, ends)


def _special_run(text: str) -> re.Pattern[str] | None:
    """A pattern for runs of the characters of ``text`` that a reading view changes
    (invisible, combining, or changed by NFKC); ``None`` when there are none. Built from the
    distinct characters, so that long texts are scanned at C speed."""
    if text.isascii():
        return None
    special = sorted(c for c in set(text) if ord(c) > 0x7F and (
        IGNORABLE.match(c) or unicodedata.combining(c)
        or unicodedata.normalize("NFKC", c) != c))
    if not special:
        return None
    return re.compile("[" + "".join(re.escape(c) for c in special) + "]+")


def _characters(view: Mapped, tags: str) -> Mapped:
    """Invisible characters dropped (tag characters dropped, or decoded with ``tags=
    "decode"``), everything else NFKC per character cluster (a base and its marks)."""
    text = view.text
    special = _special_run(text)
    if special is None:
        return view
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    vs, ve = view.starts, view.ends
    pos = 0

    def orig(a: int, b: int) -> tuple[int, int]:
        return view.span(a, b)

    def copy(a: int, b: int) -> None:
        _copy_span(text, vs, ve, a, b, out, starts, ends)

    for m in special.finditer(text):
        a, b = m.span()
        if a > pos and a > 0 and unicodedata.combining(text[a]):
            a -= 1  # the base of a combining mark joins its cluster
        copy(pos, a)
        i = a
        in_tags = False
        while i < b:
            j = i + 1
            while j < b and unicodedata.combining(text[j]):
                j += 1
            cluster = text[i:j]
            cp = ord(cluster[0])
            if TAG_FIRST <= cp <= TAG_LAST and tags == "decode":
                if 0xE0020 <= cp <= 0xE007E:
                    if not in_tags:  # a decoded run is a word of its own
                        o = orig(i, i)[0]
                        out.append(" ")
                        starts.append(o)
                        ends.append(o)
                        in_tags = True
                    oa, ob = orig(i, i + 1)
                    out.append(chr(cp - TAG_FIRST))
                    starts.append(oa)
                    ends.append(ob)
                i += 1
                continue
            if in_tags:
                o = orig(i, i)[0]
                out.append(" ")
                starts.append(o)
                ends.append(o)
                in_tags = False
            if IGNORABLE.match(cluster[0]):
                i += 1
                continue
            norm = unicodedata.normalize("NFKC", cluster)
            if norm == cluster:
                copy(i, j)
            else:
                oa, ob = orig(i, j)
                out.append(norm)
                starts.extend([oa] * len(norm))
                ends.extend([ob] * len(norm))
            i = j
        if in_tags:
            o = orig(b, b)[0] if b < len(text) else len(view.original)
            out.append(" ")
            starts.append(o)
            ends.append(o)
        pos = b
    copy(pos, len(text))
    return Mapped(view.original, "".join(out), starts, ends)


def _view(text: str, tags: str) -> Mapped:
    view = Mapped(text, text)
    if not _SPECIAL.search(text):
        return view
    for _ in range(3):  # ``&amp;#89;`` is ``&#89;`` is ``Y``
        before = view.text
        view = _rewrite(view, _REF, _ref_char)
        if view.text == before:
            break
    view = _characters(view, tags)
    view = _rewrite(view, _MARKUP, lambda m: "")
    return _rewrite(view, _WORD, _unmixed) if _HOMOGLYPH.search(view.text) else view


# Cyrillic and Greek letters drawn like Latin ones: read as Latin inside a word that mixes
# them with Latin letters ("Yаlman" with a Cyrillic а); words wholly in one script are left.
_HOMOGLYPHS = str.maketrans(
    "АВЕЅІЈКМНОРСТХУаеіјоѕрсхуԁԛԝӏΑΒΕΖΗΙΚΜΝΟΡΤΥΧοϲνɑ",
    "ABESIJKMHOPCTXYaeijospcxydqwlABEZHIKMNOPTYXocva")
_HOMOGLYPH = re.compile("[АВЕЅІЈКМНОРСТХУаеіјоѕрсхуԁԛԝӏΑΒΕΖΗΙΚΜΝΟΡΤΥΧοϲνɑ]")
_WORD = re.compile(r"[^\W\d_]+")
_LATIN = re.compile("[A-Za-z]")


def _unmixed(m: re.Match[str]) -> str | None:
    """A word that mixes Latin letters with Latin-looking Cyrillic or Greek ones, read as
    Latin; ``None`` (left) otherwise."""
    word = m.group()
    if not _LATIN.search(word) or not _HOMOGLYPH.search(word):
        return None
    return word.translate(_HOMOGLYPHS)


def _decode_tags(m: re.Match[str]) -> str:
    return " " + "".join(chr(ord(c) - TAG_FIRST) for c in m.group()
                         if 0xE0020 <= ord(c) <= 0xE007E) + " "


_TAG_RUN = re.compile("[\U000e0000-\U000e007f]+")


def reading_text(text: str, tags: str = "strip") -> str:
    """The text of :func:`reading_view` (or of :func:`tag_view` with ``tags="decode"``)
    without the offset map — what verification searches, at C speed."""
    if not _SPECIAL.search(text):
        return text
    for _ in range(3):
        new = _REF.sub(lambda m: r if (r := _ref_char(m)) is not None else m.group(), text)
        if new == text:
            break
        text = new
    if tags == "decode":
        text = _TAG_RUN.sub(_decode_tags, text)
    text = _MARKUP.sub("", unicodedata.normalize("NFKC", IGNORABLE.sub("", text)))
    if _HOMOGLYPH.search(text):
        text = _WORD.sub(lambda m: r if (r := _unmixed(m)) is not None else m.group(), text)
    return text


def reading_view(text: str) -> Mapped:
    """``text`` as it reads: references and escapes decoded, markup inside words and
    invisible characters removed, compatibility characters NFKC-normalised."""
    return _view(text, "strip")


def has_tag_text(text: str) -> bool:
    """Whether ``text`` holds at least two consecutive printable tag characters."""
    return bool(re.search("[\U000e0020-\U000e007e]{2}", text))


def tag_view(text: str) -> Mapped | None:
    """Like :func:`reading_view` but with tag characters decoded to the ASCII they encode
    (each run a word of its own); ``None`` when ``text`` spells nothing in them."""
    return _view(text, "decode") if has_tag_text(text) else None


def plain_only(text: str) -> str:
    """``text`` with every character that needed undoing to be read (a reference, escape,
    markup inside a word, an invisible or compatibility character) replaced by
    :data:`BLOCK`, so that only plainly written words can still match."""
    if not _SPECIAL.search(text):
        return text
    chars = list(text)
    view = Mapped(text, text)
    for _ in range(3):
        for m in _REF.finditer(view.text):
            if _ref_char(m) is not None:
                a, b = view.span(*m.span())
                chars[a:b] = [BLOCK] * (b - a)
        nxt = _rewrite(view, _REF, _ref_char)
        if nxt.text == view.text:
            break
        view = nxt
    for m in _MARKUP.finditer(text):
        a, b = m.span()
        chars[a:b] = [BLOCK] * (b - a)
    special = _special_run(text)
    for m in special.finditer(text) if special is not None else ():
        for i in range(*m.span()):
            c = text[i]
            if IGNORABLE.match(c) or (not c.isspace() and c not in LIGATURES
                                      and unicodedata.normalize("NFKC", c)
                                      != unicodedata.normalize("NFC", c)):
                chars[i] = BLOCK
    if _HOMOGLYPH.search(text):
        for m in _WORD.finditer(text):
            if _unmixed(m) is not None:
                chars[m.start():m.end()] = [BLOCK] * (m.end() - m.start())
    return "".join(chars)


def strip_marks(text: str) -> str:
    """``text`` decomposed (NFKD) without its combining marks (diacritics)."""
    decomposed = unicodedata.normalize("NFKD", text)
    if decomposed.isascii():
        return decomposed
    marks = [c for c in set(decomposed) if unicodedata.combining(c)]
    if not marks:
        return decomposed
    return re.sub("[" + "".join(re.escape(c) for c in marks) + "]", "", decomposed)


def fold(text: str) -> str:
    """Case-folded, without diacritics (for comparing words already in a reading view)."""
    return strip_marks(text).casefold()


# -- detection -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DetectionView:
    """A document as detectors see it, and the way back to the original's offsets."""

    document: Document
    mapped: Mapped
    only_tags: bool = False  # keep only findings that cover tag characters

    def to_original(self, original: Document, findings: list[Finding]) -> list[Finding]:
        """Findings on :attr:`document` moved onto ``original``: each span covers exactly
        the original characters behind it (``text`` is their slice)."""
        if self.mapped.identity:
            return findings
        out = []
        for f in findings:
            a, b = self.mapped.span(f.span.start, f.span.end)
            piece = original.text[a:b]
            if a >= b or (self.only_tags and not _has_tags(piece)):
                continue
            out.append(f.with_(span=Span(a, b), text=piece))
        return out


def _has_tags(text: str) -> bool:
    return any(TAG_FIRST <= ord(c) <= TAG_LAST for c in text)


def _view_document(doc: Document, view: Mapped) -> Document:
    starts = view.starts or []

    def at(offset: int) -> int:
        return bisect.bisect_left(starts, offset)

    segments = []
    for seg in doc.segments:
        a = at(seg.span.start)
        segments.append(Segment(Span(a, max(a, at(seg.span.end))), seg.locator))
    return replace(doc, text=view.text, segments=tuple(segments))


def detection_views(doc: Document) -> list[DetectionView]:
    """The views every detector runs on: :func:`reading_view` of the text (the text itself
    when nothing needs undoing), and :func:`tag_view` when the text spells something in tag
    characters (findings from it are kept only where they cover tag characters)."""
    views = []
    for mapped, only_tags in ((reading_view(doc.text), False), (tag_view(doc.text), True)):
        if mapped is None:
            continue
        document = doc if mapped.identity else _view_document(doc, mapped)
        views.append(DetectionView(document, mapped, only_tags))
    return views


def _copy_span(text: str, vs: Any, ve: Any, a: int, b: int, out: list[str],
               starts: list[int], ends: list[int]) -> None:
    """Copy ``text[a:b]`` unchanged into a view being built, with its original offsets."""
    out.append(text[a:b])
    if vs is None or ve is None:
        starts.extend(range(a, b))
        ends.extend(range(a + 1, b + 1))
    else:
        starts.extend(vs[a:b])
        ends.extend(ve[a:b])
