"""One garment: its description, anchors and pixels (the catalogue that lists them is garments.py)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from ..imaging.nearest import nearest_colours

KINDS = ("men", "women", "children")
NONE = "none"            # no garment: the person's own clothing
SOLID = 0.98             # a garment picture's colour is its own where it covers at least this much; its softer edge
                         # pixels hold what it was cut from or drawn on (a wall, black): they take their nearest
                         # solid pixel's colour


class GarmentError(ValueError):
    """A garment id that is not known, or a garment file that cannot be used; `code` says which for a window's
    words: unknown, unreadable, png_missing, not_rgba, empty, no_opening, anchors (the studio's files); exists,
    name, folder, refused, no_face, no_room, too_small (making one from a photo, garment_cut.py)."""

    def __init__(self, message: str, code: str = "unreadable") -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Problem:
    """A file in the studio's garment folder that cannot be used, and why (GarmentError's code and words)."""

    file: str
    code: str
    message: str

    @classmethod
    def of(cls, file: str, exc: GarmentError) -> "Problem":
        """The problem of `file`, its words starting with the file's name."""
        text = str(exc)
        return cls(file, exc.code, text if text.startswith(file) else f"{file}: {text}")


@dataclass(frozen=True)
class Garment:
    """One garment's description and anchors (its pixels are loaded once, by `pixels`)."""

    id: str
    name_en: str
    name_zh: str
    kind: str
    licence: str
    path: Path
    neck_centre: tuple[float, float]
    collar_inner: tuple[tuple[float, float], tuple[float, float]]
    shoulder_width: float
    source: str = ""

    @property
    def neck_half(self) -> float:
        """Half the distance between the collar's inner points (the neck's half-width the collar fits)."""
        (lx, _), (rx, _) = self.collar_inner
        return abs(rx - lx) / 2

    def pixels(self) -> np.ndarray:
        """The picture, RGBA uint8 (cached per file)."""
        return _pixels(str(self.path))

    def meta(self) -> dict:
        """The JSON beside the PNG: the description and the anchors."""
        (lx, ly), (rx, ry) = self.collar_inner
        r = lambda v: round(float(v), 1)  # noqa: E731
        return {"id": self.id, "name_en": self.name_en, "name_zh": self.name_zh, "kind": self.kind,
                "licence": self.licence, "source": self.source, "neck_centre": [r(v) for v in self.neck_centre],
                "collar_inner": [[r(lx), r(ly)], [r(rx), r(ry)]], "shoulder_width": r(self.shoulder_width)}

    def as_dict(self) -> dict:
        """What `idphoto garments --json` lists."""
        return {"id": self.id, "name_en": self.name_en, "name_zh": self.name_zh, "kind": self.kind,
                "licence": self.licence, "source": self.source}


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ALPHA_TYPES = (3, 4, 6)   # PNG colour types that can be transparent: palette (with tRNS), grey + alpha, RGBA


def check_png(path: Path) -> None:
    """GarmentError unless `path` is a PNG that can hold transparency (read from its header, not decoded)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(26)
    except OSError as exc:
        raise GarmentError(f"{Path(path).name} cannot be read: {exc.strerror or exc}") from None
    if len(head) < 26 or not head.startswith(PNG_SIGNATURE):
        raise GarmentError(f"{Path(path).name} is not a PNG file", "not_rgba")
    if head[25] not in ALPHA_TYPES:
        raise GarmentError(f"{Path(path).name} has no transparency: a garment needs a transparent background and "
                           f"neck opening (save it as an RGBA PNG)", "not_rgba")


def card(rgba: np.ndarray, side: int, grey: int, top: float) -> np.ndarray:
    """The garment's top share `top` fitted into a side x side RGB card of `grey`, bottom-centred (the neck's
    opening shows as the card): the thumbnail the window's Clothing control and the kiosk's cards show."""
    out = np.full((side, side, 3), grey, np.uint8)
    part = rgba[: max(1, int(rgba.shape[0] * top))]
    scale = side / max(part.shape[:2])
    w, h = max(1, round(part.shape[1] * scale)), max(1, round(part.shape[0] * scale))
    small = premultiplied(part, (w, h))
    x, y = (side - w) // 2, side - h
    out[y:y + h, x:x + w] = (small[..., :3] + out[y:y + h, x:x + w] * (1 - small[..., 3:])).astype(np.uint8)
    return out


def premultiplied(rgba: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """(h, w, 4) float32: the garment picture at `size`, premultiplied colour and coverage (0-1), its soft edge in
    its cloth's own colour: a photographed garment's edge holds the wall it was cut from (a light fringe on the
    shoulders), a drawn one's may hold black; each soft pixel takes its nearest solid pixel's colour. Resized in
    8 bits as it is (4 ms for a 1600 px garment, 80 in float: a card is made on the GUI thread): a solid pixel
    then holds at most 2 % of the transparent colours around it, the soft ones are replaced anyway."""
    small = cv2.resize(rgba, size, interpolation=cv2.INTER_AREA).astype(np.float32)
    small[..., 3] /= 255.0
    a = small[..., 3]
    solid = a >= SOLID
    soft = (a > 0) & ~solid
    if solid.any() and soft.any():
        ys, xs = np.nonzero(soft)
        small[ys, xs, :3] = nearest_colours(solid, small[..., :3])[ys, xs]
    small[..., :3] *= a[..., None]
    return small


@lru_cache(maxsize=16)
def _pixels(path: str) -> np.ndarray:
    img = cv2.imread(path, cv2.IMREAD_UNCHANGED)
    if img is None or img.ndim != 3 or img.shape[2] != 4:
        raise GarmentError(f"{Path(path).name}: not an RGBA PNG (a garment needs a transparent background and neck "
                           f"opening)", "not_rgba")
    return cv2.cvtColor(img, cv2.COLOR_BGRA2RGBA)
