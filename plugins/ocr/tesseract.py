"""The optional OCR engine ``tesseract``: the system's Tesseract (Apache-2.0), registered only
when a ``tesseract`` program with English data is found on the PATH (Debian:
``apt-get install tesseract-ocr tesseract-ocr-eng``).

It is the *independent* engine: a different model family from PP-OCR, so an export is
re-read by two engines where both are installed (setting ``ocr.verify_engines``). Runs the
program on a PNG through standard input and output (nothing is written to disk), with a
time limit; ``tesseract`` itself never uses the network.
"""

from __future__ import annotations

import csv
import io
import os
import shutil
import subprocess
from functools import lru_cache
from typing import Any

from redactor.plugin_api import OcrWord, RunContext

#: Seconds one page may take before the engine gives up (raises).
TIMEOUT = 180


@lru_cache(maxsize=1)
def program() -> str | None:
    """The ``tesseract`` program, or None (not installed, or no English data)."""
    path = shutil.which("tesseract")
    if path is None:
        return None
    try:
        langs = subprocess.run([path, "--list-langs"], capture_output=True, text=True,
                               timeout=20, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return path if "eng" in langs.stdout.split() else None


@lru_cache(maxsize=1)
def program_version() -> str:
    path = program()
    if path is None:
        return "?"
    try:
        out = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=20,
                             check=False)
    except (OSError, subprocess.SubprocessError):
        return "?"
    first = (out.stdout or out.stderr).strip().splitlines()
    return first[0].split()[-1] if first else "?"


class TesseractEngine:
    """``tesseract``: words with boxes and confidences from the system's Tesseract."""

    id = "tesseract"

    def __init__(self) -> None:
        self.version = f"{program_version()} (system, eng)"

    def recognize(self, image: Any, ctx: RunContext) -> list[OcrWord]:
        path = program()
        if path is None:
            raise RuntimeError("tesseract is not installed")
        width, height = image.size
        if width < 2 or height < 2:
            return []
        buf = io.BytesIO()
        (image if image.mode in ("RGB", "L") else image.convert("RGB")).save(buf, "PNG")
        env = {**os.environ, "OMP_THREAD_LIMIT": "1"}
        done = subprocess.run([path, "stdin", "stdout", "-l", "eng", "--psm", "3", "tsv"],
                              input=buf.getvalue(), capture_output=True, timeout=TIMEOUT,
                              env=env, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"tesseract failed (exit {done.returncode})")
        return parse_tsv(done.stdout.decode("utf-8", "replace"), width, height)


def parse_tsv(tsv: str, width: int, height: int) -> list[OcrWord]:
    """Words (level 5 rows) of Tesseract's TSV output, in its reading order."""
    out: list[OcrWord] = []
    for row in csv.DictReader(io.StringIO(tsv), delimiter="\t", quoting=csv.QUOTE_NONE):
        try:
            if int(row.get("level") or 0) != 5:
                continue
            text = (row.get("text") or "").strip()
            conf = float(row.get("conf") or -1)
            x, y = float(row["left"]), float(row["top"])
            w, h = float(row["width"]), float(row["height"])
        except (KeyError, TypeError, ValueError):
            continue
        if not text or conf < 0:
            continue
        x0, y0 = min(max(0.0, x), width), min(max(0.0, y), height)
        out.append(OcrWord(text, (x0, y0, min(float(width), x + w), min(float(height), y + h)),
                           min(1.0, conf / 100.0)))
    return out
