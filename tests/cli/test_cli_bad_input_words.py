"""A photo without a face, or with several where a door cannot choose, is refused with what to do."""
from __future__ import annotations

import numpy as np
from PIL import Image

from idphoto_gui.cli import EXIT_INPUT, main


def _run(capsys, *argv) -> tuple[int, str]:
    code = main([str(a) for a in argv])
    return code, capsys.readouterr().err


def test_no_face_says_what_photo_to_use_in_every_command(capsys, tmp_path, data_dir):
    no_face = tmp_path / "no-face.jpg"   # a matte: a white figure on black, nothing a face detector takes
    Image.open(data_dir / "p3m_p_07141906_alpha.png").convert("RGB").save(no_face, quality=92)
    for argv in (("make", no_face, "-t", "cn-1inch", "-o", tmp_path / "o.jpg"), ("check", no_face),
                 ("sheet", no_face, "-t", "cn-1inch", "-o", tmp_path / "s.pdf")):
        code, err = _run(capsys, *argv)
        assert code == EXIT_INPUT and "No face was found" in err, (argv, err)
        assert "use a photo where the whole face is clearly visible" in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["no-face.jpg"]   # nothing written, nothing partial


def test_sheet_of_a_group_photo_says_how_to_choose(capsys, tmp_path, data_dir):
    arr = np.asarray(Image.open(data_dir / "man_suit.jpg").convert("RGB"))
    three = tmp_path / "three.jpg"
    Image.fromarray(np.concatenate([arr, arr[:, ::-1], arr], axis=1)).save(three, quality=92)
    code, err = _run(capsys, "sheet", three, "-t", "cn-1inch", "-o", tmp_path / "s.pdf")
    assert code == EXIT_INPUT and "3 faces were found" in err
    assert "--face N" in err and "--ready" in err
    assert not (tmp_path / "s.pdf").exists()
