"""One OpenCV dnn net per model and thread for the face models, and the forward pass that reads them."""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass

import cv2
import numpy as np

from ..models import tflite_net

log = logging.getLogger(__name__)

_local = threading.local()


@dataclass(frozen=True)
class Net:
    """A dnn net and whether one forward pass can return all the outputs we read."""

    net: cv2.dnn.Net
    multi: bool


# Nets made ahead on another thread (`make_spare`), each handed whole to the first thread that asks.
_spares: dict[str, Net] = {}
_spares_lock = threading.Lock()


def thread_net(model_id: str, outputs: tuple[str, ...]) -> Net:
    """This thread's net for a model (OpenCV nets are not thread-safe), created on first use."""
    nets = getattr(_local, "nets", None)
    if nets is None:
        nets = _local.nets = {}
    entry = nets.get(model_id)
    if entry is None:
        with _spares_lock:
            entry = _spares.pop(model_id, None)
        entry = nets[model_id] = entry or _new_net(model_id, outputs)
    return entry


def make_spare(model_id: str, outputs: tuple[str, ...], warm_shape: tuple[int, ...] | None = None) -> None:
    """Load a net now for the next thread that needs it: a one-photo process loads the face nets on a
    second core while the photo decodes (ADR 0016 round 3). The net moves to that thread, never shared.

    `warm_shape`: one pass on zeros of the input shape the net will see, so its first real pass does not
    also set up its layers (OpenCV does that on the first forward of each input shape)."""
    entry = _new_net(model_id, outputs)
    if warm_shape is not None:
        run(entry, np.zeros(warm_shape, np.float32), outputs)
    with _spares_lock:
        _spares.setdefault(model_id, entry)


def _new_net(model_id: str, outputs: tuple[str, ...]) -> Net:
    """A verified net and whether one pass returns all of `outputs`."""
    net = tflite_net(model_id)
    multi = set(outputs) <= set(net.getUnconnectedOutLayersNames())
    if not multi:
        log.info("%s: net exposes %s only; reading each output with its own pass",
                 model_id, net.getUnconnectedOutLayersNames())
    return Net(net, multi)


def run(entry: Net, blob: np.ndarray, outputs: tuple[str, ...]) -> list[np.ndarray]:
    """The named outputs for one input, in order."""
    entry.net.setInput(blob)
    if entry.multi:
        return list(entry.net.forward(list(outputs)))
    # OpenCV 5.0 builds the new engine from a buffer whatever `engine` says; that engine keeps a
    # single graph output but still answers forward(name) for each one (one full pass per name).
    return [entry.net.forward(name) for name in outputs]
