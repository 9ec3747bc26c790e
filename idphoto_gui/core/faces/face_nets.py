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


def thread_net(model_id: str, outputs: tuple[str, ...]) -> Net:
    """This thread's net for a model (OpenCV nets are not thread-safe), created on first use."""
    nets = getattr(_local, "nets", None)
    if nets is None:
        nets = _local.nets = {}
    entry = nets.get(model_id)
    if entry is None:
        net = tflite_net(model_id)
        multi = set(outputs) <= set(net.getUnconnectedOutLayersNames())
        if not multi:
            log.info("%s: net exposes %s only; reading each output with its own pass",
                     model_id, net.getUnconnectedOutLayersNames())
        entry = nets[model_id] = Net(net, multi)
    return entry


def run(entry: Net, blob: np.ndarray, outputs: tuple[str, ...]) -> list[np.ndarray]:
    """The named outputs for one input, in order."""
    entry.net.setInput(blob)
    if entry.multi:
        return list(entry.net.forward(list(outputs)))
    # OpenCV 5.0 builds the new engine from a buffer whatever `engine` says; that engine keeps a
    # single graph output but still answers forward(name) for each one (one full pass per name).
    return [entry.net.forward(name) for name in outputs]
