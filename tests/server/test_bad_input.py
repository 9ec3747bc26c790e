"""Bad requests get a typed code and the right status, never a traceback; the token and the bind rule."""
from __future__ import annotations

import io
import json
import socket
import sys
import time

import numpy as np
import pytest
from PIL import Image

from idphoto_gui.cli import EXIT_FAILURE, EXIT_USAGE, main
from idphoto_gui.server.client import Client, multipart
from idphoto_gui.server.config import ConfigError, ServerConfig, is_loopback


def _jpeg(rgb: np.ndarray) -> bytes:
    buf = io.BytesIO()
    Image.fromarray(rgb).save(buf, "JPEG", quality=92)
    return buf.getvalue()


def _error(reply, status: int, code: str) -> dict:
    assert reply.status == status, (reply.status, reply.body[:300])
    body = reply.json()
    assert body["code"] == code and body["message"], body
    assert b"Traceback" not in reply.body and b'File "' not in reply.body
    return body


@pytest.fixture(scope="module")
def suit(data_dir) -> np.ndarray:
    return np.asarray(Image.open(data_dir / "man_suit.jpg").convert("RGB"))


def test_corrupt_and_truncated_images(api, data_dir):
    _error(api.client.post("/photo", [("image", "x.jpg", b"not an image at all" * 50)], template="cn-1inch"),
           400, "unreadable")
    half = (data_dir / "man_suit.jpg").read_bytes()[:3000]
    body = _error(api.client.post("/check", [("image", "half.jpg", half)], template="cn-1inch"), 400, "unreadable")
    assert "half.jpg" in body["message"] and "idphoto-upload" not in body["message"]  # no temp path leaks


