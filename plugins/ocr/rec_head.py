"""The recognition model's classification head, evaluated over the scripts a site reads.

PP-OCR's recogniser ends in one linear layer and a softmax over its whole alphabet: 18,710
classes, most of them Chinese characters. For every time step of every text line that layer
costs 120 × 18,710 multiply-adds, and the softmax and the decoder's arg-max walk all 18,710
columns again: about a quarter of the recogniser's time on a page of Latin text. Here the
model is cut before that layer (its ONNX bytes edited in memory: the file inside the wheel is
not changed, and the ``onnx`` package is not needed), ONNX Runtime returns the 120 features
per time step, and :class:`HeadSession` applies the layer's own weights to the kept columns
only (the CTC blank, the space, and the characters of :func:`keep`).

Only classes are left out, nothing is re-weighted: where the full model's best class is a
kept character the reading is the same; where it was a left-out one (a Chinese look-alike of
a Latin letter) the best kept character is read instead. Confidences are the softmax over the
kept classes, so they are a little higher than over all of them (by the share the left-out
classes had, usually far below 1 %).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

#: Code point ranges kept by the ``latin`` alphabet: Latin (with every extension), Greek,
#: Cyrillic, and the punctuation, currency, letter-like, number-form, arrow and mathematical
#: symbols that European documents use.
LATIN_RANGES = ((0x20, 0x7F), (0xA0, 0x250), (0x370, 0x530), (0x1E00, 0x1F00),
                (0x2000, 0x2070), (0x20A0, 0x20D0), (0x2100, 0x2200), (0x2200, 0x2300))


def keep(chars: list[str], alphabet: str) -> list[int]:
    """The indices of ``chars`` (the model's character list) that ``alphabet`` keeps:
    ``"latin"`` (see :data:`LATIN_RANGES`) or ``"all"``."""
    if alphabet == "all":
        return list(range(len(chars)))
    return [i for i, c in enumerate(chars)
            if len(c) == 1 and any(lo <= ord(c) < hi for lo, hi in LATIN_RANGES)]


# -- protobuf wire format (just enough of ONNX's ModelProto) ---------------------------------
def _varint(buf: bytes, i: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        b = buf[i]
        i += 1
        value |= (b & 0x7F) << shift
        if not b & 0x80:
            return value, i
        shift += 7


def _encode_varint(value: int) -> bytes:
    out = bytearray()
    while True:
        b = value & 0x7F
        value >>= 7
        if value:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


Field = tuple[int, int, Any, bytes]  # number, wire type, value (int or bytes), raw encoding


def _fields(buf: bytes) -> Iterator[Field]:
    i = 0
    while i < len(buf):
        start = i
        key, i = _varint(buf, i)
        number, wire = key >> 3, key & 7
        value: Any
        if wire == 0:
            value, i = _varint(buf, i)
        elif wire == 1:
            value, i = buf[i:i + 8], i + 8
        elif wire == 2:
            n, i = _varint(buf, i)
            value, i = buf[i:i + n], i + n
        elif wire == 5:
            value, i = buf[i:i + 4], i + 4
        else:
            raise ValueError(f"unsupported protobuf wire type {wire}")
        yield number, wire, value, buf[start:i]


def _message(number: int, payload: bytes) -> bytes:
    return _encode_varint(number << 3 | 2) + _encode_varint(len(payload)) + payload


def _strings(buf: bytes, number: int) -> list[str]:
    return [v.decode("utf-8") for n, w, v, _ in _fields(buf) if n == number and w == 2]


def _ints(buf: bytes, number: int) -> list[int]:
    out: list[int] = []
    for n, w, v, _ in _fields(buf):
        if n != number:
            continue
        if w == 0:
            out.append(v if v < 1 << 63 else v - (1 << 64))
        elif w == 2:  # packed
            j = 0
            while j < len(v):
                x, j = _varint(v, j)
                out.append(x if x < 1 << 63 else x - (1 << 64))
    return out


class _Node:
    def __init__(self, raw: bytes) -> None:
        self.inputs = _strings(raw, 1)
        self.outputs = _strings(raw, 2)
        self.op = next(iter(_strings(raw, 4)), "")
        self.attrs = {next(iter(_strings(a, 1)), ""): a for a in
                      (v for n, w, v, _ in _fields(raw) if n == 5 and w == 2)}

    def int_attr(self, name: str, default: int) -> int:
        raw = self.attrs.get(name)
        return next(iter(_ints(raw, 3)), default) if raw is not None else default


def _tensor(raw: bytes) -> tuple[str, np.ndarray] | None:
    """An initializer's name and float32 values (None for anything else, or external)."""
    name = next(iter(_strings(raw, 8)), "")
    dims = _ints(raw, 1)
    dtype = next(iter(_ints(raw, 2)), 0)
    fields = {n: v for n, _, v, _ in _fields(raw)}
    if dtype != 1 or 13 in fields or 14 in fields:  # FLOAT only, no external data
        return None
    if 9 in fields:
        values = np.frombuffer(fields[9], dtype="<f4")
    elif 4 in fields and isinstance(fields[4], bytes):
        values = np.frombuffer(fields[4], dtype="<f4")
    else:
        return None
    if values.size != int(np.prod(dims)):
        return None
    return name, values.reshape(dims).astype(np.float32)


def _feature_output(name: str) -> bytes:
    """A ValueInfoProto: ``name``, a float tensor of rank 3 (batch, time, features)."""
    dims = b"".join(_message(1, _message(2, f"d{k}".encode())) for k in range(3))
    tensor = _encode_varint(1 << 3) + _encode_varint(1) + _message(2, dims)
    return _message(1, name.encode()) + _message(2, _message(1, tensor))


def split_head(model: bytes) -> tuple[bytes, np.ndarray, np.ndarray] | None:
    """``model`` (ONNX bytes) without its final MatMul → Add → Softmax (Identity nodes in
    between allowed), its output the MatMul's input; and the layer's weight (features ×
    classes) and bias. None when the model does not end that way (it is then used whole)."""
    top = list(_fields(model))
    graphs = [f for f in top if f[0] == 7 and f[1] == 2]
    if len(graphs) != 1:
        return None
    graph = list(_fields(graphs[0][2]))
    nodes = [(k, _Node(f[2])) for k, f in enumerate(graph) if f[0] == 1]
    outputs = [f for f in graph if f[0] == 12]
    if len(outputs) != 1:
        return None
    producer = {o: (k, n) for k, n in nodes for o in n.outputs}
    consumers: dict[str, int] = {}
    for _, n in nodes:
        for i in n.inputs:
            consumers[i] = consumers.get(i, 0) + 1
    inits = {t[0]: (k, t[1]) for k, f in enumerate(graph) if f[0] == 5
             for t in [_tensor(f[2])] if t is not None}

    removed: list[int] = []

    def back(name: str) -> tuple[int, _Node] | None:
        while name in producer:
            k, node = producer[name]
            if node.op != "Identity":
                return k, node
            if consumers.get(name, 0) > 1:
                return None
            removed.append(k)
            name = node.inputs[0]
        return None

    out_name = next(iter(_strings(outputs[0][2], 1)), "")
    soft = back(out_name) if out_name in producer else None
    if soft is None or soft[1].op != "Softmax" or soft[1].int_attr("axis", -1) not in (2, -1):
        return None
    removed.append(soft[0])
    add = back(soft[1].inputs[0])
    if add is None or add[1].op != "Add" or len(add[1].inputs) != 2:
        return None
    removed.append(add[0])
    bias_name = next((i for i in add[1].inputs if i in inits), None)
    other = next((i for i in add[1].inputs if i != bias_name), None)
    mat = back(other) if bias_name and other else None
    if mat is None or mat[1].op != "MatMul" or mat[1].inputs[1] not in inits:
        return None
    removed.append(mat[0])
    weight, bias = inits[mat[1].inputs[1]][1], inits[bias_name][1]  # type: ignore[index]
    if weight.ndim != 2 or bias.shape != (weight.shape[1],):
        return None
    feature = mat[1].inputs[0]
    by_index = dict(nodes)
    head_values = {o for k in removed for o in by_index[k].outputs}
    if any(consumers.get(v, 0) > 1 for v in head_values - {out_name}):
        return None
    drop = set(removed) | {inits[mat[1].inputs[1]][0], inits[bias_name][0]}  # type: ignore[index]
    parts = []
    for k, f in enumerate(graph):
        if k in drop:
            continue
        if f[0] == 12:
            parts.append(_message(12, _feature_output(feature)))
        elif f[0] == 13 and next(iter(_strings(f[2], 1)), "") in head_values:
            continue
        else:
            parts.append(f[3])
    new_graph = b"".join(parts)
    body = b"".join(_message(7, new_graph) if f[0] == 7 else f[3] for f in top)
    return body, weight, bias


def free_height(model: bytes, height: int = 48) -> bytes:
    """``model`` (ONNX bytes) with its first input's third dimension (a line image's height,
    ``height`` pixels in the file) made free (``dim_param "height"``), so that lines of
    another height can be read; unchanged when that dimension is not ``height``."""
    top = list(_fields(model))
    graphs = [f for f in top if f[0] == 7 and f[1] == 2]
    if len(graphs) != 1:
        return model
    graph = list(_fields(graphs[0][2]))
    first = next((k for k, f in enumerate(graph) if f[0] == 11 and f[1] == 2), None)
    if first is None:
        return model

    def edit(raw: bytes, path: tuple[int, ...]) -> bytes | None:
        """``raw`` with the message at ``path`` (field numbers; the last one the dimension
        list) rewritten: the third ``dim`` of the shape at the end of the path."""
        parts, done = [], False
        fields = list(_fields(raw))
        if not path:
            dims = [k for k, f in enumerate(fields) if f[0] == 1 and f[1] == 2]
            if len(dims) != 4:
                return None
            k = dims[2]
            if any(n == 1 and w == 0 and v == height for n, w, v, _ in _fields(fields[k][2])):
                fields[k] = (1, 2, b"", _message(1, _message(2, b"height")))
                return b"".join(f[3] for f in fields)
            return None
        for f in fields:
            if not done and f[0] == path[0] and f[1] == 2:
                inner = edit(f[2], path[1:])
                if inner is not None:
                    parts.append(_message(f[0], inner))
                    done = True
                    continue
            parts.append(f[3])
        return b"".join(parts) if done else None

    # ValueInfoProto.type (2) → TypeProto.tensor_type (1) → .shape (2) → TensorShapeProto
    value = edit(graph[first][2], (2, 1, 2))
    if value is None:
        return model
    graph[first] = (11, 2, value, _message(11, value))
    new_graph = b"".join(f[3] for f in graph)
    return b"".join(_message(7, new_graph) if f[0] == 7 else f[3] for f in top)


def characters(model: bytes) -> list[str] | None:
    """The character list in the model's metadata (``character``), as RapidOCR reads it."""
    for number, wire, value, _ in _fields(model):
        if number == 14 and wire == 2:
            entry = {n: v for n, _, v, _ in _fields(value)}
            if entry.get(1) == b"character":
                return bytes(entry.get(2, b"")).decode("utf-8").splitlines()
    return None


_BLAS: Any = None


def one_blas_thread() -> Any:
    """A context in which numpy's BLAS runs on the calling thread only. The head's product is
    small (a few hundred steps × a few hundred features × ~100 classes): split over BLAS
    threads, which then busy-wait for the next call, it took ~0.4 CPU s a page from ONNX
    Runtime's threads on 2 cores (session 20)."""
    global _BLAS
    if _BLAS is None:
        from threadpoolctl import ThreadpoolController

        _BLAS = ThreadpoolController()
    return _BLAS.limit(limits=1, user_api="blas")


class HeadSession:
    """Runs the cut model, then the head over the kept classes: called like RapidOCR's own
    session wrapper (a batch of line images in, per-step class probabilities out, the
    columns being blank, the kept characters in order, and the space). ``space_bias`` is
    added to the space's logit (:data:`.int8_pack.SPACE_BIAS`)."""

    def __init__(self, session: Any, weight: np.ndarray, bias: np.ndarray,
                 columns: list[int], space_bias: float = 0.0) -> None:
        self.session = session
        self.input = session.get_inputs()[0].name
        self.output = session.get_outputs()[0].name
        self.weight = np.ascontiguousarray(weight[:, columns], dtype=np.float32)
        self.bias = np.ascontiguousarray(bias[columns], dtype=np.float32)
        self.bias[-1] += space_bias

    def __call__(self, batch: np.ndarray) -> np.ndarray:
        feats = self.session.run([self.output], {self.input: batch})[0]
        n, steps, width = feats.shape
        z = feats.reshape(n * steps, width) @ self.weight  # 2-D: BLAS (3-D matmul is not)
        z += self.bias
        z -= z.max(axis=-1, keepdims=True)
        np.exp(z, out=z)
        z /= z.sum(axis=-1, keepdims=True)
        return z.reshape(n, steps, -1)
