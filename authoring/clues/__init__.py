"""Clue decks: predicates → perforations, exact solver, draw statistics, generator (R5.3, R6.1)."""
