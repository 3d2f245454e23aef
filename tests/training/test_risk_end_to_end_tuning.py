"""training/risk/tune_end_to_end.py: thresholds chosen on tuning documents, validation only
reported (run as a script, as the recipe does, on a small TAB file built here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "training" / "risk" / "tune_end_to_end.py"
# doc ids on each side of the NER split rule int(sha256(id)[2:4], 16) % 4 == 0
TUNING_IDS = ("001-1", "001-2")
VALIDATION_IDS = ("001-0", "001-13")
TEXT = "Mr Jon Smith was born in Bergen in 1970 and worked as a teacher for the Court."
SPANS = [("Jon Smith", "PERSON", "DIRECT"), ("Bergen", "LOC", "QUASI"), ("1970", "DATETIME", "QUASI"),
         ("teacher", "DEM", "QUASI"), ("Court", "ORG", "NO_MASK")]


def _mention(i: int, text: str, typ: str, ident: str) -> dict:
    s = TEXT.index(text)
    return {"entity_mention_id": f"m{i}", "entity_id": f"e{i}", "entity_type": typ,
            "start_offset": s, "end_offset": s + len(text), "span_text": text,
            "identifier_type": ident}


def test_thresholds_come_from_the_tuning_documents(tmp_path: Path) -> None:
    gold = [{"doc_id": d, "text": TEXT, "annotations": {"merged": {"entity_mentions": [
        _mention(i, *sp) for i, sp in enumerate(SPANS)]}}} for d in TUNING_IDS + VALIDATION_IDS]
    (tmp_path / "gold.json").write_text(json.dumps(gold))
    dump = []
    for d in TUNING_IDS + VALIDATION_IDS:
        findings, span_sig, seq_sig = [], [], []
        for text, typ, ident in SPANS:
            s = TEXT.index(text)
            findings.append([s, s + len(text), typ])
            risky = ident != "NO_MASK"
            # tuning documents: the span classifier separates at 0.5; validation documents
            # would need other thresholds (they must not be used for choosing)
            span_sig.append([0.7 if risky else 0.3, risky] if d in TUNING_IDS else [0.9, True])
            seq_sig.append([0.0, False])
        dump.append({"doc_id": d, "fold": "", "findings": findings, "entity_of": list(range(5)),
                     "signals": {"span-classifier": span_sig,
                                 "sequence-labelling (partial)": seq_sig}})
    (tmp_path / "dump.json").write_text(json.dumps(dump))
    res = subprocess.run([sys.executable, str(SCRIPT), "--gold", str(tmp_path / "gold.json"),
                          "--signals", str(tmp_path / "dump.json"), "--rq", "0.9"],
                         capture_output=True, text=True, cwd=SCRIPT.parent, timeout=300)
    assert res.returncode == 0, res.stderr[-2000:]
    assert "2 tuning / 2 validation documents" in res.stdout
    out = json.loads(res.stdout.strip().splitlines()[-1])
    assert 0.3 < out["span_threshold"] <= 0.7
    assert out["tuning"]["P"] == 1.0 and out["tuning"]["R_quasi"] == 1.0
    assert out["tuning"]["R_direct"] == 1.0
    # on the validation documents "Court" is masked too: reported, not tuned away
    assert out["validation"]["P"] < 1.0


def test_nested_thresholds_are_chosen_without_the_fold_they_score(tmp_path: Path) -> None:
    """``--nested 2``: each fold is scored with thresholds chosen on the other fold, so a fold
    whose scores run higher than the other's pays for it in the pooled figure, while the
    thresholds chosen on all documents (printed last) separate both."""
    from redactor.evaluation import sha256_fold

    ids = [f"001-{i}" for i in range(40)]
    fold0 = [d for d in ids if sha256_fold(d, 2) == 0][:2]
    fold1 = [d for d in ids if sha256_fold(d, 2) == 1][:2]
    gold = [{"doc_id": d, "text": TEXT, "annotations": {"merged": {"entity_mentions": [
        _mention(i, *sp) for i, sp in enumerate(SPANS)]}}} for d in fold0 + fold1]
    (tmp_path / "gold.json").write_text(json.dumps(gold))
    dump = []
    for d in fold0 + fold1:
        findings, span_sig, seq_sig = [], [], []
        for text, typ, ident in SPANS:
            s = TEXT.index(text)
            findings.append([s, s + len(text), typ])
            risky = ident != "NO_MASK"
            high = d in fold1  # fold 1: risky 0.9, not risky 0.5; fold 0: 0.7 and 0.3
            span_sig.append([(0.9 if risky else 0.5) if high else (0.7 if risky else 0.3), risky])
            seq_sig.append([0.0, False])
        dump.append({"doc_id": d, "fold": "", "findings": findings, "entity_of": list(range(5)),
                     "signals": {"span-classifier": span_sig,
                                 "sequence-labelling (partial)": seq_sig}})
    (tmp_path / "dump.json").write_text(json.dumps(dump))
    res = subprocess.run([sys.executable, str(SCRIPT), "--gold", str(tmp_path / "gold.json"),
                          "--signals", str(tmp_path / "dump.json"), "--rq", "0.9",
                          "--nested", "2"],
                         capture_output=True, text=True, cwd=SCRIPT.parent, timeout=300)
    assert res.returncode == 0, res.stderr[-2000:]
    out = json.loads(res.stdout.strip().splitlines()[-1])
    by_fold = {f["fold"]: f for f in out["folds"]}
    assert 0.5 < by_fold[0]["span_threshold"] <= 0.9   # chosen on fold 1
    assert 0.3 < by_fold[1]["span_threshold"] <= 0.7   # chosen on fold 0
    assert out["pooled"]["R_direct"] == 1.0 and out["pooled"]["P"] < 1.0  # "Court" in fold 1
    assert out["all_documents"]["in_sample"]["P"] == 1.0
    assert 0.5 < out["all_documents"]["span_threshold"] <= 0.7
