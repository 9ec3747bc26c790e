"""Qt-free catalogue and model calls the window's jobs use (templates, papers, load, analyse); no rendering."""
from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import numpy as np

from ..imaging.imageio import PHOTO_SUFFIXES

if TYPE_CHECKING:
    from ..imaging.imageio import LoadedImage
    from ..analysis.pipeline import Analysis
    from ..sheets.sheet import Paper
    from ..templates.template import Template

log = logging.getLogger(__name__)



def collect_images(paths: list[str]) -> list[str]:
    """Files as given plus image files inside given folders (sorted, not recursive beyond one level)."""
    out: list[str] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out += sorted(str(c) for c in path.iterdir() if c.suffix.lower() in PHOTO_SUFFIXES and c.is_file())
        else:
            out.append(str(path))
    return list(dict.fromkeys(out))


class Engine:
    """Data lookups for the widgets and the heavy calls its workers make; renders go through core.session."""

    def __init__(self) -> None:
        self._templates: dict[str, "Template"] | None = None

    # ---- data -------------------------------------------------------------------------------------
    def templates(self) -> dict[str, "Template"]:
        """All templates by id (built-in + user file), loaded once."""
        if self._templates is None:
            from ..templates.specs import load_templates

            self._templates = load_templates()
        return self._templates

    def template(self, template_id: str) -> "Template":
        """One template; falls back to the first one for an id that no longer exists."""
        t = self.templates()
        return t.get(template_id) or next(iter(t.values()))

    def papers(self) -> list["Paper"]:
        """Print papers in file order."""
        from ..sheets.sheet import load_papers

        return list(load_papers().values())

    def colour_presets(self) -> list[tuple[str, str, str]]:
        """(hex, English name, Chinese name) of the named backgrounds."""
        from ..templates.colours import presets

        return [(c.hex, c.name_en, c.name_zh) for c in presets()]

    def models(self) -> tuple[str, ...]:
        """Matting model ids, default first."""
        from ..matting import available_models

        return tuple(available_models())

    # ---- heavy work (workers only) -----------------------------------------------------------------
    def load(self, path: str) -> "LoadedImage":
        """Decode a file to a LoadedImage."""
        from ..imaging.imageio import load_image

        return load_image(path)

    def from_array(self, rgb: np.ndarray) -> "LoadedImage":
        """Wrap decoded pixels (clipboard, camera)."""
        from ..imaging.imageio import from_array

        return from_array(rgb)

    def analyse(self, image: "LoadedImage", *, model_id: str, face_index: int | None = None) -> "Analysis":
        """Faces + matte (cached); a face problem is reported in `.face_error`, not raised."""
        from ..analysis.pipeline import analyse

        return analyse(image, model_id=model_id, face_index=face_index)

    # ---- caches (memory budget, disk) ----------------------------------------------------------------
    def use_caches(self, budget_bytes: int, *, disk: bool, disk_bytes: int | None = None) -> None:
        """Bound the in-memory analyses and images; keep analyses on disk unless the user said never."""
        from ..analysis import disk_cache
        from ..analysis.cache import configure_default_cache

        cache = configure_default_cache(budget_bytes)
        old = cache.backing
        if disk:
            if old is None:
                disk = disk_cache.DiskCache(disk_cache.default_folder(), disk_bytes or disk_cache.DEFAULT_MAX_BYTES)
                for key in cache.keys():   # analyses made before (none at a normal start) go to disk too
                    if not disk.has(key):
                        disk.store(key, cache.peek(key))
                cache.backing = disk
            elif disk_bytes:
                old.resize(disk_bytes)
        elif old is not None or disk_cache.default_folder().exists():
            cache.backing = None
            (old or disk_cache.DiskCache(disk_cache.default_folder())).clear()  # "never store": none kept
        log.info("analysis caches: %d MB in memory, on disk %s", budget_bytes >> 20, "yes" if disk else "no")

    def cached_image(self, digest: str | None) -> "LoadedImage | None":
        """A working image from the memory cache, else the disk cache (worker threads only), else None."""
        from ..analysis.analysis_codec import image_key
        from ..analysis.cache import default_cache

        return default_cache().get(image_key(digest)) if digest else None

    def in_memory(self, digest: str | None, model_id: str) -> tuple[bool, "LoadedImage | None"]:
        """(the photo's analysis is all in the memory cache, its working image if that is too): no disk, no
        model, so safe to use on the GUI thread."""
        from ..analysis.analysis_codec import image_key
        from ..analysis.cache import default_cache
        from ..analysis.pipeline import analysis_keys

        if not digest:
            return False, None
        cache = default_cache()
        held = all(cache.peek(k) is not None for k in analysis_keys(digest, model_id))
        return held, cache.held(image_key(digest))   # held: written to disk if the disk lacks it

    def remember_image(self, image: "LoadedImage") -> None:
        """Keep a working image in the memory cache (within the budget) and the disk cache, by its digest."""
        from ..analysis.analysis_codec import image_key
        from ..analysis.cache import default_cache

        default_cache().put(image_key(image.digest), image)

    def prefetch(self, digest: str, model_id: str) -> Callable[[], None]:
        """Read a photo's analysis from the disk cache into memory on another thread (while its file is
        decoded); returns the wait for it."""
        from ..analysis.cache import default_cache
        from ..analysis.pipeline import analysis_keys

        cache, keys = default_cache(), analysis_keys(digest, model_id)
        if cache.backing is None or all(cache.peek(k) is not None for k in keys):
            return lambda: None
        thread = threading.Thread(target=lambda: [cache.get(k) for k in keys], name="idphoto-prefetch",
                                  daemon=True)
        thread.start()
        return thread.join

    def warm_up(self, model_id: str) -> None:
        """Load sessions so the first photo is not slower than the rest."""
        from ..analysis.pipeline import warm_up

        warm_up(model_id)

    def model_runs(self) -> int:
        """Model runs so far (matting + face detection): proves an edit ran no model."""
        from ..analysis.pipeline import stats

        s = stats()
        return int(s.matte_runs + s.face_runs)


def default_name(source: str | None, template_id: str, suffix: str) -> str:
    """'<photo>_<template>.jpg' for the save dialog."""
    stem = Path(source).stem if source else "photo"
    return f"{stem}_{template_id}{suffix}"

