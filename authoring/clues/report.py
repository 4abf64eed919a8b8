"""What ``resistance clues check`` and ``clues simulate`` report about a deck (R5.3, R6.1).

Plain data for the command line and its ``--json``: per card its holes and density, per
place isolatable / fewest cards / a witness (from the model's exact solver), and the draw
statistics of :mod:`authoring.clues.draws`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from authoring.clues.draws import exact_first_reveal, simulate
from authoring.io.diagnostics import Report, Span
from authoring.model.deck import ClueDeck, warn_never
from authoring.model.solver import solve


@dataclass(frozen=True)
class CardCheck:
    """One card of a checked deck: its holes (place ids) and density (R5.3)."""

    id: str
    title: str
    title_en: str | None
    copies: int
    failure: bool
    holes: tuple[str, ...]
    density: float

    def to_json(self) -> dict[str, Any]:
        """As ``clues check --json`` prints it."""
        return {"id": self.id, "title": self.title, "title_en": self.title_en,
                "copies": self.copies, "failure": self.failure, "holes": list(self.holes),
                "density": self.density}


@dataclass(frozen=True)
class PlaceCheck:
    """One place: may it hold an objective, can the cards isolate it, with how few, which
    (a witness), and when not, the places every card holding it also holds (R6.1)."""

    place: str
    city: str
    allowed: bool
    isolatable: bool
    min_cards: int | None
    witness: tuple[str, ...]
    lookalikes: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """As ``clues check --json`` prints it (keyed by the place)."""
        return {"city": self.city, "allowed": self.allowed, "isolatable": self.isolatable,
                "min_cards": self.min_cards, "witness": list(self.witness),
                "lookalikes": list(self.lookalikes)}


@dataclass(frozen=True)
class DeckCheck:
    """What ``resistance clues check`` reports of a deck: its cards, its places, and a
    summary (plain data in :attr:`summary`, as printed by ``--json``)."""

    deck: str
    board: str
    cards: tuple[CardCheck, ...]
    places: tuple[PlaceCheck, ...]
    summary: dict[str, Any]

    @property
    def failing(self) -> list[str]:
        """The allowed places no set of cards isolates (R6.1)."""
        return [p.place for p in self.places if p.allowed and not p.isolatable]

    def to_json(self) -> dict[str, Any]:
        """As ``clues check --json`` prints it."""
        return {"deck": self.deck, "board": self.board,
                "cards": [c.to_json() for c in self.cards],
                "places": {p.place: p.to_json() for p in self.places},
                "summary": self.summary}


def check(deck: ClueDeck, allowed: tuple[str, ...] | None = None,
          report: Report | None = None) -> DeckCheck:
    """Check ``deck``: per card its holes and density, per place isolatable / fewest cards /
    a witness set (R6.1), and a summary. With ``allowed`` (places other than the deck's,
    D6.1) the deck is solved again for them, and ``report``'s warning about places that
    can never be isolated speaks of those places."""
    result = deck.result if allowed is None else solve(deck.solver_deck(), allowed)
    n = len(deck.places)
    lo, hi = deck.density_band
    fewest, most = deck.density_holes
    allowed_set = set(result.allowed)
    cards = tuple(
        CardCheck(c.id, c.title, c.title_en, c.copies, c.failure, tuple(deck.ids_of(c.holes)),
                  round(c.holes.bit_count() / n, 4) if n else 0.0)
        for c in deck.cards)
    places = tuple(
        PlaceCheck(r.place, deck.board.zone(r.place).city, r.place in allowed_set,
                   r.isolatable, r.min_cards, tuple(r.witness),
                   () if r.isolatable else tuple(deck.lookalikes(r.place)))
        for r in result.places)
    mins = [r.min_cards for r in result.places if r.min_cards is not None]
    valid = [c for c in cards if not c.failure]
    densities = [c.density for c in valid]
    summary: dict[str, Any] = {
        "places": n,
        "allowed": len(allowed_set),
        "isolatable": sum(1 for r in result.places if r.allowed and r.isolatable),
        "never_isolatable": list(result.never_isolatable_allowed),
        "min_cards_distribution": {str(k): v for k, v in result.min_cards_histogram.items()},
        "min_cards_mean": round(sum(mins) / len(mins), 3) if mins else None,
        "min_cards_max": max(mins) if mins else None,
        "cards_total": deck.total_cards,
        "box_cards": deck.spec.box_cards,
        "cards_distinct": result.distinct_patterns,
        "failures": sum(c.copies for c in deck.cards if c.failure),
        "lower_bound": result.min_distinct_cards,
        "density_band": [lo, hi],
        "density_min": min(densities) if densities else 0.0,
        "density_max": max(densities) if densities else 0.0,
        "density_holes": [fewest, most],
        "outside_band": [c.id for c in valid if not fewest <= len(c.holes) <= most],
        "duplicate_patterns": [list(g) for g in result.duplicate_patterns],
    }
    if allowed is not None and report is not None:
        # the loader warned of the deck's own allowed places; these are the ones asked
        old = [d for d in report.diagnostics if d.code == "place-not-isolatable"]
        report.diagnostics = [d for d in report.diagnostics if d not in old]
        span = Span(old[0].file, old[0].line, old[0].col, old[0].path) if old \
            else Span(deck.file)
        warn_never(report, span, list(result.never_isolatable_allowed))
    return DeckCheck(deck.file, deck.board.file, cards, places, summary)


def explain_place(deck: ClueDeck, zone_id: str) -> dict[str, Any]:
    """Why a place can or cannot be isolated: the fewest cards and a witness (R6.1), its
    look-alikes, and every card's verdict with the first reason its predicate gives."""
    r = deck.result.place(zone_id)
    cards = []
    for c in deck.cards:
        has, reasons = deck.explain(c.id, zone_id)
        cards.append({"id": c.id, "title": c.title, "hole": has,
                      "reason": reasons[0] if reasons else ""})
    return {
        "place": zone_id,
        "city": deck.board.zone(zone_id).city,
        "isolatable": r.isolatable,
        "min_cards": r.min_cards,
        "witness": list(r.witness),
        "lookalikes": [] if r.isolatable else list(deck.lookalikes(zone_id)),
        "cards": cards,
    }


