"""The template guide drawn over a live frame in its own pixel coordinates: veil, crop, eye band, head oval."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from ...core.faces import capture_guide
from ...core.faces.faces import Face
from ...core.templates.template import Template

OK, WARN, ERR = QColor("#22c55e"), QColor("#f59e0b"), QColor("#ef4444")
ACCENT = QColor(88, 166, 255)


def accent(alpha: int) -> QColor:
    """The guide's blue at an opacity (0-255)."""
    return QColor(ACCENT.red(), ACCENT.green(), ACCENT.blue(), alpha)


def cosmetic_pen(colour: QColor, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    """A round-capped pen whose width stays in screen pixels whatever the painter's scale."""
    pen = QPen(colour, width, style)
    pen.setCosmetic(True)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    return pen


def paint_guide(p: QPainter, size: tuple[int, int], template: Template, state: capture_guide.GuideState | None,
                colour: QColor, face: Face | None, face_size: tuple[int, int] | None) -> None:
    """Veil outside the crop, crop corners, eye band, centre line, head oval(s), detected eyes."""
    geo = capture_guide.geometry(size, template)
    crop = QRectF(*geo.crop_rect)
    veil = QPainterPath()
    veil.addRect(QRectF(0, 0, *size))
    veil.addRect(crop)
    veil.setFillRule(Qt.FillRule.OddEvenFill)
    p.fillPath(veil, QColor(8, 10, 14, 150))
    top, bottom = geo.eye_band
    band = QRectF(crop.left(), top, crop.width(), bottom - top)
    p.fillRect(band, accent(40))
    p.setPen(cosmetic_pen(accent(170), 1.2, Qt.PenStyle.DashLine))
    p.drawLine(band.topLeft(), band.topRight())
    p.drawLine(band.bottomLeft(), band.bottomRight())
    p.setPen(cosmetic_pen(QColor(255, 255, 255, 90), 1.0, Qt.PenStyle.DotLine))
    p.drawLine(QPointF(geo.centre_x, crop.top()), QPointF(geo.centre_x, crop.bottom()))
    p.setPen(cosmetic_pen(QColor(255, 255, 255, 120), 1.0))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(crop)
    _paint_corners(p, crop, colour)
    ok = state is not None and state.ok
    for oval in geo.head_ovals or (geo.head_oval,):   # a pair template: two heads, two ovals
        p.setPen(cosmetic_pen(QColor(0, 0, 0, 70), 6.0))
        p.drawEllipse(QRectF(*oval))
        p.setPen(cosmetic_pen(colour, 3.0, Qt.PenStyle.SolidLine if ok else Qt.PenStyle.DashLine))
        p.drawEllipse(QRectF(*oval))
    if len(geo.head_ovals) < 2:   # the pair's averaged face is no one's: only a single face is marked
        _paint_face(p, size, colour, face, face_size)


def _paint_corners(p: QPainter, r: QRectF, colour: QColor) -> None:
    """Camera-style corner brackets on the crop rectangle."""
    n = min(r.width(), r.height()) * 0.09
    p.setPen(cosmetic_pen(colour, 5.0))
    for cx, cy, dx, dy in ((r.left(), r.top(), 1, 1), (r.right(), r.top(), -1, 1),
                           (r.left(), r.bottom(), 1, -1), (r.right(), r.bottom(), -1, -1)):
        p.drawLine(QPointF(cx, cy), QPointF(cx + dx * n, cy))
        p.drawLine(QPointF(cx, cy), QPointF(cx, cy + dy * n))


def _paint_face(p: QPainter, size: tuple[int, int], colour: QColor, face: Face | None,
                face_size: tuple[int, int] | None) -> None:
    """The detected eye line and chin, so the sitter sees what the guide measures."""
    if face is None or not face_size:
        return
    s = size[0] / face_size[0]
    pts = [QPointF(x * s, y * s) for x, y in (face.right_eye, face.left_eye, face.chin)]
    p.setPen(cosmetic_pen(colour, 2.0))
    p.drawLine(pts[0], pts[1])
    p.setBrush(colour)
    r = max(3.0, size[0] / 220)
    for pt in pts:
        p.drawEllipse(pt, r, r)
