"""The Qt layer: the only package that imports PySide6; a thin shell over idphoto_gui.core."""
