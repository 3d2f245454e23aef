"""Give the masked LM's ONNX graph a ``targets`` input and a ``target_logprobs`` output.

The risk indicators need only log p(original sub-token | context) at each scored position, not
the 30,522 logits: computing the log-softmax and picking the target inside the graph (ONNX
Runtime's vectorised, multi-threaded kernels) spares copying ``[B, P, V]`` floats out of the
runtime and a single-threaded numpy log-sum-exp over them. Weights are untouched; ``logits``
stays an output (the reference path, ``REDACTOR_REFERENCE_PATH=1``, still asks for it).

    python training/mlm/add_target_logprobs.py resources/models/mlm/model.onnx

(``export_onnx.py`` calls it on every export; running it twice is a no-op.)
"""

from __future__ import annotations

import argparse
from pathlib import Path

import onnx
from onnx import TensorProto, helper


def add_target_logprobs(path: Path) -> bool:
    """Rewrite ``path`` in place; False when it already has the output."""
    m = onnx.load(str(path))
    g = m.graph
    if any(o.name == "target_logprobs" for o in g.output):
        return False
    g.input.append(helper.make_tensor_value_info("targets", TensorProto.INT64, ["b", "p"]))
    axes = helper.make_tensor("tlp_axes", TensorProto.INT64, [1], [2])
    g.initializer.append(axes)
    g.node.extend([
        helper.make_node("LogSoftmax", ["logits"], ["tlp_logsoftmax"], axis=-1),
        helper.make_node("Unsqueeze", ["targets", "tlp_axes"], ["tlp_targets3"]),
        helper.make_node("GatherElements", ["tlp_logsoftmax", "tlp_targets3"], ["tlp_gathered"],
                         axis=2),
        helper.make_node("Squeeze", ["tlp_gathered", "tlp_axes"], ["target_logprobs"]),
    ])
    g.output.append(helper.make_tensor_value_info("target_logprobs", TensorProto.FLOAT, ["b", "p"]))
    onnx.checker.check_model(m)
    onnx.save(m, str(path))
    return True


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("model", type=Path)
    args = ap.parse_args()
    print("rewritten" if add_target_logprobs(args.model) else "already has target_logprobs")


if __name__ == "__main__":
    main()
