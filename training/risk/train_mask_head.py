#!/usr/bin/env python3
"""Train the sequence labeller as a second head of the NER: one encoder pass, two outputs.

The NER (``resources/models/ner``) and the sequence labeller are both MiniLM-L6 encoders from
the same Rampart base. The stand-alone sequence labeller (``train_seqlabel.py``) kept the base's
layers 0-3 frozen and trained layers 4-5; here layers 4-5 and the MASK/NO_MASK classifier are
trained on the outputs of the **NER's own** layers 0-3 (read from its int8 ONNX graph with ONNX
Runtime, exactly as they are at run time), and the trained branch is grafted onto the NER graph:
the pack's ``model.onnx`` then returns ``logits`` (entity labels, unchanged) and
``mask_logits`` (NO_MASK, MASK) from one pass — 8 layers of work instead of 12.

  OMP_NUM_THREADS=2 python training/risk/train_mask_head.py --steps 545 --threads 2

Folds: for each NER fold model ``training/work/ner/folds/k5/fold{j}/int8`` a head is trained on
the documents that fold's NER trained on (its ``fold.json`` names the held-out ones) and the
combined pack lands in ``--work``/fold{j} (``redactor evaluate --out-of-fold`` uses it as the
sequence labeller of the held-out documents); then the shipped NER pack gets its head from all
documents (``--skip-final`` leaves it alone). Windows: the NER's (``window`` of its config, 128
word pieces), two cuts of
every document (offsets 0 and half a window); labels as in ``train_seqlabel.py`` (1 inside a
gold DIRECT/QUASI mention of any annotator).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
import numpy as np  # noqa: E402
import onnx  # noqa: E402
import onnxruntime as ort  # noqa: E402
import torch  # noqa: E402
from tokenizers import Tokenizer  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import train_seqlabel as ts  # noqa: E402

from redactor.models.manifest import build_manifest  # noqa: E402

SHARED = 4  # default: NER layers 0..3 feed the head; the head owns layers 4-5 and its classifier
PREFIX = "mask/"
OUTPUT = "mask_logits"
LABELS = ["NO_MASK", "MASK"]


def layer_output(model: onnx.ModelProto, shared: int) -> str:
    """Name of the NER graph's tensor after encoder layer ``shared - 1`` (its last
    LayerNormalization, as torch's exporter names it)."""
    tail = f"encoder/layer.{shared - 1}/output/LayerNorm/LayerNormalization_output_0"
    names = [o for n in model.graph.node for o in n.output if o.endswith(tail)]
    if len(names) != 1:
        raise SystemExit(f"the NER graph has no single output of encoder layer {shared - 1}")
    return names[0]


def strip_head(model: onnx.ModelProto) -> onnx.ModelProto:
    """The NER graph without a previously grafted head (so the script can run again)."""
    g = model.graph
    keep = [n for n in g.node if not n.name.startswith(PREFIX)]
    del g.node[:]
    g.node.extend(keep)
    inits = [i for i in g.initializer if not i.name.startswith(PREFIX)]
    del g.initializer[:]
    g.initializer.extend(inits)
    outs = [o for o in g.output if o.name != OUTPUT]
    del g.output[:]
    g.output.extend(outs)
    return model


def hidden_session(ner_onnx: Path, tensor: str, threads: int) -> ort.InferenceSession:
    model = strip_head(onnx.load(str(ner_onnx)))
    model.graph.output.append(onnx.helper.make_tensor_value_info(tensor, onnx.TensorProto.FLOAT, None))
    so = ort.SessionOptions()
    so.intra_op_num_threads = threads
    return ort.InferenceSession(model.SerializeToString(), so, providers=["CPUExecutionProvider"])


