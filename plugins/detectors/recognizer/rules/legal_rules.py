"""Legal provisions (MISC/LEGAL_PROVISION): "Article 125 of the Criminal Code", "section 36 of
the Mental Health (Care and Treatment) (Scotland) Act 2003", "the 1988 Act", "Law no. 3083",
the Swedish "Act 1962:381", "42 U.S.C. § 1983", a section alone ("under section 136"). A pure function over a text; the gazetteer detector labels the
spans, and the default policy keeps a provision as context (docs/recognizer.md).
"""

from __future__ import annotations

import re

__all__ = ["legal_provisions"]

#: a law's name before its head word; a comma may part its first words ("the Nationality,
#: Immigration and Asylum Act 2002", "Police, Crime, Sentencing and Courts Act 2022")
_LAW_NAME = r"(?:[A-Z][\w’'\-]*,?\s+|(?:of|and|on|for|the)\s+|\([A-Z][^()]{0,40}\)\s+){0,6}"
_LAW_HEAD = (r"(?:Convention|Code|Act|Constitution|Law|Rules\s+of\s+Court|Rules|Regulations?|"
             r"Directive|Treaty|Charter|Ordinance|Decree|Order)")
#: India's codes by their initials (penal, criminal and civil procedure, their 2023 successors)
_INDIAN_CODE = r"(?:I\.?P\.?C\.?|Cr\.?[ ]?P\.?C\.?|C\.?P\.?C\.?|BNSS?|BSA|NDPS[ \t]+Act|POCSO[ \t]+Act)(?!\w)"
_US_SECTION = r"\d+[a-z]?(?:[.\-]\d+[a-z]?)*(?:\([a-zA-Z0-9]+\))*"
_LEGAL_PATTERNS: tuple[re.Pattern[str], ...] = (
    re.compile(
        r"\b(?:Articles?|Art\.)\s+\d+[a-z]?(?:\s*§+\s*\d+[a-z]?)?(?:\s*\([0-9a-z]+\))*"
        r"(?:\s*(?:,|and|or|to)\s+\d+[a-z]?(?:\s*§+\s*\d+)?(?:\s*\([0-9a-z]+\))*)*"
        r"(?:\s+of\s+(?:the\s+)?(?:Protocol\s+No\.\s*\d+(?:\s+to\s+the\s+Convention)?|"
        + _LAW_NAME + _LAW_HEAD + r"(?:\s+(?:of\s+)?\d{4})?))?"),
    re.compile(
        r"\b(?:[Ss]ections?|[Ss]s?\.|[Pp]aragraphs?|[Rr]ules?|[Rr]egulations?|[Ss]chedules?|"
        r"[Cc]hapters?)\s+\d+[A-Za-z]?(?:\s*\([0-9a-zA-Z]+\))*"
        r"(?:\s*(?:,|and|or|to)\s+\d+[A-Za-z]?(?:\s*\([0-9a-zA-Z]+\))*)*"
        r"\s+of\s+(?:the\s+)?" + _LAW_NAME + _LAW_HEAD + r"(?:\s+(?:of\s+)?\d{4})?"),
    re.compile(r"\b(?:[A-Z][\w’'\-]+,?\s+(?:(?:of|and|on|for)\s+)?){1,6}(?:\([A-Z][^()]{0,40}\)"
               r"\s+)?(?:Act|Code|Ordinance)\s+(?:of\s+)?\d{4}(?::\d{1,4})?\b"),  # Swedish/Finnish
    # "Act 1962:381"; "Children's Hearings (Scotland) Act 2011"
    re.compile(r"\bthe\s+\d{4}\s+(?:Act|Code|Law|Constitution|Regulations)\b"),
    re.compile(r"\b(?:Law|Act|Decree|Ordinance|Regulation|Resolution)\s+[Nn]o\.?\s*\d+"
               r"(?:[/\-.]\d+)*(?:\s+of\s+\d{1,2}\s+[A-Z][a-z]+\s+\d{4})?"),
    # the United States Code and Code of Federal Regulations, federal rules: "42 U.S.C.
    # § 1983", "28 U.S.C. §§ 1331, 1343(a)(3)", "8 C.F.R. § 208.13(b)", "Fed. R. Civ. P. 56(a)"
    re.compile(r"\b\d{1,2}\s+(?:U\.\s?S\.\s?C\.(?:\s?A\.)?|C\.\s?F\.\s?R\.)\s*§§?\s*" + _US_SECTION
               + r"(?:\s*(?:,|and|to|[-\u2013])\s*" + _US_SECTION + r")*"),
    re.compile(r"\bFed\.\s?R\.\s?(?:Civ\.|Crim\.|App\.|Evid\.|Bankr\.)\s?(?:P\.\s?)?\d+"
               r"(?:\([a-zA-Z0-9]+\))*"),
    # Swedish, Norwegian, Danish and German provisions: "11 kap. 1 § socialtjänstlagen
    # (2001:453)", "barnevernsloven § 4-12", "§ 50 i serviceloven", "§ 1666 BGB", "§ 8a SGB VIII"
    re.compile(r"\b\d{1,2}\s+kap\.\s+\d+\s*[a-z]?\s*§(?:\s+[a-zåäö]+(?:lagen|balken))?"
               r"(?:\s+\(\d{4}:\d+\))?"),
    re.compile(r"\b[a-zæøåäö]{3,}(?:loven|lagen|balken)\s+§+\s*\d+[a-z]?(?:-\d+)?"
               r"|§+\s*\d+[a-z]?(?:-\d+)?\s+(?:i|in)\s+[a-zæøåäö]{3,}(?:loven|lagen)\b"),
    re.compile(r"§§?\s*\d+[a-z]?(?:\s+(?:Abs\.|Absatz)\s*\d+)?(?:\s+(?:S\.|Satz)\s*\d+)?\s+"
               r"(?:BGB|SGB\s+[IVX]+|StGB|StPO|ZPO|FamFG|GG|AufenthG|VwGO)\b"),
    # a section alone, of the law the text is about: "under section 136", "s.2" ("section 36 of
    # the … Act" is the whole provision above)
    re.compile(r"\b(?:[Ss]ections?|ss?\.)[ \t]?\d{1,3}[A-Z]?(?:\(\w{1,4}\))*(?![\w(]|[ \t]+of\b"
               r"|[ \t]*[-\u2013/.]\d|[ \t]+[A-Z]{2,6}[ \t]+(?:1[6-9]|20)\d\d)"),
    # a law and year, then its provision after a comma, as forms cite them: "Criminal
    # Procedure Rules 2020, r.16.2", "MC Act 1980, ss.5A(3)(a) and 5B", "CJ Act 1967, s.9"
    re.compile(r"\b(?:[A-Z][\w’'\-]*,?\s+|(?:of|and|on|for|the)\s+){1,6}" + _LAW_HEAD
               + r"\s+(?:1[6-9]|20)\d\d,?\s*(?:ss?|rr?|regs?|paras?|[Ss]ch|[Aa]rts?)\.\s?"
               + r"(?P<first>\d+[A-Z]?(?:\.\d+[A-Z]?)*(?:\(\w{1,4}\))*)"
               + r"(?:\s*(?:,|and|or|to|[-\u2013])\s*\d+[A-Z]?(?:\.\d+)*(?:\(\w{1,4}\))*)*"),
    # Indian codes by their initials: "Section 154 Cr.P.C.", "u/s 498A, 406 IPC", "IPC 1860
    # u/s 498A, 406", "Dowry Prohibition Act 1961 u/s 3, 4"
    re.compile(r"\b(?:[Ss]ections?|u/s|[Ss]s?\.)[ \t]*\d+[A-Z]{0,2}(?:\(\w{1,4}\))*"
               r"(?:[ \t]*(?:,|and|/|&)[ \t]*\d+[A-Z]{0,2}(?:\(\w{1,4}\))*)*[ \t]+(?:of[ \t]+)?"
               + _INDIAN_CODE),
    re.compile(r"(?:\b" + _INDIAN_CODE + r"|\b(?:[A-Z][\w’'\-]*[ \t]+){1,5}Act),?"
               r"(?:[ \t]+(?:1[89]|20)\d\d)?,?[ \t]+u/s[ \t]*\d+[A-Z]{0,2}(?:\(\w{1,4}\))*"
               r"(?:[ \t]*(?:,|and|/|&)[ \t]*\d+[A-Z]{0,2}(?:\(\w{1,4}\))*)*"),
    # a section of an Act by its initials, as police and court forms write it: "s.39 CJA
    # 1988", "s. 47 OAPA 1861", "ss.2-3 MHA 1983"
    re.compile(r"\bss?\.\s?\d+[A-Z]?(?:\(\w{1,4}\))*(?:[-\u2013]\d+[A-Z]?)?\s+[A-Z]{2,6}\s+"
               r"(?:1[6-9]|20)\d\d\b"),
)
#: A capitalised word that starts a sentence or clause, never a law's name ("Under Act 1962").
_LAW_LEAD = re.compile(
    r"(?:Under|In|By|According\s+to|Pursuant\s+to|With|Within|Of|On|For|From|To|As|At|Per"
    r"|After|Before|Since|Until|And|Or|But|See|Cf|Also|Both|Neither|Thus|Hence|Moreover"
    r"|However|Furthermore|Where|When|While|If|Unless)\s+")
_CONVENTION = re.compile(r"Convention|Protocol|Rules\s+of\s+Court|^Articles?\s+[\d\s§,()a-z]+$")


def legal_provisions(text: str, convention: bool = False) -> list[tuple[int, int]]:
    """Character spans of the legal provisions in ``text``; the Convention's own articles
    ("Article 6 § 1 of the Convention") only with ``convention``. A clause word before a law's
    name is not part of it ("Under Act 1962" → "Act 1962")."""
    out = []
    for pat in _LEGAL_PATTERNS:
        for m in pat.finditer(text):
            found = m.group(0).rstrip(" ,")
            offset = 4 if found[:4] in ("The ", "the ") else 0
            lead = _LAW_LEAD.match(found, offset)
            if lead and found[lead.end():lead.end() + 1].isupper():
                offset = lead.end()  # "Under Act 1962": the law is "Act 1962"
            if not convention and _CONVENTION.search(found):
                continue
            out.append((m.start() + offset, m.start() + len(found)))
    return out
