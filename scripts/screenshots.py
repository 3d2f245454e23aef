"""Render the desktop app's main states into ``docs/screenshots/*.png``.

Runs offscreen by default (``QT_QPA_PLATFORM=offscreen``) or under Xvfb
(``xvfb-run -a python scripts/screenshots.py`` with ``QT_QPA_PLATFORM=xcb``). The input is
``examples/case_note.txt`` (copied to a temporary folder, so no review file or export lands
in the repository) and a PDF made from it with reportlab; the reviewer's walk-through
(``09-…`` to ``14-…``) uses a 20-page PDF built as ``benchmarks/bench_gui.py`` builds it.

    python scripts/screenshots.py [--out docs/screenshots]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[1]
NAMES = ("Tomas Berg", "Laura Mitchell", "Ingrid Solberg", "Kari Berg", "Emma", "Mr Berg",
         "Ms Mitchell", "Riverside Family Services")


def wait_until(app, cond: Callable[[], bool], timeout: float = 60.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise TimeoutError("the GUI did not reach the expected state")
        app.processEvents()
        time.sleep(0.01)
    for _ in range(5):
        app.processEvents()


def make_pdf(text: str, dest: Path) -> Path:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(dest), pagesize=A4)
    y = 800
    c.setFont("Helvetica", 10)
    for line in text.splitlines():
        if y < 60:
            c.showPage()
            c.setFont("Helvetica", 10)
            y = 800
        c.drawString(50, y, line)
        y -= 14
    c.save()
    return dest


class _Slow:
    id = "slow-model"
    version = "1.0"

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        end = time.monotonic() + 30
        while time.monotonic() < end:
            ctx.check()
            time.sleep(0.01)
        return []


class _Boom:
    id = "ner-onnx"
    version = "1.0"

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        raise FileNotFoundError("model.onnx is missing from resources/models/ner")


def _plugin(detector: object) -> object:
    from redactor.plugin_api import hookimpl

    class Plugin:
        @hookimpl
        def register_detectors(self, register):  # type: ignore[no-untyped-def]
            register(detector)

    return Plugin()


def walkthrough(app, window, shot, tmp: Path) -> None:  # type: ignore[no-untyped-def]
    """A reviewer's walk-through of a 20-page PDF: the pages with what will be burnt, the next
    finding to review, the list filtered to what is left, an area drawn over a signature,
    search and redact all, and the preview of the exported pages."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import bench_gui
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest

    from redactor.core.model import Action
    from redactor.gui.findings_model import FindingFilter

    pdf = bench_gui.build("pdf", 20, tmp)
    w = window()
    w.open_files([pdf])
    job = w.analyse_current()
    wait_until(app, lambda: job.done, timeout=600)
    wait_until(app, lambda: w.view.page_view.settled)
    a = w.current.analysis
    w.go_to_finding(next((i for i, f in enumerate(a.findings) if "Berg" in f.text), 0))
    shot(w, "09-walkthrough-pages")
    w.next_unreviewed()  # N
    shot(w, "10-walkthrough-next-to-review")
    w.workspace.triage.set_filter(FindingFilter(decision=str(Action.REVIEW),
                                                by_confidence=True))
    shot(w, "11-walkthrough-filter-to-review")
    w.workspace.triage.set_filter(FindingFilter())
    w.go_to_finding(len(a.findings) - 1)  # the last page: the sign-off
    wait_until(app, lambda: bool(w.view.page_view.visible_pages()))
    w.actions.draw_area.trigger()
    pv = w.view.page_view
    page = pv.visible_pages()[-1]
    top = max(0, pv.verticalScrollBar().value() - page.y()) + 120  # a signature's place
    QTest.mousePress(page, Qt.MouseButton.LeftButton, pos=QPoint(250, top))
    QTest.mouseMove(page, QPoint(520, top + 70))
    QTest.mouseRelease(page, Qt.MouseButton.LeftButton, pos=QPoint(520, top + 70))
    w.actions.draw_area.trigger()
    shot(w, "12-walkthrough-area")
    dlg = w.search_dialog()
    dlg.resize(760, 520)
    dlg.query.setText("Berg")
    dlg.find()
    shot(dlg, "13-walkthrough-search")
    dlg.close()
    export = w.export_dialog_for_current()
    job = export.start_preview()
    wait_until(app, lambda: job.done, timeout=600)
    if export.preview_dialog is not None:
        wait_until(app, lambda: export.preview_dialog.view.settled)
        shot(export.preview_dialog, "14-walkthrough-preview")
        export.preview_dialog.close()
    export.close()
    w.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from redactor.core.model import Action
    from redactor.core.policy import load_policy
    from redactor.gui.main_window import MainWindow
    from redactor.pluginhost.manager import PluginHost

    app = QApplication.instance() or QApplication(sys.argv[:1])
    tmp = Path(tempfile.mkdtemp(prefix="redactor-shots-"))
    os.environ["REDACTOR_CONFIG_DIR"] = str(tmp / "config")
    policy = load_policy("default").with_terms(always=NAMES)
    shots: list[Path] = []

    def window(*extra: tuple[str, object]) -> MainWindow:
        host = PluginHost(load_entrypoints=False, load_user_folder=False,
                          extra_plugins=list(extra))
        qsettings = QSettings(str(tmp / "gui.ini"), QSettings.Format.IniFormat)
        qsettings.setValue("review/analyse_on_open", False)
        w = MainWindow(host, policy=policy, warm_up=False, qsettings=qsettings)
        w.confirm_close = False
        w.resize(1400, 860)
        w.show()
        wait_until(app, lambda: w.isVisible())
        return w

    def shot(widget, name: str) -> None:  # type: ignore[no-untyped-def]
        for _ in range(10):
            app.processEvents()
        path = out / f"{name}.png"
        widget.grab().save(str(path))
        shots.append(path)

    try:
        note = tmp / "case_note.txt"
        shutil.copy(ROOT / "examples" / "case_note.txt", note)
        pdf = make_pdf(note.read_text(encoding="utf-8"), tmp / "case_note.pdf")

        w = window()
        shot(w, "01-empty")
        w.open_files([note, pdf])
        w.queue.setCurrentRow(0)
        job = w.analyse_current()
        wait_until(app, lambda: job.done)
        a = w.current.analysis
        kept = next((i for i, f in enumerate(a.findings) if f.full_type == "QUANTITY/PERCENT"),
                    0)
        w.decide(Action.KEEP, index=kept)
        w.go_to_finding(next((i for i, f in enumerate(a.findings) if f.text == "Tomas Berg"),
                             0))
        shot(w, "02-review-txt")

        w.queue.setCurrentRow(1)
        job = w.analyse_current()
        wait_until(app, lambda: job.done)
        pa = w.current.analysis
        if pa is not None and pa.findings:
            w.go_to_finding(next((i for i, f in enumerate(pa.findings) if "Berg" in f.text), 0))
        shot(w, "03-review-pdf")

        w.queue.setCurrentRow(0)
        dlg = w.export_dialog_for_current()
        dlg.resize(900, 720)
        wait_until(app, lambda: dlg._preview_job is not None and dlg._preview_job.done)
        dlg.output.setText(str(tmp / "case_note.redacted.txt"))
        job = dlg.start_export(force=False)
        if job is not None:
            wait_until(app, lambda: job.done)
        shot(dlg, "04-export-verified")
        dlg.close()

        settings = w.settings_dialog()
        settings.resize(900, 560)
        shot(settings, "05-settings-plugins")
        settings.tabs.setCurrentIndex(settings.tabs.count() - 1)
        shot(settings, "06-settings-about")
        settings.close()
        w.close()

        slow = window(("slow-model", _plugin(_Slow())))
        slow.open_files([note])
        job = slow.analyse_current()
        wait_until(app, lambda: slow.view.text_view.highlight_count > 0)
        time.sleep(0.3)
        shot(slow, "07-analysing-progressive")
        slow.cancel()
        wait_until(app, lambda: job.done)
        slow.close()

        boom = window(("ner", _plugin(_Boom())))
        boom.open_files([note])
        job = boom.analyse_current()
        wait_until(app, lambda: job.done)
        shot(boom, "08-plugin-failure")
        boom.close()

        walkthrough(app, window, shot, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for p in shots:
        print(p.relative_to(ROOT) if p.is_relative_to(ROOT) else p)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