def cache_hidden(sess: ort.InferenceSession, tensor: str, windows, bs: int = 16):
    """(hidden after the shared layers, attention, labels) per window, as ONNX Runtime
    computes them inside the NER graph, 16 windows per call (how the shipped head was
    trained; run time now reads one window per call, ``windows.CPU_BATCH``, whose numbers
    differ by int8 rounding: heads trained on one-window calls scored the same out of fold —
    TAB R_quasi −0.003, Wikipedia +0.003 at the shipped thresholds, equal best smaller R_quasi
    over a threshold grid — so the shipped head stays)."""
    out = []
    names = {i.name for i in sess.get_inputs()}
    for b in range(0, len(windows), bs):
        ids, att, lab, typ = ts.pad(windows[b:b + bs])
        feed = {"input_ids": ids, "attention_mask": att}
        if "token_type_ids" in names:
            feed["token_type_ids"] = typ
        h = sess.run([tensor], feed)[0]
        for i in range(len(ids)):
            out.append((torch.from_numpy(h[i].copy()), torch.from_numpy(att[i]), torch.from_numpy(lab[i])))
    return out


class Branch(torch.nn.Module):
    """Layers 4-5 and the classifier of a trained sequence labeller, fed hidden states."""

    def __init__(self, model, shared: int = SHARED) -> None:
        super().__init__()
        self.layers = torch.nn.ModuleList(model.bert.encoder.layer[shared:])
        self.classifier = model.classifier

    def forward(self, hidden, attention_mask):
        ext = (1.0 - attention_mask[:, None, None, :].to(hidden.dtype)) * torch.finfo(hidden.dtype).min
        x = hidden
        for layer in self.layers:
            x = layer(x, attention_mask=ext)[0]
        return self.classifier(x)


def export_branch(model, dest: Path, shared: int = SHARED) -> None:
    from onnxruntime.quantization import QuantType, quantize_dynamic

    branch = Branch(model, shared).eval()
    with tempfile.TemporaryDirectory() as td:
        fp = Path(td) / "branch.onnx"
        h = torch.zeros(1, 4, model.config.hidden_size)
        att = torch.ones(1, 4, dtype=torch.long)
        torch.onnx.export(branch, (h, att), str(fp), dynamo=False, opset_version=17,
                          input_names=["hidden", "attention_mask"], output_names=[OUTPUT],
                          dynamic_axes={"hidden": {0: "b", 1: "t"}, "attention_mask": {0: "b", 1: "t"},
                                        OUTPUT: {0: "b", 1: "t"}})
        quantize_dynamic(str(fp), str(dest), per_channel=True, reduce_range=True,
                         weight_type=QuantType.QInt8, op_types_to_quantize=["MatMul"])


def graft(ner_onnx: Path, branch_onnx: Path, tensor: str, dest: Path) -> None:
    """Write the NER graph with the branch appended: inputs shared, outputs ``logits`` and
    ``mask_logits``."""
    ner = strip_head(onnx.load(str(ner_onnx)))
    br = onnx.compose.add_prefix(onnx.load(str(branch_onnx)), PREFIX)
    rename = {PREFIX + "hidden": tensor, PREFIX + "attention_mask": "attention_mask",
              PREFIX + OUTPUT: OUTPUT}
    for n in br.graph.node:
        n.input[:] = [rename.get(x, x) for x in n.input]
        n.output[:] = [rename.get(x, x) for x in n.output]
    ner.graph.node.extend(br.graph.node)
    ner.graph.initializer.extend(br.graph.initializer)
    ner.graph.value_info.extend(v for v in br.graph.value_info)
    out = onnx.helper.make_tensor_value_info(OUTPUT, onnx.TensorProto.FLOAT, ["batch", "tokens", len(LABELS)])
    ner.graph.output.append(out)
    have = {(o.domain, o.version) for o in ner.opset_import}
    for o in br.opset_import:
        if (o.domain, o.version) not in have and all(x.domain != o.domain for x in ner.opset_import):
            ner.opset_import.append(o)
    onnx.checker.check_model(ner)
    onnx.save(ner, str(dest))


