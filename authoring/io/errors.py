"""Exception types that name outcomes (style.md §4).

Bad input files never raise: they produce diagnostics in a Report. These are
for programming-level outcomes that a caller may want to catch.
"""

from __future__ import annotations


class ResistanceError(Exception):
    """Base of the toolkit's exceptions."""


class InputError(ResistanceError):
    """Input files have problems; the report holds the diagnostics."""

    def __init__(self, report: object, message: str = "the input has problems"):
        super().__init__(message)
        self.report = report


class UnknownZone(ResistanceError, KeyError):
    """A zone reference that names no zone of the board."""
