"""What every run of the window shares: the settings, the plugin host and the chosen policy
and risk threshold k; pipelines and run contexts are built from them here. Also the settings
dialog (and the About tab), which saves the settings."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from redactor.core.context import RunContext
from redactor.core.errors import RedactorError
from redactor.core.pipeline import Pipeline
from redactor.core.policy import Policy, load_policy
from redactor.core.settings import Settings, config_dir
from redactor.gui.jobs import JobControl, JobRunner
from redactor.gui.settings_dialog import SettingsDialog
from redactor.pluginhost.manager import PluginHost


class Session(QObject):
    """Settings, plugin host and policy; ``host``, ``settings`` and ``policy`` are injectable."""

    message = Signal(str)
    problem = Signal(str)

    def __init__(self, host: PluginHost | None = None, *, settings: Settings | None = None,
                 policy: Policy | None = None, settings_path: Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings or (host.settings if host else Settings.load(settings_path))
        self.settings_path = settings_path
        self.host = host or PluginHost(self.settings)
        self.policy = policy or self._initial_policy()

    def _initial_policy(self) -> Policy:
        try:
            policy = load_policy(str(self.settings.get("core", "policy", "default")))
        except RedactorError:
            policy = load_policy("default")
        k = int(self.settings.get("core", "vote_k", policy.k) or policy.k)
        return dataclasses.replace(policy, k=max(1, k))

    # ------------------------------------------------------------------------ policy ----
    def set_policy(self, name: str, k: int) -> None:
        """Choose a policy preset (the terms added to the current one are kept) and k."""
        if not name or name == self.policy.name:
            return
        try:
            new = load_policy(name)
        except RedactorError as exc:
            self.problem.emit(str(exc))
            return
        always = tuple(t for t in self.policy.always_mask if t not in new.always_mask)
        never = tuple(t for t in self.policy.never_mask if t not in new.never_mask)
        self.policy = dataclasses.replace(new.with_terms(always, never), k=k)
        self.message.emit(f"Policy {name}: press Re-score (Ctrl+R) to apply it to the document.")

    def set_k(self, k: int) -> None:
        self.policy = dataclasses.replace(self.policy, k=max(1, int(k)))
        self.message.emit(f"Risk threshold k={k}: press Re-score (Ctrl+R) to apply it.")

    # ------------------------------------------------------------------------- runs ----
    def pipeline(self, policy: Policy | None = None) -> Pipeline:
        return Pipeline(self.host, policy or self.policy)

    def make_context(self, control: JobControl, memo: dict[str, Any] | None = None,
                     policy: Policy | None = None, password: str | None = None) -> RunContext:
        """A run context for a job: a copy of the settings, the job's cancel token and
        progress sink, ``policy`` (the chosen one by default) and the file's password."""
        ctx = RunContext(settings=Settings(self.settings.to_dict()), cancel=control.cancel,
                         progress=control.progress, policy=policy or self.policy,
                         password=password)
        if memo is not None:
            ctx.memo = memo
        return ctx

    # ---------------------------------------------------------------- settings, about ----
    def settings_dialog(self, runner: JobRunner, parent: QWidget | None = None
                        ) -> SettingsDialog:
        dlg = SettingsDialog(self.host, self.settings, runner, self._save_settings, parent)
        dlg.show()
        return dlg

    def _save_settings(self, settings: Settings) -> None:
        try:
            path = settings.save(self.settings_path)
            self.message.emit(f"Settings saved to {path}. Plugin changes apply at the next "
                              "start.")
        except OSError as exc:
            self.problem.emit(f"Settings could not be saved: {exc}")

    def about(self, runner: JobRunner, parent: QWidget | None = None) -> SettingsDialog:
        dlg = self.settings_dialog(runner, parent)
        dlg.tabs.setCurrentIndex(dlg.tabs.count() - 1)
        return dlg


def default_config_path() -> Path:
    return config_dir() / "settings.json"
