"""Qt-free engine, in rooms by subject; arrows only point down this list (tests/test_architecture.py):
desktop > orders > kiosk > sheets > render > body > geometry > analysis > faces > matting > imaging > templates > foundation
(errors, paths, numbers, models, findings: the modules at this level)."""
