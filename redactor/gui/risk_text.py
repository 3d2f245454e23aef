"""How a risk signal's score and explanation read in the finding's details.

The ``web-search`` indicator's explanation packs several facts into one line (which query
shared how many pages with the person's, on which provider and when; or why it did not run,
e.g. "not run (no consent)"); here each fact gets a bullet of its own.
"""

from __future__ import annotations

import html

from redactor.core.model import RiskSignal

WEB_SEARCH = "web-search"


def split_facts(text: str) -> list[str]:
    """``text`` split at the ``; `` that lie outside parentheses and quotes."""
    parts, depth, quoted, start = [], 0, False, 0
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch == "(":
            depth += 1
        elif not quoted and ch == ")":
            depth = max(0, depth - 1)
        elif not quoted and depth == 0 and text.startswith("; ", i):
            parts.append(text[start:i])
            start = i + 2
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def score_text(signal: RiskSignal) -> str:
    """``(0.83)``; nothing for web search, whose score is a count of pages its explanation
    gives in words."""
    return "" if signal.indicator == WEB_SEARCH else f"({signal.score:.2f})"


def explanation_html(signal: RiskSignal) -> str:
    """The signal's explanation; web search's without the verdict the line already shows
    ("risky:", "not risky:"), one bullet per fact when it has several."""
    esc = html.escape
    text = signal.explanation
    if signal.indicator != WEB_SEARCH:
        return esc(text)
    for verdict in ("not risky: ", "risky: "):
        if text.startswith(verdict) and not signal.abstained:
            text = text[len(verdict):]
            break
    facts = split_facts(text)
    if len(facts) <= 1:
        return esc(text)
    return "<ul>" + "".join(f"<li>{esc(f)}</li>" for f in facts) + "</ul>"
