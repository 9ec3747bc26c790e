"""Geometry: where the ID photo sits in the source (crop box, crop policy, overhang) and the continuation
of the body past the photo's edge. Imports faces, templates and the foundation; never a model."""
