"""The light and retouch form fields of /photo and /check."""
from __future__ import annotations


def _photo(data_dir, name="man_suit.jpg"):
    return [("image", name, (data_dir / name).read_bytes())]


def test_check_lists_light_and_retouch_and_refuses_retouch_on_a_passport(api, data_dir):
    reply = api.client.post("/check", _photo(data_dir), template="cn-resume", light="auto", retouch="40")
    assert reply.status == 200
    body = reply.json()
    assert body["look"]["retouch"] == 40 and body["look"]["light"] == "auto"
    assert {"light", "retouch"} <= {f["code"] for f in body["findings"] if f["severity"] == "info"}
    refused = api.client.post("/photo", _photo(data_dir), template="us-passport", retouch="30")
    assert refused.status == 400 and refused.json()["code"] == "retouch_not_allowed"
    assert "altered" in refused.json()["message"]
    bad = api.client.post("/check", _photo(data_dir), template="cn-1inch", retouch="150")
    assert bad.status == 400 and bad.json()["code"] == "invalid_field"
    doc = api.client.get("/openapi.json").json()
    props = doc["paths"]["/photo"]["post"]["requestBody"]["content"]["multipart/form-data"]["schema"]["properties"]
    assert props["retouch"]["maximum"] == 100 and props["light"]["enum"] == ["off", "auto"]


def test_photo_with_a_garment_and_its_refusal_on_a_passport(api, data_dir):
    reply = api.client.post("/check", _photo(data_dir), template="cn-1inch", garment="men-suit-tie")
    assert reply.status == 200
    body = reply.json()
    assert body["look"]["garment"] == "men-suit-tie"
    assert any(f["code"] == "garment" and f["severity"] == "info" for f in body["findings"])
    refused = api.client.post("/photo", _photo(data_dir), template="us-passport", garment="men-suit-tie")
    assert refused.status == 400 and refused.json()["code"] == "garment_not_allowed"
    assert "own clothing" in refused.json()["message"]
