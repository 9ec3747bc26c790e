"""Every endpoint on a real server over loopback, with real photos and the real models."""
from __future__ import annotations

import io

import numpy as np
from PIL import Image

from idphoto_gui.core.analysis import pipeline
from idphoto_gui.core.templates.colours import parse_colour
from idphoto_gui.core.templates.specs import get_template

COLOURS = ("blue", "red", "white", "#6A8CAF", "200,200,200")


def _photo(data_dir, name="man_suit.jpg"):
    return [("image", name, (data_dir / name).read_bytes())]


def test_health_and_docs(api):
    health = api.client.get("/health")
    assert health.status == 200
    body = health.json()
    assert body["status"] == "ok" and body["pipeline"]["warm_ups"] >= 1
    assert body["queue"]["capacity"] == 9 and "rvm" in body["models"]
    doc = api.client.get("/openapi.json").json()
    assert doc["openapi"].startswith("3.1")
    assert {"/templates", "/photo", "/check", "/matte", "/sheet", "/health"} <= set(doc["paths"])
    form = doc["paths"]["/photo"]["post"]["requestBody"]["content"]["multipart/form-data"]["schema"]
    assert form["required"] == ["image", "template"] and form["properties"]["image"]["format"] == "binary"
    page = api.client.get("/docs")
    assert page.status == 200 and page.headers["content-type"].startswith("text/html")
    assert b"POST /sheet" in page.body and b"<script" not in page.body  # offline: nothing to fetch


def test_templates_search(api):
    everything = api.client.get("/templates").json()
    assert len(everything) >= 52 and {"cn-1inch", "us-passport"} <= {t["id"] for t in everything}
    found = api.client.get("/templates", search="护照").json()
    assert found and all("护照" in t["name_zh"] for t in found)
    assert "cn-passport" in {t["id"] for t in found}
    assert api.client.get("/templates", search="no-such-thing-xyz").json() == []


def test_photo_is_the_template_size_with_dpi_and_report(api, data_dir):
    reply = api.client.post("/photo", _photo(data_dir), template="cn-1inch", background="blue")
    assert reply.status == 200 and reply.headers["content-type"] == "image/jpeg"
    img = Image.open(io.BytesIO(reply.body))
    assert img.format == "JPEG" and img.size == get_template("cn-1inch").pixel_size()
    assert round(img.info["dpi"][0]) == 300
    report = reply.report
    assert report["template"]["id"] == "cn-1inch" and report["background"] == "#438EDB"
    assert report["output"]["bytes"] == len(reply.body) and "path" not in report["output"]
    assert reply.headers["x-idphoto-status"] == report["status"]
    lo, hi = report["template"]["head_height_mm"]
    assert lo - 0.5 <= report["measurements"]["head_height_mm"] <= hi + 0.5
    png = api.client.post("/photo", _photo(data_dir), template="us-passport", format="png")
    assert png.status == 200 and png.headers["content-type"] == "image/png"
    assert Image.open(io.BytesIO(png.body)).size == get_template("us-passport").pixel_size()


def test_same_photo_in_other_colours_runs_no_model(api, data_dir):
    files = _photo(data_dir, "child.png")
    first = api.client.post("/photo", files, template="cn-2inch", background="white")
    assert first.status == 200
    before = pipeline.stats()
    for colour in COLOURS:
        reply = api.client.post("/photo", files, template="cn-2inch", background=colour)
        assert reply.status == 200
        corner = np.asarray(Image.open(io.BytesIO(reply.body)).convert("RGB"))[3, 3].astype(int)
        assert np.abs(corner - parse_colour(colour)).max() <= 6, (colour, corner)  # JPEG rounding
    after = pipeline.stats()
    assert (after.face_runs, after.matte_runs) == (before.face_runs, before.matte_runs)
    assert after.cache_hits >= before.cache_hits + 2 * len(COLOURS)
    seen = api.client.get("/health").json()["pipeline"]  # the same proof from outside
    assert seen["matte_runs"] == after.matte_runs and seen["cache_hits"] >= after.cache_hits


def test_check_gives_findings_without_a_file(api, data_dir):
    reply = api.client.post("/check", _photo(data_dir), template="cn-1inch", background="red")
    assert reply.status == 200 and reply.headers["content-type"] == "application/json"
    report = reply.json()
    assert "output" not in report and report["background"] == "#FF0000"
    codes = {f["code"] for f in report["findings"]}
    assert {"head_height", "roll"} <= codes
    assert all(f["severity"] in ("ok", "warn", "fail", "info", "not_judged") for f in report["findings"])
    assert report["status"] in ("ok", "warn", "fail")


