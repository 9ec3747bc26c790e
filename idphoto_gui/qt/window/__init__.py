"""The main window: its controller, presenter, photo list, exports and orders, and the two widgets that show its
own model (the photo strip, the orders dialog). Imports widgets, common and core; never the kiosk."""
