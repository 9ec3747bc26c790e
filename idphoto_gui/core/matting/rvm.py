"""Robust Video Matting (MobileNetV3), the default model: a still is a one-frame video with zero state."""
from __future__ import annotations

import logging
from dataclasses import dataclass

import cv2
import numpy as np

from ..models import onnx_session
from .base import Matte
from .colour_line import clear_gaps, decontaminate, refine_alpha
from .fill import Fills, small_image
from .refine import fit_side, refine_matte, resize_to, upsample
from .region import FaceBox, Region, RegionRule, person_region, scaled_faces, touched_sides, widened

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RvmMatter:
    """RVM behind the Matter interface; the knobs were chosen by tools/eval_matting.py."""

    model_id: str = "rvm"
    short_side: int = 448          # internal short side the encoder sees (downsample_ratio)
    net_side: int = 1024           # long side fed to the network in matte() (beat full res, ADR 0002)
    upsample: str = "linear"       # how matte() brings alpha back (guided measured no better)
    floor: tuple[float, float] = (0.0, 1.0)
    colours: str = "estimate"      # "estimate" (blur-fusion) or "fgr" (the network's own)
    pad_top: float = 0.2           # share of the height repeated above the photo: context where hair meets the top
    pad_sides: float = 0.0         # the same at the left and right
    pad_keeps_scale: bool = False  # encoder scale from the unpadded size (measures context alone)
    plain_top: float = 0.1         # no pad when this top share of the rows is plain wall (0 = always pad)
    plain_tol: float = 24.0        # largest colour step (0-255) from the band's median still called plain
    colour_line: float = 1.0       # strength of the colour-line alpha in the soft band (0 = off)
    sampling: bool = True          # colour line also tries the nearest clear pixel from 4 sides (textured walls)
    decontaminate: bool = True     # take the local pure background out of the soft band's colours
    gaps: bool = True              # lower alpha where opaque-called pixels near the edge look like the wall
    person_box: bool = True        # with faces given, run the network on the people's box only (ADR 0016)
    region: RegionRule = RegionRule()
    grid: int = 16                 # box corners on the encoder's grid of this many network pixels (0 = off)

    def infer(self, rgb: np.ndarray, *, short: int | None = None,
              colours: bool = True) -> tuple[np.ndarray, np.ndarray | None]:
        """Network alpha (H, W) float32 and foreground (H, W, 3) uint8 at rgb's own size.

        `short` is the short side the encoder scale is computed from (default: rgb's own); with
        `colours=False` the network's foreground is not converted (None: blur-fusion replaces it)."""
        h, w = rgb.shape[:2]
        src = np.empty((1, 3, h, w), np.float32)
        for c in range(3):
            np.multiply(rgb[:, :, c], np.float32(1.0 / 255.0), out=src[0, c])
        ratio = np.array([min(1.0, self.short_side / (short or min(h, w)))], np.float32)
        # the still graph (models/manifest.json): RVM's recurrent state is folded in as zeros (ADR 0016)
        fgr, pha = onnx_session(self.model_id).run(["fgr", "pha"], {"src": src, "downsample_ratio": ratio})
        alpha = np.clip(pha[0, 0], 0.0, 1.0)
        if not colours:
            return alpha, None
        fg = (np.clip(fgr[0], 0.0, 1.0).transpose(1, 2, 0) * 255.0 + 0.5).astype(np.uint8)
        return alpha, fg

    def predict(self, rgb: np.ndarray) -> np.ndarray:
        """Raw alpha exactly as the network gives it, run at the input's full resolution."""
        return self.infer(rgb)[0]

    def infer_padded(self, rgb: np.ndarray, *, colours: bool = True) -> tuple[np.ndarray, np.ndarray | None]:
        """`infer` on the image with its top (and sides) edge rows repeated outward, cropped back.

        A head cut by the photo's top edge otherwise ends at the network's border, where it has no
        context; repeating the edge continues hair and wall (SAD -22% on the eval set, ADR 0002).
        """
        h, w = rgb.shape[:2]
        top, side = round(self.pad_top * h), round(self.pad_sides * w)
        if not (top or side):
            return self.infer(rgb, colours=colours)
        if self.plain_top > 0 and not side and plain_band(rgb, self.plain_top, self.plain_tol):
            # nothing meets the top edge: the pad would add no context, only work; keep its encoder scale
            short = min(h, w) if self.pad_keeps_scale else min(h + top, w)
            return self.infer(rgb, short=short, colours=colours)
        padded = cv2.copyMakeBorder(rgb, top, 0, side, side, cv2.BORDER_REPLICATE)
        alpha, fg = self.infer(padded, short=min(h, w) if self.pad_keeps_scale else None, colours=colours)
        return alpha[top:, side:side + w], None if fg is None else fg[top:, side:side + w]

    def matte(self, rgb: np.ndarray, people: tuple[FaceBox, ...] = (), keep: np.ndarray | None = None) -> Matte:
        """Padded network run on a copy of long side net_side (on the box around `people`' faces when they
        are given), bilinear upsampling, colour-line alpha (sampled walls) in the soft band, wall-coloured
        gaps next to it cleared, blur-fusion colours decontaminated. Where `keep` (bool, rgb's size: the
        people's cores, person_core.py) is True, the colour line and the gap pass never lower the network's alpha."""
        small = resize_to(rgb, fit_side(rgb.shape, self.net_side))
        faces = scaled_faces(people, small.shape[1] / rgb.shape[1])
        alpha_lo, fgr_lo = self.infer_person(small, faces, colours=self.colours == "fgr")
        pure = Fills(small_image(rgb))   # the copy the three steps below estimate local pure colours on
        raw = upsample(alpha_lo, rgb, method=self.upsample)
        alpha = refine_alpha(rgb, raw, strength=self.colour_line, small=pure, sample=self.sampling)
        if self.gaps:
            alpha = clear_gaps(rgb, alpha, small=pure)
        if keep is not None:
            alpha[keep] = np.maximum(alpha[keep], raw[keep])   # holes these passes opened in a face (ADR 0020)
        colours = None
        if self.colours == "fgr":
            colours = resize_to(fgr_lo, (rgb.shape[1], rgb.shape[0]))
        a, fg = refine_matte(rgb, alpha, floor=self.floor, colours=colours)
        if self.decontaminate:
            fg = decontaminate(rgb, a, fg, small=pure)
        return Matte(alpha=a, foreground=fg, model_id=self.model_id)

    def infer_person(self, small: np.ndarray, faces: tuple[FaceBox, ...], *,
                     colours: bool = True) -> tuple[np.ndarray, np.ndarray | None]:
        """`infer_padded` run on the people's box only, at the scale the whole frame would have had; alpha 0
        outside. A box side the person reaches is moved to the photo's edge and the box run again."""
        return self.person_run(small, faces, colours=colours)[:2]

    def person_run(self, small: np.ndarray, faces: tuple[FaceBox, ...], *,
                   colours: bool = True) -> tuple[np.ndarray, np.ndarray | None, Region | None]:
        """`infer_person` and the box the network saw last (None: the whole frame)."""
        region = person_region(small.shape, faces, self.region) if self.person_box and not self.pad_sides else None
        h, w = small.shape[:2]
        short = self.whole_short(h, w)
        pad = round(self.pad_top * h)
        if pad and self.plain_top > 0 and plain_band(small, self.plain_top, self.plain_tol):
            pad = 0   # the whole frame's rule: judged on the whole top band, as infer_padded does
        if region is not None and self.grid:
            region = on_grid(region, min(1.0, self.short_side / short) / self.grid, pad, small.shape)
        while region is not None and region != (0, 0, w, h):
            alpha_c, fg_c = self.infer_box(small, region, short=short, pad=pad, colours=colours)
            sides = touched_sides(alpha_c, region, small.shape, self.region)
            if not sides:
                log.debug("network on the people's box %s of %dx%d", region, w, h)
                return (*_pasted(alpha_c, fg_c, region, small), region)
            log.debug("the person reaches the box's %s side: widened", "/".join(sides))
            region = widened(region, sides, small.shape)
        return (*self.infer_padded(small, colours=colours), None)

    def infer_box(self, small: np.ndarray, region: Region, *, short: int, pad: int,
                  colours: bool) -> tuple[np.ndarray, np.ndarray | None]:
        """`infer` on the box `region` of small (its top rows repeated `pad` rows up when it starts at the
        photo's top), with the encoder scale of a short side `short`."""
        x0, y0, x1, y1 = region
        crop = small[y0:y1, x0:x1]
        if y0 > 0 or not pad:
            return self.infer(crop, short=short, colours=colours)
        alpha, fg = self.infer(cv2.copyMakeBorder(crop, pad, 0, 0, 0, cv2.BORDER_REPLICATE), short=short,
                               colours=colours)
        return alpha[pad:], None if fg is None else fg[pad:]

    def whole_short(self, h: int, w: int) -> int:
        """The short side the whole (padded) frame's encoder scale is computed from, as infer_padded does."""
        top, side = round(self.pad_top * h), round(self.pad_sides * w)
        if self.pad_keeps_scale or not (top or side):
            return min(h, w)
        return min(h + top, w + 2 * side)


