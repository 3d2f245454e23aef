"""ONNX Runtime session options shared by the bundled models.

``inference_session(path, options, providers)`` opens a bundled model with its graph optimised
once per machine (see its docstring): opening the masked LM took ~0.45 s of CPU, most of it
optimising the graph again at every start; from the saved optimised graph, ~0.2 s.

Intra-op threads *spin* (busy-wait) between operators by default, which keeps both cores of a
small machine busy and takes the CPU from the desktop app's GUI thread while a document is
analysed. Spinning is off unless ``REDACTOR_ORT_SPINNING=1`` (e.g. a batch server where no
window shares the CPU).
"""

from __future__ import annotations

import functools
import hashlib
import logging
import os
import platform
import tempfile
from pathlib import Path

os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")

import onnxruntime as ort  # noqa: E402

__all__ = ["CUDA_MISSING", "default_providers", "device", "inference_session", "on_gpu",
           "optimized_cache_dir", "parallel_runs", "session_options", "thread_count"]

log = logging.getLogger("redactor.onnx")


def _threads_override() -> int:
    """``REDACTOR_ORT_THREADS`` (batch workers set it: cores ÷ workers), 0 when unset."""
    value = os.environ.get("REDACTOR_ORT_THREADS", "").strip()
    return int(value) if value.isdigit() else 0


def thread_count(threads: int = 0) -> int:
    """The CPU threads a model may use: ``REDACTOR_ORT_THREADS`` if set, else ``threads``,
    else (0) the machine's cores."""
    return _threads_override() or (int(threads) if threads > 0 else max(1, os.cpu_count() or 1))


def parallel_runs(threads: int, providers: list[str]) -> tuple[int, ort.SessionOptions]:
    """``(workers, options)`` for an encoder whose batches are independent: on the CPU with
    N > 1 threads, N concurrent runs of one intra-op thread each (no synchronisation between
    operators: ~12 % faster on 2 cores than one run on 2 threads); on a GPU one run at a time."""
    n = thread_count(threads)
    if n > 1 and "CUDAExecutionProvider" not in providers:
        so = session_options()
        so.intra_op_num_threads = 1  # also under REDACTOR_ORT_THREADS: n runs of one thread
        return n, so
    return 1, session_options(threads)


def session_options(threads: int = 0) -> ort.SessionOptions:
    """Options for a CPU/GPU inference session: ``threads`` intra-op threads (0 = the
    runtime's default), one inter-op thread, quiet logs, full graph optimisation.
    ``REDACTOR_ORT_THREADS=N`` overrides ``threads`` (batch workers set it: cores ÷ workers)."""
    so = ort.SessionOptions()
    threads = _threads_override() or threads
    if threads > 0:
        so.intra_op_num_threads = int(threads)
    so.inter_op_num_threads = 1
    so.log_severity_level = 3
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    spin = "1" if os.environ.get("REDACTOR_ORT_SPINNING", "0") == "1" else "0"
    so.add_session_config_entry("session.intra_op.allow_spinning", spin)
    so.add_session_config_entry("session.inter_op.allow_spinning", spin)
    return so


CUDA_MISSING = ("the GPU was asked for (--device cuda / REDACTOR_DEVICE=cuda) but ONNX Runtime "
                "offers no CUDA provider here: install the GPU build (pip install "
                "'redactor[gpu]', which replaces onnxruntime by onnxruntime-gpu) and a CUDA 12 "
                "driver, or run with --device cpu")


def device() -> str:
    """The device the user chose: ``REDACTOR_DEVICE`` = ``auto`` (default), ``cpu`` or ``cuda``
    (the CLI's ``--device`` sets it, so batch workers inherit it)."""
    value = os.environ.get("REDACTOR_DEVICE", "auto").strip().lower() or "auto"
    return value if value in ("auto", "cpu", "cuda") else "auto"


def default_providers() -> list[str]:
    """The execution providers for ``device()``: ``cuda`` → CUDA then CPU (an error naming the
    fix when CUDA is absent), ``cpu`` → CPU only, ``auto`` → CUDA where onnxruntime-gpu offers
    it, else the CPU."""
    avail = ort.get_available_providers()
    choice = device()
    if choice == "cpu":
        return ["CPUExecutionProvider"]
    if choice == "cuda" and "CUDAExecutionProvider" not in avail:
        raise RuntimeError(CUDA_MISSING)
    return [p for p in ("CUDAExecutionProvider", "CPUExecutionProvider") if p in avail]