#: the keep policies of an Investigate (R5.3) as ``resistance clues simulate`` states them
KEEP_TEXT = {
    "best": "keep the drawn card that brings the pool closest to isolating an allowed place "
    "(fewest look-alikes left around the nearest objective)",
    "first": "keep the first card drawn (a baseline with no choice)",
    "random": "keep one of the drawn cards at random",
}


def simulate_data(
    deck: ClueDeck,
    sizes: Sequence[int],
    *,
    games: int = 2000,
    seed: int = 1,
    keep: str = "best",
    allowed: tuple[str, ...] | None = None,
    exact: bool = True,
) -> dict[str, Any]:
    """What ``resistance clues simulate --json`` prints: for each draw size d, the
    investigations until the first and second reveal and where objectives land (Monte
    Carlo, seeded), and for d = 1 the exact expectation beside it (R5.3, R6.1)."""
    sd = deck.solver_deck()
    chosen = allowed if allowed is not None else deck.allowed
    rows: list[dict[str, Any]] = []
    for d in sizes:
        stats = simulate(sd, d, allowed=chosen, games=games, seed=seed, keep=keep, reveals=2)
        total = sum(stats.landing.values())
        row: dict[str, Any] = {
            "d": d,
            "first": _reveal_row(stats.reveal[0]),
            "second": _reveal_row(stats.reveal[1]),
            "landing": {
                "allowed": len(stats.landing),
                "reached": sum(1 for c in stats.landing.values() if c),
                "never": list(stats.never_reached),
                "over": [
                    (z, round(stats.landing[z] / total, 4)) for z in stats.over_represented
                ],
                "over_factor": stats.over_factor,
                "counts": dict(stats.landing),
            },
            "exact_first": None,
        }
        if d == 1 and exact:
            law = exact_first_reveal(sd, chosen)
            if law is not None and law.expectation is not None:
                row["exact_first"] = float(law.expectation)
                row["exact_first_fraction"] = str(law.expectation)
        rows.append(row)
    return {
        "deck": deck.file,
        "games": games,
        "seed": seed,
        "keep": keep,
        "keep_policy": KEEP_TEXT.get(keep, keep),
        "draws": rows,
    }


def _reveal_row(stats: Any) -> dict[str, Any]:
    return {
        "mean": None if stats.mean is None else round(stats.mean, 4),
        "median": stats.median,
        "p90": stats.p90,
        "never": round(stats.share_not_reached, 4),
        "histogram": {str(k): v for k, v in sorted(stats.histogram.items())},
    }
