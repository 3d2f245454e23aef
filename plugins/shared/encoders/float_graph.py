"""A float copy of an int8 encoder, for batches on a GPU.

The shipped encoders are quantised dynamically: before every matrix product the activations
are quantised with one scale for the whole batch (``DynamicQuantizeLinear``), so a window's
numbers depend on the other windows of its batch and on their padding. On the CPU every
window is its own call, so nothing moves; a GPU wants batches of dozens of windows. Here
each ``DynamicQuantizeLinear → MatMulInteger → Cast → Mul`` chain becomes one float
``MatMul`` with the weight dequantised (``(W − zero point) × scale``: the same weight the
int8 product uses), so the graph computes every window alone whatever shares its batch —
the CPU's int8 numbers within the quantisation's own tolerance. Built in memory when a
model is loaded on a GPU; the file on disk is never changed. Needs the ``onnx`` package
(the ``gpu`` extra installs it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["dequantized_model", "is_dynamically_quantized"]


def is_dynamically_quantized(model: Any) -> bool:
    """Whether the ONNX ``model`` has a product of dynamically quantised activations."""
    return any(n.op_type == "MatMulInteger" for n in model.graph.node)


def dequantized_model(path: str | Path) -> bytes:
    """The model at ``path`` with every dynamically quantised product made a float
    ``MatMul`` (see module), serialised; the model unchanged when it has none. Raises
    ``ValueError`` for a product it does not recognise (the caller then keeps the int8
    graph)."""
    import numpy as np
    import onnx
    from onnx import helper, numpy_helper

    model = onnx.load(str(path))
    graph = model.graph
    if not is_dynamically_quantized(model):
        return model.SerializeToString()
    inits = {t.name: t for t in graph.initializer}
    producer = {o: n for n in graph.node for o in n.output}
    consumers: dict[str, list[Any]] = {}
    for n in graph.node:
        for i in n.input:
            consumers.setdefault(i, []).append(n)

    def only_consumer(name: str, op: str) -> Any:
        users = consumers.get(name, [])
        if len(users) != 1 or users[0].op_type != op:
            raise ValueError(f"unexpected graph after {name}")
        return users[0]

    def array(name: str) -> Any:
        if name not in inits:
            raise ValueError(f"{name} is not a constant")
        return numpy_helper.to_array(inits[name])

    drop: set[int] = set()
    new_nodes: dict[int, Any] = {}
    new_inits = []
    for at, node in enumerate(graph.node):
        if node.op_type != "MatMulInteger":
            continue
        quant = producer.get(node.input[0])
        if quant is None or quant.op_type != "DynamicQuantizeLinear":
            raise ValueError(f"{node.name}: activations not quantised dynamically")
        cast = only_consumer(node.output[0], "Cast")
        mul = only_consumer(cast.output[0], "Mul")
        scales = producer.get(next(i for i in mul.input if i != cast.output[0]))
        if scales is None or scales.op_type != "Mul":
            raise ValueError(f"{node.name}: no product of scales")
        w_scale = next((i for i in scales.input if i in inits), None)
        if w_scale is None or quant.output[1] not in scales.input:
            raise ValueError(f"{node.name}: no weight scale")
        weight = array(node.input[1]).astype(np.float32)
        zero = array(node.input[3]).astype(np.float32) if len(node.input) > 3 and \
            node.input[3] else np.float32(0)
        dequantized = (weight - zero) * array(w_scale).astype(np.float32)
        name = f"{node.input[1]}_dequantized"
        new_inits.append(numpy_helper.from_array(dequantized.astype(np.float32), name))
        new_nodes[at] = helper.make_node("MatMul", [quant.input[0], name], [mul.output[0]],
                                         name=f"{node.name}_float")
        drop.update(id(n) for n in (node, cast, mul))
    nodes = []
    for k, n in enumerate(graph.node):
        if k in new_nodes:
            nodes.append(new_nodes[k])
        if id(n) not in drop:
            nodes.append(n)
    nodes = _live(nodes, {o.name for o in graph.output})
    del graph.node[:]
    graph.node.extend(nodes)
    used = {i for n in nodes for i in n.input}
    kept = [t for t in graph.initializer if t.name in used] + \
        [t for t in new_inits if t.name in used]
    del graph.initializer[:]
    graph.initializer.extend(kept)
    onnx.checker.check_model(model)
    return model.SerializeToString()


def _live(nodes: list[Any], outputs: set[str]) -> list[Any]:
    """``nodes`` without those whose outputs nothing reads (in their order)."""
    needed = set(outputs)
    keep = []
    for n in reversed(nodes):
        if any(o in needed for o in n.output):
            keep.append(n)
            needed.update(i for i in n.input if i)
    return keep[::-1]
