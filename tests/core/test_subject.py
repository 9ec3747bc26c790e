"""Only the chosen person stays in the matte."""
import cv2
import numpy as np

from idphoto_gui.core.imaging import imageio
from idphoto_gui.core.analysis import pipeline
from idphoto_gui.core.matting.subject import isolate_subject


def two_people() -> np.ndarray:
    """Alpha with a person (head + shoulders) at the left and another blob at the right."""
    alpha = np.zeros((600, 900), np.float32)
    cv2.ellipse(alpha, (250, 220), (90, 120), 0, 0, 360, 1.0, -1)
    cv2.rectangle(alpha, (120, 330), (380, 599), 1.0, -1)
    cv2.circle(alpha, (700, 250), 80, 1.0, -1)
    cv2.circle(alpha, (250, 92), 4, 0.3, -1)  # a soft wisp of hair near the head
    return alpha


def test_other_blob_is_dropped_and_the_person_kept():
    alpha = two_people()
    out = isolate_subject(alpha, (170, 120, 160, 200))
    assert out[250, 700] < 0.05                       # the other subject is gone
    assert out[220, 250] == 1.0 and out[500, 250] == 1.0  # face and shoulders untouched
    assert abs(out[92, 250] - 0.3) < 0.01             # soft hair next to the person stays


def test_picking_the_other_face_keeps_the_other_blob():
    out = isolate_subject(two_people(), (650, 200, 100, 100))
    assert out[250, 700] == 1.0 and out[220, 250] < 0.05


def test_single_subject_is_returned_unchanged():
    alpha = np.zeros((300, 300), np.float32)
    cv2.circle(alpha, (150, 150), 60, 1.0, -1)
    assert isolate_subject(alpha, (110, 110, 80, 80)) is alpha


def test_real_photo_props_beside_the_astronaut_are_dropped(data_dir):
    image = imageio.load_image(data_dir / "astronaut.png")
    raw = pipeline.matte_of(image).alpha
    analysis = pipeline.analyse(image)
    kept = analysis.matte.alpha
    x, y, w, h = (int(v) for v in analysis.face.box)
    assert np.allclose(kept[y + h // 4:y + 3 * h // 4, x + w // 4:x + 3 * w // 4],
                       raw[y + h // 4:y + 3 * h // 4, x + w // 4:x + 3 * w // 4])
    assert kept.sum() < raw.sum()
    assert kept.sum() > 0.9 * raw.sum()
