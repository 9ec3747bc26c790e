"""Undo/redo history and the photo list (Qt-free state of the controller)."""
from __future__ import annotations

from idphoto_gui.qt.documents import Edit, History, PhotoDoc, Photos


def test_history_push_undo_redo_and_branch():
    h = History(Edit("cn-1inch", "#438EDB"))
    assert h.push(Edit("cn-1inch", "#FFFFFF"))
    assert h.push(Edit("us-passport", "#FFFFFF"))
    assert h.undo().template_id == "cn-1inch"
    assert h.undo().colour == "#438EDB" and not h.can_undo()
    assert h.redo().colour == "#FFFFFF"
    h.push(Edit("cn-1inch", "#FF0000"))
    assert not h.can_redo()


def test_history_ignores_no_change_and_coalesces():
    h = History(Edit("a", "#000000"))
    assert not h.push(Edit("a", "#000000"))
    h.push(Edit("a", "#111111"))
    h.replace_top(Edit("a", "#222222"))
    assert h.current.colour == "#222222"
    assert h.undo().colour == "#000000"


def test_photos_step_wraps_and_remove_keeps_a_neighbour():
    photos = Photos()
    docs = [PhotoDoc(name=f"{i}.jpg", history=History(Edit("a", "#000000"))) for i in range(3)]
    for d in docs:
        photos.add(d)
    photos.index = 2
    assert photos.step(1) == 0
    assert photos.step(-1) == 2
    photos.remove(docs[2].key)
    assert photos.current is docs[1]
    photos.remove(docs[0].key)
    assert photos.current is docs[1] and len(photos.items) == 1
