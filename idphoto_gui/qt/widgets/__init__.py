"""Widgets, one concern per module, for the window and the kiosk; they import only common and core."""
