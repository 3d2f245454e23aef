"""Triage in the app: findings to review are counted per file and reached with N; the list is
filtered and sorted by how sure the detector is; decisions apply to what the list shows; a
refused export selects its finding and offers Keep / Widen / Mark again; explanations speak
to caseworkers."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from pathlib import Path

from gui_support import (
    TEXT,
    LeakyPlugin,
    NameDetector,
    PluginOf,
    WeakDetector,
)
from PySide6.QtCore import QUrl
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QTextBrowser

from redactor.core.model import Action, Label
from redactor.gui.findings_model import FindingFilter
from redactor.gui.main_window import Status

WEAK_TEXT = TEXT + "Call the office, tel. 5550, or tel. 5551.\r\n"


@pytest.fixture
def triaged(qtbot, make_window, tmp_path: Path):  # type: ignore[no-untyped-def]
    path = tmp_path / "note.txt"
    path.write_bytes(WEAK_TEXT.encode("utf-8"))
    w = make_window(("names", PluginOf(NameDetector(), WeakDetector())))
    w.open_files([path])
    with qtbot.waitSignal(w.analysisFinished, timeout=10000):
        w.analyse_current()
    return w


def _texts(w, indices) -> list[str]:  # type: ignore[no-untyped-def]
    return [w.current.analysis.findings[i].text for i in indices]


def test_weak_hits_go_to_review_counted_in_the_queue_and_reached_with_n(
        qtbot, triaged) -> None:  # type: ignore[no-untyped-def]
    w = triaged
    a = w.current.analysis
    review = [i for i, d in enumerate(a.decisions) if d.action == Action.REVIEW]
    assert _texts(w, review) == ["tel.", "tel."]
    assert "2 to review" in w.current.note and "2 to review" in w.queue.item(0).text()
    assert "2 to review" in w.findings_label.text()
    assert w.actions.next_review.isEnabled()
    w.go_to_finding(0)
    assert w.actions.next_review.shortcut().toString() == "N"
    w.actions.next_review.trigger()  # N: the next finding to review
    assert w.current.current == review[0]
    assert w.detail.toPlainText().startswith("To review")
    assert "38 %" in w.detail.toPlainText()
    w.decide(Action.KEEP, whole_entity=False)  # reviewed: kept
    assert w.next_unreviewed() == review[1]
    w.decide(Action.MASK, whole_entity=False)
    assert w.next_unreviewed() is None and "Nothing left to review" in w.last_message
    assert "none to review" in w.current.note
    assert not w.actions.next_review.isEnabled()


def test_filters_and_the_order_by_confidence(qtbot, triaged) -> None:  # type: ignore[no-untyped-def]
    w = triaged
    bar = w.workspace.triage
    bar.set_filter(FindingFilter(label="PERSON"))
    assert sorted(_texts(w, w.findings.shown_findings())) == ["Olaf Lund", "tel.", "tel."]
    assert "shown by the filter" in w.findings_label.text()
    bar.set_filter(FindingFilter(decision=str(Action.REVIEW)))
    assert _texts(w, w.findings.shown_findings()) == ["tel.", "tel."]
    bar.set_filter(FindingFilter(band="low"))
    assert _texts(w, w.findings.shown_findings()) == ["tel.", "tel."]
    bar.set_filter(FindingFilter(detector="names"))
    assert _texts(w, w.findings.shown_findings()) == ["Olaf Lund"]
    bar.set_filter(FindingFilter(by_confidence=True))
    shown = w.findings.shown_findings()
    scores = [w.current.analysis.findings[i].score for i in shown]
    assert scores == sorted(scores) and _texts(w, shown[:2]) == ["tel.", "tel."]
    assert w.findings.model().rowCount() == len(w.current.analysis.findings)  # one row each
    # choosing a row of the sorted list selects that finding
    w.findings.setCurrentIndex(w.findings.model().index(0, 0))
    assert w.current.current == shown[0]
    # the combos say what labels mean
    assert any("demographic: age, job, nationality" in bar.label.itemText(i)
               for i in range(bar.label.count()))


def test_bulk_decisions_apply_to_what_the_list_shows_in_one_step(qtbot, triaged) -> None:  # type: ignore[no-untyped-def]
    w = triaged
    a = w.current.analysis
    w.workspace.triage.set_filter(FindingFilter(decision=str(Action.REVIEW)))
    w.workspace.triage.keep_shown.click()  # every weak hit kept at once
    after = w.current.analysis
    assert [d.action for f, d in zip(after.findings, after.decisions, strict=True)
            if f.text == "tel."] == [Action.KEEP, Action.KEEP]
    assert all(d.action == Action.MASK for f, d in zip(after.findings, after.decisions,
                                                       strict=True) if f.text != "tel.")
    assert w.findings.shown_findings() == []  # nothing left to review
    w.undo_group.undo()  # one step
    assert w.current.analysis.decisions == a.decisions
    w.workspace.triage.set_filter(FindingFilter(label="MISC"))  # by entity type
    w.workspace.triage.mask_shown.click()
    assert {str(w.current.analysis.decisions[i].decided_by)
            for i in w.findings.shown_findings()} == {"user"}


def test_a_refused_export_selects_its_finding_and_offers_keep(qtbot, make_window, make_host,
                                                              tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "note.txt"
    path.write_text("Seen with Dr mw-Okafor on Monday.\n", encoding="utf-8")

    class Fragment:
        id = "fragment"
        version = "1"

        def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
            from redactor.plugin_api import Finding, Span

            start = doc.text.index("mw-")
            yield Finding(Span(start, start + 2), Label.PERSON, "mw", detector=self.id)

    w = make_window(("fragment", PluginOf(Fragment())), ("leaky", LeakyPlugin()))
    w.open_files([path])
    with qtbot.waitSignal(w.analysisFinished, timeout=10000):
        w.analyse_current()
    w.go_to_finding(0)
    dlg = w.export_dialog_for_current()
    dlg.format.setCurrentIndex(dlg.format.findData("leaky"))
    dlg.output.setText(str(tmp_path / "out.leaky"))
    job = dlg.start_export(force=False)
    with qtbot.waitSignal(job.finished, timeout=10000):
        pass
    assert dlg.result is None and "FAILED" in dlg.outcome.toPlainText()
    [ref] = dlg.fix_panel.refs
    assert ref.finding_id == "F1" and (ref.start, ref.end) == (13, 15)
    assert "F1 (PERSON, characters 13–15)" in dlg.outcome.toPlainText()
    assert w.current.current == 0 and dlg.fix_panel.isVisible()  # selected in the window
    dlg.fix_panel.buttons["widen"].click()
    widened = w.current.analysis.findings[w.current.current]
    assert widened.text == "mw-Okafor" and widened.label == Label.PERSON
    assert not dlg.fix_panel.refs  # fixed: export again for a fresh list
    w.undo_group.undo()
    job = dlg.start_export(force=False)  # refused again: the fragment is back
    with qtbot.waitSignal(job.finished, timeout=10000):
        pass
    assert [r.finding_id for r in dlg.fix_panel.refs] == ["F1"]
    dlg.fix_panel.buttons["keep"].click()  # the fragment identifies no one: keep it
    assert w.current.analysis.decisions[0].action == Action.KEEP
    job = dlg.start_export(force=False)
    with qtbot.waitSignal(job.finished, timeout=10000):
        pass
    assert dlg.result is not None, dlg.error


def test_search_and_redact_all_keeps_labels_and_lists_matches(qtbot, make_window, tmp_path: Path
                                                              ) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "okafor.txt"
    path.write_text("Mr Okafor met Mr Okafor's GP. Okafor was tired. Okafor Street is near.\n",
                    encoding="utf-8")

    class Titles:
        id = "titles"
        version = "1"

        def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
            from redactor.plugin_api import Finding, Span

            start = doc.text.find("Mr Okafor")
            while start >= 0:
                yield Finding(Span(start, start + 9), Label.PERSON, "Mr Okafor",
                              detector=self.id)
                start = doc.text.find("Mr Okafor", start + 1)

    w = make_window(("titles", PluginOf(Titles())))
    w.open_files([path])
    with qtbot.waitSignal(w.analysisFinished, timeout=10000):
        w.analyse_current()
    before = w.current.analysis
    dlg = w.search_dialog()
    dlg.query.setText("Okafor")
    matches = dlg.find()
    assert len(matches) == 4 and dlg.list.count() == 4
    assert Label(dlg.label.currentData()) == Label.PERSON  # the label of the existing findings
    assert "[already PERSON" in dlg.list.item(0).text() and "met Mr" in dlg.list.item(0).text()
    dlg.list.item(3).setCheckState(dlg.list.item(3).checkState().Unchecked)  # the street
    with qtbot.waitSignal(w.review.changed, timeout=10000):
        dlg.ok.click()
    qtbot.waitUntil(lambda: w.current.analysis is not before, timeout=10000)
    a = w.current.analysis
    by_text = {(f.text, f.span.start): (f.label, a.entity_for(i).id)
               for i, f in enumerate(a.findings)}
    assert [lab for lab, _e in by_text.values()] == [Label.PERSON] * 3  # never relabelled
    assert len({e for _l, e in by_text.values()}) == 1  # one entity, as before
    assert ("Okafor", path.read_text().index("Okafor Street")) not in by_text  # unticked
    # without the dialog: the default label is the existing findings' label, not MISC
    w.undo_group.undo()
    job = w.redact_all("Okafor", "word")
    with qtbot.waitSignal(job.finished, timeout=10000):
        pass
    assert {f.label for f in w.current.analysis.findings} == {Label.PERSON}


def test_toolbar_buttons_stay_put_when_undo_text_changes(qtbot, triaged) -> None:  # type: ignore[no-untyped-def]
    w = triaged
    w.show()
    tb = w.actions.toolbar
    watched = [tb.widgetForAction(w.actions.undo), tb.widgetForAction(w.actions.redo),
               tb.widgetForAction(w.actions.rescore), w.actions.policy_box, w.actions.k_box]

    def places() -> list[tuple[int, int]]:
        QTest.qWait(20)
        return [(x.geometry().x(), x.geometry().width()) for x in watched]

    before = places()
    w.decide(Action.KEEP, index=0, whole_entity=True)  # "Keep MISC entity" on the undo stack
    assert w.actions.undo.text() == "&Undo" and "Keep" in w.actions.undo.toolTip()
    w.undo_group.undo()
    assert "Keep" in w.actions.redo.toolTip()
    assert places() == before


def test_status_messages_belong_to_the_selected_file(qtbot, make_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    paths = []
    for name in ("a.txt", "b.txt"):
        p = tmp_path / name
        p.write_bytes(TEXT.encode("utf-8"))
        paths.append(p)
    w = make_window(("names", PluginOf(NameDetector())))
    a, b = w.open_files(paths)
    w.queue.setCurrentRow(0)
    with qtbot.waitSignal(w.analysisFinished, timeout=10000):
        w.analyse(b)
    assert "b.txt" not in w.status_label.text()
    w.queue.setCurrentRow(1)
    assert w.status_label.text().startswith("b.txt: analysed")


def test_open_shows_the_document_at_once_and_analyses_when_set(qtbot, make_window,
                                                               txt_file) -> None:  # type: ignore[no-untyped-def]
    w = make_window(("names", PluginOf(NameDetector())))
    [entry] = w.open_files([txt_file])
    qtbot.waitUntil(lambda: w.view.text_view.toPlainText().startswith("Case note"),
                    timeout=10000)
    assert entry.status == Status.PENDING and entry.analysis is None
    with qtbot.waitSignal(w.analysisFinished, timeout=10000):
        w.analyse_current()  # reuses the document read to show it
    assert entry.status == Status.REVIEW
    auto = make_window(("names", PluginOf(NameDetector())), analyse_on_open=True)
    assert auto.actions.analyse_on_open.isChecked()
    with qtbot.waitSignal(auto.analysisFinished, timeout=10000):
        auto.open_files([txt_file])
    auto.actions.analyse_on_open.trigger()
    assert auto.qsettings.value("review/analyse_on_open", type=bool) is False


def test_help_has_the_user_guide_and_the_shortcuts(qtbot, triaged) -> None:  # type: ignore[no-untyped-def]
    w = triaged
    guide = w.user_guide()
    text = guide.findChild(QTextBrowser).toPlainText()
    assert "Redactor" in text and "review" in text.lower()
    keys = w.shortcuts().findChild(QTextBrowser).toPlainText()
    assert "Next to review" in keys and "Draw an area on the page" in keys
    assert w.detail.anchorClicked is not None and isinstance(QUrl("#details"), QUrl)
