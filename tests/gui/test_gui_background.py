"""Background work: progressive results, cancel, plugin failures, responsiveness, jobs."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

import sys
import time

from gui_support import BoomDetector, NameDetector, PluginOf, SlowDetector
from PySide6.QtCore import QElapsedTimer, QTimer

from redactor.core.errors import InputError
from redactor.gui.analysis_controller import PARTIAL_REFRESH_MS
from redactor.gui.jobs import JobRunner
from redactor.gui.main_window import Status


def test_first_findings_appear_then_cancel(qtbot, make_window, txt_file) -> None:  # type: ignore[no-untyped-def]
    slow = SlowDetector(seconds=20)
    w = make_window(("slow", PluginOf(slow)))
    w.open_files([txt_file])
    # measure the longest gap between event-loop ticks while the analysis runs
    gaps: list[float] = []
    clock = QElapsedTimer()
    clock.start()
    last = [clock.elapsed()]

    def tick() -> None:
        now = clock.elapsed()
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(tick)
    timer.start()
    started = time.monotonic()
    job = w.analyse_current()
    assert w.current.status == Status.ANALYSING
    assert w.progress.isVisible() or not w.isVisible()
    # progressive results: the term detector's findings are on screen before the end
    qtbot.waitUntil(lambda: w.view.text_view.highlight_count >= 5, timeout=5000)
    assert not job.done
    assert "found so far" in w.findings.summary()
    assert "found so far" in w.findings_label.text()
    assert w.view.text_view.toPlainText().startswith("Case note 14.")
    assert slow.started.wait(5)
    qtbot.wait(200)
    with qtbot.waitSignal(w.analysisFinished, timeout=5000):
        w.cancel()
    timer.stop()
    assert time.monotonic() - started < 10
    assert job.status == "cancelled"
    entry = w.current
    assert entry.status == Status.PENDING and "cancelled" in entry.note
    assert entry.analysis is None
    assert w.view.text_view.highlight_count == 0
    assert max(gaps) < 200, f"the event loop was blocked for {max(gaps)} ms"
    # the window still works: analyse again without the slow plugin finishing
    slow.seconds = 0
    with qtbot.waitSignal(w.analysisFinished, timeout=10000):
        w.analyse_current()
    assert w.current.status == Status.REVIEW


def test_plugin_failure_is_shown_and_the_run_goes_on(qtbot, make_window, txt_file) -> None:  # type: ignore[no-untyped-def]
    w = make_window(("boom", PluginOf(BoomDetector())), ("names", PluginOf(NameDetector())))
    w.open_files([txt_file])
    with qtbot.waitSignal(w.analysisFinished, timeout=10000):
        w.analyse_current()
    entry = w.current
    assert entry.status == Status.REVIEW
    assert not w.banner.isHidden()
    text = w.banner.text()
    assert "boom" in text and "RuntimeError (gui_support.py:" in text
    assert "model file missing" not in text  # a plugin's message may quote the document
    assert "findings are missing" in text
    assert {f.text for f in entry.analysis.findings} >= {"Anna Berg", "Olaf Lund"}


def test_missing_builtin_does_not_break_the_window(make_window) -> None:  # type: ignore[no-untyped-def]
    w = make_window()
    records = {r.name: r for r in w.host.plugin_records()}
    assert records["terms"].status == "loaded"


def test_unreadable_file_fails_visibly(qtbot, make_window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    w = make_window()
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    w.open_files([empty])
    with qtbot.waitSignal(w.analysisFinished, timeout=10000):
        w.analyse_current()
    assert w.current.status == Status.FAILED
    assert "empty" in w.banner.text()
    assert not w.banner.isHidden()


def test_job_signals(qtbot) -> None:  # type: ignore[no-untyped-def]
    runner = JobRunner(poll_ms=10)
    seen: list[object] = []

    def work(control):  # type: ignore[no-untyped-def]
        for n in range(3):
            control.partial(n)
            control.progress("step", n / 3)
            time.sleep(0.02)
        return "done"

    job = runner.submit("ok", work)
    for name in ("started", "succeeded", "finished"):
        getattr(job, name).connect(lambda *a, n=name: seen.append(n))
    job.partial.connect(lambda items: seen.extend(items))
    with qtbot.waitSignal(job.finished, timeout=5000):
        runner.start(job)
    assert seen[0] == "started" and seen[-2:] == ["succeeded", "finished"]
    assert [x for x in seen if isinstance(x, int)] == [0, 1, 2]
    assert job.result == "done" and not runner.busy

    def bad(control):  # type: ignore[no-untyped-def]
        raise InputError("x.txt: the file is empty")

    job = runner.submit("bad", bad)
    messages: list[str] = []
    job.failed.connect(messages.append)
    with qtbot.waitSignal(job.finished, timeout=5000):
        runner.start(job)
    assert messages == ["x.txt: the file is empty"] and job.status == "failed"

    def unexpected(control):  # type: ignore[no-untyped-def]
        raise ValueError("secret text\nmore")

    job = runner.run("unexpected", unexpected)
    qtbot.waitUntil(lambda: job.done, timeout=5000)
    assert job.error == "unexpected error: ValueError: secret text"
    assert runner.shutdown(1000)


def test_partial_findings_fill_in_bounded_slices(qtbot) -> None:  # type: ignore[no-untyped-def]
    from gui_support import wait_until_settled

    from redactor.core.model import Finding, Label, Span
    from redactor.gui.findings_panel import FindingsPanel

    panel = FindingsPanel()
    qtbot.addWidget(panel)
    panel.show()
    found = [Finding(Span(i * 10, i * 10 + 5), Label.PERSON, "Anna Berg", detector="x")
             for i in range(3000)]
    slices: list[float] = []
    original = panel._fill_slice

    def timed() -> None:
        t0 = time.perf_counter()
        original()
        slices.append(time.perf_counter() - t0)

    panel._fill_timer.timeout.disconnect(panel._fill_slice)
    panel._fill_timer.timeout.connect(timed)
    panel.show_partial(found[:1000])
    assert "found so far: 1000" in panel.summary()
    panel.show_partial(found)  # more arrive before the first batch is shown
    assert panel.top_level_count() == 3000
    assert not panel.settled  # nothing was added synchronously
    wait_until_settled(qtbot, panel)
    # the first PARTIAL_ROWS are listed, one last row counts the rest
    listed = panel.PARTIAL_ROWS
    assert listed < 3000 and panel.model().rowCount() == listed + 1
    assert panel.model().index(listed - 1, 2).data() == f"@{(listed - 1) * 10}"
    assert "3000 more" not in panel.model().index(listed, 1).data()
    assert f"{3000 - listed} more found so far" in panel.model().index(listed, 1).data()
    # every cell is made by the model in C++: a cell made in Python is asked for its data
    # and flags through PySide (the GIL) whenever the list is painted, waiting for the worker
    import shiboken6
    from PySide6.QtCore import Qt

    model = panel.model()
    made_in_python = [(r, c) for r in range(model.rowCount()) for c in range(model.columnCount())
                      if shiboken6.createdByPython(model.item(r, c))]
    assert made_in_python == []
    read_only = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
    assert {model.flags(model.index(r, c)) for r in (0, listed) for c in range(6)} == {read_only}
    first = model.index(0, 0)
    assert first.data() == "PERSON" and first.data(Qt.ItemDataRole.ToolTipRole)
    assert first.data(Qt.ItemDataRole.ForegroundRole) is not None
    assert model.index(0, 1).data(Qt.ItemDataRole.AccessibleTextRole) == (
        "PERSON Anna Berg, not yet decided")
    panel.show_partial(found + found[:5])  # five more: only the count changes
    wait_until_settled(qtbot, panel)
    assert panel.model().rowCount() == listed + 1
    assert f"{3005 - listed} more found so far" in panel.model().index(listed, 1).data()
    # the rows were added over several event-loop turns (time per slice is measured by
    # benchmarks/bench_gui.py, not asserted here: timings are not tests)
    assert len(slices) >= 3
    panel.set_analysis(None)
    assert panel.settled and panel.summary() == "" and panel.top_level_count() == 0


def test_full_collections_wait_until_the_last_job_ends(qtbot) -> None:  # type: ignore[no-untyped-def]
    import gc
    import threading

    from redactor.gui.jobs import FULL_COLLECTION_PAUSED

    before = gc.get_threshold()
    runner = JobRunner(poll_ms=10)
    release = threading.Event()
    seen: list[tuple[int, int, int]] = []

    def long(control):  # type: ignore[no-untyped-def]
        seen.append(gc.get_threshold())
        release.wait(5)

    first = runner.run("long", long)
    second = runner.submit("short", lambda control: seen.append(gc.get_threshold()))
    runner2 = JobRunner(poll_ms=10)  # another window's runner counts too
    with qtbot.waitSignal(second.finished, timeout=5000):
        runner2.start(second)
    # the young generations keep their thresholds; full passes wait for every job
    assert seen[-1] == (before[0], before[1], FULL_COLLECTION_PAUSED)
    assert gc.get_threshold()[2] == FULL_COLLECTION_PAUSED  # the first job still runs
    with qtbot.waitSignal(first.finished, timeout=5000):
        release.set()
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() > 0  # the survivors are not rescanned by later full passes
    assert runner.shutdown(1000) and runner2.shutdown(1000)


def test_partial_findings_are_shown_throttled_and_all_in_the_end(qtbot, make_window,  # type: ignore[no-untyped-def]
                                                                 txt_file) -> None:
    from gui_support import wait_until_settled

    from redactor.core.model import Finding, Label, Span

    slow = SlowDetector(seconds=20)
    w = make_window(("slow", PluginOf(slow)))
    w.open_files([txt_file])
    job = w.analyse_current()
    assert slow.started.wait(5)
    entry = w.current
    qtbot.wait(100)  # the findings of the detectors before the slow one arrive and are shown
    qtbot.waitUntil(lambda: not w.analysis._partial_timer.isActive()
                    and w.view.text_view.highlight_count == len(entry.partial), timeout=5000)
    assert w.view.text_view.toPlainText()
    refreshed: list[int] = []
    refresh = w.workspace.refresh_findings
    w.workspace.refresh_findings = lambda e: (refreshed.append(len(e.partial)), refresh(e))
    # five batches within one turn of the event loop: one refresh shows them all
    for n in range(5):
        batch = [Finding(Span(i, i + 4), Label.MISC, entry.document.text[i:i + 4], detector="x")
                 for i in range(n * 20, n * 20 + 20, 5)]
        w.analysis._analysis_partial(entry, [("findings", batch)])
    assert refreshed == []  # not inside the job's poll
    total = len(entry.partial)
    qtbot.waitUntil(lambda: w.view.text_view.highlight_count == total, timeout=5000)
    assert refreshed == [total]
    wait_until_settled(qtbot, w.findings)
    assert w.findings.top_level_count() == total == w.findings.model().rowCount()
    assert f"found so far: {total}" in w.findings_label.text()
    # a refresh due after the run was cancelled does not bring the findings back
    w.analysis._analysis_partial(entry, [("findings", batch)])
    with qtbot.waitSignal(w.analysisFinished, timeout=5000):
        w.cancel()
    qtbot.wait(PARTIAL_REFRESH_MS + 50)
    assert job.status == "cancelled" and w.view.text_view.highlight_count == 0
    assert refreshed == [total, 0]  # the second: the cancel handler's own, clearing the view


def test_finished_jobs_do_not_keep_their_results(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The runner keeps finished jobs; what they returned (an analysis holds the document
    text) is dropped once the handlers have run."""
    runner = JobRunner(poll_ms=10)
    got: list[object] = []
    job = runner.run("ok", lambda control: ["document text"], succeeded=got.append)
    qtbot.waitUntil(lambda: job.done, timeout=5000)
    assert got == [["document text"]]
    qtbot.waitUntil(lambda: job.result is None, timeout=2000)
    assert job.status == "succeeded" and job._outcome is None
    assert runner.shutdown(1000)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="per-thread nice values")
