"""Capitalisation as token types: the NER's tokenizer lowercases, so a model trained with
``train.py --case-types`` reads a flag per word piece (1 = its word starts with a capital) as
its token type. Training, export, the windowed run time and the MASK head's windows must all
compute the same flags at the same positions."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest
from redactor_plugins.shared.encoders.windows import (
    case_flags,
    windowed_probabilities,
    windowed_probabilities_many,
)

ROOT = Path(__file__).resolve().parents[2]


def _pieces(text: str) -> list[tuple[int, int]]:
    """Word-piece-like offsets: words cut into 3-letter pieces, punctuation alone."""
    import re

    out = []
    for m in re.finditer(r"\w+|[^\w\s]", text):
        for s in range(m.start(), m.end(), 3):
            out.append((s, min(s + 3, m.end())))
    return out


def test_every_piece_of_a_capitalised_word_is_flagged_and_nothing_else():
    text = "Mr McDonald of the Government met the government in NATO, 12 May. O'Connor"
    offs = _pieces(text)
    flagged = {text[s:e] for (s, e), f in zip(offs, case_flags(text, offs), strict=True) if f}
    words = {text[s:e] for (s, e), f in zip(offs, case_flags(text, offs), strict=True) if not f}
    assert {"Mr", "McD", "ona", "ld", "Gov", "ern", "men", "t", "NAT", "O", "May", "Con",
            "nor"} <= flagged
    assert {"of", "the", "gov", "met", "in", ",", "12", ".", "'"} <= words
    # the lower-case "government" is not flagged, whatever piece of it
    low = text.index("the government") + 4
    assert not any(f for (s, _e), f in zip(offs, case_flags(text, offs), strict=True)
                   if low <= s < low + 10)
    assert case_flags("", []) == [] and case_flags("x", [(0, 0)]) == [0]


def _echo(ids, att, types=None):
    """A stand-in graph: logit 1 of each position is its token type × 10, so the stitched
    probabilities show which type each piece was fed with."""
    logits = np.zeros((*ids.shape, 2), dtype=np.float32)
    if types is not None:
        logits[..., 1] = types * 10.0
    return [logits]


def test_windows_feed_each_piece_its_own_type_whatever_window_reads_it():
    n = 300
    types = [int(i % 7 in (0, 3)) for i in range(n)]
    probs = windowed_probabilities(list(range(5, 5 + n)), _echo, window=40, overlap=10,
                                   batch_size=3, cls_id=1, sep_id=2, pad_id=0, types=types)[0]
    assert [int(p > 0.5) for p in probs[:, 1]] == types
    # without types the graph gets the two plain inputs, as before
    plain = windowed_probabilities(list(range(5, 5 + n)), _echo, window=40, overlap=10,
                                   batch_size=3, cls_id=1, sep_id=2, pad_id=0)[0]
    assert (plain[:, 1] == 0.5).all()


def test_windows_of_several_documents_keep_their_own_types():
    docs = [(list(range(5, 5 + n)), None) for n in (90, 17, 140)]
    types = [[int((i + d) % 5 == 0) for i in range(len(ids))] for d, (ids, _) in enumerate(docs)]
    out = windowed_probabilities_many(docs, _echo, window=32, overlap=8, batch_size=4, cls_id=1,
                                      sep_id=2, pad_id=0, types=types)
    for got, want in zip(out, types, strict=True):
        assert [int(p > 0.5) for p in got[0][:, 1]] == want


def test_training_windows_carry_the_flags_of_their_pieces():
    pytest.importorskip("torch")
    sys.path.insert(0, str(ROOT / "training" / "ner"))
    import train  # training/ner/train.py
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(ROOT / "resources" / "models" / "ner" / "tokenizer.json"))
    tok.no_truncation()
    tok.no_padding()
    text = ("The applicant, Mr Tomas Berg, met the Government. " * 20).strip()
    items = train.encode_doc(tok, text, [], 40, 8, None, case_types=True)
    enc = tok.encode(text, add_special_tokens=False)
    want = dict(zip(enc.ids, case_flags(text, enc.offsets), strict=True))
    seen = set()
    for ids, _labels, types in items:
        assert types[0] == types[-1] == 0  # [CLS], [SEP]
        for i, t in zip(ids[1:-1], types[1:-1], strict=True):
            if tok.id_to_token(i) in ("berg", "government", "the"):
                seen.add((tok.id_to_token(i), t))
                if tok.id_to_token(i) != "the":
                    assert t == want[i] == 1
    assert ("the", 0) in seen and ("the", 1) in seen  # "The applicant" / "the Government"
    plain = train.encode_doc(tok, text, [], 40, 8, None)
    assert all(not any(t) for _i, _l, t in plain)


def test_a_case_model_exports_token_types_and_the_runtime_feeds_the_flags(tmp_path: Path):
    torch = pytest.importorskip("torch")
    ort = pytest.importorskip("onnxruntime")
    sys.path.insert(0, str(ROOT / "training" / "ner"))
    import export  # training/ner/export.py
    import train  # training/ner/train.py
    from common import LABELS
    from redactor_plugins.detectors.recognizer.ner_runtime import NerModel
    from tokenizers import Tokenizer
    from transformers import BertConfig, BertForTokenClassification

    tok_file = ROOT / "resources" / "models" / "ner" / "tokenizer.json"
    tok = Tokenizer.from_file(str(tok_file))
    cfg = BertConfig(vocab_size=tok.get_vocab_size(), hidden_size=32, num_hidden_layers=2,
                     num_attention_heads=2, intermediate_size=64, num_labels=len(LABELS))
    torch.manual_seed(0)
    model = BertForTokenClassification(cfg).eval()
    train.use_case_types(model)
    emb = model.bert.embeddings.token_type_embeddings.weight
    assert torch.equal(emb[0], emb[1])  # starts out blind to case
    with torch.no_grad():
        emb[1] += 3 * torch.randn(emb.shape[1])  # as if training had taught it about capitals
    model.save_pretrained(tmp_path / "model")
    onnx_path = tmp_path / "onnx" / "model.fp32.onnx"
    export.export(tmp_path / "model", onnx_path)
    sess = ort.InferenceSession(str(onnx_path), providers=["CPUExecutionProvider"])
    assert {i.name for i in sess.get_inputs()} == {"input_ids", "attention_mask",
                                                   "token_type_ids"}

    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "model.onnx").write_bytes(onnx_path.read_bytes())
    (pack / "tokenizer.json").write_bytes(tok_file.read_bytes())
    (pack / "labels.json").write_text(json.dumps(LABELS))
    (pack / "config.json").write_text(json.dumps({"window": 128, "overlap": 32,
                                                  "case_types": True}))
    text = "Mr Berg met mr berg at the Court of Appeal in oslo."
    pieces, probs = NerModel(pack, threads=1).token_probabilities(text)
    enc = tok.encode(text, add_special_tokens=False)
    ids = np.array([[tok.token_to_id("[CLS]"), *enc.ids, tok.token_to_id("[SEP]")]])
    flags = np.array([[0, *case_flags(text, enc.offsets), 0]])

    def direct(types: np.ndarray) -> np.ndarray:
        logits = sess.run(None, {"input_ids": ids, "attention_mask": np.ones_like(ids),
                                 "token_type_ids": types})[0][0, 1:-1]
        p = np.exp(logits - logits.max(-1, keepdims=True))
        return p / p.sum(-1, keepdims=True)

    assert len(pieces) == len(enc.ids)
    np.testing.assert_allclose(probs, direct(flags), atol=1e-4)
    assert np.abs(probs - direct(np.zeros_like(flags))).max() > 1e-2  # the flags matter

    # a pack that says case_types but whose graph cannot read them is refused
    (pack / "config.json").write_text(json.dumps({"case_types": True}))
    plain = tmp_path / "plain.onnx"
    model.config.case_types = False
    model.save_pretrained(tmp_path / "plain_model")
    export.export(tmp_path / "plain_model", plain)
    (pack / "model.onnx").write_bytes(plain.read_bytes())
    with pytest.raises(ValueError, match="token_type_ids"):
        NerModel(pack, threads=1)


def test_mask_head_windows_carry_the_flags():
    pytest.importorskip("torch")
    sys.path.insert(0, str(ROOT / "training" / "risk"))
    import train_seqlabel as ts
    from tokenizers import Tokenizer

    from redactor.evaluation.tab_format import parse_document

    tok = Tokenizer.from_file(str(ROOT / "resources" / "models" / "ner" / "tokenizer.json"))
    text = "The applicant, Mr Tomas Berg, lives in Oslo. " * 12
    doc = parse_document({"doc_id": "d", "text": text, "annotations": {}})
    enc = tok.encode(text, add_special_tokens=False)
    flags = case_flags(text, enc.offsets)
    wins = ts.doc_windows(tok, doc, 0, 40, case_types=True)
    got = [int(t) for _ids, _lab, types in wins for t in types]
    assert got == flags[: len(got)] and any(got)
    ids, _att, _lab, typ = ts.pad(wins)
    assert typ[0, 0] == 0 and list(typ[0, 1:39]) == flags[:38]
    assert not any(t.any() for _i, _l, t in ts.doc_windows(tok, doc, 0, 40))
