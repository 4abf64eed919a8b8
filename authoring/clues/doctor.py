"""The clue-deck doctor: for a place no set of cards isolates (R6.1), the cards that
would fix it, in the predicate vocabulary, ready to paste into the deck.

A card fixes place *p* when it has a hole at *p* and none at any of *p*'s look-alikes
(the places every card holding *p* also holds): with it, the cards holding *p* intersect
to *p* alone. Adding a card never makes another place lose its isolation. Candidates
come from the generator's pool (:func:`authoring.clues.generate.candidate_pool`);
titles that name a zone id or a distance in millimetres (which players cannot read on
the board) are left out; the rest are ranked by how close their density is to the
middle of the deck's useful band.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from authoring.clues.generate import Candidate, _flow, _slug, candidate_pool
from authoring.model.board import Board
from authoring.model.deck import ClueDeck


@dataclass(frozen=True)
class Proposal:
    place: str
    card: Candidate
    title_en: str

    @property
    def card_id(self) -> str:
        return _slug(self.card.title)[:40].rstrip("-")

    def yaml(self, card_id: str | None = None) -> str:
        """The card as deck YAML (a list item), with a comment saying what it fixes."""
        return (f"  # isolates {self.place}: {self.card.count} holes\n"
                f"  - id: {_flow(card_id or self.card_id)}\n"
                f"    title: {_flow({'fr': self.card.title, 'en': self.title_en})}\n"
                f"    where: {_flow(self.card.predicate.to_yaml_data())}")

    def entry(self, card_id: str | None = None) -> dict[str, object]:
        """The card as a deck entry (``id``, ``title``, ``where``)."""
        return {"id": card_id or self.card_id, "title": {"fr": self.card.title, "en": self.title_en},
                "where": self.card.predicate.to_yaml_data()}

    def to_json(self) -> dict[str, object]:
        return {"title": {"fr": self.card.title, "en": self.title_en},
                "where": self.card.predicate.to_yaml_data(), "holes": self.card.count}


def _readable(title: str, zone_ids: Sequence[str]) -> bool:
    return _unreadable(tuple(zone_ids)).search(title) is None


@functools.lru_cache(maxsize=8)
def _unreadable(zone_ids: tuple[str, ...]) -> re.Pattern[str]:
    """What a player cannot read on the board: a distance in mm or cm, a zone id."""
    ids = "|".join(re.escape(z) for z in sorted(zone_ids, key=len, reverse=True))
    return re.compile(rf"\d\s*(mm|cm)\b|(?<![\w-])(?:{ids})(?![\w])")


def readable_pool(board: Board) -> list[Candidate]:
    """The generator's candidates (any density) whose titles a player can read."""
    return [c for c in candidate_pool(board, (0.05, 0.95)) if _readable(c.title, board.zone_ids)]


def proposals(deck: ClueDeck, place: str, limit: int = 3,
              pool: Sequence[Candidate] | None = None) -> list[Proposal]:
    """Up to ``limit`` cards that make ``place`` isolatable (none if it already is);
    ``pool``: readable candidates (default :func:`readable_pool`)."""
    board = deck.board
    i = deck.places.index(place)
    alike = deck.lookalikes(place)
    if not alike and any(c.holes >> i & 1 for c in deck.cards if not c.failure):
        return []
    bad = 0
    for z in alike:
        bad |= 1 << deck.places.index(z)
    pool = pool if pool is not None else readable_pool(board)
    lo, hi = deck.density_band
    mid = (lo + hi) / 2
    n = len(deck.places)
    fits = [c for c in pool if c.holes >> i & 1 and not c.holes & bad]
    fits.sort(key=lambda c: (abs(c.count / n - mid), c.complexity, c.title))
    return [Proposal(place, c, c.predicate.describe("en", board)) for c in fits[:limit]]


def suggestions(deck: ClueDeck, places: Sequence[str], limit: int = 3
                ) -> dict[str, list[Proposal]]:
    """Proposals for every place given (the candidate pool built once)."""
    pool = readable_pool(deck.board)
    return {p: proposals(deck, p, limit, pool) for p in places}


def extend(deck: ClueDeck, allowed: Sequence[str] | None = None,
           limit: int = 50) -> tuple[list[Proposal], list[str]]:
    """Cards to add so that every allowed place is isolatable: each time the readable card
    that isolates the most places still failing (then the density closest to the band's
    middle). Returns the cards, in order, and the places no single card could fix."""
    board = deck.board
    places = list(deck.places)
    n = len(places)
    want = [p for p in (allowed if allowed is not None else deck.allowed)]
    holes = [c.holes for c in deck.cards if not c.failure]
    pool = readable_pool(board)
    lo, hi = deck.density_band
    mid = (lo + hi) / 2
    added: list[Proposal] = []

    def inter_of(i: int) -> int:
        acc, held = -1, False
        for h in holes:
            if h >> i & 1:
                acc &= h
                held = True
        return acc if held else (1 << n) - 1

    while len(added) < limit:
        failing = [places.index(p) for p in want if inter_of(places.index(p)) != 1 << places.index(p)]
        if not failing:
            return added, []
        inters = {i: inter_of(i) for i in failing}
        best: Candidate | None = None
        key: tuple[int, float, int] = (0, 0.0, 0)
        for c in pool:
            fixed = sum(1 for i in failing if c.holes >> i & 1 and inters[i] & c.holes == 1 << i)
            if not fixed:
                continue
            k = (fixed, -abs(c.count / n - mid), -c.complexity)
            if k > key:
                best, key = c, k
        if best is None:  # no card isolates a place yet: narrow the look-alikes most
            gain = 0
            for c in pool:
                g = sum((inters[i] & ~c.holes).bit_count() for i in failing if c.holes >> i & 1)
                if g > gain:
                    best, gain = c, g
            if best is None:
                return added, [places[i] for i in failing]
        fixed_places = [places[i] for i in failing
                        if best.holes >> i & 1 and inters[i] & best.holes == 1 << i]
        narrowed = [places[i] for i in failing if best.holes >> i & 1]
        what = ", ".join(fixed_places) or (
            f"no place yet; it narrows the look-alikes of {', '.join(narrowed[:4])}"
            + (" …" if len(narrowed) > 4 else ""))
        added.append(Proposal(what, best, best.predicate.describe("en", board)))
        holes.append(best.holes)
    return added, [p for p in want if inter_of(places.index(p)) != 1 << places.index(p)]
