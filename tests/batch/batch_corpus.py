"""Small mixed corpora for the batch tests: short TXT, DOCX and PDF files built here, plus
corrupt, empty and encrypted ones, and a "chaos" user plugin that injects faults."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

NAMES = ["Anna Berg", "Tomas Lund", "Maria Costa", "Peter Novak", "Laura Mitchell",
         "Jonas Weber", "Eva Lindqvist", "Marco Rossi", "Sofia Dahl", "Henrik Moe"]
CITIES = ["Oslo", "Bristol", "Lisbon", "Prague", "Leeds", "Munich", "Uppsala", "Turin"]


def sentence(i: int) -> str:
    name, city = NAMES[i % len(NAMES)], CITIES[i % len(CITIES)]
    return (f"Case {1000 + i}: {name}, aged {30 + i % 40}, moved to {city} on "
            f"{1 + i % 27} March 20{10 + i % 14}. Phone 020 7946 {1000 + i:04d}.")


def write_txt(path: Path, i: int, extra: str = "") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"{sentence(i)}\n{sentence(i + 1)}\n{extra}", encoding="utf-8")
    return path


def write_docx(path: Path, i: int) -> Path:
    import docx

    path.parent.mkdir(parents=True, exist_ok=True)
    d = docx.Document()
    d.add_paragraph(sentence(i))
    d.add_paragraph(sentence(i + 3))
    d.save(str(path))
    return path


def write_pdf(path: Path, i: int) -> Path:
    from reportlab.pdfgen import canvas

    path.parent.mkdir(parents=True, exist_ok=True)
    c = canvas.Canvas(str(path), pagesize=(595, 300))
    c.setFont("Helvetica", 10)
    c.drawString(20, 250, sentence(i)[:95])
    c.drawString(20, 230, sentence(i + 5)[:95])
    c.showPage()
    c.save()
    return path


def write_encrypted_pdf(path: Path, i: int) -> Path:
    import pikepdf

    plain = path.with_name(path.stem + ".plain.tmp")
    write_pdf(plain, i)
    with pikepdf.open(plain) as pdf:
        pdf.save(path, encryption=pikepdf.Encryption(user="secret-pw", owner="owner-pw", R=6))
    plain.unlink()
    return path


def mixed_corpus(root: Path, *, txt: int = 14, docx: int = 10, pdf: int = 10) -> dict[str, str]:
    """Good files in a small tree plus six bad ones; returns rel path -> "good" or "bad"."""
    kinds: dict[str, str] = {}
    for i in range(txt):
        kinds[write_txt(root / "notes" / f"n{i:02d}.txt", i).relative_to(root).as_posix()] = "good"
    for i in range(docx):
        kinds[write_docx(root / "letters" / f"l{i:02d}.docx", i).relative_to(root).as_posix()] = "good"
    for i in range(pdf):
        kinds[write_pdf(root / "scans" / "2024" / f"s{i:02d}.pdf", i).relative_to(root)
              .as_posix()] = "good"
    bad = root / "bad"
    bad.mkdir(parents=True, exist_ok=True)
    full = write_pdf(bad / "tmp.pdf", 1).read_bytes()
    (bad / "truncated.pdf").write_bytes(full[: len(full) // 3])
    (bad / "tmp.pdf").unlink()
    (bad / "not-a-pdf.pdf").write_bytes(b"hello, this is plain text in disguise\n" * 3)
    (bad / "broken.docx").write_bytes(b"PK\x03\x04" + os.urandom(200))
    (bad / "empty.txt").write_bytes(b"")
    write_encrypted_pdf(bad / "locked1.pdf", 2)
    write_encrypted_pdf(bad / "locked2.pdf", 3)
    for p in sorted(bad.iterdir()):
        kinds[p.relative_to(root).as_posix()] = "bad"
    return kinds


CHAOS_PLUGIN = '''
"""Test-only fault injection: a third-party plugin whose document_did_open hook sleeps
(CHAOS-SLOW: without looking at cancellation), works on and on while checking cancellation
(CHAOS-BUSY), raises, or kills its own process (SIGKILL) the first time it sees a marker."""
import os
import signal
import time
from pathlib import Path

from redactor.plugin_api import hookimpl

REDACTOR_API = ">=1,<2"
STATE = Path(os.environ["CHAOS_STATE_DIR"])


def _first(tag, doc):
    marker = STATE / (tag + "-" + Path(str(doc.source)).name)
    try:
        fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        return False
    os.close(fd)
    return True


@hookimpl
def document_did_open(document, ctx):
    text = document.text
    if "CHAOS-SLOW" in text:
        time.sleep(float(os.environ.get("CHAOS_SLOW_S", "1")))
    if "CHAOS-BUSY" in text:
        while True:
            ctx.check()
            time.sleep(0.05)
    if "CHAOS-RAISE" in text:
        raise RuntimeError("injected fault")
    if "CHAOS-ONCE" in text and _first("once", document):
        raise RuntimeError("injected transient fault")
    if "CHAOS-CRASH" in text and _first("crash", document):
        os.kill(os.getpid(), signal.SIGKILL)
'''


STUCK_WRITER_PLUGIN = '''
"""Test-only format "stuckdoc" (files that start with STUCKDOC): read as plain text, and a
writer that writes half a file to its temporary path, leaves a marker, then hangs."""
import hashlib
import os
import time
from pathlib import Path

from redactor.plugin_api import Document, Segment, Span, VerificationResult, hookimpl

REDACTOR_API = ">=1,<2"


class StuckReader:
    id = "stuckdoc-reader"
    version = "1.0"
    format = "stuckdoc"
    extensions = (".stuckdoc",)

    def sniff(self, path, head):
        return head.startswith(b"STUCKDOC")

    def read(self, path, ctx):
        data = path.read_bytes()
        text = data.decode("utf-8")
        return Document(id=path.name, source=path, format=self.format, text=text,
                        segments=(Segment(Span(0, len(text)), "text"),),
                        sha256=hashlib.sha256(data).hexdigest())


class StuckWriter:
    id = "stuckdoc-writer"
    version = "1.0"
    format = "stuckdoc"

    def write(self, doc, plan, dest, ctx):
        Path(dest).write_bytes(b"STUCKDOC half a file")
        (Path(os.environ["CHAOS_STATE_DIR"]) / ("writing-" + Path(dest).name)).touch()
        time.sleep(600)

    def verify(self, doc, plan, output, ctx):
        return VerificationResult(ok=True)


@hookimpl
def register_readers(register):
    register(StuckReader())


@hookimpl
def register_writers(register):
    register(StuckWriter())
'''


def install_chaos(monkeypatch: object, tmp: Path) -> Path:
    """Put the chaos plugin and the stuck-writer format in the (isolated) user plugins folder;
    returns the chaos state dir."""
    plugins = Path(os.environ["REDACTOR_PLUGINS_DIR"])
    plugins.mkdir(parents=True, exist_ok=True)
    (plugins / "chaos.py").write_text(CHAOS_PLUGIN, encoding="utf-8")
    (plugins / "stuckdoc.py").write_text(STUCK_WRITER_PLUGIN, encoding="utf-8")
    state = tmp / "chaos-state"
    state.mkdir(exist_ok=True)
    monkeypatch.setenv("CHAOS_STATE_DIR", str(state))  # type: ignore[attr-defined]
    return state


def journal_rows(path: Path) -> dict[str, dict[str, object]]:
    db = sqlite3.connect(str(path))
    try:
        cur = db.execute("SELECT * FROM files")
        cols = [d[0] for d in cur.description]
        return {r[cols.index("rel")]: dict(zip(cols, r, strict=True)) for r in cur.fetchall()}
    finally:
        db.close()


def redactor_cmd(*args: str | Path) -> list[str]:
    return [sys.executable, "-m", "redactor.cli.main", *map(str, args)]


def run_cli(*args: str | Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(redactor_cmd(*args), capture_output=True, text=True, timeout=timeout)


def tree(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` (hidden ones too) -> its bytes."""
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}
