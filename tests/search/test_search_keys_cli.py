"""Keys in the OS keyring (an in-memory backend here), the environment override, no keyring →
a clear message and no file; the CLI commands; and the preview → consent → cache → offline
analysis route, with the key in no output, log (``--debug``, httpx/httpcore at DEBUG),
report or review file."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
from search_helpers import KEY, TEXT

from redactor.cli.main import main


def _files_containing(folder: Path, needle: str) -> list[Path]:
    return [p for p in folder.rglob("*") if p.is_file() and needle.encode() in p.read_bytes()]


def test_set_list_delete_through_the_cli(memory_keyring, monkeypatch, capsys) -> None:
    monkeypatch.setattr("getpass.getpass", lambda prompt="": KEY)
    assert main(["search-keys", "set", "brave"]) == 0
    assert memory_keyring.store == {("org.redactor.search", "brave"): KEY}
    assert main(["search-keys", "list"]) == 0
    out = capsys.readouterr().out
    assert "brave        keyring" in out and "mojeek       not set" in out
    assert KEY not in out
    assert main(["search-keys", "delete", "brave"]) == 0
    assert memory_keyring.store == {}
    assert main(["search-keys", "delete", "brave"]) == 0
    assert "holds no brave key" in capsys.readouterr().out


def test_environment_overrides_the_keyring(memory_keyring, monkeypatch, capsys) -> None:
    from redactor_plugins.search import keys

    keys.set_key("mojeek", "from-the-keyring-123")
    monkeypatch.setenv("REDACTOR_SEARCH_KEY_MOJEEK", "from-the-environment")
    assert keys.get_key("mojeek") == "from-the-environment"
    assert main(["search-keys", "list", "mojeek"]) == 0
    out = capsys.readouterr().out
    assert "mojeek       environment" in out and "from-the" not in out


def test_without_a_keyring_the_message_names_the_environment_route(no_keyring, monkeypatch,
                                                                   tmp_path, capsys) -> None:
    import os

    monkeypatch.setattr("getpass.getpass", lambda prompt="": KEY)
    assert main(["search-keys", "set", "brave"]) == 2
    err = capsys.readouterr().err
    assert "no OS keyring" in err and "REDACTOR_SEARCH_KEY_BRAVE" in err and KEY not in err
    for var in ("REDACTOR_CONFIG_DIR", "REDACTOR_DATA_DIR"):
        folder = Path(os.environ[var])
        assert not folder.exists() or not _files_containing(folder, KEY)
    assert main(["search-keys", "list"]) == 0
    assert "no keyring" in capsys.readouterr().out


def test_bad_provider_ids_are_refused(memory_keyring, capsys) -> None:
    assert main(["search-keys", "delete", "../etc"]) == 2
    assert "not a provider id" in capsys.readouterr().err


def _settings_file(server, tmp_path: Path) -> None:
    import os

    section = {"provider": "brave", "brave_url": server.base + "/brave/res/v1/web/search",
               "timeout": 2.0, "retries": 0, "rate_brave": 0, "use_env_proxy": False}
    folder = Path(os.environ["REDACTOR_CONFIG_DIR"])
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text(json.dumps({"version": 1, "web_search": section}))


def test_preview_consent_cache_then_offline_analysis(server, tmp_path, memory_keyring,
                                                     monkeypatch, capsys, caplog) -> None:
    from redactor_plugins.search import keys

    keys.set_key("brave", KEY)
    server.echo_key = True
    _settings_file(server, tmp_path)
    doc = tmp_path / "case.txt"
    doc.write_text(TEXT, encoding="utf-8")
    for name in ("", "httpx", "httpcore", "redactor"):
        caplog.set_level(logging.DEBUG, logger=name or None)

    assert main(["--debug", "search-preview", str(doc)]) == 0
    out = capsys.readouterr().out
    assert 'queries to brave (sent over the network)' in out and '"Galip Yalman"' in out
    assert server.requests == []

    monkeypatch.setattr("builtins.input", lambda prompt="": "n")
    assert main(["search-preview", str(doc), "--send"]) == 0
    assert "nothing was sent" in capsys.readouterr().out and server.requests == []

    assert main(["--debug", "search-preview", str(doc), "--send", "--yes"]) == 0
    out = capsys.readouterr()
    sent = len(server.requests)
    assert sent > 1 and f"{sent} queries answered by brave" in out.out

    assert main(["--debug", "analyze", str(doc), "--indicators", "web-search", "--json"]) == 0
    out = capsys.readouterr()
    assert len(server.requests) == sent  # no consent here: the cache answered
    res = json.loads(out.out)
    risk = {f["text"]: f["risk"]["web-search"] for f in res["findings"]}
    assert risk["Ankara"]["risky"] and "cached" in risk["Ankara"]["explanation"]

    report = tmp_path / "report.json"
    assert main(["--debug", "redact", str(doc), "-o", str(tmp_path / "out.txt"), "--indicators",
                 "web-search", "--report", str(report)]) == 0
    out = capsys.readouterr()
    for text in (out.out, out.err, caplog.text, report.read_text()):
        assert KEY not in text
    assert "***" in caplog.text  # the fake echoed it in a response header: masked
    assert not _files_containing(tmp_path, KEY)  # cache, settings, outputs


def test_review_file_never_holds_the_key(server, tmp_path, memory_keyring) -> None:
    import dataclasses

    from redactor_plugins.search import keys
    from redactor_plugins.search.indicator import WebSearchIndicator
    from search_helpers import make_doc, search_settings

    from redactor.core.analysis import Analysis
    from redactor.core.combine import vote
    from redactor.core.context import RunContext
    from redactor.core.entities import entity_index
    from redactor.core.policy import Policy
    from redactor.core.review_file import save_review

    keys.set_key("brave", KEY)
    server.key = "different"
    server.echo_key = True
    doc, findings, entities = make_doc(tmp_path)
    doc = dataclasses.replace(doc, sha256="0" * 64)
    ctx = RunContext(settings=search_settings(server, tmp_path, provider="brave"),
                     network_allowed=True)
    signals = WebSearchIndicator().assess(doc, findings, entities, ctx)
    assert all(KEY not in s.explanation for s in signals)
    combined = tuple(vote([s]) for s in signals)
    from redactor.core.analysis import decide

    ent_of = entity_index(entities, len(findings))
    decisions = decide(findings, entities, ent_of, combined, Policy())
    analysis = Analysis(doc, tuple(findings), entities, ent_of, tuple((s,) for s in signals),
                        combined, decisions, Policy())
    path = save_review(analysis, tmp_path / "review.json")
    assert KEY not in path.read_text()
    assert all(KEY not in c.explanation for c in combined)


@pytest.mark.parametrize("provider", ["brave", "mojeek"])
def test_key_status_never_reveals_the_key(provider, memory_keyring) -> None:
    from redactor_plugins.search import keys

    assert keys.key_status(provider) == "not set"
    keys.set_key(provider, KEY)
    assert keys.key_status(provider) == "keyring"
    assert keys.scrub(f"x{KEY}y") == "x***y"