def on_gpu(session: ort.InferenceSession) -> bool:
    """Whether ``session`` runs on the CUDA provider (larger batches pay off there)."""
    return "CUDAExecutionProvider" in session.get_providers()


# -- graph optimisation done once ------------------------------------------------------------
def optimized_cache_dir() -> Path | None:
    """Where optimised graphs are kept: ``REDACTOR_ORT_CACHE`` (a folder; ``0`` or ``off``:
    none), else ``<user cache>/redactor/onnx``."""
    value = os.environ.get("REDACTOR_ORT_CACHE", "").strip()
    if value.lower() in ("0", "off", "no", "false"):
        return None
    if value:
        return Path(value)
    import platformdirs

    return Path(platformdirs.user_cache_dir("redactor")) / "onnx"


@functools.cache
def _cpu_signature() -> str:
    """What the optimised graph may depend on besides the model and ONNX Runtime: the CPU's
    instruction sets (Linux: the ``flags`` line of /proc/cpuinfo)."""
    flags = ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as fh:
            for line in fh:
                if line.startswith(("flags", "Features")):
                    flags = line
                    break
    except OSError:
        pass
    return f"{platform.machine()}|{platform.processor()}|{flags}"


def _cache_key(model: Path, so: ort.SessionOptions) -> str:
    st = model.stat()
    parts = (str(model.resolve()), str(st.st_size), str(st.st_mtime_ns), ort.__version__,
             str(int(so.graph_optimization_level)), _cpu_signature())
    return _digest("\n".join(parts))[:24]


def inference_session(model: str | os.PathLike[str], so: ort.SessionOptions,
                      providers: list[str]) -> ort.InferenceSession:
    """``ort.InferenceSession(model, so, providers=providers)``, with the graph optimised once.

    On the CPU alone, the first start saves the graph as ONNX Runtime optimises it (the same
    graph it then runs) under :func:`optimized_cache_dir`; later starts load that file with
    graph optimisation off, so they run the very same graph and give the same outputs. The
    file's name holds the model's path, size and modification time, ONNX Runtime's version,
    the optimisation level and the CPU's instruction sets: any change makes a new one. A
    missing, unreadable or unwritable cache is never an error: the model is then optimised
    as before. The GPU path is not cached."""
    path = Path(model)
    folder = optimized_cache_dir()
    if folder is None or list(providers) != ["CPUExecutionProvider"] or not path.is_file():
        return ort.InferenceSession(str(path), so, providers=providers)
    try:
        prefix = f"{path.parent.name}-{path.stem}-{_digest(str(path.resolve()))[:8]}-"
        cached = folder / f"{prefix}{_cache_key(path, so)}.onnx"
    except OSError:
        return ort.InferenceSession(str(path), so, providers=providers)
    level = so.graph_optimization_level
    if cached.is_file():
        so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
        try:
            return ort.InferenceSession(str(cached), so, providers=providers)
        except Exception as exc:  # a damaged file: optimise again and replace it
            log.debug("optimised graph %s unusable (%s)", cached.name, type(exc).__name__)
            so.graph_optimization_level = level
            _remove(cached)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".onnx", dir=folder)
        os.close(fd)
    except OSError:
        return ort.InferenceSession(str(path), so, providers=providers)
    try:
        so.optimized_model_filepath = tmp
        try:
            session = ort.InferenceSession(str(path), so, providers=providers)
        except Exception:  # e.g. the graph could not be saved: open it as before
            so.optimized_model_filepath = ""
            return ort.InferenceSession(str(path), so, providers=providers)
        try:
            os.replace(tmp, cached)  # atomic: another process reads a whole file or none
        except OSError:
            return session
        for old in folder.glob(f"{prefix}*.onnx"):
            if old != cached:  # an older model, runtime or CPU: never read again
                _remove(old)
        return session
    finally:
        _remove(Path(tmp))


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _remove(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError:
        pass
