"""Where RVM's network spends its time, by part of the graph (ADR 0016, round 5), with onnxruntime's profiler.

Runs the product's own network call (`RvmMatter.person_run`: the people's box, the top pad, the encoder
scale) on soak photos with a profiling session over a given model file, and sums onnxruntime's per-node
times into parts of the graph (encoder, ASPP, the decoder's ConvGRU cells, its other convolutions, the
output head and the guided-filter refiner at full network resolution).

    IDPHOTO_THREADS=1 .venv/bin/python benchmarks/profile_rvm_nodes.py DIR [--model FILE] [--limit 10]
"""
from __future__ import annotations

import argparse
import json
import logging
import re
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from idphoto_gui.core import models  # noqa: E402
from idphoto_gui.core.analysis import pipeline  # noqa: E402
from idphoto_gui.core.analysis.cache import LruCache  # noqa: E402
from idphoto_gui.core.imaging.imageio import load_image  # noqa: E402
from idphoto_gui.core.matting import get_matter  # noqa: E402
from idphoto_gui.core.matting.refine import fit_side, resize_to  # noqa: E402
from idphoto_gui.core.matting.region import scaled_faces  # noqa: E402

# Node numbers of the exported RVM graph (rvm_mobilenetv3_fp32.onnx, opset 12) by part; the still graph's
# new nodes are named "still_gru<k>_*".
PARTS = ((0, 7, "input resize + normalise"), (8, 162, "encoder (MobileNetV3)"), (163, 168, "ASPP"),
         (169, 289, "decoder"), (290, 295, "output head (2 full-scale 3x3 convs)"),
         (296, 352, "refiner + full-resolution tail"))
GRU = {*range(172, 188), *range(202, 218), *range(232, 248), *range(262, 278)}


def part_of(name: str) -> str:
    """The graph part a profiled node belongs to (ORT keeps the exported names, fused ones included)."""
    if name.startswith("still_gru"):
        return "decoder ConvGRU"
    m = re.search(r"_(\d+)", name)
    if not m:
        return "other"
    k = int(m.group(1))
    if k in GRU:
        return "decoder ConvGRU"
    return next((label for lo, hi, label in PARTS if lo <= k <= hi), "other")


def session(model: Path, prefix: str):
    """A session like `models.onnx_session`'s, with the profiler on."""
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.intra_op_num_threads = models.intra_threads()
    opts.inter_op_num_threads = 1
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_EXTENDED
    opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
    opts.enable_cpu_mem_arena = False
    opts.enable_profiling = True
    opts.profile_file_prefix = prefix
    return ort.InferenceSession(model.read_bytes(), sess_options=opts, providers=["CPUExecutionProvider"])


def main() -> int:
    """Profile the network on the first photos of a folder and print each part's share."""
    logging.basicConfig(level=logging.WARNING)
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("dir", type=Path)
    ap.add_argument("--model", type=Path, default=None, help="model file (default: the bundled rvm entry)")
    ap.add_argument("--limit", type=int, default=10)
    ap.add_argument("--top", type=int, default=0, help="also list the N costliest nodes")
    args = ap.parse_args()
    matter = get_matter("rvm")
    model = args.model or models.model_info(matter.model_id).path
    with tempfile.TemporaryDirectory() as tmp:
        sess = session(model, str(Path(tmp) / "rvm"))
        models._sessions[matter.model_id] = sess
        for path in sorted(args.dir.glob("*.jpg"))[:args.limit]:
            image = load_image(path)
            faces = tuple(f.box for f in pipeline.face_outcome(image, cache=LruCache(1 << 28)).faces)
            small = resize_to(image.rgb, fit_side(image.rgb.shape, matter.net_side))
            matter.person_run(small, scaled_faces(faces, small.shape[1] / image.rgb.shape[1]), colours=False)
        events = json.loads(Path(sess.end_profiling()).read_text())
    per_part: dict[str, float] = defaultdict(float)
    per_node: dict[str, float] = defaultdict(float)
    runs = 0
    for ev in events:
        if ev.get("cat") == "Node" and ev["name"].endswith("_kernel_time"):
            per_part[part_of(ev["name"][:-len("_kernel_time")])] += ev["dur"]
            per_node[f'{ev["args"].get("op_name", "")} {ev["name"][:-len("_kernel_time")]}'] += ev["dur"]
        elif ev.get("cat") == "Session" and ev["name"] == "model_run":
            runs += 1
    total = sum(per_part.values())
    print(f"{model.name}: {runs} runs, node time {total / 1e3 / max(runs, 1):.0f} ms a run")
    for label, us in sorted(per_part.items(), key=lambda kv: -kv[1]):
        print(f"  {label:40s} {us / 1e3 / max(runs, 1):7.1f} ms a run  {us / total:6.1%}")
    for name, us in sorted(per_node.items(), key=lambda kv: -kv[1])[:args.top]:
        print(f"    {name:50s} {us / 1e3 / max(runs, 1):7.1f} ms a run  {us / total:6.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
