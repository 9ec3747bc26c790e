"""The body below the head: its continuation past the photo's edge (extend and the modules it paints with,
issue 25) and the garments a photo may be dressed in and how they are fitted (issue 38). Imports templates and
the foundation; never a model."""
