"""How well the ``generalize`` strategy agrees with the generalizations annotators chose.

Data: the annotated Wikipedia biographies (TAB format) in ``../shared/data/wiki`` — read at
run time, never copied into the repository (the data has no licence). A mention's
``replacement`` holds candidate generalizations (``generalizations``: lists from specific to
general, per source such as ``heuristics`` or Wikidata ``P31``/``P279``; ``"***"`` is full
suppression) and the annotator's choice (``generalization_selection``).

For every mention with candidates and for every level of our generalizer for its type, the
replacement is computed in context (document text, span, the entity's longest mention) and
compared with the annotator's choice:

* **exact**: equal after normalisation (case-folded; articles, "date in"/"a day in", "in their",
  punctuation and a plural "s" removed): "date in the 2010s" = "the 2010s", "city" = "a city".
* **offered**: our phrase equals one of the candidates offered (chosen or not, "***" aside).
* **same level** (looser): both are at the same granularity: ``suppressed`` (no content
  beyond the type: "***", "PERSON 1", "X", "a person", "[number]", "something"), for dates
  ``month``/``year``/``decade``/``century``, for numbers ``range``/``magnitude``, for
  everything else ``class`` (a kind: "city", "political party", "disease"), ``class+area``
  (a kind qualified by a place: "city in the United States", "country in Central Europe")
  or ``area`` (a named region or group: "North America", "East Asians").

Reported per type and level, for the type's default level, and for the best level per
mention (what a policy author could reach by choosing the level per type).

Usage: python benchmarks/generalization_agreement.py [path/to/wiki_dev.json] [--examples T]
"""

from __future__ import annotations

import argparse
import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from redactor_plugins.strategies.generalize import LEVELS, generalize_mention

from redactor.plugin_api import Label

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "data" / "wiki" / "wiki_dev.json"
SUPPRESSED = re.compile(r"^(\*\*\*|[A-Z]+ \d+|t? ?x( \w+)?|person|\[.*\]|something|"
                        r"certain \w+|one or a few)$", re.IGNORECASE)
MONTHS = ("january february march april may june july august september october november "
          "december").split()


def norm(text: str) -> str:
    t = text.casefold().strip()
    t = re.sub(r"^(a\s+)?(date|time|day)\s+in\s+", "", t)
    t = re.sub(r"^in\s+their\s+", "", t)
    t = re.sub(r"\b(a|an|the)\b", " ", t)
    t = re.sub(r"['’]s\b", "", t)
    t = re.sub(r"[^\w\s]", " ", t)
    t = re.sub(r"isation", "ization", t)
    words = [w[:-1] if len(w) > 3 and w.endswith("s") and not w[:-1].isdigit() else w
             for w in t.split()]
    return " ".join(words)


def granularity(text: str, label: str) -> str:
    t = text.strip()
    core = re.sub(r"^(an?|the)\s+", "", t, flags=re.IGNORECASE)
    core = re.sub(r"^day\s+in\s+", "", core)  # "on a day in 2021": a sentence fix only
    if not core or SUPPRESSED.match(core):
        return "suppressed"
    low = core.casefold()
    if label == "DATETIME":
        if re.search(r"\d{3}0s\b", low):
            return "decade"
        if "century" in low:
            return "century"
        if re.fullmatch(r"\d{4}", low):
            return "year"
        if any(m in low for m in MONTHS) and re.search(r"\d{4}", low):
            return "month"
    if label in ("QUANTITY", "DATETIME"):
        if re.search(r"\bbetween\b|–|-to-|\bfewer than\b|\bunder\b|\bover\b|ties\b|teens\b",
                     low):
            return "range"
        if re.search(r"\b(tens|hundreds|thousands|millions|billions|a few|less than)\b", low):
            return "magnitude"
        if label == "DATETIME":
            return "other"
    if re.search(r"\bin\s+(the\s+)?[A-Z]", core):
        return "class+area"
    if core[:1].isupper():
        return "area"
    return "class"


