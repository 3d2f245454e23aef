"""Long texts cut into paragraph-aligned pieces for C-level searches, and a detector's span
cut where a name cannot run on (a paragraph or page break, a table's column gap, a spaced
dash outside brackets), and neighbouring findings joined by a rule (:func:`join_neighbours`).

Python's ``re`` holds the interpreter lock (GIL) for a whole search, so one search over a
300-page text freezes every other thread — the desktop app's GUI thread included — for a
tenth of a second or more. Detectors search pieces of :data:`CHUNK_CHARS` characters instead,
cut at paragraph breaks so that no match is cut.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from functools import lru_cache

from redactor_plugins.shared.names.particles import PARTICLES

from redactor.plugin_api import Finding

__all__ = ["CHUNK_CHARS", "delimited_table", "fit_for_cell", "paragraph_chunks", "split_at_breaks",
           "form_fields", "tab_tables", "table_headers", "tabbed_line_at",
           "split_at_cells", "split_at_dashes", "wrap_width", "join_neighbours",
           "split_between_numbers"]

#: Characters per piece: a search of one piece takes a few milliseconds.
CHUNK_CHARS = 20_000


def paragraph_chunks(text: str, size: int = CHUNK_CHARS) -> list[tuple[int, int]]:
    """Cut ``text`` into pieces of at most about ``size`` characters at paragraph breaks
    (a blank line; else a line break; else a space), so that no pattern match is cut."""
    out, start, n = [], 0, len(text)
    while n - start > size:
        limit = start + size
        lo = start + size // 2
        cut = text.rfind("\n\n", lo, limit - 1)
        if cut >= 0:
            cut += 2
        else:
            newline = text.rfind("\n", lo, limit)
            cut = newline if newline >= 0 else text.rfind(" ", lo, limit)
            cut = limit if cut < 0 else cut + 1
        out.append((start, cut))
        start = cut
    out.append((start, n))
    return out


def wrap_width(text: str) -> int:
    """The length from which a line of ``text`` reads as wrapped prose, so that its line break
    is a wrap and not the end of a paragraph, a heading or a form's field: 80 % of the width
    that nine in ten lines of 60 characters or more stay within; 0 when fewer than three lines
    are that long (a form, a list, a text without hard wraps)."""
    long = sorted(n for n in (len(line.rstrip()) for line in text.split("\n")) if n >= 60)
    if len(long) < 3:
        return 0
    return int(0.8 * long[min(len(long) - 1, int(0.9 * len(long)))])


def _wrapped(text: str, start: int, end: int, wrap: int) -> bool:
    """Whether the break ``text[start:end]`` is one line break after a long, unfinished line."""
    if text.count("\n", start, end) != 1 or re.search(r"[\f\v\u2028\u2029]", text[start:end]):
        return False
    line_start = text.rfind("\n", 0, start) + 1
    if _FIELD_LINE.match(text, line_start) or _FIELD_LINE.match(text, end):
        return False  # "Address: … HG1 2QT⏎NHS No: …": a field's value ends with its line
    return start - line_start >= wrap and text[start - 1] not in ".:;!?"


#: a form's field at a line's start: a capitalised name of up to four words and a colon (not
#: a clock's "10:30")
_FIELD_LINE = re.compile(r"[ \t]*[A-Z][\w'’./()-]*(?:[ \t]+[\w'’./()-]+){0,3}[ \t]*:(?!\d)")


def tabbed_line_at(text: str, start: int, end: int) -> bool:
    """Whether the line before the break ``text[start:end]`` or the line after it has a
    column's tab (a PDF's form: "Name of child⏎Amelia Rose Hart" then "Date of birth⏎…")."""
    before = text[text.rfind("\n", 0, start) + 1 : start]
    after_end = text.find("\n", end)
    return "\t" in before or "\t" in text[end : len(text) if after_end < 0 else after_end]


def _hyphenated(text: str, start: int, end: int) -> bool:
    """Whether the break ``text[start:end]`` is one line break inside a word a hyphen parts
    ("Pri-⏎mary School", "writ-⏎ing"): a printed or scanned page's hyphenation."""
    return text[start:end] == "\n" and start > 1 and text[start - 1] == "-" and \
        text[start - 2].isalpha() and text[end:end + 1].islower()


_COLUMN = r"|[^\S\n]*\t\s*|[^\S\n]{3,}"  # a tab or 3+ spaces: the next column of a table
_BREAK = re.compile(r"\s*[\n\f\v\u2028\u2029]\s*" + _COLUMN)
_HARD_BREAK = re.compile(r"\s*(?:[\f\v\u2028\u2029]|\n[^\S\n]*\n)\s*" + _COLUMN)


