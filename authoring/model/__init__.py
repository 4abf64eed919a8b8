"""The model layer: schemas, board and topology, geometry, vocabularies, content,
clue decks and their exact isolation, scenarios, rules, and :func:`load_game`.

Imports only :mod:`authoring.io`; the products (clues, engine, pdf) build on it."""
