"""Authoring toolkit for the cooperative board game Project: Resistance.

Rules are cited by their ids from ``docs/rules.md`` (R… rules, D… decisions), shipped
with the package: ``resistance rules ID`` prints one.
"""

__version__ = "0.1.0"