def on_grid(region: Region, per_px: float, pad: int, shape: tuple[int, ...]) -> Region:
    """The region grown so its left and top sides fall on the whole frame's sampling grid (`per_px` grid cells
    a pixel; the padded frame's grid starts `pad` rows above the photo): the network samples the same points."""
    h, w = shape[:2]
    x0, y0, x1, y1 = region
    x0 = int(np.floor(np.floor(x0 * per_px) / per_px))
    if y0 > 0:
        y0 = max(0, int(np.floor(np.floor((y0 + pad) * per_px) / per_px)) - pad)
    return x0, y0, x1, y1


def _pasted(alpha_c: np.ndarray, fg_c: np.ndarray | None, region: Region,
            small: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
    """The box's alpha (and colours) placed in a frame of small's size: alpha 0, the photo's colours, outside."""
    x0, y0, x1, y1 = region
    alpha = np.zeros(small.shape[:2], np.float32)
    alpha[y0:y1, x0:x1] = alpha_c
    if fg_c is None:
        return alpha, None
    fg = small.copy()
    fg[y0:y1, x0:x1] = fg_c
    return alpha, fg


PLAIN_WIDTH = 64   # the top band is judged on a copy this wide: wall texture and JPEG noise average out


def plain_band(rgb: np.ndarray, share: float, tol: float) -> bool:
    """True when the top `share` of the rows is one wall colour (every pixel within `tol` of its median)."""
    h, w = rgb.shape[:2]
    rows = max(1, round(share * h))
    k = min(1.0, PLAIN_WIDTH / w)
    band = cv2.resize(rgb[:rows], (max(1, round(w * k)), max(1, round(rows * k))), interpolation=cv2.INTER_AREA)
    pixels = band.reshape(-1, 3).astype(np.int16)
    return int(np.abs(pixels - np.median(pixels, axis=0).astype(np.int16)).max()) <= tol
