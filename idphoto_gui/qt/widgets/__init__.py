"""Widgets, one concern per module, for the window and the kiosk; they import each other, common and core."""
