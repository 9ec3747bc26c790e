"""Draw the built-in garments (issue 38): RGBA PNGs with anchors, made by the project's own code.

    python tools/make_garments.py [--out resources/garments]

Each garment is drawn front-on on a 1600 x 1600 canvas: the neck's base at NECK, the shoulders SHOULDER px
wide. A garment is layers (jacket, shirt, tie ...), each an anti-aliased polygon with its own colour, a
shading (a body is a cylinder, lit from above and in front), folds (soft dark creases with a lit edge beside
them), a fine fabric texture (a weave, a knit or a twill) and a thin shadow where one layer lies on another.
The opening at the neck is left transparent: the person's own neck shows there. The output is deterministic
(fixed seeds); the PNGs are committed and licensed like the project (GPL-3.0-or-later).
"""
from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

SIZE = 1600
SS = 2                       # polygons are drawn at twice the size and shrunk (anti-aliasing)
CX, NECK_Y = 800.0, 300.0    # the base of the neck, front (the collar's front)
SHOULDER = 1180.0            # shoulder tip to shoulder tip
NECK_HALF = 150.0            # half the neck's width where it meets the collar
COLLAR_RISE = 125.0          # the collar's inner top points (beside the neck) this far above its front
LICENCE = "GPL-3.0-or-later"


def bezier(*pts, n: int = 24) -> np.ndarray:
    """A cubic (4 points) or quadratic (3) Bezier curve as (n, 2) points."""
    p = np.asarray(pts, np.float64)
    t = np.linspace(0.0, 1.0, n)[:, None]
    if len(p) == 3:
        return (1 - t) ** 2 * p[0] + 2 * (1 - t) * t * p[1] + t ** 2 * p[2]
    return (1 - t) ** 3 * p[0] + 3 * (1 - t) ** 2 * t * p[1] + 3 * (1 - t) * t ** 2 * p[2] + t ** 3 * p[3]


def mirror(points: np.ndarray) -> np.ndarray:
    """The points mirrored about the centre line, in reverse order (a symmetric outline's other half)."""
    p = np.asarray(points, np.float64)[::-1].copy()
    p[:, 0] = 2 * CX - p[:, 0]
    return p


def mask(*polys: np.ndarray) -> np.ndarray:
    """Anti-aliased coverage (SIZE, SIZE) float32 of the union of polygons."""
    big = np.zeros((SIZE * SS, SIZE * SS), np.uint8)
    for p in polys:
        cv2.fillPoly(big, [np.round(np.asarray(p) * SS * 4).astype(np.int32)], 255, cv2.LINE_AA, shift=2)
    return cv2.resize(big, (SIZE, SIZE), interpolation=cv2.INTER_AREA).astype(np.float32) / 255.0


def stroke(points: np.ndarray, width: float) -> np.ndarray:
    """Anti-aliased coverage of a polyline `width` px wide."""
    big = np.zeros((SIZE * SS, SIZE * SS), np.uint8)
    cv2.polylines(big, [np.round(np.asarray(points) * SS * 4).astype(np.int32)], False, 255,
                  max(1, int(round(width * SS))), cv2.LINE_AA, shift=2)
    return cv2.resize(big, (SIZE, SIZE), interpolation=cv2.INTER_AREA).astype(np.float32) / 255.0


def blur(a: np.ndarray, sigma: float) -> np.ndarray:
    return cv2.GaussianBlur(a, (0, 0), sigma) if sigma > 0 else a


YY, XX = np.mgrid[0:SIZE, 0:SIZE].astype(np.float32)


def body_shade(width: float = SHOULDER) -> np.ndarray:
    """A torso's light: a cylinder lit from the front (darker towards the sides), a little darker downwards."""
    u = np.clip((XX - CX) / (0.55 * width), -1.2, 1.2)
    cyl = 1.0 - 0.30 * u ** 2
    down = 1.0 - 0.10 * np.clip((YY - NECK_Y) / 1200.0, 0, 1)
    return (cyl * down).astype(np.float32)


