"""training/risk/train_span_classifier.py: the span classifier learnt from *detected* spans
(labelled by the gold mentions they overlap) is one the plugin reads back, feature by feature
(run as a script, as the recipe does, on a small TAB file and detection dump built here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import redactor_plugins.indicators.plugin as ri
from redactor_plugins.indicators import features as rf

from redactor.core.context import RunContext
from redactor.core.entities import group_entities
from redactor.core.model import Document, Finding, Label, Span
from redactor.core.settings import Settings

SCRIPT = Path(__file__).resolve().parents[2] / "training" / "risk" / "train_span_classifier.py"
TEXT = ("The applicant, Mr Jon Smith, was born in Bergen in 1970. The Government disagreed, "
        "citing Article 6 of the Convention.")
# (text, label, gold identifier type or None when the span is not annotated)
DETECTED = [("Jon Smith", "PERSON", "DIRECT"), ("Bergen", "LOC", "QUASI"),
            ("1970", "DATETIME", "QUASI"), ("Government", "ORG", "NO_MASK"),
            ("Article 6", "MISC", None)]


def _files(tmp_path: Path, n_docs: int = 20) -> tuple[Path, Path]:
    ids = [f"001-{i}" for i in range(n_docs)]
    gold, dump = [], []
    for d in ids:
        mentions = []
        for i, (t, lab, ident) in enumerate(DETECTED):
            if ident is not None:
                s = TEXT.index(t)
                mentions.append({"entity_mention_id": f"m{i}", "entity_id": f"e{i}",
                                 "entity_type": lab, "start_offset": s,
                                 "end_offset": s + len(t), "span_text": t,
                                 "identifier_type": ident})
        gold.append({"doc_id": d, "text": TEXT,
                     "annotations": {"merged": {"entity_mentions": mentions}}})
        dump.append({"doc_id": d, "fold": "", "entity_of": list(range(len(DETECTED))),
                     "findings": [[TEXT.index(t), TEXT.index(t) + len(t), lab]
                                  for t, lab, _ in DETECTED],
                     "scores": [0.9, 0.8, 0.95, 0.6, 0.5],
                     "signals": {}})
    (tmp_path / "gold.json").write_text(json.dumps(gold))
    (tmp_path / "dump.json").write_text(json.dumps(dump))
    return tmp_path / "gold.json", tmp_path / "dump.json"


def test_trains_on_detected_spans_and_the_plugin_reads_it(tmp_path: Path) -> None:
    gold, dump = _files(tmp_path)
    res_dir, work = tmp_path / "res", tmp_path / "work"
    run = subprocess.run([sys.executable, str(SCRIPT), "--detections", str(dump),
                          "--gold", str(gold), "--res", str(res_dir), "--work", str(work),
                          "--spans-csv", "", "--threshold", "0.3"],
                         capture_output=True, text=True, cwd=SCRIPT.parent, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "100 detected spans (0.60 MASK)" in run.stdout  # 3 of 5 overlap DIRECT/QUASI
    art = json.loads((res_dir / "span_classifier.json").read_text())
    assert art["features"] == list(rf.TEXT_SPAN_FEATURES)
    assert art["vocabulary"] == rf.DEFAULT_VOCABULARY and art["threshold"] == 0.3
    assert not rf.needs_mlm(art["features"])
    for name in ("text_prior.json", "context_left_prior.json", "context_right_prior.json"):
        assert (res_dir / name).is_file()
    folds = sorted((work / "folds" / "k5").glob("fold*/fold.json"))
    held_out = [d for f in folds for d in json.loads(f.read_text())["test_doc_ids"]]
    assert sorted(held_out) == sorted(f"001-{i}" for i in range(20))  # each document once
    report = json.loads((work / "span_detected_report.json").read_text())
    assert len(report["span"]) == 100

    # the plugin reads the trained folder back: the annotated direct and quasi identifiers
    # score above the spans the annotators kept or never marked
    ri._json_cache.clear()
    ctx = RunContext(settings=Settings({"risk": {"classifiers_path": str(res_dir)}}))
    fs = [Finding(Span(TEXT.index(t), TEXT.index(t) + len(t)), Label(lab), t, score=sc,
                  detector="test")
          for (t, lab, _), sc in zip(DETECTED, [0.9, 0.8, 0.95, 0.6, 0.5], strict=True)]
    doc = Document("new", Path("new.txt"), "txt", TEXT)
    sig = ri.SpanClassifier().assess(doc, fs, group_entities(fs, TEXT), ctx)
    scores = {f.text: s.score for f, s in zip(fs, sig, strict=True)}
    assert min(scores["Jon Smith"], scores["Bergen"], scores["1970"]) > \
        max(scores["Government"], scores["Article 6"])
