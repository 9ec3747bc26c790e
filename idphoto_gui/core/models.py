"""Model manifest, sha256-verified loading, and lazily created inference sessions."""
from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import ModelError
from .paths import models_dir

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ModelInfo:
    """One manifest entry: what the file is, where it came from, what it must hash to."""

    id: str
    kind: str
    name: str
    file: str
    sha256: str
    licence: str
    source: str

    @property
    def path(self) -> Path:
        """Location of the file in the bundled models folder."""
        return models_dir() / self.file


@lru_cache(maxsize=1)
def manifest() -> dict[str, ModelInfo]:
    """All models listed in models/manifest.json, by id."""
    path = models_dir() / "manifest.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ModelError(f"Model manifest {path} cannot be read: {exc}", path=str(path)) from exc
    out = {}
    for m in data["models"]:
        src = m["source"]
        out[m["id"]] = ModelInfo(id=m["id"], kind=m["kind"], name=m["name"], file=m["file"],
                                 sha256=m["sha256"], licence=m["licence"],
                                 source=f'{src["package"]}=={src["version"]}:{src["path"]}')
    return out


def model_info(model_id: str) -> ModelInfo:
    """Manifest entry for one model id, or a ModelError naming the unknown id."""
    try:
        return manifest()[model_id]
    except KeyError:
        raise ModelError(f"Unknown model '{model_id}'. Known: {', '.join(manifest())}") from None


_verified: dict[tuple[str, float, int], str] = {}
_lock = threading.Lock()


def verified_bytes(model_id: str) -> bytes:
    """The model file's bytes after checking its sha256; a missing or damaged file is a ModelError."""
    info = model_info(model_id)
    path = info.path
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ModelError(f"Model file {info.file} is missing ({path}). Reinstall idphoto.",
                         path=str(path)) from exc
    digest = hashlib.sha256(data).hexdigest()
    if digest != info.sha256:
        raise ModelError(f"Model file {info.file} is damaged (sha256 {digest[:12]}... expected "
                         f"{info.sha256[:12]}...). Reinstall idphoto.", path=str(path))
    return data


def intra_threads() -> int:
    """Threads for one inference: IDPHOTO_THREADS if set (batch workers share the cores), else every core."""
    env = os.environ.get("IDPHOTO_THREADS", "")
    if env.isdigit() and int(env) > 0:
        return int(env)
    return max(1, min(os.cpu_count() or 1, 8))


_sessions: dict[str, Any] = {}
_nets: dict[str, Any] = {}


def onnx_session(model_id: str, *, small: bool = False) -> Any:
    """A shared onnxruntime session for a verified ONNX model, created once (thread-safe to run).

    `small`: a tiny network run once per face (the expression classifier): one thread and every graph
    optimisation, 0.64 ms a pass against 1.0 in OpenCV dnn; a thread pool costs more than it saves there.
    """
    with _lock:
        sess = _sessions.get(model_id)
        if sess is None:
            import onnxruntime as ort

            opts = ort.SessionOptions()
            opts.intra_op_num_threads = 1 if small else intra_threads()
            opts.inter_op_num_threads = 1
            # EXTENDED, not ALL, for the large nets: ALL adds the NCHWc layout transforms, whose buffers
            # took RVM on a 1024x640 photo to +230 MB at the peak (+60 MB without), at no measured gain.
            opts.graph_optimization_level = (ort.GraphOptimizationLevel.ORT_ENABLE_ALL if small
                                             else ort.GraphOptimizationLevel.ORT_ENABLE_EXTENDED)
            opts.log_severity_level = 3
            # Idle worker threads sleep instead of spinning: spinning steals the GUI thread's core.
            opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
            # No arena: it keeps the largest buffers of every input size seen and never gives them
            # back (a batch of varied photos grew to 600 MB by photo 50; ~180 MB without it).
            opts.enable_cpu_mem_arena = False
            try:
                sess = ort.InferenceSession(verified_bytes(model_id), sess_options=opts,
                                            providers=["CPUExecutionProvider"])
            except ModelError:
                raise
            except Exception as exc:  # onnxruntime raises its own exception types
                raise ModelError(f"Model {model_id} failed to load: {exc}") from exc
            # onnxruntime keeps the bytes it was made from, only to re-make the session when a GPU provider
            # fails; with the CPU provider that never happens, and RVM's 14.5 MB would stay resident twice.
            if getattr(sess, "_model_bytes", None) is not None:
                sess._model_bytes = None
            _sessions[model_id] = sess
            log.info("loaded onnx model %s", model_id)
        return sess


def tflite_net(model_id: str) -> Any:
    """A new OpenCV dnn net for a verified TFLite model (classic engine keeps every output).

    OpenCV nets are not thread-safe, so callers keep one per thread.
    """
    import cv2
    import numpy as np

    data = verified_bytes(model_id)
    path = str(model_info(model_id).path)
    try:
        if path.isascii():
            # OpenCV 5 honours ENGINE_CLASSIC (all outputs in one pass) only when reading from a path.
            return cv2.dnn.readNetFromTFLite(path, engine=cv2.dnn.ENGINE_CLASSIC)
        # Non-ASCII install folders defeat OpenCV's file reading on Windows: use the verified bytes.
        return cv2.dnn.readNetFromTFLite(np.frombuffer(data, dtype=np.uint8), engine=cv2.dnn.ENGINE_CLASSIC)
    except Exception as exc:
        raise ModelError(f"Model {model_id} failed to load: {exc}") from exc


def model_hash(model_id: str) -> str:
    """The manifest sha256, used in cache keys (the file was verified against it on load)."""
    return model_info(model_id).sha256