def texture(kind: str, seed: int, amp: float) -> np.ndarray:
    """A fabric's fine detail (SIZE, SIZE), zero mean, about `amp` (0-1 of the colour) deep."""
    rng = np.random.default_rng(seed)
    n = rng.standard_normal((SIZE, SIZE)).astype(np.float32)
    if kind == "twill":          # fine diagonal ribs of a suiting cloth
        k = np.zeros((7, 7), np.float32)
        np.fill_diagonal(k, 1.0)
        t = cv2.filter2D(n, -1, k / 7.0) * 0.8 + blur(n, 0.6) * 0.4
    elif kind == "knit":         # vertical wales of a jersey
        t = cv2.blur(n, (1, 5)) * 0.9 + blur(n, 0.7) * 0.3
        t += 0.35 * np.sin(XX * 2 * np.pi / 5.0)
    else:                        # plain weave: a fine even grain
        t = blur(n, 0.7) + 0.25 * blur(rng.standard_normal((SIZE, SIZE)).astype(np.float32), 6.0)
    t += 0.5 * blur(rng.standard_normal((SIZE, SIZE)).astype(np.float32), 18.0)   # the cloth's slight unevenness
    t /= max(float(t.std()), 1e-6)
    return (t * amp).astype(np.float32)


@dataclass
class Fold:
    """A crease: a curve, its width and depth (dark); its lit side a little above (the cloth's bulge)."""

    points: np.ndarray
    width: float = 14.0
    depth: float = 0.22


def folds_shade(folds: list[Fold]) -> np.ndarray:
    """The folds' light: 1 where flat, darker in a crease, a little lighter on its lit rim."""
    out = np.ones((SIZE, SIZE), np.float32)
    for f in folds:
        s = blur(stroke(f.points, f.width * 0.6), f.width * 0.6)
        s /= max(float(s.max()), 1e-6)
        lit = blur(stroke(f.points - [0, f.width * 0.9], f.width * 0.5), f.width * 0.8)
        lit /= max(float(lit.max()), 1e-6)
        out *= (1.0 - f.depth * s) * (1.0 + 0.35 * f.depth * lit)
    return out


@dataclass
class Layer:
    """One piece of cloth: where it is, its colour, texture and folds."""

    cover: np.ndarray
    colour: tuple[int, int, int]
    weave: str = "plain"
    amp: float = 0.05
    folds: list[Fold] = field(default_factory=list)
    shade_width: float = SHOULDER
    seed: int = 1
    gloss: float = 0.0           # a satin tie's sheen


class Canvas:
    """Layers painted bottom to top into premultiplied RGB and coverage."""

    def __init__(self) -> None:
        self.rgb = np.zeros((SIZE, SIZE, 3), np.float32)
        self.a = np.zeros((SIZE, SIZE), np.float32)

    def paint(self, layer: Layer, *, shadow: float = 0.45) -> None:
        """Lay a layer on, with its own light, and a soft shadow it casts on what is under it."""
        if shadow > 0:      # contact shadow: the layer's edge darkens what lies just below and beside it
            cast = blur(np.roll(layer.cover, 4, axis=0), 5.0) * (1.0 - layer.cover)
            self.rgb *= (1.0 - shadow * cast)[..., None]
        light = body_shade(layer.shade_width) * folds_shade(layer.folds)
        light = light * (1.0 + texture(layer.weave, layer.seed, layer.amp))
        base = np.asarray(layer.colour, np.float32)[None, None, :] / 255.0
        colour = base * light[..., None]
        if layer.gloss:
            colour += layer.gloss * np.clip(light - 0.95, 0, None)[..., None]
        c = layer.cover[..., None]
        self.rgb = self.rgb * (1 - c) + colour * c
        self.a = self.a * (1 - layer.cover) + layer.cover

    def edge_line(self, points: np.ndarray, *, dark: float = 0.35, width: float = 3.0, lit: float = 0.0) -> None:
        """A seam or a lapel's edge: a thin darker line (and a lit line just above it)."""
        s = blur(stroke(points, width), 0.8)
        self.rgb *= (1.0 - dark * s)[..., None]
        if lit:
            s2 = blur(stroke(points - [0, 0, ] + [2.5, -2.5], width * 0.7), 1.0)
            self.rgb *= (1.0 + lit * s2)[..., None]

    def button(self, x: float, y: float, r: float, colour: tuple[int, int, int]) -> None:
        """A button: a disc, a shadow under it, lit from above."""
        disc = mask(np.stack([x + r * np.cos(np.linspace(0, 2 * np.pi, 40)),
                              y + r * np.sin(np.linspace(0, 2 * np.pi, 40))], 1))
        self.rgb *= (1.0 - 0.35 * blur(np.roll(disc, 3, axis=0), 2.5) * (1 - disc))[..., None]
        shade = np.clip(1.05 - 0.25 * (YY - (y - r)) / (2 * r), 0.75, 1.1)
        col = np.asarray(colour, np.float32)[None, None, :] / 255.0 * shade[..., None]
        self.rgb = self.rgb * (1 - disc[..., None]) + col * disc[..., None]

    def image(self) -> np.ndarray:
        """RGBA uint8, straight colour (the canvas is premultiplied: stored as it is, the soft edge was darkened).
        The committed PNGs were drawn before this was mended; the loader (`garment.premultiplied`) gives every
        soft edge pixel its nearest solid colour, so their dark edge is not shown."""
        rgb = np.clip(self.rgb / np.maximum(self.a, 1e-6)[..., None], 0, 1) * 255.0
        return np.dstack([rgb, self.a * 255.0]).round().clip(0, 255).astype(np.uint8)


