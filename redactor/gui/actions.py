"""The window's actions (with their shortcuts), menus and toolbar, including the toolbar's
policy and risk-threshold (k) choosers and the File → Open recent menu.

:class:`Actions` triggers the :class:`Commands` it is given (the main window provides them),
reports a new policy or k through ``policyChosen`` and ``kChosen``, and enables its actions for
the current file in :meth:`Actions.enable_for`; it knows nothing else of the window.

Toolbar buttons never change size under the mouse: every action keeps one short text (Undo and
Redo say only that; what they would undo or redo is in their tooltip), and the toolbar's
buttons get a fixed width when it is built.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence, QUndoGroup
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QMainWindow,
    QSpinBox,
    QToolBar,
    QToolButton,
    QWidget,
)

from redactor.core.model import Action
from redactor.core.policy import Policy, preset_names
from redactor.gui.document_entry import DocumentEntry, Status


class Commands(Protocol):
    """What the actions do (the main window's methods)."""

    def open_dialog(self) -> object: ...
    def open_files(self, paths: Iterable[Path | str], *, analyse: bool = False) -> object: ...
    def recent_files(self) -> list[str]: ...
    def save_review(self) -> object: ...
    def resume_review(self) -> object: ...
    def export_dialog_for_current(self) -> object: ...
    def export_all_dialog(self) -> object: ...
    def export_folder_dialog(self) -> object: ...
    def close(self) -> bool: ...
    def analyse_current(self) -> object: ...
    def analyse_all(self) -> object: ...
    def rescore(self) -> object: ...
    def web_search_dialog(self) -> object: ...
    def cancel(self) -> object: ...
    def password_dialog(self) -> object: ...
    def step(self, delta: int) -> object: ...
    def decide(self, action: Action, *, index: int | None = None,
               whole_entity: bool | None = None) -> object: ...
    def mark_selection_dialog(self) -> object: ...
    def search_dialog(self) -> object: ...
    def strategy_dialog(self) -> object: ...
    def settings_dialog(self) -> object: ...
    def about(self) -> object: ...
    def next_unreviewed(self) -> object: ...
    def widen(self) -> object: ...
    def mark_again(self) -> object: ...
    def draw_areas(self, on: bool) -> object: ...
    def clear_areas(self) -> object: ...
    def show_ocr_words(self, on: bool) -> object: ...
    def user_guide(self) -> object: ...
    def shortcuts(self) -> object: ...
    def set_analyse_on_open(self, on: bool) -> object: ...


class Actions(QObject):
    """Every QAction of the window, its menu bar and its toolbar."""

    policyChosen = Signal(str)  # a policy preset's name, chosen in the toolbar
    kChosen = Signal(int)  # the risk threshold k, chosen in the toolbar

    def __init__(self, window: QMainWindow, commands: Commands, undo_group: QUndoGroup,
                 policy: Policy) -> None:
        super().__init__(window)
        self.window = window
        self.commands = commands
        self._build_actions(undo_group)
        self._build_menus()
        self._build_toolbar(policy)

    def _action(self, text: str, slot: Callable[[], object],
                shortcuts: Sequence[str | QKeySequence] = (), tip: str = "") -> QAction:
        action = QAction(text, self.window)
        if shortcuts:
            action.setShortcuts([QKeySequence(s) for s in shortcuts])
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        self.window.addAction(action)
        return action

    def _build_actions(self, undo_group: QUndoGroup) -> None:
        c = self.commands
        k = QKeySequence.StandardKey
        self.open = self._action("&Open…", c.open_dialog, [k.Open])
        self.save_review = self._action("&Save review", c.save_review, [k.Save],
                                        "Save the decisions next to the file")
        self.resume = self._action("&Resume saved review", c.resume_review, ["Ctrl+Shift+O"])
        self.export = self._action("&Export…", c.export_dialog_for_current, ["Ctrl+E"])
        self.export_all = self._action("Export &all…", c.export_all_dialog, ["Ctrl+Shift+E"])
        self.export_folder = self._action(
            "Export a &folder…", c.export_folder_dialog,
            tip="Redact every file of a folder tree into another folder (resumable)")
        self.quit = self._action("&Quit", c.close, [k.Quit])
        self.analyse = self._action("&Analyse", c.analyse_current, ["F5"])
        self.analyse_all = self._action("Analyse a&ll", c.analyse_all, ["Shift+F5"])
        self.cancel = self._action("&Cancel", c.cancel, ["Esc"])
        self.password = self._action("Enter &password…", c.password_dialog,
                                     tip="Open an encrypted file with its password")
        self.next = self._action("&Next finding", lambda: c.step(1), ["J", "F8"])
        self.prev = self._action("&Previous finding", lambda: c.step(-1), ["K", "Shift+F8"])
        self.accept = self._action("&Mask", lambda: c.decide(Action.MASK), ["A"])
        self.reject = self._action("&Keep", lambda: c.decide(Action.KEEP), ["R"])
        self.accept_one = self._action(
            "Mask this mention only", lambda: c.decide(Action.MASK, whole_entity=False),
            ["Shift+A"])
        self.reject_one = self._action(
            "Keep this mention only", lambda: c.decide(Action.KEEP, whole_entity=False),
            ["Shift+R"])
        self.mark = self._action("Mark &selection…", c.mark_selection_dialog, ["M"])
        self.search = self._action("Search and &redact all…", c.search_dialog, [k.Find])
        self.strategy = self._action("S&trategy for a label…", c.strategy_dialog)
        self.web_search = self._action(
            "Check with &web search…", c.web_search_dialog,
            tip="Show the exact web-search queries for this file; send them only if you agree")
        self.rescore = self._action("Re-&score", c.rescore, ["Ctrl+R"],
                                    "Analyse again under the chosen policy and k, "
                                    "keeping your own decisions")
        self.settings = self._action("Se&ttings…", c.settings_dialog, [k.Preferences])
        self.about = self._action("&About Redactor", c.about)
        self._build_review_actions(undo_group)

    def _build_review_actions(self, undo_group: QUndoGroup) -> None:
        c = self.commands
        k = QKeySequence.StandardKey
        self.next_review = self._action("Next to re&view", c.next_unreviewed, ["N"],
                                        "Go to the next finding still to review")
        self.widen = self._action("&Widen the mask", c.widen, ["W"],
                                  "Grow the selected finding to the whole word(s) it is in")
        self.mark_again = self._action("Mark a&gain…", c.mark_again, ["Shift+M"],
                                       "Select the finding's text and mark it anew")
        self.draw_area = self._action("&Draw an area on the page", lambda: c.draw_areas(
            self.draw_area.isChecked()), ["D"], "Drag over a signature, stamp or photo on the "
            "Pages tab: the area is burnt on export")
        self.draw_area.setCheckable(True)
        self.clear_areas = self._action("Remove the drawn areas", c.clear_areas)
        self.ocr_words = self._action("Show the &OCR'd words", lambda: c.show_ocr_words(
            self.ocr_words.isChecked()), ["O"], "Draw the words OCR read over the scanned "
            "pages and pictures (low-confidence words in orange, dashed)")
        self.ocr_words.setCheckable(True)
        self.guide = self._action("&User guide", c.user_guide, [k.HelpContents])
        self.keys = self._action("&Keyboard shortcuts", c.shortcuts, ["Ctrl+F1"])
        self.analyse_on_open = self._action("Analyse files when &opened", lambda: (
            c.set_analyse_on_open(self.analyse_on_open.isChecked())))
        self.analyse_on_open.setCheckable(True)
        # fixed texts (the buttons keep their width); what they would do is in the tooltip
        self.undo = self._action("&Undo", undo_group.undo, QKeySequence.keyBindings(k.Undo))
        self.redo = self._action("&Redo", undo_group.redo,
                                 QKeySequence.keyBindings(k.Redo) + [QKeySequence("Ctrl+Y")])
        self.undo.setEnabled(False)
        self.redo.setEnabled(False)
        undo_group.canUndoChanged.connect(self.undo.setEnabled)
        undo_group.canRedoChanged.connect(self.redo.setEnabled)
        undo_group.undoTextChanged.connect(lambda t: self._describe(self.undo, "Undo", t))
        undo_group.redoTextChanged.connect(lambda t: self._describe(self.redo, "Redo", t))
        self._describe(self.undo, "Undo", "")
        self._describe(self.redo, "Redo", "")

    @staticmethod
    def _describe(action: QAction, verb: str, what: str) -> None:
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        tip = f"{verb}: {what}" if what else f"Nothing to {verb.lower()}"
        action.setToolTip(f"{tip} ({keys})" if keys else tip)
        action.setStatusTip(tip)

    def _build_menus(self) -> None:
        menu = self.window.menuBar()
        menu.setAccessibleName("Menu bar")
        m = menu.addMenu("&File")
        m.addAction(self.open)
        self.recent_menu = m.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        m.addSeparator()
        m.addActions([self.save_review, self.resume])
        m.addSeparator()
        m.addActions([self.export, self.export_all, self.export_folder])
        m.addSeparator()
        m.addAction(self.quit)
        m = menu.addMenu("&Edit")
        m.addActions([self.undo, self.redo])
        m.addSeparator()
        m.addActions([self.mark, self.mark_again, self.widen, self.search, self.strategy])
        m.addSeparator()
        m.addActions([self.draw_area, self.clear_areas])
        m = menu.addMenu("&View")
        m.addAction(self.ocr_words)
        m = menu.addMenu("&Review")
        m.addActions([self.next_review, self.next, self.prev])
        m.addSeparator()
        m.addActions([self.accept, self.reject, self.accept_one, self.reject_one])
        m = menu.addMenu("&Analyse")
        m.addActions([self.analyse, self.analyse_all, self.rescore, self.web_search, self.cancel,
                      self.password])
        m.addSeparator()
        m.addAction(self.analyse_on_open)
        m = menu.addMenu("&Tools")
        m.addAction(self.settings)
        m = menu.addMenu("&Help")
        m.addActions([self.guide, self.keys])
        m.addSeparator()
        m.addAction(self.about)

    def _build_toolbar(self, policy: Policy) -> None:
        tb = QToolBar("Main")
        tb.setObjectName("main-toolbar")
        tb.setAccessibleName("Main toolbar")
        self.window.addToolBar(tb)
        tb.addActions([self.open, self.analyse, self.analyse_all, self.export,
                       self.export_all])
        tb.addSeparator()
        tb.addActions([self.undo, self.redo])
        tb.addSeparator()
        tb.addActions([self.next_review, self.draw_area])
        tb.addSeparator()
        tb.addWidget(QLabel(" Policy "))
        self.policy_box = QComboBox()
        self.policy_box.setAccessibleName("Policy")
        names = preset_names()
        if policy.name not in names:
            names = [policy.name, *names]
        self.policy_box.addItems(names)
        self.policy_box.setCurrentText(policy.name)
        self.policy_box.currentTextChanged.connect(self.policyChosen)
        tb.addWidget(self.policy_box)
        tb.addWidget(QLabel(" k "))
        self.k_box = QSpinBox()
        self.k_box.setAccessibleName("Risk threshold k")
        self.k_box.setToolTip("Mask when at least k risk indicators say risky")
        self.k_box.setRange(1, 20)
        self.k_box.setValue(policy.k)
        self.k_box.valueChanged.connect(self.kChosen)
        tb.addWidget(self.k_box)
        tb.addAction(self.rescore)
        for w in tb.findChildren(QWidget):
            if not w.accessibleName() and hasattr(w, "defaultAction") and w.defaultAction():
                w.setAccessibleName(w.defaultAction().text().replace("&", ""))
        for b in tb.findChildren(QToolButton):  # nothing moves when a text or state changes
            if b.defaultAction() is not None:
                b.setFixedWidth(b.sizeHint().width())
        self.policy_box.setFixedWidth(self.policy_box.sizeHint().width())
        self.k_box.setFixedWidth(self.k_box.sizeHint().width())
        self.toolbar = tb

    def chosen_k(self) -> int:
        return self.k_box.value()

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = self.commands.recent_files()
        if not recent:
            a = self.recent_menu.addAction("No recent files")
            a.setEnabled(False)
        for p in recent:
            a = self.recent_menu.addAction(p)
            a.triggered.connect(lambda _c=False, p=p: self.commands.open_files([p]))

    def enable_for(self, entry: DocumentEntry | None, entries: Sequence[DocumentEntry],
                   busy: bool) -> None:
        """Enable what can be done with ``entry`` (the current file) while ``busy`` (jobs
        running) or not."""
        has = entry is not None
        analysed = entry is not None and entry.analysis is not None
        running = entry is not None and entry.running
        has_finding = analysed and entry is not None and entry.current is not None
        self.analyse.setEnabled(has and not running)
        self.analyse_all.setEnabled(any(e.status in (Status.PENDING, Status.FAILED)
                                        for e in entries))
        for a in (self.export, self.save_review, self.search, self.strategy, self.rescore):
            a.setEnabled(analysed and not running)
        self.export_all.setEnabled(bool(entries) and not busy)
        self.export_folder.setEnabled(not busy)
        self.resume.setEnabled(has and not running)
        self.password.setEnabled(has and not running and entry is not None
                                 and entry.encrypted)
        for a in (self.accept, self.reject, self.accept_one, self.reject_one, self.next,
                  self.prev, self.widen, self.mark_again):
            a.setEnabled(has_finding and not running)
        self._enable_review(entry, running)
        self.mark.setEnabled(analysed and not running)
        self.web_search.setEnabled(analysed and not running and not busy)
        self.cancel.setEnabled(busy)

    def _enable_review(self, entry: DocumentEntry | None, running: bool) -> None:
        a = entry.analysis if entry is not None else None
        self.next_review.setEnabled(a is not None and not running and any(
            d.action == Action.REVIEW for d in a.decisions))
        # areas are burnt by the PDF writer: drawn on a PDF's pages only
        paged = a is not None and a.document.format == "pdf" and any(
            seg.boxes for seg in a.document.segments[:50])
        self.draw_area.setEnabled(paged and not running)
        self.clear_areas.setEnabled(paged and not running)
        if not paged and self.draw_area.isChecked():
            self.draw_area.setChecked(False)
            self.commands.draw_areas(False)
        doc = entry.document if entry is not None else None
        self.ocr_words.setEnabled(doc is not None and bool(doc.metadata.get("ocr_spans")))

    @property
    def decisions_enabled(self) -> bool:
        """Whether Mask and Keep apply now (the workspace's buttons follow)."""
        return self.accept.isEnabled()