def check_same_ner(old: Path, new: Path, tok: Tokenizer, text: str) -> float:
    """Largest difference of the NER logits between the plain and the grafted graph."""
    ids = np.array([[101, *tok.encode(text, add_special_tokens=False).ids[:200], 102]], dtype=np.int64)
    feed = {"input_ids": ids, "attention_mask": np.ones_like(ids)}
    grafted = ort.InferenceSession(str(new), providers=["CPUExecutionProvider"])
    if "token_type_ids" in {i.name for i in grafted.get_inputs()}:
        feed["token_type_ids"] = np.ones_like(ids)  # the case flags matter: both graphs see them
    a = ort.InferenceSession(strip_head(onnx.load(str(old))).SerializeToString(),
                             providers=["CPUExecutionProvider"]).run(["logits"], feed)[0]
    b = grafted.run(["logits"], feed)[0]
    return float(np.abs(a - b).max())


def build_pack(src: Path, dest: Path, model, tensor: str, info: dict, tok: Tokenizer, probe: str,
               name: str, version: str, shared: int = SHARED) -> float:
    """``dest`` = the NER pack ``src`` with the head grafted on (``src`` may equal ``dest``)."""
    with tempfile.TemporaryDirectory() as td:
        branch = Path(td) / "branch.int8.onnx"
        export_branch(model, branch, shared)
        combined = Path(td) / "model.onnx"
        graft(src / "model.onnx", branch, tensor, combined)
        diff = check_same_ner(src / "model.onnx", combined, tok, probe)
        if diff > 1e-4:
            raise SystemExit(f"the grafted graph changed the NER's logits (max diff {diff})")
        if src.resolve() != dest.resolve():
            if dest.exists():
                shutil.rmtree(dest)
            shutil.copytree(src, dest)
        shutil.copy(combined, dest / "model.onnx")
    cfg_path = dest / "config.json"
    cfg = json.loads(cfg_path.read_text())
    cfg["outputs"] = ["logits", OUTPUT]
    cfg["heads"] = {"mask": {"output": OUTPUT, "labels": LABELS, "shared_layers": shared,
                             "own_layers": len(model.bert.encoder.layer) - shared,
                             "kind": "risk-seqlabel", **info}}
    if "model_sha256" in cfg:
        cfg["model_sha256"] = hashlib.sha256((dest / "model.onnx").read_bytes()).hexdigest()
    cfg_path.write_text(json.dumps(cfg, indent=1) + "\n")
    build_manifest(dest, name=name, version=version, licence="CC-BY-4.0", exclude=("fold.json",))
    return diff