def test_no_face_and_several_faces_are_422(api, suit):
    body_only = suit[suit.shape[0] // 2:]                       # the suit, no head
    body = _error(api.client.post("/photo", [("image", "suit.jpg", _jpeg(body_only))], template="cn-1inch"),
                  422, "no_face")
    assert "use a photo where the whole face is clearly visible" in body["message"]   # what to do
    two = np.concatenate([suit, suit[:, ::-1]], axis=1)          # two people side by side
    body = _error(api.client.post("/sheet", [("photos", "two.jpg", _jpeg(two))], template="cn-1inch"),
                  422, "multiple_faces")
    assert "POST /photo and face=N" in body["message"] and "ready=true" in body["message"]
    body = _error(api.client.post("/photo", [("image", "two.jpg", _jpeg(two))], template="cn-1inch"),
                  422, "multiple_faces")
    assert len(body["faces"]) == 2 and body["faces"][0]["face"] == 1
    chosen = api.client.post("/photo", [("image", "two.jpg", _jpeg(two))], template="cn-1inch", face=1)
    assert chosen.status == 200
    _error(api.client.post("/photo", [("image", "two.jpg", _jpeg(two))], template="cn-1inch", face=5),
           400, "face_index")


def test_crop_through_the_head_is_422_but_still_checked(api, head_cut_photo):
    reply = api.client.post("/photo", [("image", "w.jpg", head_cut_photo.read_bytes())], template="cn-1inch")
    _error(reply, 422, "crop")
    reply = api.client.post("/check", [("image", "w.jpg", head_cut_photo.read_bytes())], template="cn-1inch")
    assert reply.status == 200, reply.body[:300]
    report = json.loads(reply.body)
    assert report["legal_crop"] is False, "judged like `idphoto check`: the geometry says what is missing"
    assert {f["code"]: f["severity"] for f in report["findings"]}["head_cut"] == "fail"


def test_fields_content_type_and_methods(api, data_dir):
    photo = [("image", "a.jpg", (data_dir / "man_suit.jpg").read_bytes())]
    _error(api.client.post("/photo", photo), 400, "invalid_field")                         # no template
    _error(api.client.post("/photo", [], template="cn-1inch"), 400, "invalid_field")       # no image
    _error(api.client.post("/photo", photo, template="nope"), 400, "template")
    _error(api.client.post("/photo", photo, template="cn-1inch", background="mauvey"), 400, "colour")
    _error(api.client.post("/photo", photo, template="cn-1inch", dpi="many"), 400, "invalid_field")
    _error(api.client.post("/photo", photo, template="cn-1inch", dpi=100000), 400, "invalid_field")
    _error(api.client.post("/photo", photo, template="cn-1inch", format="gif"), 400, "invalid_field")
    _error(api.client.post("/photo", photo, template="cn-1inch", colour="red"), 400, "invalid_field")
    _error(api.client.post("/photo", [], template="cn-1inch", image="text, not a file"), 400, "invalid_field")
    _error(api.client.post("/sheet", [("photos", "a.jpg", photo[0][2])] * 2, template="cn-1inch", copies=1),
           400, "invalid_field")
    _error(api.client.post("/sheet", [("photos", "a.jpg", photo[0][2])], template="cn-1inch", paper="napkin"),
           400, "template")
    json_body = api.client.send("POST", "/photo", body=b'{"template": "cn-1inch"}',
                                headers={"Content-Type": "application/json"})
    _error(json_body, 415, "unsupported_media_type")
    _error(api.client.send("POST", "/photo"), 415, "unsupported_media_type")
    broken = api.client.send("POST", "/photo", body=b"--x\r\nnonsense",
                             headers={"Content-Type": "multipart/form-data; boundary=x"})
    assert broken.status == 400 and b"Traceback" not in broken.body
    _error(api.client.get("/photo"), 405, "method_not_allowed")
    _error(api.client.get("/nothing-here"), 404, "not_found")


@pytest.mark.filterwarnings("ignore::PIL.Image.DecompressionBombWarning")
def test_huge_request_and_decompression_bomb_are_413(guarded, api):
    big = [("image", "big.jpg", b"\xff" * 2_500_000)]
    _error(guarded.client.post("/photo", big, template="cn-1inch"), 413, "too_large")
    body, ctype = multipart({"template": "cn-1inch"}, big)
    pieces = iter([body[i:i + 500_000] for i in range(0, len(body), 500_000)])
    chunked = guarded.client.send("POST", "/photo", body=pieces,
                                  headers={"Content-Type": ctype, "Transfer-Encoding": "chunked"})
    _error(chunked, 413, "too_large")                               # no Content-Length: counted as it comes
    buf = io.BytesIO()
    Image.new("1", (11_000, 11_000)).save(buf, "PNG")              # 121 MP claimed in a small file
    _error(api.client.post("/photo", [("image", "bomb.png", buf.getvalue())], template="cn-1inch"),
           413, "too_large")


def test_stalled_body_is_408(guarded, token):
    with socket.create_connection((guarded.client.host, guarded.client.port), timeout=10) as sock:
        sock.sendall(f"POST /photo HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
                     "Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 5000\r\n\r\n--x\r\n".encode())
        start = time.monotonic()
        answer = b""
        while chunk := sock.recv(4096):
            answer += chunk
    assert b" 408 " in answer.split(b"\r\n")[0] and b"read_timeout" in answer
    assert time.monotonic() - start < 8


def test_token_is_required_on_every_request(guarded, data_dir):
    anonymous = Client(guarded.url)
    wrong = Client(guarded.url, token="wrong-token-wrong-token")
    for path in ("/health", "/templates", "/docs", "/openapi.json"):
        assert _error(anonymous.get(path), 401, "unauthorized") and _error(wrong.get(path), 401, "unauthorized")
        assert guarded.client.get(path).status == 200
    reply = anonymous.post("/check", [("image", "a.jpg", (data_dir / "man_suit.jpg").read_bytes())],
                           template="cn-1inch")
    _error(reply, 401, "unauthorized")
    assert reply.headers["www-authenticate"].startswith("Bearer")
    assert guarded.client.post("/check", [("image", "a.jpg", (data_dir / "man_suit.jpg").read_bytes())],
                               template="cn-1inch").status == 200


def test_bind_rule(token):
    assert all(is_loopback(h) for h in ("127.0.0.1", "localhost", "::1", "[::1]", "127.3.2.1"))
    assert not any(is_loopback(h) for h in ("0.0.0.0", "::", "192.168.1.20", "example.org"))
    with pytest.raises(ConfigError, match="without a token"):
        ServerConfig(host="0.0.0.0").checked()
    with pytest.raises(ConfigError, match="too short"):
        ServerConfig(host="0.0.0.0", token="short").checked()
    assert ServerConfig(host="0.0.0.0", token=token).checked().host == "0.0.0.0"


def test_cli_refuses_an_open_host_without_a_token(capsys, tmp_path):
    assert main(["serve", "--host", "0.0.0.0", "--port", "0"]) == EXIT_USAGE
    assert "without a token" in capsys.readouterr().err
    empty = tmp_path / "token"
    empty.write_text("\n")
    empty.chmod(0o600)
    assert main(["serve", "--token-file", str(empty)]) == EXIT_USAGE
    assert "empty" in capsys.readouterr().err


def test_serve_without_the_extra_says_which_is_missing(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    assert main(["serve"]) == EXIT_FAILURE
    assert 'pip install -e ".[server]"' in capsys.readouterr().err


def test_nan_and_infinity_are_refused_with_the_field_name(api, data_dir):
    """NaN passed every bound (`max_kb=nan` gave a 42 KB file for a 20 KB template); now every number field of
    the form refuses it, naming the field, before the request takes a place in the queue."""
    photo = [("image", "a.jpg", (data_dir / "man_suit.jpg").read_bytes())]
    for bad in ("nan", "NaN", "inf", "-inf", "1e999"):
        body = _error(api.client.post("/photo", photo, template="cn-social-security", max_kb=bad), 400,
                      "invalid_field")
        assert "max_kb" in body["message"], body
        body = _error(api.client.post("/check", photo, template="cn-1inch", dpi=bad), 400, "invalid_field")
        assert "dpi" in body["message"]
    sheet = [("photos", "a.jpg", photo[0][2])]
    for field in ("margin", "gap", "copies"):
        body = _error(api.client.post("/sheet", sheet, template="cn-1inch", **{field: "nan"}), 400, "invalid_field")
        assert field in body["message"] and "finite" in body["message"], body
    body = _error(api.client.post("/photo", photo, template="cn-1inch", face="1.5"), 400, "invalid_field")
    assert "face" in body["message"] and "whole number" in body["message"]


def _png(w: int, h: int) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (w, h), (120, 90, 70)).save(buf, "PNG")
    return buf.getvalue()


def test_matte_of_a_tiny_image_is_refused_like_the_cli(api, tmp_path, capsys):
    """1x1 was a 500 (a cv2.error in core/cutout.py); now the API and `idphoto matte` (exit 4) say the same."""
    from idphoto_gui.cli import EXIT_INPUT

    for w, h in ((1, 1), (15, 15), (1, 300), (300, 2)):
        body = _error(api.client.post("/matte", [("image", "tiny.png", _png(w, h))]), 422, "too_small")
        src = tmp_path / "tiny.png"
        src.write_bytes(_png(w, h))
        assert main(["matte", str(src), "-o", str(tmp_path / "out.png")]) == EXIT_INPUT
        cli = capsys.readouterr().err
        assert body["message"] == f"tiny.png is {w}x{h} px: too small to cut a person out of (at least 16 px a side)"
        assert body["message"].split(" is ", 1)[1] in cli, (body, cli)
    assert api.client.post("/matte", [("image", "ok.png", _png(16, 16))]).status == 200


def test_core_cutout_refuses_a_tiny_image_with_a_typed_error():
    from idphoto_gui.core.analysis.cutout import cutout
    from idphoto_gui.core.errors import ImageTooSmallError

    with pytest.raises(ImageTooSmallError, match="too small"):
        cutout(np.zeros((1, 1, 3), np.uint8), np.ones((1, 1), np.float32))
