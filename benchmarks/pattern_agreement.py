"""How well the pattern detector agrees with TAB's gold CODE / DATETIME / QUANTITY spans.

Token level, labels matched: every ``\\w+`` token inside a gold mention of type T is a gold
token of T; every token inside a detected span labelled T is a predicted token of T.
Precision = predicted tokens of T that are gold tokens of T / predicted tokens of T; recall
the other way round. As in TAB's official masking rule, function words that annotators
include or leave out at will ("no", "about", "between", "and", "the", ...) are ignored.
The merged dev layer holds several annotators' (sometimes nested) spans; a token counts as
gold if any of them covers it.

Usage: python benchmarks/pattern_agreement.py [path/to/tab_dev.json] [--errors TYPE]
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter, defaultdict
from pathlib import Path

from redactor_plugins.detectors.patterns.plugin import detect_text

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "data" / "tab" / "tab_dev.json"
TYPES = ("CODE", "DATETIME", "QUANTITY", "DEM")
IGNORED = {
    "mr", "mrs", "ms", "no", "nr", "about", "nos",
    "a", "an", "the", "this", "that", "these", "those", "some", "any", "each", "every",
    "and", "or", "but", "nor", "to", "of", "in", "on", "at", "by", "for", "from", "with",
    "between", "until", "till", "during", "since", "after", "before", "within", "over",
    "under", "around", "than", "into", "through", "as",
}
_TOKEN = re.compile(r"\w+")


def tokens(text: str, start: int, end: int) -> set[tuple[int, int]]:
    return {(m.start(), m.end()) for m in _TOKEN.finditer(text, start, end)
            if m.group(0).lower() not in IGNORED}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("path", nargs="?", default=str(DEFAULT))
    parser.add_argument("--errors", default="", help="print misses and false alarms of a type")
    args = parser.parse_args()
    docs = json.loads(Path(args.path).read_text(encoding="utf-8"))
    tp: Counter[str] = Counter()
    npred: Counter[str] = Counter()
    ngold: Counter[str] = Counter()
    any_tp = any_pred = any_gold = 0
    errors: dict[str, list[str]] = defaultdict(list)
    for doc in docs:
        text = doc["text"]
        gold: dict[str, set[tuple[int, int]]] = defaultdict(set)
        for layer in doc["annotations"].values():
            for m in layer["entity_mentions"]:
                gold[m["entity_type"]] |= tokens(text, m["start_offset"], m["end_offset"])
        pred: dict[str, set[tuple[int, int]]] = defaultdict(set)
        for f in detect_text(text):
            assert f.text == text[f.span.start : f.span.end]
            toks = tokens(text, f.span.start, f.span.end)
            pred[str(f.label)] |= toks
            if args.errors == str(f.label) and not toks <= gold[str(f.label)]:
                ctx = text[max(0, f.span.start - 30) : f.span.end + 20].replace("\n", " ")
                errors["false alarm"].append(f"{f.full_type}: {f.text!r}  …{ctx}…")
        for t in TYPES:
            tp[t] += len(pred[t] & gold[t])
            npred[t] += len(pred[t])
            ngold[t] += len(gold[t])
        all_gold = set().union(*(gold[t] for t in TYPES)) if gold else set()
        all_pred = set().union(*(pred[t] for t in TYPES)) if pred else set()
        any_tp += len(all_pred & all_gold)
        any_pred += len(all_pred)
        any_gold += len(all_gold)
        if args.errors:
            for m in doc["annotations"]["merged"]["entity_mentions"]:
                if m["entity_type"] != args.errors:
                    continue
                missed = tokens(text, m["start_offset"], m["end_offset"]) - pred[args.errors]
                if missed:
                    s, e = m["start_offset"], m["end_offset"]
                    ctx = text[max(0, s - 30) : e + 20].replace("\n", " ")
                    errors["miss"].append(f"{m['span_text']!r}  …{ctx}…")
    print(f"TAB agreement of the pattern detector on {len(docs)} documents "
          "(token level, labels matched)")
    print(f"{'type':10} {'P':>6} {'R':>6} {'F1':>6} {'pred':>6} {'gold':>6}")
    rows = [(t, tp[t], npred[t], ngold[t]) for t in TYPES]
    rows.append(("any(4)", any_tp, any_pred, any_gold))
    for name, hit, np_, ng in rows:
        p = hit / np_ if np_ else 0.0
        r = hit / ng if ng else 0.0
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        print(f"{name:10} {p:6.3f} {r:6.3f} {f1:6.3f} {np_:6d} {ng:6d}")
    for kind, lines in errors.items():
        print(f"\n--- {kind} ({len(lines)})")
        for line in lines:
            print("  " + line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