def test_jobs_and_the_threads_they_start_run_below_the_gui_thread(qtbot) -> None:  # type: ignore[no-untyped-def]
    import os
    import threading

    from redactor.gui.jobs import JOB_NICE

    gui_nice = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    seen: dict[str, int] = {}

    def work(control):  # type: ignore[no-untyped-def]
        seen["job"] = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

        def child() -> None:  # e.g. a model runtime's thread pool, created by the job
            seen["child"] = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

        t = threading.Thread(target=child)
        t.start()
        t.join()

    runner = JobRunner(poll_ms=10)
    job = runner.submit("nice", work)
    with qtbot.waitSignal(job.finished, timeout=5000):
        runner.start(job)
    # below the GUI thread even when the app was started with nice (at most 19)
    assert seen["job"] == seen["child"] == min(19, gui_nice + JOB_NICE)
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == gui_nice
    assert runner.shutdown(1000)


def test_what_the_reader_could_not_read_is_shown(qtbot, make_window, make_host, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A PDF page without a text layer is neither analysed nor redacted: the banner says so
    (page numbers only, never text)."""
    from PIL import Image, ImageDraw
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    scan = Image.new("RGB", (240, 40), "white")
    ImageDraw.Draw(scan).text((5, 8), "Anna Berg", fill="black")
    path = tmp_path / "scan.pdf"
    c = canvas.Canvas(str(path), pagesize=(300, 200))
    c.drawString(20, 150, "Case note on Anna Berg.")
    c.showPage()
    c.drawImage(ImageReader(scan), 20, 20, 240, 40)
    c.showPage()
    c.save()
    w = make_window(host=make_host(builtins=("redactor_plugins.formats.pdf.plugin",)))
    w.open_files([path])
    with qtbot.waitSignal(w.analysisFinished, timeout=20000):
        w.analyse_current()
    assert w.current.status == Status.REVIEW
    assert not w.banner.isHidden()
    text = w.banner.text()
    assert "page 2 has no text layer" in text and "neither analysed nor redacted" in text
    assert "Anna" not in text


def test_the_end_of_an_analysis_is_shown_one_pane_per_turn(qtbot, make_window, txt_file) -> None:  # type: ignore[no-untyped-def]
    """The job's end updates the entry at once, but the panes over later turns of the event
    loop, one at a time (each repainted alone: together, with their repaint, they blocked
    the GUI thread for 80–290 ms on 20 pages); ``analysisFinished`` comes once all is shown."""
    w = make_window(("names", PluginOf(NameDetector())))
    w.open_files([txt_file])
    job = w.analyse_current()
    at_end: list[tuple[object, ...]] = []
    finished: list[object] = []
    w.analysisFinished.connect(finished.append)
    # connected after the window's own handler: runs right after it, in the same turn
    job.succeeded.connect(lambda _r: at_end.append((
        w.current.status, w.current.analysis is not None,
        getattr(w.analysis, "showing_result", False),
        w.findings.mention_count(), list(w.view.shown.findings), bool(finished))))
    # when the list shows the analysis, the highlights do not yet (a later turn)
    shown_with_list: list[object] = []
    w.findings.model_.modelReset.connect(lambda: shown_with_list.append(
        list(w.view.shown.findings)) if w.findings.model_.analysis is not None else None)
    with qtbot.waitSignal(w.analysisFinished, timeout=10000):
        pass
    a = w.current.analysis
    status, analysed, showing, listed, highlighted, done_early = at_end[0]
    assert status == Status.REVIEW and analysed and showing and not done_early
    assert listed == 0  # the list still shows the findings found while analysing …
    assert highlighted != list(a.findings)  # … and the text their highlights
    assert shown_with_list and shown_with_list[0] != list(a.findings)
    # once finished, everything is shown as a refresh at once would show it
    assert finished == [w.current] and not w.analysis.showing_result
    assert w.findings.mention_count() == len(a.findings) > 0
    assert list(w.view.shown.findings) == list(a.findings)
    assert w.view.shown.actions == [d.action for d in a.decisions]
    assert w.current.current == 0 and w.findings.currentIndex().isValid()
    assert "mentions" in w.findings_label.text()
    assert w.workspace.triage.review_count.text().endswith("to review")


def test_switching_files_while_the_end_is_shown_drops_the_rest(qtbot, make_window, txt_file,  # type: ignore[no-untyped-def]
                                                               tmp_path) -> None:
    other = tmp_path / "other.txt"
    other.write_text("Nothing to see here.\n", encoding="utf-8")
    w = make_window(("names", PluginOf(NameDetector())))
    w.open_files([txt_file, other])
    first = w.current
    assert first is w.entries[0]
    job = w.analyse(first)
    finished: list[object] = []
    w.analysisFinished.connect(finished.append)

    def switch(_r: object) -> None:  # right after the end, before the panes are shown
        w.queue.setCurrentRow(1)

    job.succeeded.connect(switch)
    qtbot.waitUntil(lambda: finished == [first], timeout=10000)
    assert not w.analysis.showing_result
    # the other file is shown, not the rest of the first one's result
    assert w.current is w.entries[1] and w.findings.mention_count() == 0
    assert w.view.text_view.toPlainText().startswith("Nothing to see")


def test_a_partial_result_wakes_the_gui_before_the_next_poll(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The first findings reach the screen when they are found, not up to a poll period
    later: a partial result asks the GUI thread for a poll at once."""
    import threading

    runner = JobRunner(poll_ms=60_000)  # the regular poll would come a minute later
    release = threading.Event()

    def work(control):  # type: ignore[no-untyped-def]
        control.partial(("findings", [1]))
        control.partial(("findings", [2]))  # same batch: no second wake needed
        release.wait(10)
        return "done"

    got: list[object] = []
    job = runner.submit("wake", work)
    job.partial.connect(got.append)
    runner.start(job)
    qtbot.waitUntil(lambda: len(got) > 0, timeout=5000)
    qtbot.wait(50)  # the second item, if it came in a batch of its own
    assert [item for batch in got for item in batch] == [("findings", [1]), ("findings", [2])]
    assert not job.done
    release.set()
    assert runner.shutdown(5000)


def test_the_end_of_a_rescore_is_shown_in_parts_too(qtbot, analysed) -> None:  # type: ignore[no-untyped-def]
    """A re-score's result is one undoable step, put on screen like an analysis's end (not
    all at once by the undo step, then again)."""
    w = analysed
    before = w.current.analysis
    job = w.rescore()
    seen: list[tuple[bool, bool]] = []
    job.succeeded.connect(lambda _r: seen.append(
        (w.current.analysis is not before, w.findings.model_.analysis is before)))
    with qtbot.waitSignal(w.analysisFinished, timeout=10000):
        pass
    assert seen == [(True, True)]  # the entry has the new analysis, the list not yet
    a = w.current.analysis
    assert w.findings.model_.analysis is a and list(w.view.shown.findings) == list(a.findings)
    assert w.current.undo.count() == 1
    w.current.undo.undo()  # undone at once, as any step
    assert w.current.analysis is before and w.findings.model_.analysis is before
