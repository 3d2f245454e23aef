"""The app quits within seconds on SIGTERM (a session logout), saving the review first — in a
real subprocess running ``redactor-gui``'s own entry point."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

DRIVER = r'''
import sys
from redactor.core.model import Action
from redactor.gui import app

original = app.run_event_loop


def run(qapp):
    from PySide6.QtWidgets import QApplication
    window = next(w for w in QApplication.topLevelWidgets() if type(w).__name__ == "MainWindow")

    def analysed(entry):
        window.decide(Action.KEEP, index=0, whole_entity=False)  # unsaved review work
        print("READY", flush=True)

    window.analysisFinished.connect(analysed)
    return original(qapp)


app.run_event_loop = run
sys.exit(app.main([sys.argv[1], "--analyse"]))
'''


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or sys.platform == "win32",
                    reason="POSIX signals")
def test_sigterm_saves_the_review_and_quits_within_seconds(tmp_path: Path) -> None:
    doc = tmp_path / "note.txt"
    doc.write_text("Call Anna on 07911 123456 or write to anna.berg@example.org.\n",
                   encoding="utf-8")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path / "xdg"),
               REDACTOR_CONFIG_DIR=str(tmp_path / "config"),
               REDACTOR_DATA_DIR=str(tmp_path / "data"),
               REDACTOR_DISABLE_PLUGINS="recognizer,indicators,search,ocr")
    proc = subprocess.Popen([sys.executable, "-c", DRIVER, str(doc)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    try:
        deadline = time.monotonic() + 120
        line = ""
        while time.monotonic() < deadline and proc.poll() is None:
            line = proc.stdout.readline() if proc.stdout else ""
            if line.strip() == "READY":
                break
        assert line.strip() == "READY", proc.stderr.read() if proc.stderr else ""
        sent = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(timeout=15)
        took = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    err = proc.stderr.read() if proc.stderr else ""
    assert took < 5, f"quit after {took:.1f} s"
    assert code == 0, err
    assert "1 review(s) saved" in err
    review = json.loads((tmp_path / "note.txt.redactor-review.json").read_text())
    assert review["findings"][0]["action"] == "KEEP"
    assert "Anna" not in json.dumps(review)  # a review file holds no text
