"""What the desktop front ends (the window and the kiosk) ask of the core, without Qt: the catalogue and the model
calls their workers make (the top room: it may use every room below it; nothing in core imports it)."""
