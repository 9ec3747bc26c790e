"""Inference sessions: one copy of each model in memory, and still runnable after the bytes are let go."""
from __future__ import annotations

import gc
from pathlib import Path

import cv2
import numpy as np

from idphoto_gui.core.matting.rvm import RvmMatter
from idphoto_gui.core.models import onnx_session

DATA = Path(__file__).resolve().parents[1] / "data"


def test_session_keeps_no_second_copy_of_the_model_bytes():
    """onnxruntime would hold the Python bytes (14.5 MB for RVM) beside its own parsed copy."""
    sess = onnx_session("rvm")
    assert getattr(sess, "_model_bytes", None) is None
    assert onnx_session("rvm") is sess   # created once per process


def test_session_runs_after_the_bytes_are_dropped():
    """The network still mattes a real portrait: the face is foreground, the top corners' wall is not."""
    onnx_session("rvm")
    gc.collect()
    bgr = cv2.imread(str(DATA / "man_suit.jpg"))
    rgb = cv2.cvtColor(cv2.resize(bgr, (bgr.shape[1] * 320 // bgr.shape[0], 320)), cv2.COLOR_BGR2RGB)
    alpha = RvmMatter().predict(rgb)
    h, w = alpha.shape
    assert alpha.shape == rgb.shape[:2] and alpha.dtype == np.float32
    assert alpha[h // 3, w // 2] > 0.9
    assert alpha[:h // 10, :w // 10].mean() < 0.1 and alpha[:h // 10, -w // 10:].mean() < 0.1