# ---- shapes ---------------------------------------------------------------------------------------------
def torso(shoulder: float = SHOULDER, neck: float = NECK_HALF, rise: float = 140.0, drop: float = 140.0) -> np.ndarray:
    """The outline of shoulders and upper arms from the neck's sides (`rise` px above the collar's front)."""
    half = shoulder / 2
    left = np.concatenate([
        [[CX - half - 40, SIZE + 10]],
        bezier((CX - half - 40, SIZE), (CX - half - 30, 700), (CX - half - 10, NECK_Y + drop + 40),
               (CX - half + 40, NECK_Y + drop - 10)),
        bezier((CX - half + 40, NECK_Y + drop - 10), (CX - half + 110, NECK_Y + drop - 140),
               (CX - neck - 150, NECK_Y - rise + 10), (CX - neck - 8, NECK_Y - rise)),
    ])
    return np.concatenate([left, [[CX, NECK_Y - rise + 20]], mirror(left)])


def shirt_collar(spread: float, point_y: float, band: float = 34.0, neck: float = NECK_HALF) -> tuple:
    """A shirt collar's two wings around the neck: (left wing, right wing, the band behind the neck)."""
    top = NECK_Y - COLLAR_RISE
    wing = np.concatenate([
        bezier((CX - neck - 6, top), (CX - neck - 28, top + 60), (CX - spread - 40, point_y - 60), (CX - spread, point_y)),
        bezier((CX - spread, point_y), (CX - 40, NECK_Y + 30), (CX - 10, NECK_Y + 6), (CX - 2, NECK_Y - 4), n=10),
        bezier((CX - 2, NECK_Y - 4), (CX - 40, NECK_Y - 30), (CX - neck + 14, top + 30), (CX - neck + 10, top + 4), n=12),
    ])
    back = np.concatenate([bezier((CX - neck + 10, top + 4), (CX - 40, top - 10), (CX + 40, top - 10),
                                  (CX + neck - 10, top + 4)),
                           [[CX + neck - 6, top + band], [CX - neck + 6, top + band]]])
    return wing, mirror(wing), back


def v_opening(depth: float, width: float, neck: float = NECK_HALF) -> np.ndarray:
    """A V from the neck's sides down to (CX, NECK_Y + depth)."""
    left = bezier((CX - neck - 20, NECK_Y - 90), (CX - neck - 10, NECK_Y), (CX - width * 0.4, NECK_Y + depth * 0.6),
                  (CX, NECK_Y + depth))
    return np.concatenate([left, mirror(left)[1:]])


def lapel(depth: float, notch_y: float, outer: float, neck: float = NECK_HALF) -> np.ndarray:
    """The left lapel: from the neck's side over the collar notch out to its edge, and back to the V's point."""
    return np.concatenate([
        bezier((CX - neck - 24, NECK_Y - 96), (CX - neck - 50, NECK_Y - 40), (CX - outer + 30, notch_y - 60),
               (CX - outer, notch_y)),
        [[CX - outer + 40, notch_y + 10], [CX - outer - 30, notch_y + 46]],
        bezier((CX - outer - 30, notch_y + 46), (CX - outer + 10, NECK_Y + depth * 0.55),
               (CX - 80, NECK_Y + depth * 0.9), (CX - 6, NECK_Y + depth)),
        bezier((CX - 6, NECK_Y + depth), (CX - 130, NECK_Y + depth * 0.55), (CX - neck - 10, NECK_Y + 10),
               (CX - neck - 8, NECK_Y - 80)),
    ])


