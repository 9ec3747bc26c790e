"""Faces: BlazeFace detection, Face Mesh landmarks, pose, the face-quality checks and the live capture
guide. Imports matting (the subject mask), imaging, templates and the foundation."""