def trimmed_base(base: Path, shared: int, own: int, dest: Path) -> Path:
    """A copy of ``base`` with layers ``[0, shared)`` and its last ``own`` layers: trained from
    it, the head owns exactly ``own`` layers (the first ``shared`` stay frozen and unused)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ner"))
    from student import make_student  # training/ner/student.py

    n = int(json.loads((base / "config.json").read_text())["num_hidden_layers"])
    if own < 1:
        raise SystemExit(f"--own {own}: the head needs a layer of its own")
    make_student(base, dest, (*range(shared), *range(n - own, n)))
    return dest


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ner", default="resources/models/ner", help="the shipped NER pack (gets the head)")
    ap.add_argument("--ner-folds", default="training/work/ner/folds/k5")
    ap.add_argument("--work", default=None,
                    help="fold packs land in WORK/fold{j} (default: training/work/seqlabel_head/"
                         "NAME, NAME the --ner-folds folder's, e.g. k5: one K per folder)")
    ap.add_argument("--steps", type=int, default=545)
    ap.add_argument("--batch", type=int, default=8, help="windows per step (of 256 word pieces)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--skip-folds", action="store_true")
    ap.add_argument("--skip-final", action="store_true")
    ap.add_argument("--version", default="1.1", help="the shipped pack's new version")
    ap.add_argument("--shared", type=int, default=SHARED,
                    help="NER layers the head reads from (the head owns the layers above)")
    ap.add_argument("--data", nargs="*", default=None,
                    help="TAB-format gold files (default: TAB dev and Wikipedia dev)")
    ap.add_argument("--base", default=str(ts.BASE), help="initial weights of layers 4-5")
    ap.add_argument("--own", type=int, default=0,
                    help="layers the head owns: the base's last N (default: every layer above "
                         "--shared; a NER with fewer layers than the base needs it)")
    args = ap.parse_args(argv)
    torch.set_num_threads(args.threads)
    work = Path(args.work or Path("training/work/seqlabel_head") / Path(args.ner_folds).name)
    work.mkdir(parents=True, exist_ok=True)
    logf = open(work / "train.log", "a")

    def log(msg: str) -> None:
        print(msg, flush=True)
        logf.write(msg + "\n")
        logf.flush()

    ner = Path(args.ner)
    cfg = json.loads((ner / "config.json").read_text())
    seq = int(cfg.get("window", 256))
    tok = Tokenizer.from_file(str(ner / "tokenizer.json"))
    tok.no_truncation()
    tok.no_padding()
    docs = ts.load_docs(args.data)
    probe = docs[0].text[:2000]

    def windows_of(d, case: bool) -> list:
        return ts.doc_windows(tok, d, 0, seq, case) + ts.doc_windows(tok, d, seq // 2, seq, case)[1:]
    tensor = layer_output(onnx.load(str(ner / "model.onnx")), args.shared)
    t0 = time.time()
    info = {"steps": args.steps, "batch": args.batch, "window": seq, "docs": len(docs),
            "init": f"layers 4-5 of {args.base} (the Rampart base), new classifier",
            "data": "TAB dev + Wikipedia dev gold DIRECT/QUASI mentions"}
    jobs = []
    if not args.skip_folds:
        for d in sorted(Path(args.ner_folds).glob("fold*")):
            meta = json.loads((d / "fold.json").read_text())
            jobs.append((d / "int8", work / d.name, set(meta["test_doc_ids"]), int(meta["fold"]), meta))
    if not args.skip_final:
        jobs.append((ner, ner, set(), 99, None))
    base_dir = Path(args.base)
    if args.own:
        base_dir = trimmed_base(base_dir, args.shared, args.own, work / "base_trimmed")
        info["init"] = (f"the last {args.own} layer(s) of {args.base} (the Rampart base), "
                        "new classifier")
    for src, dest, held, seed, meta in jobs:
        sess = hidden_session(src / "model.onnx", tensor, args.threads)
        # the NER pack reads capitalisation as token types (train.py --case-types)
        case = bool(json.loads((src / "config.json").read_text()).get("case_types"))
        train_w = [w for d in docs if d.doc_id not in held for w in windows_of(d, case)]
        cached = cache_hidden(sess, tensor, train_w)
        del sess
        log(f"{dest}: {len(cached)} windows cached ({(time.time() - t0) / 60:.1f} min)")
        model = ts.train(cached, 0, seed=seed, log=log, steps=args.steps, bs=args.batch,
                         base=base_dir, frozen=args.shared)
        if meta is None:
            diff = build_pack(src, dest, model, tensor, info, tok, probe, name="ner", version=args.version,
                              shared=args.shared)
        else:
            diff = build_pack(src, dest, model, tensor, {**info, "held_out": len(held)}, tok, probe,
                              name=f"ner+mask-fold{meta['fold']}", version="fold", shared=args.shared)
            (dest / "fold.json").write_text(json.dumps({"fold": meta["fold"], "k": meta["k"],
                                                        "test_doc_ids": meta["test_doc_ids"]}))
        log(f"{dest}: head grafted (NER logits max diff {diff:.2e}); {(time.time() - t0) / 60:.1f} min")


if __name__ == "__main__":
    main()
