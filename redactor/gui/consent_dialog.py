"""The web-search consent dialog: before anything is sent, the exact query strings for one
document (each with a tick box, all ticked; unticking a detail unticks its combinations too),
the provider they go to and whether that is over the network; **Send** sends only the ticked
strings, **Don't send** sends nothing.

It shows a plan made by the ``web-search`` indicator's ``preview`` (which sends nothing) and
decides nothing itself: :meth:`ConsentDialog.approved` is the list the caller approves.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

PURPOSES = {"person": "the person the document is about",
            "single": "a detail that could point to them",
            "combination": "details together"}


class ConsentDialog(QDialog):
    """Ask before web search sends a document's queries (see the module docstring)."""

    def __init__(self, plan: Any, document_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plan = plan
        self.setWindowTitle(f"Check {document_name} with web search")
        self.setAccessibleName("Web search consent")
        self.setModal(True)
        self.resize(720, 460)
        layout = QVBoxLayout(self)
        online = bool(plan.needs_network)
        where = (f"sent over the internet to <b>{plan.provider}</b>" if online else
                 f"searched on this computer with <b>{plan.provider}</b> (nothing leaves it)")
        self.summary = QLabel(f"{len(plan.queries)} queries for {document_name} would be "
                              f"{where}, exactly as shown:")
        self.summary.setAccessibleName("What would be sent, and where")
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        if online:
            warning = QLabel(
                "These strings come from the document and are personal data: the provider "
                "learns that someone searched for them together and may keep a record. Untick "
                "any you do not want sent; spans whose queries are not sent are left to the "
                "other risk indicators.")
            warning.setWordWrap(True)
            warning.setAccessibleName("What sending means")
            layout.addWidget(warning)
        self.queries = QTreeWidget()
        self.queries.setAccessibleName("Queries to send")
        self.queries.setHeaderLabels(["Query (sent exactly as shown)", "Why"])
        self.queries.setRootIsDecorated(False)
        self.queries.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for n, q in enumerate(plan.queries):
            item = QTreeWidgetItem([q.text, PURPOSES.get(q.purpose, q.purpose)])
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(0, Qt.CheckState.Checked)
            item.setData(0, Qt.ItemDataRole.UserRole, q.text)
            item.setData(1, Qt.ItemDataRole.UserRole, n)
            self.queries.addTopLevelItem(item)
        self._cascading = False
        self.queries.itemChanged.connect(self._changed)
        hint = QLabel("Unticking a detail also unticks the combinations that contain it.")
        hint.setWordWrap(True)
        layout.addWidget(self.queries, 1)
        layout.addWidget(hint)
        if plan.over_budget:
            more = QLabel(f"{plan.over_budget} more combinations are over the budget of "
                          f"{len(plan.queries)} queries and are not sent (Settings → Web "
                          "search).")
            more.setWordWrap(True)
            layout.addWidget(more)
        buttons = QDialogButtonBox()
        self.send_button = QPushButton()
        self.send_button.setDefault(False)
        self.dont_send_button = QPushButton("&Don't send")
        self.dont_send_button.setAccessibleName("Don't send anything")
        self.dont_send_button.setDefault(True)
        buttons.addButton(self.send_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.dont_send_button, QDialogButtonBox.ButtonRole.RejectRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._update()

    def items(self) -> list[QTreeWidgetItem]:
        return [self.queries.topLevelItem(i) for i in range(self.queries.topLevelItemCount())]

    def approved(self) -> list[str]:
        """The ticked query strings, in sending order."""
        return [str(it.data(0, Qt.ItemDataRole.UserRole)) for it in self.items()
                if it.checkState(0) == Qt.CheckState.Checked]

    def set_ticked(self, text: str, ticked: bool) -> None:
        """Tick or untick the query ``text``."""
        for it in self.items():
            if it.data(0, Qt.ItemDataRole.UserRole) == text:
                it.setCheckState(0, Qt.CheckState.Checked if ticked else
                                 Qt.CheckState.Unchecked)

    def _changed(self, item: QTreeWidgetItem, column: int) -> None:
        """An unticked detail unticks the combinations that contain it."""
        if column == 0 and not self._cascading and \
                item.checkState(0) == Qt.CheckState.Unchecked:
            q = self.plan.queries[int(item.data(1, Qt.ItemDataRole.UserRole))]
            if q.purpose != "combination":
                self._cascading = True
                try:
                    for other in self.items():
                        o = self.plan.queries[int(other.data(1, Qt.ItemDataRole.UserRole))]
                        if o.purpose == "combination" and set(o.entities) & set(q.entities):
                            other.setCheckState(0, Qt.CheckState.Unchecked)
                finally:
                    self._cascading = False
        self._update()

    def _update(self) -> None:
        n, total = len(self.approved()), len(self.plan.queries)
        verb = "Send" if self.plan.needs_network else "Search"
        self.send_button.setText(f"&{verb} {n} of {total} queries" if n < total
                                 else f"&{verb} {n} queries")
        self.send_button.setAccessibleName(self.send_button.text().replace("&", ""))
        self.send_button.setEnabled(n > 0)
