"""Light, colour and retouch of the finished photo, at output resolution, as far as the template allows.

`look.Look` is what the user chose (part of the session's Edit); `apply.apply_look` applies it to one render.
Nothing here reshapes a face or touches the cached analysis.
"""
from .look import Look

__all__ = ["Look"]
