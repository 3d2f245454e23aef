"""Particles inside people's names (Romance, Germanic, Arabic in lower case: "Sanne de Vries",
"Daan van Dijk", "Estácio de Sá"; Irish capitalised: "Ní Bhriain"), shared by the recognizer (a name never ends in one) and the
pseudonym strategy (which keeps them: "van" had become "jason", "de" "olivier")."""

from __future__ import annotations

__all__ = ["PARTICLES"]

PARTICLES = frozenset({"de", "da", "do", "dos", "das", "di", "del", "della", "du", "des",
                       "la", "le", "van", "von", "der", "den", "ten", "ter", "zu", "bin",
                       "ibn", "al", "el", "y", "e",
                       # Filipino: "Ma. Cristina Dela Cruz", "Jose delos Santos"
                       "dela", "Dela", "delos", "Delos",
                       # Irish, capitalised: "Siobhán Ní Bhriain", "Oisín Ó Súilleabháin",
                       # "Cathal Mac Cárthaigh" (the "Ó" had read as an initial, "H")
                       "Ní", "Nic", "Ó", "Ua", "Uí", "Mac", "Mhic",
                       # Welsh: "Dafydd ap Gwilym", "Llinos ferch Rhys"
                       "ap", "ab", "ferch", "verch"})
