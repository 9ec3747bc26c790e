"""Analysis: image -> faces + matte + foreground, cached by content; the full-resolution cut-out.
The only room that runs the models on a photo. Imports faces, matting, imaging, templates, foundation."""