def test_check_answers_for_a_turned_face(api, data_dir):
    # issue 23: /check judges a face turned 57 deg (pose fails with its angle) instead of refusing it
    reply = api.client.post("/check", [("image", "turned.jpg", (data_dir / "expressions" / "interfaces_018.jpg")
                                        .read_bytes())], template="cn-1inch")
    assert reply.status == 200, reply.body[:300]
    report = reply.json()
    found = {f["code"]: f for f in report["findings"]}
    assert report["status"] == "fail" and found["yaw"]["severity"] == "fail" and abs(found["yaw"]["value"]) > 30
    assert found["eyes_open"]["severity"] == "not_judged"
    refused = api.client.post("/photo", [("image", "turned.jpg", (data_dir / "expressions" / "interfaces_018.jpg")
                                          .read_bytes())], template="cn-1inch")
    assert refused.status >= 400     # making a photo still refuses a turned face


def test_matte_is_a_transparent_png_at_full_size(api, data_dir):
    reply = api.client.post("/matte", _photo(data_dir))
    assert reply.status == 200 and reply.headers["content-type"] == "image/png"
    img = Image.open(io.BytesIO(reply.body))
    assert img.mode == "RGBA" and img.size == Image.open(data_dir / "man_suit.jpg").size
    alpha = np.asarray(img)[:, :, 3]
    h, w = alpha.shape
    assert alpha[5, 5] < 10 and alpha[5, w - 5] < 10          # background corners cut away
    assert alpha[h // 3, w // 2] > 245                         # the face kept


def test_sheet_pdf_and_jpeg(api, data_dir):
    files = [("photos", n, (data_dir / n).read_bytes()) for n in ("man_suit.jpg", "child.png")]
    pdf = api.client.post("/sheet", files, template="cn-1inch", copies=8, paper="4r")
    assert pdf.status == 200 and pdf.headers["content-type"] == "application/pdf"
    assert pdf.body.startswith(b"%PDF") and b"/MediaBox" in pdf.body
    jpeg = api.client.post("/sheet", files, template="cn-1inch", copies=8, format="jpeg", dpi=300)
    img = Image.open(io.BytesIO(jpeg.body))
    assert jpeg.status == 200 and round(img.info["dpi"][0]) == 300
    assert abs(img.size[0] - round(101.6 / 25.4 * 300)) <= 1 and abs(img.size[1] - round(152.4 / 25.4 * 300)) <= 1
    ready = api.client.post("/sheet", [("photos", "p.jpg", _make_ready(api, data_dir))], template="25x35mm",
                            ready="true", format="png")
    assert ready.status == 200 and Image.open(io.BytesIO(ready.body)).format == "PNG"


def _make_ready(api, data_dir) -> bytes:
    return api.client.post("/photo", _photo(data_dir), template="cn-1inch").body


def test_check_face_all_lists_every_person_left_to_right(api, data_dir):
    reply = api.client.post("/check", _photo(data_dir, "group_expedition1.jpg"), template="cn-1inch", face="all")
    assert reply.status == 200
    body = reply.json()
    assert body["faces_found"] == 3 and [p["person"] for p in body["people"]] == [1, 2, 3]
    xs = [p["face_box"][0] for p in body["people"]]
    assert xs == sorted(xs)
    assert all(p["template"]["id"] == "cn-1inch" for p in body["people"] if p.get("status") != "skipped")
    bad = api.client.post("/photo", _photo(data_dir, "group_expedition1.jpg"), template="cn-1inch", face="all")
    assert bad.status == 400 and bad.json()["code"] == "invalid_field"


def test_marriage_photo_over_the_api(api, data_dir):
    reply = api.client.post("/photo", _photo(data_dir, "couple_expedition12.jpg"), template="cn-marriage",
                            background="red")
    assert reply.status == 200
    assert Image.open(io.BytesIO(reply.body)).size == (626, 413)
    assert [p["person"] for p in reply.report["people"]] == ["left", "right"]
    one = api.client.post("/check", _photo(data_dir), template="cn-marriage")
    assert one.status == 422 and one.json()["code"] == "pair_needs_two"
