"""Face checks an ID-photo officer makes: pose, eyes, gaze, mouth, expression, glasses, covering, shadows."""
