"""numpy <-> QImage conversions that always copy, so no QImage outlives the buffer it was built on."""
from __future__ import annotations

import numpy as np
from PySide6.QtGui import QImage


def _copied(arr: np.ndarray, fmt: QImage.Format) -> QImage:
    """An independent QImage of a uint8 array in `fmt` (the pixels copied out of numpy's buffer)."""
    arr = np.ascontiguousarray(arr)
    h, w = arr.shape[:2]
    return QImage(arr.data, w, h, arr.strides[0], fmt).copy()


def _require(arr: np.ndarray, channels: int) -> None:
    if arr.ndim != 3 or arr.shape[2] != channels or arr.dtype != np.uint8:
        raise ValueError(f"expected (H, W, {channels}) uint8, got {arr.shape} {arr.dtype}")


def rgb_to_qimage(rgb: np.ndarray) -> QImage:
    """An independent QImage (RGB888) from an (H, W, 3) uint8 array; safe to create on any thread."""
    _require(rgb, 3)
    return _copied(rgb, QImage.Format.Format_RGB888)


def rgba_to_qimage(rgba: np.ndarray) -> QImage:
    """An independent QImage (RGBA8888, straight alpha) from an (H, W, 4) uint8 array."""
    _require(rgba, 4)
    return _copied(rgba, QImage.Format.Format_RGBA8888)


def gray_to_qimage(gray: np.ndarray) -> QImage:
    """An independent Grayscale8 QImage from an (H, W) uint8 array (a matte, a mask)."""
    return _copied(gray, QImage.Format.Format_Grayscale8)


def qimage_to_rgb(image: QImage) -> np.ndarray:
    """(H, W, 3) uint8 pixels copied out of any QImage (clipboard, camera); alpha is flattened on white."""
    if image.hasAlphaChannel():
        flat = QImage(image.size(), QImage.Format.Format_RGB888)
        flat.fill(0xFFFFFFFF)
        from PySide6.QtGui import QPainter

        painter = QPainter(flat)
        painter.drawImage(0, 0, image)
        painter.end()
        image = flat
    else:
        image = image.convertToFormat(QImage.Format.Format_RGB888)
    w, h, bpl = image.width(), image.height(), image.bytesPerLine()
    buf = np.frombuffer(image.constBits(), dtype=np.uint8, count=bpl * h).reshape(h, bpl)
    return buf[:, : w * 3].reshape(h, w, 3).copy()


def thumbnail(rgb: np.ndarray, long_side: int) -> np.ndarray:
    """A small copy for the strip, by striding then area averaging (no cv2 dependency here)."""
    h, w = rgb.shape[:2]
    step = max(1, int(max(h, w) / long_side))
    if step == 1:
        return rgb.copy()
    hh, ww = (h // step) * step, (w // step) * step
    view = rgb[:hh, :ww].reshape(hh // step, step, ww // step, step, 3)
    return view.mean(axis=(1, 3)).astype(np.uint8)
