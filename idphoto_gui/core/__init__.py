"""Qt-free engine: imaging, models, geometry, templates, compliance, layout, export."""
