"""The base layer: safe YAML with positions, located diagnostics, errors, wording.

Imports nothing else of the package (the layer test says so)."""
