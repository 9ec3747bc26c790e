"""Render: one photo's state and its ONE render call (compose, measurements, compliance, head bands,
history) and the finished photo with its file rules. Imports geometry, analysis, faces, matting, imaging,
templates and the foundation."""
