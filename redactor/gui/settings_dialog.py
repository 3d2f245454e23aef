"""Settings: plugins (enable/disable), models, thresholds, web search (providers and their
keys: :mod:`redactor.gui.web_search_page`), About.

Plugin choices are written to ``plugins.blocked`` in the shared settings file (the CLI reads
the same file) and apply at the next start. API keys go to the OS keyring only, never to the
settings file; where no keyring backend exists the dialog says so plainly.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from redactor import __version__
from redactor.core.policy import preset_names
from redactor.core.resources import resource_path
from redactor.core.settings import Settings
from redactor.gui.jobs import JobControl, JobRunner
from redactor.gui.search_keys import store_key
from redactor.gui.web_search_page import WebSearchPage
from redactor.pluginhost.discovery import PluginStatus
from redactor.pluginhost.manager import PluginHost


def model_folders() -> list[Path]:
    root = resource_path("models")
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(("_", ".")))


def model_cards() -> list[tuple[str, str]]:
    """(folder name, MODEL_CARD.md text) for every bundled model that has a card."""
    out = []
    root = resource_path("models")
    if root.is_dir():
        for card in sorted(root.rglob("MODEL_CARD.md")):
            try:
                out.append((str(card.parent.relative_to(root)), card.read_text(encoding="utf-8")))
            except OSError:
                continue
    return out


def imported_models() -> list[str]:
    """Models the user imported with ``redactor models import`` (name, kind, quantization)."""
    try:
        from redactor.models import registry
    except ImportError:
        return []
    try:
        return [f"{m.name} — imported {m.kind} model ({m.quantization or 'fp32'})"
                for m in registry.list_models()]
    except Exception as exc:  # a damaged registry must not break the settings dialog
        return [f"imported models cannot be listed ({type(exc).__name__})"]


def models_import_available() -> bool:
    """True when the CLI provides ``redactor models import`` (its module can be found)."""
    try:
        return importlib.util.find_spec("redactor.cli.main") is not None
    except (ImportError, ValueError):
        return False


def run_models_import(folder: Path) -> str:
    """Run ``redactor models import FOLDER`` in a subprocess (call from a job)."""
    code = ("import sys; from redactor.cli.main import main; "
            "sys.exit(main(['models', 'import', sys.argv[1]]))")
    proc = subprocess.run([sys.executable, "-c", code, str(folder)], capture_output=True,
                          text=True, timeout=3600, check=False)
    if proc.returncode != 0:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
        raise RuntimeError(" ".join(tail) or f"exit code {proc.returncode}")
    return proc.stdout.strip() or "imported"


def store_api_key(provider: str, value: str) -> str:
    """Store a search provider's key in the OS keyring (service ``org.redactor.search``, user
    = the provider's id; an empty value deletes it); returns a message, never the key."""
    return store_key(provider, value)


