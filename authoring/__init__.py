"""Authoring toolkit for the cooperative board game Project: Resistance.

Rules are cited by their ids from ``shared/design/rules.md`` (R… rules, D… decisions).
"""

__version__ = "0.1.0"