def load(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        raise SystemExit(f"data not found: {path} (the annotated biographies live in "
                         "../shared/data/wiki; they are never copied into the repository)")
    return json.loads(path.read_text(encoding="utf-8"))


def mentions(docs: list[dict[str, Any]]):  # type: ignore[no-untyped-def]
    for doc in docs:
        text = doc["text"]
        for layer in doc["annotations"].values():
            ms = layer["entity_mentions"]
            longest: dict[str, str] = {}
            for m in ms:
                eid = m.get("entity_id", "")
                if len(m["span_text"]) > len(longest.get(eid, "")):
                    longest[eid] = m["span_text"]
            for m in ms:
                rep = m.get("replacement") or {}
                cands = [c for lst in (rep.get("generalizations") or {}).values() for c in lst]
                chosen = list((rep.get("generalization_selection") or {}).keys())
                if not cands or not chosen or m["entity_type"] not in Label.__members__:
                    continue
                yield doc, text, m, longest.get(m.get("entity_id", ""), m["span_text"]), \
                    cands, chosen


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", nargs="?", type=Path, default=DEFAULT)
    ap.add_argument("--examples", metavar="TYPE", help="print (mention → ours | chosen) rows")
    args = ap.parse_args(argv)
    docs = load(args.data)
    # (type, level) → counters; level "default" and "best" are summaries
    stats: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for _doc, text, m, canonical, cands, chosen in mentions(docs):
        label = Label(m["entity_type"])
        start, end = m["start_offset"], m["end_offset"]
        span = text[start:end] if text[start:end] else m["span_text"]
        chosen_norm = {norm(c) for c in chosen}
        offered_norm = {norm(c) for c in cands if c != "***"}
        chosen_gran = {granularity(c, label) for c in chosen}
        best = {"exact": 0, "offered": 0, "same_level": 0}
        for i, level in enumerate(LEVELS[label]):
            out = generalize_mention(label, span, canonical, level, doc_text=text,
                                     start=start, end=end)
            hit = {
                "exact": int(norm(out) in chosen_norm),
                "offered": int(norm(out) in offered_norm),
                "same_level": int(granularity(out, label) in chosen_gran),
            }
            for key in ("", "default") if i == 0 else ("",):
                row = stats[(str(label), level if not key else key)]
                row["n"] += 1
                for k, v in hit.items():
                    row[k] += v
            for k in best:
                best[k] = max(best[k], hit[k])
            if args.examples and args.examples.upper() == str(label):
                print(f"{span!r:40} {level:9} → {out!r:40} | chosen {chosen}")
        row = stats[(str(label), "best")]
        row["n"] += 1
        row["suppressed_by_annotator"] += int(chosen == ["***"])
        for k, v in best.items():
            row[k] += v

    def pct(a: int, b: int) -> str:
        return f"{100 * a / b:5.1f}%" if b else "    -"

    print(f"{'type':9} {'level':10} {'n':>5} {'exact':>7} {'offered':>8} {'same lvl':>9}")
    totals: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for label in Label:
        for level in (*LEVELS[label], "default", "best"):
            row = stats.get((str(label), level))
            if not row:
                continue
            print(f"{label!s:9} {level:10} {row['n']:5} {pct(row['exact'], row['n']):>7} "
                  f"{pct(row['offered'], row['n']):>8} {pct(row['same_level'], row['n']):>9}")
            if level in ("default", "best"):
                for k, v in row.items():
                    totals[level][k] += v
    for level in ("default", "best"):
        row = totals[level]
        print(f"{'ALL':9} {level:10} {row['n']:5} {pct(row['exact'], row['n']):>7} "
              f"{pct(row['offered'], row['n']):>8} {pct(row['same_level'], row['n']):>9}")
    sup = totals["best"]["suppressed_by_annotator"]
    print(f"\nmentions where the annotator chose only full suppression (***): {sup} of "
          f"{totals['best']['n']} — a generalization can at best be 'same level' there when "
          "it is itself content-free (a person, [number]).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
