"""The CLI contract: output shape and exit codes, including bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from redactor.cli.main import main


@pytest.fixture(autouse=True)
def _builtins_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDACTOR_NO_PLUGINS", "1")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert "redactor 0.1.0" in capsys.readouterr().out


def test_analyze_json_contract(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = tmp_path / "a.txt"
    doc.write_text("Contact Ola Nordmann at ola@example.no.\n", encoding="utf-8")
    code, out, _ = run(capsys, "analyze", str(doc), "--json", "--deny", "Ola Nordmann")
    assert code == 0
    data = json.loads(out)
    assert set(data) >= {"path", "format", "sha256", "text_length", "findings", "entities",
                         "failures"}
    assert data["format"] == "txt"
    assert data["text_length"] == len(doc.read_text())
    # the denied name, whole (a detected span around it keeps its extent: the NER reads
    # "Contact Ola Nordmann" here)
    names = [f for f in data["findings"] if "Ola Nordmann" in f["text"]]
    assert names and names[0]["start"] <= 8 and names[0]["end"] >= 20
    f = names[0]
    assert set(f) >= {"start", "end", "label", "subtype", "text", "score", "detectors",
                      "entity_id", "risk", "decision", "explanation"}
    assert f["decision"] == "MASK"
    assert any(e["id"] == f["entity_id"] for e in data["entities"])


def test_analyze_several_inputs_gives_a_list(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("one\n")
    b.write_text("two\n")
    code, out, _ = run(capsys, "analyze", str(a), str(b), "--json")
    assert code == 0
    assert [Path(d["path"]).name for d in json.loads(out)] == ["a.txt", "b.txt"]


def test_redact_writes_and_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = tmp_path / "a.txt"
    doc.write_bytes(b"Ola Nordmann\r\nolder line\n")
    out, report = tmp_path / "o.txt", tmp_path / "r.json"
    code, _, err = run(capsys, "--disable-plugin", "recognizer", "redact", str(doc), "-o",
                       str(out), "--deny", "ola nordmann",
                       "--strategy", "label", "--report", str(report))
    assert code == 0, err
    assert out.read_bytes() == b"[MISC 1]\r\nolder line\n"  # the models are off here
    rep = json.loads(report.read_text())
    assert rep["verification"]["ok"] is True
    assert rep["input"]["sha256"] and rep["output"]["sha256"]
    assert "Nordmann" not in report.read_text()
    html = tmp_path / "r.html"
    code, _, _ = run(capsys, "redact", str(doc), "-o", str(tmp_path / "o2.txt"), "--deny", "ola",
                     "--report", str(html))
    assert code == 0 and "<h1>Redaction report</h1>" in html.read_text()


@pytest.mark.parametrize("case", ["same as output", "existing file", "missing folder"])
def test_a_bad_report_path_is_refused_before_any_work(case: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    doc = tmp_path / "a.txt"
    doc.write_text("Ola Nordmann\n", encoding="utf-8")
    out = tmp_path / "o.txt"
    notes = tmp_path / "notes.txt"
    notes.write_text("precious\n")
    report = {"same as output": out, "existing file": notes,
              "missing folder": tmp_path / "missing" / "r.json"}[case]
    code, _, err = run(capsys, "--disable-plugin", "recognizer", "redact", str(doc), "-o",
                       str(out), "--deny", "Ola Nordmann", "--report", str(report))
    assert code == 2, err
    assert "report" in err and "Nordmann" not in err
    assert not out.exists()  # refused before the export
    assert notes.read_text() == "precious\n"
    if case == "existing file":  # --force replaces it, like the output
        code, _, err = run(capsys, "--disable-plugin", "recognizer", "redact", str(doc), "-o",
                           str(out), "--deny", "Ola Nordmann", "--report", str(report), "--force")
        assert code == 0, err
        assert json.loads(notes.read_text())["verification"]["ok"] is True


def test_debug_logs_carry_no_document_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                           ) -> None:
    """--debug turns on Redactor's own debug logs, not the libraries' (Pillow dumps EXIF)."""
    import io
    import logging

    import docx
    from PIL import Image

    img = Image.new("RGB", (16, 16), (10, 120, 200))
    exif = Image.Exif()
    exif[0x013B] = "Ola Nordmann"  # Artist
    buf = io.BytesIO()
    img.save(buf, "JPEG", exif=exif.tobytes())
    d = docx.Document()
    d.add_paragraph("Statement by Ola Nordmann.")
    d.add_picture(io.BytesIO(buf.getvalue()))
    src = tmp_path / "a.docx"
    d.save(str(src))
    from redactor.cli.main import configure_logging

    root = logging.getLogger()
    saved = root.level
    try:
        configure_logging(True)
        assert logging.getLogger("redactor.ner").getEffectiveLevel() == logging.DEBUG
        assert logging.getLogger("PIL").getEffectiveLevel() > logging.DEBUG
        code, out, err = run(capsys, "--debug", "--disable-plugin", "recognizer", "redact",
                             str(src), "-o", str(tmp_path / "o.docx"), "--deny", "Ola Nordmann")
    finally:
        root.setLevel(saved)
        configure_logging(False)
    assert code == 0, err
    assert "Nordmann" not in err and "Nordmann" not in out


@pytest.mark.parametrize("case", ["missing", "directory", "binary", "empty", "utf16-no-bom"])
def test_bad_input_exit_3(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "in.txt"
    if case == "directory":
        path.mkdir()
    elif case == "binary":
        path.write_bytes(bytes(range(256)) * 4)
    elif case == "empty":
        path.write_bytes(b"")
    elif case == "utf16-no-bom":
        path.write_bytes("secret text".encode("utf-16-le"))
    out = tmp_path / "out.txt"
    for args in (["analyze", str(path)], ["redact", str(path), "-o", str(out)]):
        code, _, err = run(capsys, *args)
        assert code == 3, (case, err)
        assert err.startswith("redactor: error: ") and err.count("\n") == 1
        assert "Traceback" not in err
        assert not out.exists()


def test_usage_errors_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = tmp_path / "a.txt"
    doc.write_text("x\n")
    assert run(capsys, "redact", str(doc))[0] == 2  # missing -o
    assert run(capsys, "redact", str(doc), "-o", str(doc))[0] == 2  # would overwrite input
    assert run(capsys, "redact", str(doc), "-o", str(tmp_path / "o.txt"), "--policy", "nope")[0] == 2
    assert run(capsys, "redact", str(doc), "-o", str(tmp_path / "o.txt"), "--strategy",
               "nope", "--deny", "x")[0] == 2
    assert run(capsys, "no-such-command")[0] == 2
    assert doc.read_text() == "x\n"


def test_plugins_and_formats(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "plugins", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["api_version"] == "1.0"
    assert any(r["name"] == "txt" and r["status"] == "loaded" for r in data["plugins"])
    code, out, _ = run(capsys, "formats")
    assert code == 0 and out.startswith("txt")


def test_mislabelled_extension_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fake = tmp_path / "report.docx"
    fake.write_text("plain text pretending to be Word\n")
    code, _, err = run(capsys, "analyze", str(fake))
    assert code == 3
    assert "not a valid DOCX" in err and "looks like TXT" in err


def test_sigterm_stops_a_run_like_ctrl_c() -> None:
    """kill / timeout send SIGTERM: it raises KeyboardInterrupt, whose clean-up removes the
    temporary output (a SIGTERM used to leave a `.partial` file behind)."""
    import os
    import signal

    from redactor.cli.main import _stop_on_termination

    saved = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGHUP)
    try:
        _stop_on_termination()
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGTERM)  # the handler runs in this (main) thread
    finally:
        signal.signal(signal.SIGTERM, saved[0])
        signal.signal(signal.SIGHUP, saved[1])


@pytest.mark.parametrize("content,why", [
    ("[", "JSONDecodeError"), ("{}", "JSON list of documents"), ("[]", "no documents"),
    ('[{"doc_id": "a", "text": "x", "annotations": []}]', "not a valid TAB gold file"),
    ('[{"doc_id": "a", "text": "Anna", "annotations": {"x": {"entity_mentions": [{'
     '"entity_mention_id": "m", "entity_id": "e", "entity_type": "PERSON", '
     '"start_offset": null, "end_offset": 4, "span_text": "Anna", '
     '"identifier_type": "DIRECT"}]}}}]', "not a valid TAB gold file")])
def test_evaluate_refuses_a_malformed_gold_file(content: str, why: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    gold = tmp_path / "gold.json"
    gold.write_text(content)
    code, _, err = run(capsys, "evaluate", str(gold), "--folds", "0")
    assert code == 3, err
    assert why in err and "unexpected error" not in err and "Anna" not in err