def split_at_dashes(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """A name's span cut at a spaced dash outside brackets ("Gemma - Ellie-Grace" of "Gemma -
    Ellie-Grace (NHS …) was brought", one ORG: a greeting's name and the child's); TAB's
    names hold a dash only inside brackets ("Københavns Byret – hereafter …"); a spaced dash
    at its end is left out ("Kirklees Council Children's Services –" of a footer). A
    semicolon outside brackets cuts it too: it parts the items of a list ("CJ Act 1967, s.9;
    MC Act 1980, …" had been one span over two provisions; TAB's names hold one only inside
    brackets, "(försäkringskassan; hereinafter …)")."""
    pieces, at, depth = [], start, 0
    for m in re.finditer(r"[()]|\s[-\u2013\u2014](?:\s|\Z)|;", text[start:end]):  # also at its end
        token = m.group(0)
        if token in "()":
            depth += 1 if token == "(" else -1
        elif depth <= 0:
            pieces.append((at, start + m.start()))
            at = start + m.end()
    pieces.append((at, end))
    return [(s, e) for s, e in pieces if re.search(r"\w", text[s:e])]


_NUMBER_LINE_BREAK = re.compile(r"(?<=\d)[ \t]*\n[ \t]*(?=\d)")


def split_between_numbers(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """A number's or a code's span cut at a line break between two digits ("153.53⏎11" of a
    statement's balance and the next line's date): no number runs on over a line's end."""
    pieces, at = [], start
    for m in _NUMBER_LINE_BREAK.finditer(text, start, end):
        pieces.append((at, m.start()))
        at = m.end()
    pieces.append((at, end))
    return [(s, e) for s, e in pieces if e > s]


#: a table's header cell: a column's name ("case_id", "Date of birth", "referral reason")
_HEADER_CELL = re.compile(r"[ \t]*\"?[^\W\d_][^\W\d]*(?:[./()-][^\W\d]*)*"
                          r"(?:[ ]\(?[^\W\d][^\W\d]*(?:[./()-][^\W\d]*)*){0,3}"
                          r"(?<![.!?])\"?[ \t\r]*")  # four words at most ("Date de naissance"),
# any alphabet's letters ("Prénom", "Geburtsdatum"), no sentence's end


@lru_cache(maxsize=8)
def delimited_table(text: str) -> str:
    """The delimiter (``,``, tab, ``;`` or ``|``) of a text that is a delimited table — a CSV
    or TSV export, with Unix or Windows line ends: three lines or more, four in five of them
    with one count (two or more) of the delimiter, and a first line of column names; ""
    otherwise."""
    lines = [line for line in text.split("\n") if line.strip()]
    if len(lines) < 3:
        return ""
    for delim in (",", "\t", ";", "|"):
        count, seen = Counter(line.count(delim) for line in lines).most_common(1)[0]
        if count >= 2 and seen >= 0.8 * len(lines) and all(
                _HEADER_CELL.fullmatch(cell) for cell in lines[0].split(delim)):
            return delim
    return ""


@lru_cache(maxsize=8)
def tab_tables(text: str) -> tuple[tuple[int, int], ...]:
    """The (start, end) of each table inside a longer text whose rows are lines of cells
    parted by tabs (a DOCX table as the reader writes it): a first line of column names, then
    at least one line with as many tabs."""
    if "\t" not in text:
        return ()
    out: list[tuple[int, int]] = []
    lines, at = [], 0
    for line in text.split("\n"):
        lines.append((at, at + len(line), line))
        at += len(line) + 1
    i = 0
    while i < len(lines):
        start, end, line = lines[i]
        tabs = line.count("\t")
        j = i + 1
        while j < len(lines) and tabs and lines[j][2].count("\t") == tabs:
            j += 1
        if tabs and j - i >= 2 and all(_HEADER_CELL.fullmatch(c) for c in line.split("\t")) \
                and not (tabs == 1 and all(_field_cell(ln.split("\t")[0]) for _, _, ln in
                                           lines[i:j])):  # a form's fields: no column names
            out.append((start, lines[j - 1][1]))
            i = j
        else:
            i += 1
    return tuple(out)


def table_headers(text: str) -> tuple[tuple[int, int], ...]:
    """The (start, end) of the line of column names of each table of ``text`` (a delimited
    table's first line, or each tab table's), and of the field names of a form's table
    (:func:`form_fields`): names of columns and fields, no one's."""
    if delimited_table(text):
        first = text.find("\n")
        return ((0, len(text) if first < 0 else first),)
    return tuple((start, end if (line_end := text.find("\n", start, end)) < 0 else line_end)
                 for start, end in tab_tables(text)) + form_fields(text)


#: a form's field name in a table's first cell: up to six words, no digit, maybe a "?" or ":"
_FIELD_CELL = re.compile(r"[ \t]*[A-Za-z][\w'’/()&,-]*(?:[ ][\w'’/()&,-]+){0,5}[ ]?[?:]?[ ]*")


#: one-word field names of forms ("Gender", "Ethnicity", "Referrer"): a first cell of one
#: capitalised word is a field's only when it is one of these (a name would be no field)
FIELD_WORDS = frozenset("""name names surname forename forenames gender sex ethnicity religion
    nationality address school referrer occupation dob nhs telephone phone mobile email
    diagnosis language languages allergies medication consent signature date time location
    age status disability ward gp parent parents carer carers relationship pronouns
    employer postcode town county country reason concern concerns outcome action actions
    interpreter""".split())


def _field_cell(cell: str) -> bool:
    """Whether a table's first cell reads as a form's field name: a lower-case word after
    its first ("Name of child", "First language"; not a name's particle: "Amelia van Hart"),
    a "?" or ":" at its end, or one of :data:`FIELD_WORDS` ("Gender", "Parent/carer");
    "Amelia Hart" (a list of people) is none."""
    words = cell.strip().rstrip("?:").split()
    if not _FIELD_CELL.fullmatch(cell) or not words:
        return False
    return any(w[:1].islower() and w not in PARTICLES for w in words[1:]) or (
        cell.strip()[-1:] in "?:") or all(
        p.casefold() in FIELD_WORDS for w in words for p in re.split(r"[/&-]", w) if p)


def form_fields(text: str) -> tuple[tuple[int, int], ...]:
    """The (start, end) of the first cells of a form's table: three or more lines in a row
    of two cells parted by one tab, each first cell a field's name (:func:`_field_cell`:
    "Name of child⏎Amelia …", "First language⏎English", "Interpreter needed?⏎No", as a DOCX
    table reads): the fields' names, no one's ("First" was a DEM, "Parent/carer" an
    occupation)."""
    if "\t" not in text:
        return ()
    out: list[tuple[int, int]] = []
    run: list[tuple[int, int]] = []
    at = 0
    for line in text.split("\n") + [""]:
        cells = line.split("\t")
        if len(cells) == 2 and cells[1].strip() and _field_cell(cells[0]):
            run.append((at, at + len(cells[0])))
        else:
            out += run if len(run) >= 3 else []
            run = []
        at += len(line) + 1
    return tuple(out)


def fit_for_cell(text: str, value: str) -> str:
    """``value`` (a replacement) without the delimiter of the table ``text`` is, so that a
    CSV's row keeps its columns ("Johnson, Shaw and Jones" in a school's column had made two);
    ``value`` itself when ``text`` is no delimited table."""
    delim = delimited_table(text)
    if not delim or delim not in value:
        return value
    return re.sub(r"\s+", " ", value.replace(delim, " ")).strip()


def split_at_cells(text: str, start: int, end: int, delim: str) -> list[tuple[int, int]]:
    """A span cut at a delimited table's cell boundaries (``delim``, a line's end): a model's
    span never runs from one cell into the next ("J. Kaur⏎CP-1044")."""
    pieces, at = [], start
    for i in range(start, end):
        if text[i] == delim or text[i] == "\n":
            pieces.append((at, i))
            at = i + 1
    pieces.append((at, end))
    out = []
    for s, e in pieces:
        while s < e and text[s] in " \t\r\"":
            s += 1
        while e > s and text[e - 1] in " \t\r\"":  # a Windows line's "\r" too
            e -= 1
        if e > s and re.search(r"\w", text[s:e]):
            out.append((s, e))
    return out


def split_at_breaks(text: str, start: int, end: int, *, soft_newlines: bool = False,
                    wrap: int = 0) -> list[tuple[int, int]]:
    """Split a span at paragraph and page breaks and at a table's column gap (a tab, 3+
    spaces): a name never runs from one table cell or paragraph into the next; pieces
    without a word character are dropped. A line break inside a hyphenated word ("Pri-⏎mary
    School") is no break.

    With ``soft_newlines`` (PDF text, where a single newline is only a wrapped line) a span
    is split at blank lines, page breaks, a column's gap and a line break beside a line with
    a column's tab (a form's rows). With ``wrap`` (hard-wrapped plain text:
    :func:`wrap_width`) a single line break after a line
    of at least ``wrap`` characters that does not end a sentence or a field, nor starts or
    precedes a form's field ("Address: …⏎NHS No: …"), is a wrap too ("Social Care (Bradford⏎
    Council)" is one name).
    """
    pieces: list[tuple[int, int]] = []
    pos = start
    for m in _BREAK.finditer(text, start, end):
        if soft_newlines and not _HARD_BREAK.fullmatch(m.group(0)) and not tabbed_line_at(
                text, m.start(), m.end()):
            continue  # a PDF's wrapped line; not beside a table's or a form's row
        if wrap and _wrapped(text, m.start(), m.end(), wrap) or _hyphenated(text, m.start(),
                                                                         m.end()):
            continue
        pieces.append((pos, m.start()))
        pos = m.end()
    pieces.append((pos, end))
    return [(s, e) for s, e in pieces if e > s and re.search(r"\w", text[s:e])]


def join_neighbours(found: list[Finding],
                    join: Callable[[Finding, Finding], Finding | None]) -> list[Finding]:
    """Each finding and the next by position joined where ``join`` gives the joined finding
    (it takes the second's place and may join the next again); the others as they are."""
    order = sorted(range(len(found)), key=lambda i: found[i].span.start)
    joined: dict[int, Finding] = {}
    dropped: set[int] = set()
    for a, b in zip(order, order[1:], strict=False):
        both = join(joined.get(a, found[a]), found[b])
        if both is not None:
            joined[b] = both
            dropped.add(a)
    return [joined.get(i, f) for i, f in enumerate(found) if i not in dropped]
