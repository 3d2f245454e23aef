"""The document builders, the guards and ``run_pipeline`` on their own."""

from __future__ import annotations

import logging
import socket
from pathlib import Path

import pytest

from redactor.plugin_api import RunContext
from redactor.testing import (
    Capture,
    NetworkGuard,
    build_docx,
    build_pdf,
    build_txt,
    document_from_text,
    isolated_host,
    run_pipeline,
)


def _read(path: Path) -> str:
    host = isolated_host()
    reader = next(r.component for r in host.components("readers")
                  if path.suffix in r.component.extensions)
    return reader.read(path, RunContext()).text


def test_builders_write_real_files(tmp_path: Path) -> None:
    txt = build_txt(tmp_path / "a.txt", "one\r\ntwo\n")
    assert txt.read_bytes() == b"one\r\ntwo\n"
    docx = build_docx(tmp_path / "a.docx", ["First paragraph.", "Second paragraph."])
    assert _read(docx).split("\n")[:2] == ["First paragraph.", "Second paragraph."]
    long = " ".join(f"word{i}" for i in range(3000))
    pdf = build_pdf(tmp_path / "a.pdf", [long, "Last page."])
    doc = isolated_host().component("readers", "pdf-reader").component.read(pdf, RunContext())
    assert doc.page_count > 2 and "word2999" in doc.text and doc.text.rstrip().endswith("page.")
    hebrew = build_pdf(tmp_path / "h.pdf", "Zebulon \u05d6\u05d1\u05d5\u05dc\u05d5\u05df")
    assert "Zebulon" in _read(hebrew)  # a TrueType font for text beyond WinAnsi


def test_document_from_text_is_a_txt_document() -> None:
    doc = document_from_text("Hello there")
    assert doc.format == "txt" and doc.segments[0].span.end == len("Hello there")


def test_network_guard_refuses_what_leaves_the_machine() -> None:
    with NetworkGuard() as guard:
        with pytest.raises(OSError, match="blocked by redactor.testing"):
            socket.create_connection(("192.0.2.1", 9), timeout=1)
        with pytest.raises(OSError):
            socket.getaddrinfo("example.invalid", 80)
        server = socket.socket()
        server.bind(("127.0.0.1", 0))  # loopback stays allowed
        server.close()
    assert guard.attempts == ["socket.getaddrinfo of 192.0.2.1",
                              "socket.getaddrinfo of example.invalid"]
    socket.getaddrinfo("localhost", 80)  # nothing is refused after the guard


def test_capture_sees_debug_of_redactor_and_restores_levels() -> None:
    logger = logging.getLogger("redactor.some.plugin")
    logger.setLevel(logging.ERROR)
    with Capture() as cap:
        logger.debug("secret Quillfeather")
        logging.getLogger("thirdparty").debug("noise Quillfeather")  # below WARNING: unseen
        logging.getLogger("thirdparty").warning("loud Vantongeren")
    assert logger.level == logging.ERROR
    assert cap.leaks(["Quillfeather"]) == ["a log record of logger 'redactor.some.plugin' "
                                           "(DEBUG)"]
    assert cap.leaks(["VANTONGEREN"]) == ["a log record of logger 'thirdparty' (WARNING)"]


def test_run_pipeline_redacts_with_a_strategy_and_terms(tmp_path: Path) -> None:
    path = build_txt(tmp_path / "memo.txt", "Project Falcon was led by Zebulon Quillfeather.\r\n")
    run = run_pipeline(path, strategy="label", deny=["Project Falcon"])
    assert run.output == tmp_path / "memo.redacted.txt" and run.output.is_file()
    assert "Falcon" not in run.output_text and "Quillfeather" not in run.output_text
    assert "[PERSON 1]" in run.output_text and run.output_text.endswith("\r\n")
    assert "PERSON" in run.labels and run.export.verification.ok
