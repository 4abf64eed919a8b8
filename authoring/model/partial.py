"""What still builds of a board or a clue deck with errors, for a preview.

The loaders return None when a file has errors (nothing downstream plays or prints
half a board). A preview shows the designer what they are editing while it is broken:
these functions build the model from what the schema salvage kept, with the same
assembly as the loaders, and throw their diagnostics away (the loader already
reported them). Never for play, export or proofs.
"""

from __future__ import annotations

from typing import Any

from authoring.io.diagnostics import Report
from authoring.io.yamlio import YamlDoc
from authoring.model.board import Board, _assemble
from authoring.model.deck import ClueDeck, _build_cards
from authoring.model.schema import board as board_schema
from authoring.model.schema import deck as deck_schema
from authoring.model.schema.base import validate_salvaged


def salvage_board(doc: YamlDoc) -> Board | None:
    """The regions, zones and roads of a board that assemble despite its errors; None
    when not even the document's shape is a board."""
    if not isinstance(doc.data, dict):
        return None
    try:
        spec, sv = validate_salvaged(board_schema.BoardSpec, doc.data, doc, Report(), what="board")
        if spec is None:
            return None
        return _assemble(spec, sv.doc, Report(), (), sv)
    except Exception:  # a preview of a broken file never fails on it
        return None


def salvage_deck(doc: YamlDoc, board: Board) -> ClueDeck | None:
    """The cards of a deck whose holes compute on ``board`` despite the deck's errors;
    every place allowed. None when no card survives."""
    data = doc.data
    if not isinstance(data, dict):
        return None
    try:
        raw: list[Any] = data.get("cards") if isinstance(data.get("cards"), list) else []  # type: ignore[assignment]
        stripped = dict(data)
        stripped["cards"] = [
            {k: v for k, v in c.items() if k != "where"} if isinstance(c, dict) else c
            for c in raw
        ]
        stripped.pop("allowed", None)
        spec, sv = validate_salvaged(deck_schema.DeckFile, stripped, doc, Report(), what="deck")
        if spec is None:
            return None
        cards = _build_cards(spec, sv, doc, board, Report(), raw, salvage=True) or []
    except Exception:  # a preview of a broken file never fails on it
        return None
    if not cards:
        return None
    return ClueDeck(spec=spec, board=board, cards=tuple(cards), allowed=board.zone_ids,
                    file=doc.file, _by_id={c.id: c for c in cards})