def round_neck(depth: float, half: float, rise: float = 70.0) -> np.ndarray:
    """A round neckline's opening (to be cut out of a top)."""
    left = bezier((CX - half, NECK_Y - rise - 30), (CX - half + 4, NECK_Y - 10), (CX - half * 0.55, NECK_Y + depth),
                  (CX, NECK_Y + depth))
    return np.concatenate([[[CX - half, NECK_Y - rise - 200]], left, mirror(left)[1:], [[CX + half, NECK_Y - rise - 200]]])


def jacket_folds(seed: int) -> list[Fold]:
    """Creases of a jacket: at the armpits, across the upper arms, below the lapels."""
    rng = np.random.default_rng(seed)
    out = []
    for side in (-1, 1):
        x0 = CX + side * (SHOULDER / 2 - 120)
        for k in range(3):
            y = 720 + 90 * k + rng.uniform(-20, 20)
            out.append(Fold(bezier((x0 - side * 40, y), (x0 + side * 40, y + 30), (x0 + side * 120, y + 20)),
                            width=18 + 6 * k, depth=0.18))
        out.append(Fold(bezier((CX + side * 250, 620), (CX + side * 300, 900), (CX + side * 330, 1300)),
                        width=30, depth=0.10))
        out.append(Fold(bezier((CX + side * (SHOULDER / 2 - 30), 520), (CX + side * (SHOULDER / 2 - 10), 800),
                               (CX + side * (SHOULDER / 2 + 10), 1200)), width=40, depth=0.15))
    return out


def shirt_folds(seed: int, open_front: bool = False) -> list[Fold]:
    """A shirt's softer creases: pulls from the shoulders and the chest."""
    rng = np.random.default_rng(seed)
    out = []
    for side in (-1, 1):
        for k in range(4):
            y = 620 + 130 * k + rng.uniform(-30, 30)
            if rng.uniform() < 0.5:
                continue
            out.append(Fold(bezier((CX + side * 140, y), (CX + side * 270, y - 30), (CX + side * (SHOULDER / 2 - 60), y - 140)),
                            width=26, depth=0.05))
        out.append(Fold(bezier((CX + side * (SHOULDER / 2 - 60), 480), (CX + side * (SHOULDER / 2 - 30), 800),
                               (CX + side * (SHOULDER / 2 - 20), 1300)), width=36, depth=0.12))
    return out


# ---- the garments -------------------------------------------------------------------------------------------
def shirt_front(c: Canvas, colour, *, seed: int, placket: bool = True, buttons: bool = True, top: float = NECK_Y) -> None:
    """A shirt's placket line and buttons down the middle."""
    if placket:
        c.edge_line(np.array([[CX - 22, top + 40], [CX - 22, SIZE]]), dark=0.18, width=2.5)
        c.edge_line(np.array([[CX + 22, top + 40], [CX + 22, SIZE]]), dark=0.10, width=2.0)
    if buttons:
        for y in np.arange(top + 170, SIZE, 210):
            c.button(CX, float(y), 9.0, tuple(int(v * 0.96) for v in colour))


