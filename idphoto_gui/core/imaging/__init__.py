"""Pixel files in and out: decode any common format (EXIF, CMYK, 16-bit ...), full-resolution reads, and
atomic encoding with dpi and a KB cap. Imports only the foundation."""
