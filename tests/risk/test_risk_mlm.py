"""The masked-LM runtime: the shipped model, and a user-imported model in the standard layout."""

from __future__ import annotations

import json
import shutil

import numpy as np
import pytest
from redactor_plugins.indicators.mlm import MaskedLM, ScoreRequest


def test_common_words_are_easier_to_guess_than_names(mlm_dir):
    mlm = MaskedLM(mlm_dir, threads=1)
    text = ("The applicant was born in 1965 and lives in the town of Ankara. The court of appeal "
            "dismissed the appeal of Mr Galip Yalman on the same day.")
    doc = mlm.encode(text)
    def lp(sub):
        i = text.index(sub)
        return float(mlm.score(doc, [ScoreRequest(doc.token_range(i, i + len(sub)))])[0].mean())
    assert lp("the same") > lp("Galip Yalman")
    assert lp("court") > lp("Yalman")


def test_window_and_hidden_ranges(mlm_dir):
    mlm = MaskedLM(mlm_dir, threads=1)
    text = "The applicant was born in Ankara. The applicant still lives in Ankara."
    doc = mlm.encode(text)
    first = doc.token_range(text.index("Ankara"), text.index("Ankara") + 6)
    second = doc.token_range(text.rindex("Ankara"), text.rindex("Ankara") + 6)
    seen = mlm.score(doc, [ScoreRequest(second)])[0]
    hidden = mlm.score(doc, [ScoreRequest(second, hide=(first,))])[0]
    assert seen.shape == hidden.shape == (second[1] - second[0],)
    assert seen.sum() > hidden.sum()  # seeing the first mention helps to guess the second
    long = mlm.encode("word " * 300)
    assert len(long) == 300
    assert mlm.score(long, [ScoreRequest((150, 151))], window=32)[0].shape == (1,)
    assert long.token_range(0, 4) == (0, 1) and long.word_count(0, 3) == 3


def test_segment_scores_mark_only_masked_tokens(mlm_dir):
    mlm = MaskedLM(mlm_dir, threads=1)
    doc = mlm.encode("one two three four five six seven")
    masked = np.zeros(len(doc), dtype=bool)
    masked[2] = True
    lp = mlm.score_segments(doc, masked)
    assert np.isnan(lp[0]) and np.isfinite(lp[2]) and lp[2] < 0


def test_standard_hf_layout_without_positions_input(tmp_path, mlm_dir):
    """A folder as `redactor models import` writes it (logits for every position) works too."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    vocab = json.loads((mlm_dir / "config.json").read_text())["vocab_size"]
    rng = np.random.default_rng(0)
    emb = numpy_helper.from_array(rng.normal(size=(vocab, 4)).astype(np.float32), "emb")
    out = numpy_helper.from_array(rng.normal(size=(4, vocab)).astype(np.float32), "out")
    g = helper.make_graph(
        [helper.make_node("Gather", ["emb", "input_ids"], ["h"]),
         helper.make_node("MatMul", ["h", "out"], ["logits"])], "tiny",
        [helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["b", "t"]),
         helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["b", "t"])],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["b", "t", vocab])],
        initializer=[emb, out])
    g.node[0].attribute.extend([])
    model = helper.make_model(g, opset_imports=[helper.make_opsetid("", 17)])
    d = tmp_path / "imported"
    d.mkdir()
    onnx.save(model, str(d / "model.onnx"))
    shutil.copy(mlm_dir / "tokenizer.json", d / "tokenizer.json")
    (d / "config.json").write_text(json.dumps({"model_type": "bert", "vocab_size": vocab}))
    mlm = MaskedLM(d, threads=1)
    assert not mlm.has_positions
    doc = mlm.encode("the applicant lives in Oslo")
    lp = mlm.score(doc, [ScoreRequest((1, 3))])[0]
    assert lp.shape == (2,) and np.all(lp < 0)


def test_missing_model_is_a_clear_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        MaskedLM(tmp_path)
