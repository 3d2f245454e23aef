"""Initials: a replacement strategy that writes a person's initials ("Jane Doe" -> "J. D.").

Generated with ``redactor plugin new initials --kind strategy``, then adapted: every mention of
one person gets the initials of the entity's full name ("Ms Doe" after "Jane Doe" is "J. D."
too), and two different people with the same initials stay apart ("J. D.", "J. D. (2)") across
all documents of a batch, through the run's memo. Other labels get ``[LABEL]``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from redactor.plugin_api import Label, ReplacementRequest, RunContext, hookimpl

REDACTOR_API = ">=1,<2"  # the plugin API versions this plugin was tested with

_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)


def initials(name: str) -> str:
    """``"Jane van Doe"`` -> ``"J. v. D."``; ``""`` when the name has no letters."""
    return " ".join(f"{word[0]}." for word in _WORD.findall(name))


class InitialsStrategy:
    """Initials for PERSON mentions, ``[LABEL]`` for everything else."""

    id = "initials"
    version = "0.1.0"

    def replacement(self, request: ReplacementRequest, ctx: RunContext) -> str:
        finding = request.finding
        fallback = f"[{finding.label}]"
        if finding.label is not Label.PERSON:
            return fallback
        name = request.entity.canonical or finding.text
        memo = ctx.memo_for(self.id)  # shared by every document of the batch
        chosen: dict[str, str] = memo.setdefault("chosen", {})  # person -> replacement
        taken: dict[str, int] = memo.setdefault("taken", {})  # initials -> people using them
        key = " ".join(name.split()).casefold()
        if key not in chosen:
            text = initials(name)
            if text:
                taken[text] = taken.get(text, 0) + 1
                text = text if taken[text] == 1 else f"{text} ({taken[text]})"
            chosen[key] = text
        text = chosen[key]
        secret = finding.text.strip().casefold()
        if not text or secret in text.casefold():  # "J" would come back as "J."
            return fallback
        return text


@hookimpl
def register_strategies(register: Callable[[Any], None]) -> None:
    register(InitialsStrategy())