def suit(c: Canvas, cloth, shirt, tie=None, *, seed: int, open_collar: bool = False, depth: float = 640) -> None:
    """A jacket over a shirt (with a tie, or its collar open)."""
    body = mask(torso())
    c.paint(Layer(body, shirt, "plain", 0.02, shirt_folds(seed), seed=seed + 1), shadow=0)
    spread = 185 if not open_collar else 210
    wing_l, wing_r, back = shirt_collar(spread, NECK_Y + (80 if not open_collar else 120))
    if open_collar:
        skin = mask(v_opening(190, 150, NECK_HALF - 20))
        c.rgb *= (1 - skin)[..., None]
        c.a *= 1 - skin
    if tie is not None:
        knot = np.array([[CX - 34, NECK_Y - 6], [CX + 34, NECK_Y - 6], [CX + 22, NECK_Y + 56], [CX - 22, NECK_Y + 56]])
        blade = np.concatenate([[[CX - 22, NECK_Y + 50], [CX + 22, NECK_Y + 50]],
                                [[CX + 62, NECK_Y + 560], [CX, NECK_Y + 620], [CX - 62, NECK_Y + 560]]])
        c.paint(Layer(mask(blade), tie, "twill", 0.05, [Fold(bezier((CX - 10, NECK_Y + 70), (CX + 8, NECK_Y + 200),
                                                                   (CX - 5, NECK_Y + 400)), 10, 0.12)],
                      shade_width=180, seed=seed + 2, gloss=0.25), shadow=0.35)
        c.paint(Layer(mask(knot), tie, "twill", 0.05, [Fold(np.array([[CX - 20, NECK_Y + 40], [CX + 20, NECK_Y + 44]]),
                                                            8, 0.2)], shade_width=120, seed=seed + 3, gloss=0.25),
                shadow=0.45)
    else:
        shirt_front(c, shirt, seed=seed, buttons=True, top=NECK_Y + (190 if open_collar else 0))
    c.paint(Layer(mask(wing_l, wing_r), shirt, "plain", 0.03, shade_width=500, seed=seed + 5), shadow=0.5)
    c.edge_line(wing_l[:24], dark=0.25, width=2.0)
    c.edge_line(wing_r[-24:], dark=0.25, width=2.0)
    opening = mask(v_opening(depth, 420))
    jacket = np.clip(body - opening, 0, 1)
    lapels = mask(lapel(depth, NECK_Y + 150, 250), mirror(lapel(depth, NECK_Y + 150, 250)))
    c.paint(Layer(jacket, cloth, "twill", 0.06, jacket_folds(seed), seed=seed + 6), shadow=0.5)
    c.paint(Layer(lapels * body, tuple(int(v * 1.08) for v in cloth), "twill", 0.06,
                  [Fold(lapel(depth, NECK_Y + 150, 250)[30:60], 8, 0.12)], shade_width=900, seed=seed + 7), shadow=0.6)
    left = lapel(depth, NECK_Y + 150, 250)
    c.edge_line(left, dark=0.3, width=2.5)
    c.edge_line(mirror(left), dark=0.3, width=2.5)
    for y in (NECK_Y + depth + 60, NECK_Y + depth + 330):
        c.button(CX + 20, y, 13.0, tuple(int(v * 0.7) for v in cloth))
    c.edge_line(bezier((CX + 5, NECK_Y + depth), (CX + 10, 1200), (CX + 6, SIZE)), dark=0.4, width=3)


def shirt_only(c: Canvas, colour, *, seed: int, collar_spread: float = 185, school: bool = False) -> None:
    """A buttoned shirt, collar closed (no tie)."""
    body = mask(torso())
    c.paint(Layer(body, colour, "plain", 0.02, shirt_folds(seed), seed=seed + 1), shadow=0)
    wing_l, wing_r, back = shirt_collar(collar_spread, NECK_Y + 90)
    shirt_front(c, colour, seed=seed)
    for side in (-1, 1):      # the shoulder yoke seam
        c.edge_line(bezier((CX + side * (NECK_HALF + 40), NECK_Y - 40), (CX + side * 330, NECK_Y + 10),
                           (CX + side * (SHOULDER / 2 - 40), NECK_Y + 110)), dark=0.10, width=2.0)
        if school:             # a chest pocket
            x0 = CX + side * 230
            pocket = np.array([[x0 - 80, 620], [x0 + 80, 620], [x0 + 80, 800], [x0, 830], [x0 - 80, 800], [x0 - 80, 620]])
            c.edge_line(pocket, dark=0.14, width=2.0)
            break
    c.paint(Layer(mask(wing_l, wing_r), colour, "plain", 0.03, shade_width=500, seed=seed + 5), shadow=0.5)
    c.edge_line(wing_l[:24], dark=0.22, width=2.0)
    c.edge_line(wing_r[-24:], dark=0.22, width=2.0)
    c.button(CX, NECK_Y + 40, 7.0, tuple(int(v * 0.95) for v in colour))


