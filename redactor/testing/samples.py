"""Sample texts the conformance checks feed to components.

Every sample carries *canary* words (an invented name, in Latin, Hebrew and Arabic script)
that no library would ever print by itself: if one shows up in a log, a warning, printed
output, a progress message or an exception, the component leaked document text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from redactor.core.model import Finding, Label, Span

#: Words that must never leave a component (searched case- and accent-insensitively).
CANARIES: tuple[str, ...] = (
    "Zebulon", "Quillfeather", "Vantongeren", "Oyelaran",
    "זבולון", "קווילפתר", "زبولون", "كويلفيذر",
)

#: name → text: plain prose, CRLF lines, right-to-left scripts with U+200F marks, combining
#: marks, emoji (astral code points and ZWJ sequences), fullwidth forms, odd whitespace.
SAMPLES: dict[str, str] = {
    "plain": (
        "Zebulon Quillfeather met Dr Ingrid Vantongeren in Oslo on 3 May 2021. Call "
        "+47 22 33 44 55 or write to zebulon.quillfeather@example.org; his account is "
        "NO93 8601 1117 947, he is 52 years old and owes \u20ac1,250."
    ),
    "crlf": (
        "Witness statement\r\nName: Zebulon Quillfeather\r\nBorn: 12 March 1970 in Bristol\r\n"
        "\r\nSigned, Ingrid Vantongeren, Bristol City Council\r\n"
    ),
    "rtl": (
        "\u200fהעד זבולון קווילפתר נולד בחיפה ב-1970.\u200f\n"
        "شهد السيد زبولون كويلفيذر في القاهرة يوم 3 مايو 2021.\n"
        "\u200fZebulon Quillfeather \u202bמשה\u202c lives in Haifa.\u200f"
    ),
    "combining": (
        "Ze\u0301bulon Quillfeather visited Ma\u0301laga with Nguye\u0302\u0303n Va\u0306n "
        "Oyelaran on 3 May 2021 (A\u030angstro\u0308m Street 7, Go\u0308teborg)."
    ),
    "emoji": (
        "\U0001f4de Zebulon Quillfeather \U0001f469\u200d\U0001f469\u200d\U0001f467 moved to "
        "\U0001f1f3\U0001f1f4 Oslo in 2019 \u2014 \u260e +44 20 7946 0958 \u2709 "
        "zq@example.org \U0001f389"
    ),
    "fullwidth": (
        "\uff3a\uff45\uff42\uff55\uff4c\uff4f\uff4e\u3000\uff31\uff55\uff49\uff4c\uff4c\uff46"
        "\uff45\uff41\uff54\uff48\uff45\uff52\u3000lives in Oslo\uff0e\u3000Tel\uff1a"
        "\uff10\uff12\uff12\u3000\uff13\uff13\uff14\uff14\uff15\uff15 Zebulon Quillfeather"
    ),
    "whitespace": (
        "\tZebulon\u00a0Quillfeather\u2028lives\u200bin\u2029Oslo\x0cwith\u200dIngrid "
        "Vantongeren.  \n\n   "
    ),
    "whitespace-only": " \n\t\r\n \u00a0",
    "one-character": "Z",
}

#: (phrase, label) used to place findings for indicators and strategies.
KNOWN_TERMS: tuple[tuple[str, Label], ...] = (
    ("Zebulon Quillfeather", Label.PERSON),
    ("Ze\u0301bulon Quillfeather", Label.PERSON),
    ("Ingrid Vantongeren", Label.PERSON),
    ("זבולון קווילפתר", Label.PERSON),
    ("زبولون كويلفيذر", Label.PERSON),
    ("Nguye\u0302\u0303n Va\u0306n Oyelaran", Label.PERSON),
    ("zebulon.quillfeather@example.org", Label.CODE),
    ("zq@example.org", Label.CODE),
    ("+47 22 33 44 55", Label.CODE),
    ("+44 20 7946 0958", Label.CODE),
    ("NO93 8601 1117 947", Label.CODE),
    ("Bristol City Council", Label.ORG),
    ("Oslo", Label.LOC),
    ("Bristol", Label.LOC),
    ("Haifa", Label.LOC),
    ("בחיפה", Label.LOC),
    ("القاهرة", Label.LOC),
    ("Ma\u0301laga", Label.LOC),
    ("3 May 2021", Label.DATETIME),
    ("12 March 1970", Label.DATETIME),
    ("2019", Label.DATETIME),
    ("52 years old", Label.DEM),
    ("\u20ac1,250", Label.QUANTITY),
    ("\U0001f1f3\U0001f1f4", Label.MISC),
)


def sample_items(extra: Sequence[str] | None = None) -> list[tuple[str, str]]:
    """The built-in samples as (name, text), then the author's as ``("sample 1", text)``…"""
    items = list(SAMPLES.items())
    items += [(f"sample {i + 1}", text) for i, text in enumerate(extra or ())]
    return items


def huge_text(chars: int = 1_000_000) -> str:
    """About ``chars`` characters of varied paragraphs (every sample, numbered)."""
    parts: list[str] = []
    size = 0
    i = 0
    bodies = [t for name, t in SAMPLES.items() if name not in ("whitespace-only", "one-character")]
    while size < chars:
        para = f"Paragraph {i}. {bodies[i % len(bodies)]} Reference {1000 + i}.\n\n"
        parts.append(para)
        size += len(para)
        i += 1
    return "".join(parts)[:chars]


_CAPS = re.compile(r"\b[A-Z][a-z]{2,}(?:\s+[A-Z][a-z]{2,})*")
_NUMBER = re.compile(r"\b\d[\d ./-]{2,}\d\b")


def findings_for(text: str, detector: str = "redactor.testing") -> list[Finding]:
    """Non-overlapping, sorted findings on the known terms in ``text``; for a text with none
    (an author's sample), on runs of capitalised words (PERSON) and numbers (CODE)."""
    spans: list[tuple[int, int, Label]] = []
    for phrase, label in KNOWN_TERMS:
        spans += [(m.start(), m.end(), label)
                  for m in re.finditer(rf"(?<!\w){re.escape(phrase)}(?!\w)", text)]
    if not spans:
        spans += [(m.start(), m.end(), Label.PERSON) for m in _CAPS.finditer(text)
                  if m.start() > 0]
        spans += [(m.start(), m.end(), Label.CODE) for m in _NUMBER.finditer(text)]
    return _non_overlapping(text, spans, detector)


def _non_overlapping(text: str, spans: Iterable[tuple[int, int, Label]], detector: str
                     ) -> list[Finding]:
    used = bytearray(len(text))  # 1: the character belongs to a longer finding
    taken: list[Finding] = []
    for start, end, label in sorted(spans, key=lambda s: (-(s[1] - s[0]), s[0])):
        if any(used[start:end]):
            continue
        used[start:end] = b"\x01" * (end - start)
        taken.append(Finding(Span(start, end), label, text[start:end], score=0.9,
                             detector=detector))
    return sorted(taken, key=lambda f: f.span)
