"""idphoto: an offline desktop ID-photo studio."""
from . import offline as _offline

_offline.apply()  # before anything imports onnxruntime: no telemetry, nothing leaves the machine

__version__ = "0.1.0"
