"""A typed facade over pluggy: discovery, component registries and isolated calls."""

from __future__ import annotations

import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

import pluggy

from redactor import __version__
from redactor.core.components import SettingsSection
from redactor.core.errors import PluginContractError, RedactorError, UsageError
from redactor.core.model import ComponentFailure
from redactor.core.settings import Settings
from redactor.plugin_api import API_VERSION
from redactor.pluginhost import defaults, discovery, hookspecs
from redactor.pluginhost.builtins import BUILTIN_PLUGINS, RENAMED, builtin_name
from redactor.pluginhost.discovery import PluginOrigin, PluginRecord, PluginStatus

T = TypeVar("T")
R = TypeVar("R")

NO_HOOKS = ("implements no hooks: decorate its functions with @hookimpl from "
            "redactor.plugin_api (e.g. register_detectors)")
KINDS = ("detectors", "risk_indicators", "strategies", "readers", "writers", "search_providers",
         "ocr_engines")


@dataclass(frozen=True, slots=True)
class Registered(Generic[T]):
    """A component and the plugin that registered it."""

    component: T
    plugin: str

    @property
    def id(self) -> str:
        return str(getattr(self.component, "id", type(self.component).__name__))


class PluginHost:
    """Discovers plugins, collects their components and calls them in isolation.

    ``load_entrypoints`` and ``load_user_folder`` are off in tests unless a test exercises
    discovery (tests never autoload installed third-party plugins).
    """

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        builtins: Iterable[str] = BUILTIN_PLUGINS,
        load_entrypoints: bool = True,
        load_user_folder: bool = True,
        blocked: Iterable[str] = (),
        extra_plugins: Iterable[tuple[str, object]] = (),
        strict: bool | None = None,
    ) -> None:
        self.settings = settings or Settings()
        self.strict = discovery.strict_plugins() if strict is None else strict
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        self.records: list[PluginRecord] = []
        self.failures: list[ComponentFailure] = []
        self._components: dict[str, list[Registered[Any]]] | None = None
        #: (kind, component) left out because its id was blocked (``--disable-plugin ner``)
        self.disabled_components: list[tuple[str, Registered[Any]]] = []
        self._sections: list[SettingsSection] = []
        self.blocked = (
            set(self.settings.get("plugins", "blocked", []) or [])
            | discovery.blocked_from_env()
            | set(blocked)
        )
        self.blocked |= {RENAMED[n] for n in self.blocked if n in RENAMED}
        for name in sorted(self.blocked):
            self.pm.set_blocked(name)
        self.pm.register(defaults, name="redactor.defaults")
        for module_name in builtins:
            self._load(builtin_name(module_name), PluginOrigin.BUILTIN, __version__,
                       lambda m=module_name: discovery.import_builtin(m))
        for name, obj in extra_plugins:
            self._load(name, PluginOrigin.MANUAL, "", lambda o=obj: o)
        if load_entrypoints:
            for ep in discovery.iter_entry_points():
                self._load(ep.name, PluginOrigin.ENTRY_POINT, discovery.entry_point_version(ep),
                           ep.load)
        if load_user_folder:
            folder = discovery.user_plugins_dir()
            if folder.is_dir():
                for path in sorted(folder.glob("*.py")):
                    self._load(path.stem, PluginOrigin.USER_FOLDER, "",
                               lambda p=path: discovery.import_user_plugin(p))
        self.pm.hook.configure.call_historic(kwargs={"settings": self.settings})

    # -- discovery -----------------------------------------------------------------------
    def _load(self, name: str, origin: PluginOrigin, version: str,
              loader: Callable[[], object]) -> None:
        if name in self.blocked:
            self.records.append(PluginRecord(name, origin, version, status=PluginStatus.BLOCKED,
                                             error="blocked by settings or command line"))
            return
        if self.pm.has_plugin(name):
            self.records.append(PluginRecord(name, origin, version, status=PluginStatus.FAILED,
                                             error="a plugin with this name is already loaded"))
            return
        try:
            obj = loader()
        except (Exception, SystemExit) as exc:  # a broken plugin must not stop discovery
            if self.strict:
                raise
            self.records.append(PluginRecord(name, origin, version, status=PluginStatus.FAILED,
                                             error=_describe(exc)))
            return
        version = version or str(getattr(obj, "__version__", "") or "")
        reason = discovery.api_incompatibility(obj, API_VERSION)
        if reason:
            self.records.append(PluginRecord(name, origin, version,
                                             status=PluginStatus.INCOMPATIBLE, error=reason))
            return
        try:
            self.pm.register(obj, name=name)
        except Exception as exc:
            if self.strict:
                raise
            self.records.append(PluginRecord(name, origin, version, status=PluginStatus.FAILED,
                                             error=_describe(exc)))
            return
        hooks = self._hook_names(obj)
        unknown = [h for h in hooks if not self._is_known(h)]
        if unknown or not hooks:
            self.pm.unregister(obj)
            problem = f"unknown hooks: {', '.join(unknown)}" if unknown else NO_HOOKS
            if self.strict:
                raise PluginContractError(f"plugin {name!r}: {problem}")
            self.records.append(PluginRecord(name, origin, version, status=PluginStatus.FAILED,
                                             error=problem))
            return
        self.records.append(PluginRecord(name, origin, version, hooks=tuple(sorted(hooks))))

    def _hook_names(self, plugin: object) -> list[str]:
        prefix = hookspecs.PROJECT + "_impl"
        names = []
        for attr in dir(plugin):
            fn = getattr(plugin, attr, None)
            if callable(fn) and getattr(fn, prefix, None) is not None:
                names.append(attr)
        return names

    def _is_known(self, hook: str) -> bool:
        caller = getattr(self.pm.hook, hook, None)
        return caller is not None and caller.spec is not None

    def record(self, name: str) -> PluginRecord | None:
        return next((r for r in self.records if r.name == name), None)

    def known_names(self) -> tuple[list[str], list[str]]:
        """(plugin names, component ids) that ``--disable-plugin`` accepts: every plugin found
        (whatever its status; also entry points and user-folder files not loaded this run)
        and every component id registered. The built-ins' old names are accepted too."""
        plugins = {r.name for r in self.records}
        plugins |= {ep.name for ep in discovery.iter_entry_points()}
        folder = discovery.user_plugins_dir()
        if folder.is_dir():
            plugins |= {p.stem for p in folder.glob("*.py")}
        found = self._collect()
        ids = {r.id for regs in found.values() for r in regs}
        ids |= {r.id for _, r in self.disabled_components}
        return sorted(plugins), sorted(ids - plugins)

    def check_names(self, names: Iterable[str]) -> None:
        """Raise :class:`UsageError` for a name that is neither a plugin nor a component id."""
        plugins, ids = self.known_names()
        unknown = [n for n in names if n not in plugins and n not in ids and n not in RENAMED]
        if unknown:
            raise UsageError(
                f"--disable-plugin: unknown plugin or component {', '.join(map(repr, unknown))}"
                f" (plugins: {', '.join(plugins)}; components: {', '.join(ids) or 'none'})")

    def load_problems(self) -> list[str]:
        """One line per plugin that failed to load or is incompatible (blocked ones are the
        user's choice and not reported)."""
        out = []
        for r in self.records:
            if r.status == PluginStatus.FAILED:
                where = str(r.origin).replace("-", " ")
                out.append(f"plugin {r.name!r} ({where}) failed to load and is not used: "
                           f"{r.error}")
            elif r.status == PluginStatus.INCOMPATIBLE:
                out.append(f"plugin {r.name!r} {r.error}")
        return out

    def kinds_of(self, plugin: str) -> list[str]:
        """The registries a plugin fills (``detectors``, ``strategies`` …)."""
        found = self._collect()
        return [kind for kind in KINDS
                if any(r.plugin == plugin for r in found[kind])
                or any(k == kind and r.plugin == plugin for k, r in self.disabled_components)]

    # -- components ----------------------------------------------------------------------
    def _collect(self) -> dict[str, list[Registered[Any]]]:
        if self._components is not None:
            return self._components
        found: dict[str, list[Registered[Any]]] = {kind: [] for kind in KINDS}
        for kind in KINDS:
            caller = getattr(self.pm.hook, f"register_{kind}")
            for impl in caller.get_hookimpls():  # registration order (pluggy calls LIFO)
                seen = {r.id for r in found[kind]}

                def register(component: Any, _kind: str = kind, _plugin: str = impl.plugin_name,
                             _seen: set[str] = seen) -> None:
                    reg = Registered(component, _plugin)
                    if reg.id in self.blocked:
                        self.disabled_components.append((_kind, reg))
                        return
                    if reg.id in _seen:
                        self.failures.append(ComponentFailure(
                            _plugin, reg.id, "register",
                            f"duplicate {_kind[:-1]} id {reg.id!r}; the first one is kept"))
                        return
                    _seen.add(reg.id)
                    found[_kind].append(reg)

                self.call(impl.plugin_name, f"register_{kind}", "register",
                          impl.function, register)
        for impl in self.pm.hook.register_settings.get_hookimpls():
            def add_section(section: SettingsSection) -> None:
                self._sections.append(section)
                self.settings.register_defaults(section.name, dict(section.defaults))

            self.call(impl.plugin_name, "register_settings", "register", impl.function,
                      add_section)
        self._components = found
        return found

    def components(self, kind: str) -> list[Registered[Any]]:
        if kind not in KINDS:
            raise KeyError(kind)
        return list(self._collect()[kind])

    def component(self, kind: str, component_id: str) -> Registered[Any] | None:
        return next((r for r in self.components(kind) if r.id == component_id), None)

    def settings_sections(self) -> list[SettingsSection]:
        self._collect()
        return list(self._sections)

    # -- isolation -----------------------------------------------------------------------
    def call(self, plugin: str, component: str, phase: str, fn: Callable[..., R],
             *args: Any, **kwargs: Any) -> R | None:
        """Call ``fn``; on an exception record a :class:`ComponentFailure` and return None."""
        try:
            return fn(*args, **kwargs)
        except Exception as exc:
            from redactor.core.errors import CancelledError

            if self.strict or isinstance(exc, CancelledError):
                raise
            self.failures.append(ComponentFailure(plugin, component, phase,
                                                  _describe(exc, with_message=False)))
            return None

    def contract_broken(self, plugin: str, component: str, phase: str, rule: str) -> None:
        """Record that a component broke its contract (``rule`` names what, never document
        text); strict mode raises :class:`PluginContractError` instead."""
        if self.strict:
            raise PluginContractError(f"plugin {plugin!r}, component {component!r} ({phase}): "
                                      f"{rule}")
        self.failures.append(ComponentFailure(plugin, component, phase, rule))

    def take_failures(self) -> list[ComponentFailure]:
        out, self.failures = self.failures, []
        return out

    def plugin_records(self) -> list[PluginRecord]:
        self._collect()
        return list(self.records)


