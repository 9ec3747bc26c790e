"""Templates: the photo standards (sizes, head and eye rules, file limits, sources) and the colours a
background may take. Imports only the foundation (errors, paths, numbers)."""
