"""A face net loaded ahead on one thread is handed whole to the one thread that next asks for it."""
import threading

from idphoto_gui.core.faces import face_nets
from idphoto_gui.core.faces.face_mesh import MESH_OUTPUTS


def _net_on_new_thread() -> face_nets.Net:
    got = []
    t = threading.Thread(target=lambda: got.append(face_nets.thread_net("face-mesh", MESH_OUTPUTS)))
    t.start()
    t.join()
    return got[0]


def test_a_spare_goes_to_one_thread_only():
    face_nets.make_spare("face-mesh", MESH_OUTPUTS)
    spare = face_nets._spares["face-mesh"]
    first = _net_on_new_thread()
    second = _net_on_new_thread()
    assert first is spare                 # the loaded net was used, not loaded again
    assert second is not spare            # and never shared: the next thread loads its own
    assert "face-mesh" not in face_nets._spares