def blazer(c: Canvas, cloth, blouse, *, seed: int) -> None:
    """A dark blazer over a round-necked blouse."""
    body = mask(torso(SHOULDER * 0.96))
    c.paint(Layer(body, blouse, "plain", 0.03, shirt_folds(seed), seed=seed + 1), shadow=0)
    neck = mask(round_neck(70, NECK_HALF + 40))
    c.rgb *= (1 - neck)[..., None]
    c.a *= 1 - neck
    c.edge_line(round_neck(70, NECK_HALF + 40)[1:-1], dark=0.15, width=3.0)
    depth = 560
    opening = mask(v_opening(depth, 460, NECK_HALF + 50))
    c.paint(Layer(np.clip(body - opening, 0, 1), cloth, "twill", 0.05, jacket_folds(seed), seed=seed + 6), shadow=0.5)
    lap = lapel(depth, NECK_Y + 130, 240, NECK_HALF + 40)
    c.paint(Layer(mask(lap, mirror(lap)) * body, tuple(int(v * 1.1) for v in cloth), "twill", 0.05,
                  shade_width=900, seed=seed + 7), shadow=0.6)
    c.edge_line(lap, dark=0.3, width=2.5)
    c.edge_line(mirror(lap), dark=0.3, width=2.5)
    c.button(CX + 16, NECK_Y + depth + 70, 13.0, tuple(int(v * 0.7) for v in cloth))
    # no corner of cloth standing up beside the neck (it showed as a dark square under the jaw): the shoulder
    # rounds down into the lapel's top
    left = np.concatenate([[[CX - NECK_HALF - 70, 0]],
                           bezier((CX - NECK_HALF - 70, NECK_Y - 160), (CX - NECK_HALF - 50, NECK_Y - 110),
                                  (CX - NECK_HALF - 40, NECK_Y - 84), (CX - NECK_HALF + 10, NECK_Y - 76)),
                           [[CX, NECK_Y - 76], [CX, 0]]])
    corner = mask(left, mirror(left))
    c.rgb *= (1 - corner)[..., None]
    c.a *= 1 - corner


def blouse(c: Canvas, colour, *, seed: int) -> None:
    """A blouse with a small soft collar, open at the throat."""
    body = mask(torso(SHOULDER * 0.94))
    c.paint(Layer(body, colour, "plain", 0.02, shirt_folds(seed), seed=seed + 1), shadow=0)
    skin = mask(v_opening(170, 130, NECK_HALF - 10))
    c.rgb *= (1 - skin)[..., None]
    c.a *= 1 - skin
    wing_l, wing_r, back = shirt_collar(200, NECK_Y + 110)
    c.paint(Layer(mask(wing_l, wing_r) * (1 - skin * 0.0), colour, "plain", 0.03, shade_width=500, seed=seed + 5),
            shadow=0.5)
    c.edge_line(wing_l[:24], dark=0.2, width=2.0)
    c.edge_line(wing_r[-24:], dark=0.2, width=2.0)
    shirt_front(c, colour, seed=seed, top=NECK_Y + 170)


def round_top(c: Canvas, colour, *, seed: int, shoulder: float = SHOULDER * 0.94, rib: bool = True) -> None:
    """A knit top with a round neckline and a ribbed neckband."""
    body = mask(torso(shoulder))
    c.paint(Layer(body, colour, "knit", 0.06, shirt_folds(seed), seed=seed + 1), shadow=0)
    hole = round_neck(40, NECK_HALF + 14)
    cut = mask(hole)
    band = np.clip(mask(round_neck(80, NECK_HALF + 40)) - cut, 0, 1) * body
    c.rgb *= (1 - cut)[..., None]
    c.a *= 1 - cut
    if rib:
        c.paint(Layer(band, tuple(int(v * 1.06) for v in colour), "knit", 0.09, shade_width=600, seed=seed + 2),
                shadow=0.35)
        c.edge_line(round_neck(80, NECK_HALF + 40)[1:-1], dark=0.25, width=2.5)


def sweater_over_shirt(c: Canvas, knit, shirt, *, seed: int) -> None:
    """A child's V-neck pullover over a white shirt collar."""
    body = mask(torso(SHOULDER * 0.92))
    c.paint(Layer(body, shirt, "plain", 0.02, shirt_folds(seed), seed=seed + 1), shadow=0)
    wing_l, wing_r, back = shirt_collar(185, NECK_Y + 90)
    c.paint(Layer(mask(wing_l, wing_r), shirt, "plain", 0.03, shade_width=500, seed=seed + 5), shadow=0.5)
    c.button(CX, NECK_Y + 40, 7.0, tuple(int(v * 0.95) for v in shirt))
    vee = v_opening(380, 300, NECK_HALF + 30)
    knit_cover = np.clip(body - mask(vee), 0, 1)
    c.paint(Layer(knit_cover, knit, "knit", 0.08, shirt_folds(seed + 9), seed=seed + 6), shadow=0.5)
    rib = np.clip(mask(v_opening(440, 360, NECK_HALF + 60)) - mask(vee), 0, 1) * body
    c.paint(Layer(rib, tuple(int(v * 1.1) for v in knit), "knit", 0.1, shade_width=700, seed=seed + 7), shadow=0.3)


