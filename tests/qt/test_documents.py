"""The photo list of the window (Qt-free state of the controller)."""
from __future__ import annotations

from idphoto_gui.core.render.history import Edit
from idphoto_gui.core.render.session import PhotoSession
from idphoto_gui.qt.window.documents import PhotoDoc, Photos
from idphoto_gui.core.templates.colours import Background
from idphoto_gui.core.templates.specs import get_template

CN1 = get_template("cn-1inch")


def test_photos_step_wraps_and_remove_keeps_a_neighbour():
    photos = Photos()
    docs = [PhotoDoc(name=f"{i}.jpg", session=PhotoSession(Edit(CN1, Background.parse("#000000")))) for i in range(3)]
    for d in docs:
        photos.add(d)
    photos.index = 2
    assert photos.step(1) == 0
    assert photos.step(-1) == 2
    photos.remove(docs[2].key)
    assert photos.current is docs[1]
    photos.remove(docs[0].key)
    assert photos.current is docs[1] and len(photos.items) == 1
    assert docs[1].edit == Edit(CN1, Background.parse("#000000")) and docs[1].analysis is None
