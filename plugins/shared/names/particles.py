"""Lower-case particles inside people's names (Romance, Germanic, Arabic: "Sanne de Vries",
"Daan van Dijk", "Estácio de Sá"), shared by the recognizer (a name never ends in one) and the
pseudonym strategy (which keeps them: "van" had become "jason", "de" "olivier")."""

from __future__ import annotations

__all__ = ["PARTICLES"]

PARTICLES = frozenset({"de", "da", "do", "dos", "das", "di", "del", "della", "du", "des",
                       "la", "le", "van", "von", "der", "den", "ten", "ter", "zu", "bin",
                       "ibn", "al", "el", "y", "e"})
