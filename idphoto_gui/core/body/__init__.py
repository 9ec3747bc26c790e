"""The body below the head: the garments a photo may be dressed in and how they are fitted (issue 38)."""