def _describe(exc: BaseException, *, with_message: bool = True) -> str:
    """A one-line description of an exception, naming the place it was raised.

    ``with_message=False`` (a component failing while it works on a document) keeps the
    message only for :class:`RedactorError`, whose messages never carry document text; any
    other exception's message might quote the document, so only its type and place are
    given."""
    tb = traceback.extract_tb(exc.__traceback__)
    where = f" ({Path(tb[-1].filename).name}:{tb[-1].lineno}" if tb else ""
    if tb and _ours(tb[-1].filename):  # raised inside Redactor (e.g. Span(5, 3)): name the
        caller = next((f for f in reversed(tb) if not _ours(f.filename)), None)  # plugin's line
        if caller is not None:
            where += f", called from {Path(caller.filename).name}:{caller.lineno}"
    where += ")" if tb else ""
    message = str(exc).splitlines()[0][:200] if str(exc) else ""
    if not with_message and not isinstance(exc, RedactorError):
        message = ""
    return f"{type(exc).__name__}{': ' + message if message else ''}{where}"


_REDACTOR_DIR = Path(__file__).resolve().parents[1]
_PLUGGY_DIR = Path(pluggy.__file__).resolve().parent


def _ours(filename: str) -> bool:
    """Whether a traceback frame lies in Redactor's own package, pluggy, or generated code
    (a dataclass's ``__init__`` is ``<string>``)."""
    if filename.startswith("<"):
        return True
    path = Path(filename).resolve()
    return path.is_relative_to(_REDACTOR_DIR) or path.is_relative_to(_PLUGGY_DIR)
