"""U^2-Net-p: the permissively licensed alternative (a salient-object model at 320 px)."""
from __future__ import annotations

import logging
from dataclasses import dataclass

import cv2
import numpy as np

from ..models import onnx_session
from .base import Matte
from .refine import refine_matte, upsample

log = logging.getLogger(__name__)

SIZE = 320
_MEAN = np.array([0.485, 0.456, 0.406], np.float32)
_STD = np.array([0.229, 0.224, 0.225], np.float32)


@dataclass(frozen=True)
class U2netpMatter:
    """u2netp behind the Matter interface, with rembg's pre- and post-processing."""

    model_id: str = "u2netp"
    upsample: str = "linear"       # how matte() brings the 320 px alpha back to full size
    floor: tuple[float, float] = (0.05, 0.95)  # sharpens the soft 320 px rim (ADR 0002)

    def infer(self, rgb: np.ndarray) -> np.ndarray:
        """The network's d0 output at 320 x 320, min-max normalised to [0, 1]."""
        x = cv2.resize(rgb, (SIZE, SIZE), interpolation=cv2.INTER_AREA).astype(np.float32)
        x *= np.float32(1.0) / max(float(x.max()), 1e-6)
        x = (x - _MEAN) / _STD
        sess = onnx_session(self.model_id)
        feed = {sess.get_inputs()[0].name: np.ascontiguousarray(x.transpose(2, 0, 1)[None])}
        d0 = sess.run([sess.get_outputs()[0].name], feed)[0][0, 0]
        lo, hi = float(d0.min()), float(d0.max())
        return ((d0 - lo) / max(hi - lo, 1e-6)).astype(np.float32)

    def predict(self, rgb: np.ndarray) -> np.ndarray:
        """Raw alpha: the normalised network output resized (bilinear) to the input."""
        return upsample(self.infer(rgb), rgb, method="linear")

    def matte(self, rgb: np.ndarray, people: tuple = (), keep: np.ndarray | None = None) -> Matte:
        """Upsampled alpha, noise floor and blur-fusion foreground colours (the whole frame: `people` is not
        used, the network sees a fixed 320 x 320 whatever the box; no pass opens gaps, so `keep` is not needed)."""
        alpha = upsample(self.infer(rgb), rgb, method=self.upsample)
        a, fg = refine_matte(rgb, alpha, floor=self.floor)
        return Matte(alpha=a, foreground=fg, model_id=self.model_id)
