"""Failures a caseworker can act on: a refused export names the findings to fix (id, page,
offsets — never their text); a damaged PDF ends in exit 3 with a clear message, or is
exported, never in an unexpected error."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from redactor.cli.main import main

LEAKY = '''
from redactor.plugin_api import Finding, Label, Span, VerificationResult, find_survivors, hookimpl


class Fragments:
    id = "fragments"
    version = "1"

    def detect(self, doc, ctx):
        start = doc.text.find("mw-")
        if start >= 0:
            yield Finding(Span(start, start + 2), Label.PERSON, "mw", detector=self.id)


class Leaky:
    id = "leaky"
    version = "1"
    format = "leaky"

    def write(self, doc, plan, dest, ctx):
        dest.write_text(doc.text, encoding="utf-8")

    def verify(self, doc, plan, output, ctx):
        issues = find_survivors(plan.labelled_secrets(), plan.apply_to_text(doc.text),
                                {"text": output.read_text(encoding="utf-8")})
        return VerificationResult(not issues, ("re-read",), tuple(issues))


@hookimpl
def register_detectors(register):
    register(Fragments())


@hookimpl
def register_writers(register):
    register(Leaky())
'''


def test_a_refused_export_prints_the_findings_to_fix(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    (plugins / "leaky.py").write_text(LEAKY, encoding="utf-8")
    monkeypatch.setenv("REDACTOR_PLUGINS_DIR", str(plugins))
    src = tmp_path / "note.txt"
    text = "Seen with Dr mw-Okafor on Monday, then again with mw- alone.\n"
    src.write_text(text, encoding="utf-8")
    code = main(["--disable-plugin", "recognizer", "redact", str(src), "-o",
                 str(tmp_path / "out.leaky"), "--format", "leaky"])
    err = capsys.readouterr().err
    assert code == 4
    start = text.index("mw-")
    assert f"F1 (PERSON, characters {start}–{start + 2})" in err
    assert "the findings to fix" in err
    assert "mw" not in err.replace("'mw…'", "")  # no text, only the verifier's short hint
    assert not (tmp_path / "out.leaky").exists()
    # `analyze` lists the findings by the same ids
    assert main(["--disable-plugin", "recognizer", "analyze", str(src)]) == 0
    assert f"F1 {start:>7}-{start + 2:<7} PERSON" in capsys.readouterr().out.replace("   F1", "F1")


def _damaged_pdfs(folder: Path) -> list[Path]:
    """A reportlab PDF with bytes flipped (deterministically) in its objects, content streams
    and cross-reference table: copies that made the PDF writer raise."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    clean = folder / "clean.pdf"
    c = canvas.Canvas(str(clean), pagesize=A4, invariant=1)
    for _ in range(2):
        c.setFont("Helvetica", 11)
        c.drawString(72, 760, "Case note for Anna Berg, born 12 March 1980, phone 07911 123456.")
        c.drawString(72, 740, "Anna Berg lives in Oslo. Email anna.berg@example.org.")
        c.showPage()
    c.save()
    data = clean.read_bytes()
    eof = data.rfind(b"%%EOF")
    out = []
    for seed in (30, 59):  # seeds whose flips reach the writer (found by a scan of 200)
        rng = random.Random(seed)
        damaged = bytearray(data)
        for _ in range(rng.choice([1, 2, 4, 8])):
            i = rng.randrange(0, eof)
            damaged[i] ^= 0xFF if rng.random() < 0.5 else (1 << rng.randrange(8))
        path = folder / f"damaged-{seed}.pdf"
        path.write_bytes(bytes(damaged))
        out.append(path)
    return out


def test_a_damaged_pdf_is_exit_3_or_exported(tmp_path: Path) -> None:
    for path in _damaged_pdfs(tmp_path):
        out = tmp_path / f"{path.stem}.redacted.pdf"
        res = subprocess.run([sys.executable, "-m", "redactor.cli.main", "redact", str(path),
                              "-o", str(out)], capture_output=True, text=True, timeout=300)
        assert res.returncode in (0, 3), res.stderr
        if res.returncode == 3:
            assert "damaged" in res.stderr or "corrupt" in res.stderr, res.stderr
            assert not out.exists()
        assert "failed (" not in res.stderr and "unexpected error" not in res.stderr
        assert "Anna" not in res.stderr and "Berg" not in res.stderr
