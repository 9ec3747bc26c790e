"""The proof watermark: a diagonal translucent word over a sheet on screen or on a proof print, never in a file."""
from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter

PROOF_RGBA = (200, 30, 30, 70)   # red at about 27 % opacity: the photos stay readable for approval


def proof_text() -> str:
    """'PROOF' / '样片' in the active language."""
    return QCoreApplication.translate("Proof", "PROOF")


def paint_proof(painter: QPainter, rect: QRectF, text: str | None = None) -> None:
    """Write the word once across `rect` along its diagonal, as large as fits."""
    text = text or proof_text()
    angle = math.degrees(math.atan2(rect.height(), rect.width()))
    diagonal = math.hypot(rect.width(), rect.height())
    painter.save()
    font = QFont(painter.font())
    font.setBold(True)
    font.setPixelSize(max(8, int(diagonal / max(3, len(text) + 1))))
    painter.setFont(font)
    painter.setPen(QColor(*PROOF_RGBA))
    painter.translate(rect.center())
    painter.rotate(-angle)
    box = QRectF(-diagonal / 2, -font.pixelSize(), diagonal, 2 * font.pixelSize())
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


def with_proof(image: QImage, text: str | None = None) -> QImage:
    """A copy of an on-screen image with the watermark painted on it (the original is untouched)."""
    out = image.convertToFormat(QImage.Format.Format_RGB32)
    painter = QPainter(out)
    paint_proof(painter, QRectF(QPointF(0, 0), QRectF(out.rect()).size()), text)
    painter.end()
    return out
