"""Term lists: the user's always-mask terms (case-insensitive, whole-word, every
occurrence) become findings; never-mask terms are honoured when decisions are made.

Terms come from the policy (``[terms]``, ``--deny``/``--allow``) and from the settings
section ``terms`` (``always_mask``/``never_mask`` lists, with an optional ``label``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from redactor.plugin_api import (
    Document,
    Finding,
    Label,
    RunContext,
    SettingsSection,
    Span,
    hookimpl,
)


def term_pattern(term: str) -> re.Pattern[str]:
    """Whole-word, case-insensitive; a space in the term matches any run of whitespace or
    connectors (``_ . -``: ``yalman.galip@``, ``Yalman_Galip``), and an underscore ends a
    word (``o_yalman``, a user name, is found)."""
    parts = [re.escape(p) for p in term.split()]
    body = r"[\s_.\-]+".join(parts)
    return re.compile(rf"(?<![^\W_]){body}(?![^\W_])", re.IGNORECASE)


class TermListDetector:
    id = "terms"
    version = "1.0"

    def detect(self, doc: Document, ctx: RunContext) -> Iterator[Finding]:
        policy = ctx.policy
        terms = list(getattr(policy, "always_mask", ()) or ())
        terms += ctx.settings.strings("terms", "always_mask")
        label_name = str(ctx.settings.get("terms", "label", "MISC") or "MISC")
        label = Label(label_name) if label_name in Label.__members__ else Label.MISC
        for term in dict.fromkeys(t.strip() for t in terms if t and t.strip()):
            for m in term_pattern(term).finditer(doc.text):
                yield Finding(Span(m.start(), m.end()), label, m.group(0), subtype="TERM",
                              score=1.0, detector=self.id, validated=True,
                              explanation="on the always-mask list")


@hookimpl
def register_detectors(register):  # type: ignore[no-untyped-def]
    register(TermListDetector())


@hookimpl
def register_settings(register):  # type: ignore[no-untyped-def]
    register(SettingsSection("terms", {"always_mask": [], "never_mask": [], "label": "MISC"},
                             "Terms that are always (or never) masked"))
