"""Titles of rule or rank that name one person with a place: "Empress of Haiti", "Duke of
Edinburgh". The recognizer finds them as PERSON; the pseudonym strategy keeps the title and
"of" and makes up the place."""

from __future__ import annotations

__all__ = ["RULER"]

#: regular-expression source of the titles (to be followed by "of" and a place)
RULER = (r"(?:Emperor|Empress|King|Queen|Prince|Princess|Crown\s+Prince|Crown\s+Princess|Duke"
         r"|Duchess|Grand\s+Duke|Grand\s+Duchess|Archduke|Archduchess|Marquess|Marquis"
         r"|Marchioness|Earl|Countess|Viscount|Viscountess|Baron|Baroness|Tsar|Tsarina|Czar"
         r"|Czarina|Sultan|Sultana|Shah|Emir|Khedive|Pharaoh|Elector|Electress|Margrave"
         r"|Maharaja|Maharani|Nawab|Nizam|Rajah?|Rani|Bishop|Archbishop|Patriarch|Metropolitan"
         r"|Prince-Bishop|Doge|Dauphin|Infante|Infanta)")
