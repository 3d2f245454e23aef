"""The queue of open files: the list of files with their status, and the recent files.

:class:`FileQueue` is the list widget and owns the :class:`DocumentEntry` of every file in it;
the other parts learn of changes from its signals (``currentEntryChanged``, ``entryAdded``,
``entryChanged``) and change an entry's status only through :meth:`FileQueue.set_status`.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtWidgets import QFileDialog, QListWidget, QListWidgetItem, QWidget

from redactor.core.review_file import review_path_for
from redactor.gui.document_entry import STATUS_SYMBOLS, DocumentEntry

FILE_FILTER = "Documents (*.docx *.pdf *.txt);;All files (*)"
MAX_RECENT = 10


class RecentFiles:
    """The files opened lately, newest first, kept in the app's QSettings (``recent``)."""

    def __init__(self, qsettings: QSettings) -> None:
        self.qsettings = qsettings

    def paths(self) -> list[str]:
        value = self.qsettings.value("recent", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def add(self, path: Path) -> None:
        recent = [str(path)] + [p for p in self.paths() if p != str(path)]
        self.qsettings.setValue("recent", recent[:MAX_RECENT])


class FileQueue(QListWidget):
    """The files to redact, one row each with its status; :attr:`current` is the selected one."""

    currentEntryChanged = Signal(object)  # DocumentEntry | None
    entryAdded = Signal(object)  # a new DocumentEntry, before it is listed
    entryChanged = Signal(object)  # a DocumentEntry whose status or note changed
    message = Signal(str)

    def __init__(self, qsettings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.entries: list[DocumentEntry] = []
        self.recent = RecentFiles(qsettings)
        self.setAccessibleName("Files")
        self.setAccessibleDescription("Files to redact, with their status")
        self.setWordWrap(True)
        self.currentRowChanged.connect(lambda _row: self.currentEntryChanged.emit(self.current))

    @property
    def current(self) -> DocumentEntry | None:
        row = self.currentRow()
        return self.entries[row] if 0 <= row < len(self.entries) else None

    def entry_for(self, path: Path) -> DocumentEntry | None:
        return next((e for e in self.entries if e.path == path), None)

    def choose_files(self) -> list[Path]:
        """Ask for files to open (an empty list when the dialog is cancelled)."""
        paths, _ = QFileDialog.getOpenFileNames(self.window(), "Open documents", "",
                                                FILE_FILTER)
        return [Path(p) for p in paths]

    def open(self, paths: Iterable[Path | str]) -> list[DocumentEntry]:
        """Add the files not in the queue yet and select the first of ``paths``; returns the
        entries of all of them."""
        added = []
        for raw in paths:
            path = Path(raw).expanduser().resolve()
            entry = self.entry_for(path)
            if entry is None:
                entry = DocumentEntry(path)
                self.entryAdded.emit(entry)
                self.entries.append(entry)
                self.addItem(QListWidgetItem())
                self.refresh(entry)
                self.recent.add(path)
            added.append(entry)
        if added:
            self.setCurrentRow(self.entries.index(added[0]))
            sidecar = review_path_for(added[0].path)
            self.message.emit(f"Opened {len(added)} file(s)."
                              + (" A saved review exists: File → Resume saved review."
                                 if sidecar.exists() else ""))
        return added

    def refresh(self, entry: DocumentEntry) -> None:
        """Show the entry's status and note in its row."""
        item = self.item(self.entries.index(entry))
        status = entry.status + (f" — {entry.note}" if entry.note else "")
        item.setText(f"{STATUS_SYMBOLS[entry.status]} {entry.path.name}\n    {status}")
        item.setToolTip(f"{entry.path}\n{status}")
        item.setData(Qt.ItemDataRole.AccessibleTextRole, f"{entry.path.name}: {status}")

    def set_status(self, entry: DocumentEntry, status: str, note: str = "") -> None:
        entry.status, entry.note = status, note
        self.refresh(entry)
        self.entryChanged.emit(entry)

    def tell(self, entry: DocumentEntry, text: str) -> None:
        """A status message about ``entry``: shown now if it is the selected file, else kept
        and shown when it is selected (messages belong to their file)."""
        entry.message = text
        if entry is self.current:
            self.message.emit(text)
