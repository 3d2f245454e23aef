"""`--allow-network` on analyze: the exact queries are listed and sent only after consent;
without consent nothing reaches the server and the indicator says "not run"."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fake_search import FakeSearch

from redactor.cli.main import main

TEXT = ("The applicant, Mr Ivar Lindqvist, was born in 1961 and worked as a ferry pilot in "
        "Tromsø until his arrest.\n")


@pytest.fixture
def searxng(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    server = FakeSearch({"https://news.example/lindqvist": "Ivar Lindqvist ferry pilot Tromsø"},
                        key="").start()
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({"web_search": {
        "provider": "searxng", "searxng_url": server.base + "/searxng", "cache_days": 0}}))
    monkeypatch.setenv("REDACTOR_CONFIG_DIR", str(config))
    monkeypatch.setenv("REDACTOR_DATA_DIR", str(tmp_path / "data"))
    yield server
    server.stop()


def _run(tmp_path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[dict, str]:
    doc = tmp_path / "note.txt"
    doc.write_text(TEXT, encoding="utf-8")
    code = main(["--no-plugins", "analyze", "--json", str(doc), "--indicators",
                 "span-classifier,sequence-labelling,web-search", *extra])
    out = capsys.readouterr()
    assert code == 0, out.err
    return json.loads(out.out), out.err


def test_nothing_is_sent_without_consent(searxng, tmp_path, capsys) -> None:
    data, err = _run(tmp_path, capsys, "--allow-network")  # stdin is not a terminal: no consent
    assert "queries to searxng" in err and "Ivar Lindqvist" in err
    assert "no consent" in err
    assert searxng.requests == []
    web = [f["risk"]["web-search"] for f in data["findings"] if "web-search" in f["risk"]]
    assert web and all("not run" in r["explanation"] for r in web)


def test_consent_sends_exactly_the_listed_queries(searxng, tmp_path, capsys) -> None:
    _data, err = _run(tmp_path, capsys, "--allow-network", "--yes")
    listed = [m.group(1) for line in err.splitlines()
              if (m := re.match(r"^\s+\d+\. (.*?)    \(", line))]
    assert listed, err
    sent = [r["params"]["q"] for r in searxng.requests]
    assert sent and set(sent) <= set(listed)


def test_without_the_flag_nothing_is_asked_or_sent(searxng, tmp_path, capsys) -> None:
    _data, err = _run(tmp_path, capsys)
    assert "queries to" not in err
    assert searxng.requests == []
