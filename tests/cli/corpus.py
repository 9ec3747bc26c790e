"""A bad-input corpus built from the real test photographs: every kind of file a user may hand us.

Each entry says what `make`, `matte` and `sheet` must answer (exit codes documented in docs/cli.md):
4 input unusable, 0 done. Convertible oddities (CMYK, 16-bit, palette, EXIF orientations, ...) must work.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image

from bad_files import png_claiming  # tests/ is on sys.path (golden.py too)

PORTRAIT = "man_suit.jpg"      # fits every template with room to spare
OK, INPUT = 0, 4


@dataclass(frozen=True)
class Case:
    """One corpus file and the exit codes of make, matte and sheet on it."""

    name: str
    make: int
    matte: int
    sheet: int


_STORE = {  # stored pixels for EXIF orientation n, so that applying n shows the photo upright
    1: lambda a: a, 2: lambda a: a[:, ::-1], 3: lambda a: a[::-1, ::-1], 4: lambda a: a[::-1],
    5: lambda a: a.transpose(1, 0, 2), 6: lambda a: np.rot90(a, 1), 7: lambda a: np.rot90(a, 2).transpose(1, 0, 2),
    8: lambda a: np.rot90(a, -1),
}


def build(data_dir: Path, folder: Path) -> list[Case]:
    """Write the corpus into `folder`; the cases in a fixed order."""
    folder.mkdir(parents=True, exist_ok=True)
    src = (data_dir / PORTRAIT).read_bytes()
    with Image.open(data_dir / PORTRAIT) as im:
        rgb = im.convert("RGB")
    arr = np.asarray(rgb)
    cases: list[Case] = []

    def bad(name: str) -> None:
        cases.append(Case(name, INPUT, INPUT, INPUT))

    def good(name: str) -> None:
        cases.append(Case(name, OK, OK, OK))

    (folder / "zero-bytes.jpg").write_bytes(b"")
    bad("zero-bytes.jpg")
    (folder / "random-bytes.jpg").write_bytes(np.random.default_rng(1).bytes(50_000))
    bad("random-bytes.jpg")
    for pct in (10, 50, 90):
        (folder / f"truncated-{pct}.jpg").write_bytes(src[: len(src) * pct // 100])
        bad(f"truncated-{pct}.jpg")
    (folder / "jpeg-named.png").write_bytes(src)            # wrong extension: read by content
    good("jpeg-named.png")
    rgb.convert("CMYK").save(folder / "cmyk.jpg", quality=95)
    good("cmyk.jpg")
    grey16 = (np.asarray(rgb.convert("L")).astype(np.uint16) * 257)
    Image.fromarray(grey16).save(folder / "grey-16bit.png")
    good("grey-16bit.png")
    pal = rgb.convert("P", palette=Image.ADAPTIVE, colors=255)
    pal.info["transparency"] = 0
    pal.save(folder / "palette-transparent.png", transparency=0)
    good("palette-transparent.png")
    Image.new("RGB", (1, 1), (200, 50, 50)).save(folder / "one-pixel.png")
    bad("one-pixel.png")
    png_claiming(folder / "bomb.png", 60_000, 60_000)
    bad("bomb.png")
    frames = [rgb, rgb.transpose(Image.FLIP_LEFT_RIGHT)]
    frames[0].save(folder / "animated.png", save_all=True, append_images=frames[1:], duration=200, loop=0)
    good("animated.png")
    frames[0].save(folder / "multi-page.tif", save_all=True, append_images=frames[1:])
    good("multi-page.tif")
    for n, store in _STORE.items():
        exif = Image.Exif()
        exif[0x0112] = n
        Image.fromarray(np.ascontiguousarray(store(arr))).save(folder / f"exif-{n}.jpg", quality=95,
                                                               exif=exif.tobytes())
        good(f"exif-{n}.jpg")
    with Image.open(data_dir / "p3m_p_07141906_alpha.png") as im:   # a matte: no face at all
        im.convert("RGB").save(folder / "no-face.jpg", quality=92)
    cases.append(Case("no-face.jpg", INPUT, OK, INPUT))
    three = np.concatenate([arr, arr[:, ::-1], arr], axis=1)
    Image.fromarray(three).save(folder / "three-faces.jpg", quality=92)
    cases.append(Case("three-faces.jpg", INPUT, OK, INPUT))
    os.symlink("loop-b.jpg", folder / "loop-a.jpg")
    os.symlink("loop-a.jpg", folder / "loop-b.jpg")
    bad("loop-a.jpg")
    os.mkfifo(folder / "fifo.jpg")
    bad("fifo.jpg")
    (folder / "folder.jpg").mkdir()
    bad("folder.jpg")
    return cases


def photo_files(folder: Path) -> list[str]:
    """Names batch takes as photos (folders are not photos)."""
    return sorted(p.name for p in folder.iterdir() if not p.is_dir() or p.is_symlink())

