"""Settings → Web search: the provider the ``web-search`` risk indicator asks, the SearXNG
address, the query budget per document, whether it runs in every analysis, and each online
provider's API key.

Keys go to the OS keyring (:mod:`redactor.gui.search_keys`) the moment **Set key** or
**Delete key** is pressed, never to the settings file; the key field hides what is typed and
is emptied at once, and the list says only whether a key is set and where. The other choices
are written to the ``web_search`` settings section by :meth:`WebSearchPage.apply` (the
dialog's Save).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from redactor.core.settings import Settings
from redactor.gui.search_keys import STATUS_WORDS, delete_key, key_status, store_key
from redactor.pluginhost.manager import PluginHost

SECTION = "web_search"
#: the search plugin's built-in providers, shown even where its components are not loaded
KNOWN = {"local-index": False, "searxng": True, "brave": True, "mojeek": True}
KEYLESS = {"local-index", "searxng"}  # providers that take no API key


def providers(host: PluginHost) -> dict[str, bool]:
    """Provider id → whether it needs the network (registered ones, else the built-ins)."""
    found = {r.id: bool(getattr(r.component, "needs_network", True))
             for r in host.components("search_providers")}
    return found or dict(KNOWN)


class WebSearchPage(QWidget):
    """The settings page (see the module docstring)."""

    def __init__(self, host: PluginHost, settings: Settings,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Web search settings")
        self.found = providers(host)
        form = QFormLayout(self)
        note = QLabel("Web search asks whether a place, date or employer in the document is "
                      "found on the same web pages as the person it is about. Nothing is sent "
                      "before you have seen the exact queries and said yes (Analyse → Check "
                      "with web search…).")
        note.setWordWrap(True)
        form.addRow(note)
        self.enabled = QCheckBox("Run web search in &every analysis (online providers still "
                                 "ask before sending; until then they do not vote)")
        self.enabled.setAccessibleName("Run web search in every analysis")
        self.enabled.setChecked(bool(self._get(settings, "enabled", False)))
        form.addRow(self.enabled)
        self.provider = QComboBox()
        self.provider.setAccessibleName("Search provider")
        current = str(self._get(settings, "provider", "local-index"))
        for pid in sorted({*self.found, current}):
            online = self.found.get(pid, True)
            self.provider.addItem(f"{pid} — {'online' if online else 'on this computer'}", pid)
        self.provider.setCurrentIndex(max(0, self.provider.findData(current)))
        self.provider.setToolTip("local-index never uses the network; searxng, brave and mojeek "
                                 "send the queries you approve to that service.")
        form.addRow("&Provider:", self.provider)
        self.searxng_url = QLineEdit(str(self._get(settings, "searxng_url", "")))
        self.searxng_url.setAccessibleName("SearXNG address")
        self.searxng_url.setPlaceholderText("https://searx.example.org (your own instance)")
        form.addRow("Searx&NG address:", self.searxng_url)
        self.max_queries = QSpinBox()
        self.max_queries.setAccessibleName("Queries per document")
        self.max_queries.setRange(0, 1000)
        self.max_queries.setValue(int(self._get(settings, "max_queries", 50) or 0))
        self.max_queries.setToolTip("At most this many queries per document, the person's "
                                    "name included (0: none).")
        form.addRow("&Queries per document:", self.max_queries)
        form.addRow(self._keys_box())

    @staticmethod
    def _get(settings: Settings, key: str, default: Any) -> Any:
        value = settings.get(SECTION, key, None)
        return default if value is None else value

    def _keys_box(self) -> QWidget:
        box = QWidget()
        form = QFormLayout(box)
        form.setContentsMargins(0, 8, 0, 0)
        form.addRow(QLabel("<b>API keys</b> — kept in the system keyring, never in Redactor's "
                           "settings file"))
        online = sorted(p for p, net in self.found.items() if net and p not in KEYLESS)
        self.keys = QTableWidget(len(online), 2)
        self.keys.setAccessibleName("API keys of the search providers")
        self.keys.setHorizontalHeaderLabels(["Provider", "Key"])
        self.keys.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.keys.verticalHeader().hide()
        self.keys.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for row, pid in enumerate(online):
            self.keys.setItem(row, 0, QTableWidgetItem(pid))
            self.keys.setItem(row, 1, QTableWidgetItem(""))
        self.keys.setMaximumHeight(40 + 30 * max(1, len(online)))
        self.keys.currentCellChanged.connect(self._row_chosen)
        form.addRow(self.keys)
        self.key_provider = QComboBox()
        self.key_provider.setEditable(True)  # a plugin's provider may be missing from the list
        self.key_provider.setAccessibleName("Provider of the key")
        self.key_provider.addItems(online)
        form.addRow("Key &for:", self.key_provider)
        self.key = QLineEdit()
        self.key.setEchoMode(QLineEdit.EchoMode.Password)
        self.key.setAccessibleName("API key")
        self.key.setPlaceholderText("paste the key; it is not shown")
        form.addRow("API &key:", self.key)
        buttons = QHBoxLayout()
        self.set_button = QPushButton("&Set key")
        self.set_button.setAccessibleName("Store the key in the system keyring")
        self.set_button.clicked.connect(self.set_key)
        self.delete_button = QPushButton("&Delete key")
        self.delete_button.setAccessibleName("Delete the key from the system keyring")
        self.delete_button.clicked.connect(self.delete_key)
        buttons.addWidget(self.set_button)
        buttons.addWidget(self.delete_button)
        buttons.addStretch(1)
        form.addRow(buttons)
        self.key_status = QLabel("")
        self.key_status.setAccessibleName("Keyring status")
        self.key_status.setWordWrap(True)
        form.addRow(self.key_status)
        self.refresh_keys()
        return box

    def _row_chosen(self, row: int, *_: int) -> None:
        item = self.keys.item(row, 0) if row >= 0 else None
        if item is not None:
            self.key_provider.setCurrentText(item.text())

    # -------------------------------------------------------------------------- keys ----
    def refresh_keys(self) -> None:
        """Show whether each provider's key is set, and where (never the key)."""
        for row in range(self.keys.rowCount()):
            pid = self.keys.item(row, 0).text()
            status = STATUS_WORDS.get(key_status(pid), "unknown")
            item = self.keys.item(row, 1)
            item.setText(status)
            item.setData(Qt.ItemDataRole.AccessibleTextRole, f"{pid} key: {status}")

    def set_key(self) -> str:
        """Store the typed key for the chosen provider (empty: delete it)."""
        return self._done(store_key(self.key_provider.currentText(), self.key.text()))

    def delete_key(self) -> str:
        pid = self.key_provider.currentText().strip()
        return self._done(delete_key(pid) if pid else "Choose a provider first.")

    def _done(self, message: str) -> str:
        self.key.clear()
        self.key_status.setText(message)
        self.refresh_keys()
        return message

    # ------------------------------------------------------------------------- save ----
    def apply(self, settings: Settings) -> None:
        """Write the page's choices (not the keys) to the ``web_search`` section."""
        settings.set(SECTION, "enabled", self.enabled.isChecked())
        settings.set(SECTION, "provider", str(self.provider.currentData() or "local-index"))
        settings.set(SECTION, "searxng_url", self.searxng_url.text().strip())
        settings.set(SECTION, "max_queries", self.max_queries.value())
