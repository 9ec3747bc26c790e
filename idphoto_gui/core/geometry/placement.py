"""Where the ID photo sits in the source: a rotated crop box from template + landmarks + crown.

Coordinates follow OpenCV: pixel centres at integers, so an image of width W spans [-0.5, W - 0.5].
Placement rules and the crown estimate are explained in docs/adr/0003-crop-geometry.md; the crop
policy (in range, then extension, never the head) in crop_policy. The box itself lives in crop_box.
"""
from __future__ import annotations

import numpy as np

from .crop_box import (Crop, CropPlan, Point, Shortfall, crop_corners, crop_overhang, crown_point,  # noqa: F401
                       crown_y, extension)
from .crop_policy import best_plan
from ..errors import CropError
from ..faces.faces import Face
from ..templates.template import Template


def plan_crop(face: Face, alpha: np.ndarray, template: Template, *, original_background: bool = False,
              crown: Point | None = None, dressed: bool = False) -> CropPlan:
    """The automatic crop by the policy in crop_policy (in range first, then extension, never the head).

    The geometry is in mm, so no dpi is asked. With `original_background` nothing may be added past the
    photo's edge: any overhang is refused (mode "no_room"). `crown` (source px) replaces the estimated top
    of the head (the user moved it: a hat, big hair, a bald head).
    """
    return best_plan(face, alpha, template, original_background=original_background, crown=crown, dressed=dressed)


def auto_crop(face: Face, alpha: np.ndarray, template: Template, *, original_background: bool = False,
              crown: Point | None = None, dressed: bool = False) -> Crop:
    """plan_crop, refusing (CropError with .shortfall, .crop, .plan) only when the head would be cut.

    Plain background past an edge is filled (`background_extended`) and the body at the bottom or a
    side is synthesised (`body_extended`); hair, crown, chin or ears at the edge are never invented.
    With `original_background` any overhang is refused, since nothing may be added to the photo.
    """
    plan = plan_crop(face, alpha, template, original_background=original_background, crown=crown, dressed=dressed)
    if not plan.fits:
        what = ("the head reaches the photo's edge" if plan.mode == "head_cut"
                else "the original background cannot be extended")
        raise CropError(f"the photo has too little room around the head for {template.id}: {what}; "
                        f"{plan.shortfall.describe()} missing; use a photo with more space around the head",
                        shortfall=plan.shortfall, crop=plan.crop, plan=plan)
    return plan.crop


def crop_to_output_matrix(crop: Crop, out_w: int, out_h: int) -> np.ndarray:
    """2x3 affine mapping source pixels to output pixels (cv2.warpAffine(src, M, (out_w, out_h)))."""
    ux, uy = crop.axes
    kx, ky = out_w / crop.width, out_h / crop.height
    c = np.array([crop.cx, crop.cy])
    return np.array([[*(kx * ux), (out_w - 1) / 2 - kx * (ux @ c)],
                     [*(ky * uy), (out_h - 1) / 2 - ky * (uy @ c)]], dtype=np.float64)


def output_to_source_matrix(crop: Crop, out_w: int, out_h: int) -> np.ndarray:
    """2x3 affine mapping output pixels back to source pixels (inverse of crop_to_output_matrix)."""
    m = np.vstack([crop_to_output_matrix(crop, out_w, out_h), [0.0, 0.0, 1.0]])
    return np.linalg.inv(m)[:2]


def map_points(matrix: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Apply a 2x3 affine to (N, 2) points."""
    pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    return pts @ matrix[:, :2].T + matrix[:, 2]
