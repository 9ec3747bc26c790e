"""Where the ID photo sits in the source: a rotated crop box from template + landmarks + crown."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Crop:
    """A crop of the working image: centre, size and rotation in working-image pixels.

    The output is the rectangle (width x height) centred at (cx, cy), rotated by angle_deg
    (the roll correction), resampled to the template's pixel size.
    """

    cx: float
    cy: float
    width: float
    height: float
    angle_deg: float = 0.0

    def moved(self, dx: float, dy: float) -> "Crop":
        """Shifted by (dx, dy) working-image pixels."""
        raise NotImplementedError

    def zoomed(self, factor: float) -> "Crop":
        """Scaled about its centre; factor > 1 makes the head larger (a smaller box)."""
        raise NotImplementedError

    def rotated(self, degrees: float) -> "Crop":
        """Rotation changed by `degrees`."""
        raise NotImplementedError
