"""The Qt layer: the only package that imports PySide6; a thin shell over idphoto_gui.core.
Rooms, top floor first; arrows only point down (tests/test_architecture.py):
app > window, kiosk (siblings that never import each other) > widgets > common > core."""
