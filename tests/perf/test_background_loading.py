"""Loading models and lists in a background thread lets other threads run (#17: the desktop
app's window never blocks for more than 100 ms while the models load). The stalls themselves
are measured by ``benchmarks/bench_gui.py``; these tests check, without timing, the means that
keep the loaders' C calls short: the gazetteer's JSON is parsed with a Python-level hook (a
thread switch possible at every entry), a tokenizer file is built once per process however
many models use it, and token ids are looked up one by one, not through ``get_vocab``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from redactor_plugins.detectors.recognizer import gazetteer_lists as gz
from redactor_plugins.shared import tokenizer_calls

from redactor.core.resources import resource_path


def test_gazetteer_json_is_parsed_with_a_python_hook_for_every_entry(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def counting(digits: str) -> int:
        calls.append(digits)
        return int(digits)

    monkeypatch.setattr(gz, "_entry_flag", counting)
    path = gz.default_path()
    gaz = gz.Gazetteer.load(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    entries = sum(len(spec["entries"]) for spec in data["lists"].values())
    assert entries > 50_000 and len(calls) >= entries
    assert gaz.names and gaz.index  # the same lists as before
    assert gz.Gazetteer(data).index.keys() == gaz.index.keys()


def _tokenizer_file(folder: str) -> Path:
    path = resource_path("models", folder, "tokenizer.json")
    if not path.is_file():
        pytest.skip(f"no {folder} tokenizer installed")
    return path


def test_a_tokenizer_file_is_built_once_and_shared(tmp_path: Path) -> None:
    ner = _tokenizer_file("ner")
    copy = tmp_path / "tokenizer.json"
    copy.write_bytes(ner.read_bytes())
    a, key_a = tokenizer_calls.load_tokenizer(ner)
    b, key_b = tokenizer_calls.load_tokenizer(copy)  # another model, the same file content
    assert a is b and key_a == key_b == tokenizer_calls.tokenizer_key(ner)
    assert a.truncation is None and a.padding is None


def test_token_ids_without_copying_the_vocabulary() -> None:
    tok, _key = tokenizer_calls.load_tokenizer(_tokenizer_file("mlm"))
    vocab = tok.get_vocab()
    assert tokenizer_calls.token_id(tok, ("[MASK]", "<mask>"), 103) == vocab["[MASK]"]
    assert tokenizer_calls.token_id(tok, ("<s>", "[CLS]"), 0) == vocab["[CLS]"]
    assert tokenizer_calls.token_id(tok, ("<no such token>",), 7) == 7