class SettingsDialog(QDialog):
    """Tabs: Plugins, Models, Risk, Web search, About."""

    settingsSaved = Signal()

    def __init__(self, host: PluginHost, settings: Settings, runner: JobRunner,
                 save: Callable[[Settings], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.settings = settings
        self.runner = runner
        self._save = save
        self.setWindowTitle("Settings")
        self.setAccessibleName("Settings")
        self.resize(760, 520)
        layout = QVBoxLayout(self)
        self.tabs = QTabWidget()
        self.tabs.setAccessibleName("Settings sections")
        layout.addWidget(self.tabs)
        self.tabs.addTab(self._plugins_tab(), "&Plugins")
        self.tabs.addTab(self._models_tab(), "&Models")
        self.tabs.addTab(self._risk_tab(), "&Risk")
        self.web_search = WebSearchPage(self.host, self.settings)
        self.tabs.addTab(self.web_search, "&Web search")
        # the page's key widgets, under their earlier names
        self.provider, self.key = self.web_search.key_provider, self.web_search.key
        self.key_status = self.web_search.key_status
        self.tabs.addTab(self._about_tab(), "&About")
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                               | QDialogButtonBox.StandardButton.Close)
        box.setAccessibleName("Dialog buttons")
        box.button(QDialogButtonBox.StandardButton.Save).setAccessibleName("Save settings")
        box.button(QDialogButtonBox.StandardButton.Close).setAccessibleName("Close")
        box.accepted.connect(self.save)
        box.rejected.connect(self.reject)
        layout.addWidget(box)

    # -- plugins ---------------------------------------------------------------------------
    def _plugins_tab(self) -> QWidget:
        page = QWidget()
        v = QVBoxLayout(page)
        note = QLabel("Untick a plugin to disable it. Changes apply the next time Redactor "
                      "starts (the command line uses the same setting).")
        note.setWordWrap(True)
        v.addWidget(note)
        records = self.host.plugin_records()
        self.plugins = QTableWidget(len(records), 5)
        self.plugins.setAccessibleName("Plugins")
        self.plugins.setHorizontalHeaderLabels(["Enabled", "Plugin", "Origin", "Version",
                                                "Status / error"])
        self.plugins.horizontalHeader().setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.plugins.verticalHeader().hide()
        blocked = set(self.settings.get("plugins", "blocked", []) or [])
        for row, rec in enumerate(records):
            check = QTableWidgetItem()
            check.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled
                           | Qt.ItemFlag.ItemIsSelectable)
            check.setCheckState(Qt.CheckState.Unchecked if rec.name in blocked
                                else Qt.CheckState.Checked)
            check.setData(Qt.ItemDataRole.UserRole, rec.name)
            check.setData(Qt.ItemDataRole.AccessibleTextRole, f"Enable {rec.name}")
            self.plugins.setItem(row, 0, check)
            for col, value in enumerate((rec.name, str(rec.origin), rec.version or "—",
                                         str(rec.status) + (f": {rec.error}" if rec.error
                                                            else "")), start=1):
                item = QTableWidgetItem(value)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                if col == 4 and rec.status in (PluginStatus.FAILED, PluginStatus.INCOMPATIBLE):
                    item.setToolTip(rec.error)
                self.plugins.setItem(row, col, item)
        self.plugins.resizeColumnsToContents()
        v.addWidget(self.plugins)
        return page

    def blocked_plugins(self) -> list[str]:
        out = []
        for row in range(self.plugins.rowCount()):
            item = self.plugins.item(row, 0)
            if item.checkState() != Qt.CheckState.Checked:
                out.append(str(item.data(Qt.ItemDataRole.UserRole)))
        return sorted(out)

    # -- models ----------------------------------------------------------------------------
    def _models_tab(self) -> QWidget:
        page = QWidget()
        v = QVBoxLayout(page)
        v.addWidget(QLabel("Models in use (bundled with this installation):"))
        self.models = QListWidget()
        self.models.setAccessibleName("Installed models")
        folders = model_folders()
        for folder in folders:
            files = [p for p in folder.iterdir() if p.is_file()]
            state = "ready" if files else "empty folder (no model files installed)"
            self.models.addItem(f"{folder.name} — {state}")
        imported = imported_models()
        for line in imported:
            self.models.addItem(line)
        if not folders and not imported:
            self.models.addItem("No model folders are installed.")
        v.addWidget(self.models)
        row = QHBoxLayout()
        self.import_button = QPushButton("&Import a model folder…")
        self.import_button.setAccessibleName("Import a model folder")
        if models_import_available():
            self.import_button.clicked.connect(self._import_model)
        else:
            self.import_button.setEnabled(False)
            self.import_button.setToolTip(
                "Model import uses the command line's 'redactor models import PATH', which "
                "this build does not provide yet.")
        row.addWidget(self.import_button)
        row.addStretch(1)
        v.addLayout(row)
        self.import_status = QLabel("")
        self.import_status.setAccessibleName("Model import status")
        self.import_status.setWordWrap(True)
        v.addWidget(self.import_status)
        return page

    def _import_model(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Model folder to import")
        if folder:
            self.import_model(Path(folder))

    def import_model(self, folder: Path) -> None:
        self.import_button.setEnabled(False)
        self.import_status.setText(f"Importing {folder.name}…")

        def work(control: JobControl) -> str:
            return run_models_import(folder)

        def done(message: str) -> None:
            self.import_status.setText(f"Imported: {message}. Detectors that use it load it "
                                       "at the next start.")
            for line in imported_models():
                if not self.models.findItems(line, Qt.MatchFlag.MatchExactly):
                    self.models.addItem(line)

        def failed(message: str) -> None:
            self.import_status.setText(f"Import failed: {message}")

        job = self.runner.run("models-import", work, succeeded=done, failed=failed)
        job.finished.connect(lambda: self.import_button.setEnabled(True))

    # -- risk ------------------------------------------------------------------------------
    def _risk_tab(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        self.policy = QComboBox()
        self.policy.setAccessibleName("Default policy")
        self.policy.addItems(preset_names() or ["default"])
        current = str(self.settings.get("core", "policy", "default"))
        if self.policy.findText(current) >= 0:
            self.policy.setCurrentText(current)
        form.addRow("Default &policy:", self.policy)
        self.k = QSpinBox()
        self.k.setAccessibleName("Risk threshold k")
        self.k.setRange(1, 20)
        self.k.setValue(int(self.settings.get("core", "vote_k", 1) or 1))
        self.k.setToolTip("Mask when at least k of the enabled risk indicators say risky.")
        form.addRow("Risk threshold &k:", self.k)
        self.marker = QLineEdit(str(self.settings.get("core", "redact_marker", "[REDACTED]")))
        self.marker.setAccessibleName("Redaction marker")
        form.addRow("Redaction &marker:", self.marker)
        self.blocks = QCheckBox("Use █ blocks of the same length instead of the marker")
        self.blocks.setAccessibleName("Use blocks instead of the marker")
        self.blocks.setChecked(self.settings.get("core", "redact_style", "marker") == "blocks")
        form.addRow(self.blocks)
        return page

    # -- keys (on the Web search page) ----------------------------------------------------
    def store_key(self) -> str:
        return self.web_search.set_key()

    # -- about -----------------------------------------------------------------------------
    def _about_tab(self) -> QWidget:
        page = QWidget()
        v = QVBoxLayout(page)
        self.about = QTextBrowser()
        self.about.setAccessibleName("About Redactor")
        self.about.setOpenExternalLinks(False)
        self.about.setMarkdown(about_markdown())
        v.addWidget(self.about)
        return page

    # -- save ------------------------------------------------------------------------------
    def save(self) -> None:
        self.settings.set("plugins", "blocked", self.blocked_plugins())
        self.settings.set("core", "policy", self.policy.currentText())
        self.settings.set("core", "vote_k", self.k.value())
        self.settings.set("core", "redact_marker", self.marker.text() or "[REDACTED]")
        self.settings.set("core", "redact_style", "blocks" if self.blocks.isChecked()
                          else "marker")
        self.web_search.apply(self.settings)
        self._save(self.settings)
        self.settingsSaved.emit()
        self.accept()


def about_markdown() -> str:
    import PySide6

    parts = [
        f"# Redactor {__version__}",
        "Offline redaction of DOCX, PDF and TXT documents with re-identification risk "
        "assessment. Nothing leaves this computer unless you allow online search.",
        "## Licences",
        "- Redactor: Apache License 2.0",
        f"- Qt for Python (PySide6 {PySide6.__version__}): LGPL-3.0",
        "- pypdfium2 / PDFium: Apache-2.0 / BSD-3-Clause; python-docx: MIT; pikepdf: MPL-2.0; "
        "pluggy: MIT; keyring: MIT",
        "- Colour palette: Okabe & Ito, *Color Universal Design* (2008)",
        "## Models",
    ]
    cards = model_cards()
    if not cards:
        parts.append("No model cards are installed.")
    for name, text in cards:
        # the card's own headings sit below this page's "Models" heading
        text = re.sub(r"^(#{1,4}) ", lambda m: "#" * (len(m.group(1)) + 2) + " ", text.strip(),
                      flags=re.MULTILINE)
        parts.append(f"### {name}\n\n{text}")
    return "\n\n".join(parts)
