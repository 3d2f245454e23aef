"""The shipped NER model (resources/models/ner) through redactor_plugins.detectors.recognizer.ner_runtime."""

from __future__ import annotations

import pytest

pytest.importorskip("onnxruntime")
pytest.importorskip("tokenizers")

from redactor_plugins.detectors.recognizer.ner_runtime import NerModel, default_model_dir  # noqa: E402

MODEL_DIR = default_model_dir()
if not (MODEL_DIR / "model.onnx").is_file():
    pytest.skip(f"NER model not built: {MODEL_DIR / 'model.onnx'} is absent "
                "(run: python training/ner/build.py all)", allow_module_level=True)

TYPES = {"PERSON", "CODE", "LOC", "ORG", "DEM", "DATETIME", "QUANTITY", "MISC"}


@pytest.fixture(scope="module")
def model() -> NerModel:
    return NerModel(MODEL_DIR)


def _found(spans, text: str, needle: str, label: str) -> bool:
    a = text.index(needle)
    b = a + len(needle)
    return any(t == label and s < b and e > a for s, e, t, _ in spans)


def test_finds_person_date_and_code(model: NerModel) -> None:
    text = ("The case originated in an application (no. 36110/97) lodged with the Court by "
            "Mr John Smith, a British national, on 6 January 1998.")
    spans = model.predict(text)
    assert _found(spans, text, "John Smith", "PERSON"), spans
    assert _found(spans, text, "6 January 1998", "DATETIME"), spans
    assert _found(spans, text, "36110/97", "CODE"), spans
    for s, e, t, c in spans:
        assert 0 <= s < e <= len(text) and t in TYPES and 0.0 < c <= 1.0
        assert text[s:e] == text[s:e].strip()


def test_empty_text(model: NerModel) -> None:
    assert model.predict("") == []
    assert model.predict("   \n") == []


def test_long_text_windows_offsets_and_no_duplicates(model: NerModel) -> None:
    parts = []
    for i in range(60):
        parts.append(f"On {i % 28 + 1} March {1990 + i % 30} Mr Peter Hansen{i} met Dr Anna Berg "
                     f"in Oslo about application no. {10000 + i}/0{i % 10}.")
    text = " ".join(parts)
    n_pieces = len(model.tokenizer.encode(text, add_special_tokens=False).ids)
    assert n_pieces > 3 * model.window
    spans = model.predict(text)
    assert spans
    starts = [s for s, _, _, _ in spans]
    assert starts == sorted(starts)
    for (_s0, e0, _, _), (s1, _, _, _) in zip(spans, spans[1:], strict=False):
        assert e0 <= s1, "overlapping or duplicated spans"
    assert len({(s, e) for s, e, _, _ in spans}) == len(spans)
    for s, e, _, _ in spans:
        assert text[s:e] == text[s:e].strip() and e > s
    # every sentence's person and date are found, whichever window it fell in
    n_dates = sum(1 for s, e, t, _ in spans if t == "DATETIME" and "March" in text[s:e])
    assert n_dates >= 55
    # the same spans as predicting the sentences one by one (offsets shifted)
    off = 0
    single = []
    for p in parts[:5]:
        single += [(s + off, e + off, t) for s, e, t, _ in model.predict(p)]
        off += len(p) + 1
    head = [(s, e, t) for s, e, t, _ in spans if e <= off]
    assert len(head) >= len(single) - 1
