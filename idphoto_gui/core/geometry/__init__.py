"""Placement: where the ID photo sits in the source (crop box, crop policy, what a crop reaches past the photo's
edge, a pair's two crops). Imports faces, templates and the foundation; never a model."""