GARMENTS = {
    "men-suit-tie": dict(kind="men", name_en="Dark suit, white shirt and tie", name_zh="深色西装、白衬衫、领带",
                         draw=lambda c: suit(c, (34, 40, 58), (236, 238, 236), (112, 26, 40), seed=11)),
    "men-suit-open": dict(kind="men", name_en="Dark suit, open collar", name_zh="深色西装、敞领衬衫",
                          draw=lambda c: suit(c, (46, 48, 52), (232, 234, 236), seed=21, open_collar=True, depth=560)),
    "men-white-shirt": dict(kind="men", name_en="White shirt", name_zh="白衬衫",
                            draw=lambda c: shirt_only(c, (238, 238, 236), seed=31, collar_spread=185)),
    "women-blazer": dict(kind="women", name_en="Dark blazer, white blouse", name_zh="深色西装外套、白色上衣",
                         draw=lambda c: blazer(c, (30, 32, 40), (240, 238, 234), seed=41)),
    "women-blouse": dict(kind="women", name_en="Light blue blouse", name_zh="浅蓝衬衫",
                         draw=lambda c: blouse(c, (200, 214, 232), seed=51)),
    "women-round-neck": dict(kind="women", name_en="Dark round-neck top", name_zh="深色圆领上衣",
                             draw=lambda c: round_top(c, (36, 36, 42), seed=61)),
    "child-school-shirt": dict(kind="children", name_en="White school shirt", name_zh="白色校服衬衫",
                               draw=lambda c: shirt_only(c, (240, 240, 238), seed=71, collar_spread=175, school=True)),
    "child-pullover": dict(kind="children", name_en="Navy pullover over a shirt", name_zh="藏青毛衣配衬衫",
                           draw=lambda c: sweater_over_shirt(c, (34, 44, 78), (238, 238, 236), seed=81)),
}


def neck_hole() -> np.ndarray:
    """The opening the neck fills: between the neck's sides, down to the collar's front (cut out of every
    garment last, so no cloth behind the neck shows through it)."""
    top = NECK_Y - COLLAR_RISE
    left = bezier((CX - NECK_HALF + 10, top + 4), (CX - NECK_HALF + 14, top + 30), (CX - 40, NECK_Y - 30),
                  (CX, NECK_Y - 4))
    return np.concatenate([[[CX - NECK_HALF + 10, 0]], left, mirror(left)[1:], [[CX + NECK_HALF - 10, 0]]])


def anchors() -> dict:
    """Where a garment sits on a person (canvas px): every built-in garment shares the same frame."""
    return {"neck_centre": [CX, NECK_Y], "collar_inner": [[CX - NECK_HALF, NECK_Y - COLLAR_RISE], [CX + NECK_HALF, NECK_Y - COLLAR_RISE]],
            "shoulder_width": SHOULDER}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parents[1] / "resources" / "garments")
    parser.add_argument("--only", default=None)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for gid, spec in GARMENTS.items():
        if args.only and gid != args.only:
            continue
        c = Canvas()
        spec["draw"](c)
        hole = mask(neck_hole())
        c.rgb *= (1 - hole)[..., None]
        c.a *= 1 - hole
        img = c.image()
        tmp = args.out / f".{gid}.tmp.png"      # written whole, then renamed: a reader never sees half a file
        cv2.imwrite(str(tmp), cv2.cvtColor(img, cv2.COLOR_RGBA2BGRA), [cv2.IMWRITE_PNG_COMPRESSION, 9])
        tmp.replace(args.out / f"{gid}.png")
        meta = {"id": gid, "name_en": spec["name_en"], "name_zh": spec["name_zh"], "kind": spec["kind"],
                "licence": LICENCE, "source": "drawn by tools/make_garments.py", **anchors()}
        (args.out / f"{gid}.json").write_text(json.dumps(meta, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(gid)


if __name__ == "__main__":
    main()
