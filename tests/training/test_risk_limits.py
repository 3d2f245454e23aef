"""training/risk/limits.py: the detection ceiling, the perfect-decision oracle and the label
consistency count, on a small TAB file and signal dump built here (run as a script)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "training" / "risk" / "limits.py"
TEXT = "Mr Jon Smith was born in Bergen in 1970 and moved to London for the Court."
IDS = ("001-1", "001-2", "001-0")  # two tuning documents, one validation document


def _doc(doc_id: str, london: str) -> dict:
    spans = [("Jon Smith", "PERSON", "DIRECT"), ("Bergen", "LOC", "QUASI"),
             ("1970", "DATETIME", "QUASI"), ("London", "LOC", london),
             ("Court", "ORG", "NO_MASK")]
    mentions = []
    for i, (text, typ, ident) in enumerate(spans):
        s = TEXT.index(text)
        mentions.append({"entity_mention_id": f"m{i}", "entity_id": f"e{i}", "entity_type": typ,
                         "start_offset": s, "end_offset": s + len(text), "span_text": text,
                         "identifier_type": ident})
    return {"doc_id": doc_id, "text": TEXT,
            "annotations": {"merged": {"entity_mentions": mentions}}}


def test_limits_report(tmp_path: Path) -> None:
    # "London" is masked in one document and kept in two: one inconsistent text of the five
    # found in at least three documents
    gold = [_doc(d, "QUASI" if d == "001-1" else "NO_MASK") for d in IDS]
    (tmp_path / "gold.json").write_text(json.dumps(gold))
    detected = ["Jon Smith", "Bergen", "London", "Court"]  # "1970" is never detected
    dump = [{"doc_id": d, "fold": "", "entity_of": list(range(len(detected))),
             "findings": [[TEXT.index(t), TEXT.index(t) + len(t), "LOC"] for t in detected],
             "signals": {"span-classifier": [[0.5, True]] * len(detected),
                         "sequence-labelling (partial)": [[0.5, True]] * len(detected)}}
            for d in IDS]
    (tmp_path / "dump.json").write_text(json.dumps(dump))
    res = subprocess.run([sys.executable, str(SCRIPT), "--gold", str(tmp_path / "gold.json"),
                          "--signals", str(tmp_path / "dump.json")],
                         capture_output=True, text=True, cwd=SCRIPT.parent, timeout=300)
    assert res.returncode == 0, res.stderr[-2000:]
    out = json.loads(res.stdout.strip().splitlines()[-1])
    assert out["label_consistency"] == {"texts_in_3_docs": 5, "mixed": 1}
    assert "| london | 1 | 2 |" in res.stdout
    val = out["validation"]
    # masking everything detected masks "London" and "Court", which nobody masks there
    assert val["ceiling"]["P"] < 1.0
    # the oracle masks exactly the detected spans the annotator masks
    assert val["oracle"]["P"] == 1.0 and val["oracle"]["R_direct"] == 1.0
    # "1970" is a QUASI entity no detected span covers: half the QUASI entities leak
    assert val["quasi_entities"] == 2 and val["detected"] == 1
    assert val["oracle"]["R_quasi"] == 0.5
