"""Redact one document and return a small, text-free record of what happened.

The batch command, its worker processes and the Dask adapter all call :func:`redact_one`;
it runs exactly the pipeline's read → analyse → export path (atomic write, verification by
re-reading, no file left on failure) and never raises for a document's own problems: they
become the record's ``status`` (``done``, ``refused`` or ``failed``) and ``exit_code``.

:class:`RedactionSetup` is the picklable recipe from which a worker builds its pipeline once
(:func:`build_pipeline`), so the models load once per worker process.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import os
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from redactor.core.context import CancelToken, RunContext
from redactor.core.errors import (
    CancelledError,
    InputError,
    RedactorError,
    UsageError,
    VerificationError,
)
from redactor.core.policy import Policy
from redactor.core.settings import Settings

DONE, REFUSED, FAILED, CANCELLED = "done", "refused", "failed", "cancelled"
#: Settings keys that choose ONNX Runtime intra-op threads (section, key).
THREAD_SETTINGS = (("recognizer", "threads"), ("risk", "threads"), ("ocr", "threads"))
#: Settings sections that say how a batch runs, not what it writes (``batch.timeout`` …).
RUN_SECTIONS = ("batch",)
log = logging.getLogger("redactor.batch")
_QUOTED = re.compile(r"'[^'\n]{0,80}…'")


@dataclass(frozen=True, slots=True)
class RedactionRecord:
    """The outcome of one document: no document text, only counts, digests and the error's
    class and (text-free) message."""

    status: str
    exit_code: int
    seconds: float
    input_sha256: str = ""
    output_sha256: str = ""
    replacements: int = 0
    counts: Mapping[str, int] = field(default_factory=dict)
    words: int = 0
    error_class: str = ""
    error_message: str = ""

    def to_dict(self) -> dict[str, Any]:
        out = dataclasses.asdict(self)
        out["counts"] = dict(self.counts)
        return out


@dataclass(frozen=True, slots=True)
class RedactionSetup:
    """Everything a worker needs to build the same pipeline as the command that started it
    (picklable: it travels to worker processes and Dask workers)."""

    policy: Policy = field(default_factory=Policy)
    settings: Mapping[str, Any] = field(default_factory=dict)
    password: str | None = None
    output_format: str | None = None
    load_plugins: bool = True
    blocked: tuple[str, ...] = ()
    #: ONNX Runtime intra-op threads per worker (0: leave the settings as they are)
    threads: int = 0

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # a Policy holds read-only mapping proxies, which do not pickle: send plain dicts
        state = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        state["policy"] = policy_state(self.policy)
        state["settings"] = dict(self.settings)
        return _rebuild_setup, (state,)

    def key(self) -> str:
        """A digest of what decides the output (policy, settings, format, password given):
        a journal entry made under another key is redone."""
        settings = json.loads(json.dumps(self.settings, sort_keys=True, default=str))
        for section, name in THREAD_SETTINGS:
            settings.get(section, {}).pop(name, None)
        settings = {k: v for k, v in settings.items() if v != {} and k not in RUN_SECTIONS}
        raw = json.dumps([repr(self.policy), settings, self.output_format,
                          self.password is not None], sort_keys=True, default=str)
        return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:16]


def policy_state(policy: Policy) -> dict[str, Any]:
    """A :class:`Policy` as plain, picklable values (:func:`_rebuild_setup` undoes it)."""
    state = {f.name: getattr(policy, f.name) for f in dataclasses.fields(policy)}
    for name in ("labels", "thresholds", "options"):
        state[name] = dict(state[name])
    return state


def _rebuild_setup(state: dict[str, Any]) -> RedactionSetup:
    return RedactionSetup(**{**state, "policy": Policy(**state["policy"])})


def build_pipeline(setup: RedactionSetup) -> Any:
    """A :class:`~redactor.core.pipeline.Pipeline` for ``setup`` (plugins discovered once)."""
    from redactor.core.pipeline import Pipeline
    from redactor.pluginhost.manager import PluginHost

    settings = Settings(dict(setup.settings))
    if setup.threads > 0:
        for section, name in THREAD_SETTINGS:
            settings.set(section, name, int(setup.threads))
    host = PluginHost(settings, load_entrypoints=setup.load_plugins,
                      load_user_folder=setup.load_plugins, blocked=setup.blocked)
    return Pipeline(host, setup.policy)


def partial_outputs(dest: Path) -> list[Path]:
    """Temporary files an interrupted export of ``dest`` may have left (never ``dest``)."""
    try:
        return sorted(dest.parent.glob(f".{dest.name}.partial-*"))
    except OSError:
        return []


def remove_partial_outputs(dest: Path) -> int:
    """Delete what :func:`partial_outputs` finds; returns how many were removed."""
    n = 0
    for tmp in partial_outputs(dest):
        try:
            tmp.unlink()
            n += 1
        except OSError:
            pass
    return n


def error_fields(exc: BaseException) -> tuple[str, str]:
    """(class, message) of an error for a journal or report. Redactor's own errors carry
    text-free messages; any other exception's message could quote the document, so only its
    class is kept."""
    name = type(exc).__name__
    if isinstance(exc, VerificationError):  # its quotes show a survivor's first letters
        return name, _QUOTED.sub("'…'", str(exc))
    if isinstance(exc, RedactorError):
        return name, str(exc)
    return name, f"unexpected error ({name})"


def redact_one(pipeline: Any, source: Path, dest: Path, *, setup: RedactionSetup | None = None,
               overwrite: bool = False, cancel: CancelToken | None = None,
               input_sha256: str = "") -> RedactionRecord:
    """Read, analyse, redact, write and verify ``source`` to ``dest`` (atomically).

    ``overwrite`` replaces an existing ``dest`` (``--force``, or an output this batch owns).
    Stale temporary files of ``dest`` from an interrupted run are removed first. Input
    problems and refused verifications give ``refused``; anything unexpected gives
    ``failed``; a cancellation gives ``cancelled`` (nothing written).
    """
    from redactor.core.hashing import sha256_file

    setup = setup or RedactionSetup()
    source, dest = Path(source), Path(dest)
    start = time.perf_counter()
    ctx = RunContext(settings=pipeline.host.settings, cancel=cancel or CancelToken(),
                     logger=log, password=setup.password)

    def record(status: str, code: int, exc: BaseException | None = None,
               **kw: Any) -> RedactionRecord:
        cls, msg = error_fields(exc) if exc is not None else ("", "")
        return RedactionRecord(status, code, round(time.perf_counter() - start, 4),
                               input_sha256=input_sha256, error_class=cls, error_message=msg,
                               **kw)

    try:
        remove_partial_outputs(dest)
        if not input_sha256:
            input_sha256 = sha256_file(source) if source.is_file() else ""
        doc = pipeline.read(source, ctx)
        analysis = pipeline.analyze(doc, ctx)
        result = pipeline.export(analysis, dest, ctx, output_format=setup.output_format,
                                 force=overwrite)
    except CancelledError as exc:
        return record(CANCELLED, exc.exit_code, exc)
    except KeyboardInterrupt as exc:
        return record(CANCELLED, CancelledError.exit_code, exc)
    except (InputError, VerificationError, UsageError) as exc:
        return record(REFUSED, exc.exit_code, exc)
    except OSError as exc:  # the input vanished, the output folder is not writable …
        return record(FAILED, 1, RedactorError(f"{source.name}: {exc.strerror or 'OS error'}"))
    except Exception as exc:  # a bug or a broken plugin: retried by the batch
        code = exc.exit_code if isinstance(exc, RedactorError) else 1
        return record(FAILED, code, exc)
    counts = result.report["counts"]
    return record(DONE, 0, output_sha256=result.report["output"]["sha256"],
                  replacements=int(counts["replacements"]),
                  counts={str(k): int(v) for k, v in counts["by_type"].items()},
                  words=len(doc.text.split()))


WARM_UP_TEXT = "Note of 3 May 2021: Anna Berg, aged 41, moved from Oslo to Leeds with Acme Ltd."


def warm_up(pipeline: Any) -> None:
    """Analyse a tiny built-in text so that every model is loaded before the first file
    (the models stay loaded for the life of the process)."""
    from redactor.core.model import Document

    doc = Document("warm-up", Path("warm-up.txt"), "txt", WARM_UP_TEXT)
    try:
        pipeline.analyze(doc, RunContext(settings=pipeline.host.settings, logger=log))
    except Exception as exc:  # the first real file will report the problem
        log.debug("warm-up failed (%s)", type(exc).__name__)


def default_threads(workers: int) -> int:
    """ONNX Runtime intra-op threads per worker so that ``workers`` share the cores."""
    return max(1, (os.cpu_count() or 1) // max(1, workers))
