"""Print sheets: layout in mm, rendering at a dpi, the composer's mixed sheets and contact sheets.
Imports render and everything below it."""
