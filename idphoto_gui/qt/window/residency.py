"""Which photos hold their heavy arrays: the one on screen does; the others keep thumbnail, path, digest and edit.

A photo out of view is "parked": its working image, analysis and renders are dropped (the byte-bounded
caches may still hold them) and rebuilt on demand from the memory cache, the disk cache (image and
analysis by pixel digest: no decode of the source, no model) or, when both have forgotten it, the file
and the models. Qt-free: the controller calls it on the GUI thread, and the
getters it returns run on workers.
"""
from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Callable

from ...core.errors import UnreadableImageError

if TYPE_CHECKING:
    from ...core.imaging.imageio import LoadedImage
    from ...core.analysis.pipeline import Analysis
    from .documents import PhotoDoc
    from ...core.desktop.engine import Engine

log = logging.getLogger(__name__)


def image_getter(engine: "Engine", doc: "PhotoDoc") -> Callable[[], "LoadedImage"]:
    """Worker-side getter of a photo's working image: the one it holds, a cached one, or the file again."""
    held, path, digest = doc.image, doc.path, doc.digest

    def fetch() -> "LoadedImage":
        if held is not None:
            return held
        image = engine.cached_image(digest)
        if image is not None:
            return image if image.path == path else replace(image, path=path)
        if path is None:
            raise UnreadableImageError("The photo is no longer in memory; take or paste it again.")
        image = engine.load(path)
        if digest is not None and image.digest != digest:
            raise UnreadableImageError(f"{path} has changed since it was opened; open it again.", path=path)
        engine.remember_image(image)
        return image

    return fetch


def release(doc: "PhotoDoc") -> None:
    """After a load, a photo waiting in the background lets go of its pixels (a getter brings them back)."""
    if doc.path and doc.image is not None:
        doc.digest = doc.image.digest
        doc.image = None
        doc.preview = None


def park(engine: "Engine", doc: "PhotoDoc") -> bool:
    """Drop a photo's heavy arrays now that it is out of view; False when it has none or is busy. It is
    rebuilt with the model its analysis was made with (`doc.parked_model`; a model switch updates it)."""
    if doc.busy or doc.session.analysis is None:
        return False
    doc.parked_model = doc.session.analysis.model_id
    image = doc.image
    if image is not None:
        doc.digest = image.digest
        if doc.path:
            engine.remember_image(image)   # bounded: the cache forgets it before the budget is exceeded
            doc.image = None               # camera and clipboard photos keep theirs: no file to read again
    doc.preview = None
    doc.warm_render = None
    fetch, face = image_getter(engine, doc), doc.face_index

    def restore() -> "Analysis":   # on a worker: a sheet or contact sheet rendering a parked photo
        return engine.analyse(fetch(), model_id=doc.parked_model, face_index=face)

    doc.session.park(restore)
    return True
