"""A loaded clue deck: cards with their perforations on one board (R0.3, R5.3, R6.1).

:func:`load_deck` is the workspace loader of kind ``deck``: it validates the file,
loads the board it names, evaluates every card's predicate to its holes, and reports
what makes a deck weak (holes shared by two cards, cards with no hole or every hole,
densities outside the useful band, places no combination isolates, a card count other
than the box's 43). A :class:`ClueDeck` looks like the solver's ``Deck`` (``places``,
``cards`` with ``id``/``holes``/``copies``/``failure``) and converts to it exactly with
:meth:`ClueDeck.solver_deck`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from authoring.io.diagnostics import Report, Span, suggestion
from authoring.io.yamlio import path_problem
from authoring.model.predicates import Predicate, parse_where, zone_id_hint
from authoring.model.rules import band_holes, density_band
from authoring.model.schema import deck as schema
from authoring.model.schema.base import Salvaged, root_mapping, validate_salvaged
from authoring.model.solver import BitDeck, CardSpec, solve

if TYPE_CHECKING:
    from authoring.io.yamlio import YamlDoc
    from authoring.model.board import Board
    from authoring.model.solver import SolveResult
    from authoring.model.workspace import Workspace

FAILURE_TITLE = {"fr": "Échec", "en": "Failure"}


@dataclass(frozen=True)
class ClueCard:
    """One card of the deck with its perforations (``holes``: bit i = place i)."""

    id: str
    title: str
    title_en: str | None
    copies: int
    failure: bool
    holes: int
    hole_ids: frozenset[str]
    predicate: Predicate | None = None
    places: tuple[str, ...] | None = None
    index: int = 0

    def density(self, n_places: int) -> float:
        return len(self.hole_ids) / n_places if n_places else 0.0

    @property
    def hole_count(self) -> int:
        return self.holes.bit_count()


@dataclass(frozen=True)
class ClueDeck:
    """A validated deck on its board. ``places`` is the board's zone order."""

    spec: schema.DeckFile
    board: Board
    cards: tuple[ClueCard, ...]
    allowed: tuple[str, ...]
    file: str = ""
    _by_id: dict[str, ClueCard] = field(default_factory=dict, repr=False, compare=False)

    @property
    def places(self) -> tuple[str, ...]:
        return self.board.zone_ids

    @property
    def total_cards(self) -> int:
        """Cards in the deck, copies included (R0.3)."""
        return sum(c.copies for c in self.cards)

    @property
    def density_band(self) -> tuple[float, float]:
        """The deck's ``density:`` when written, else the band for this board's number of
        places (:func:`authoring.model.rules.density_band`)."""
        if "density" in self.spec.model_fields_set:
            return self.spec.density
        return density_band(len(self.board.zone_ids))

    @property
    def density_holes(self) -> tuple[int, int]:
        """The band as whole hole counts on this board (:func:`rules.band_holes`)."""
        return band_holes(self.density_band, len(self.board.zone_ids))

    def card(self, ref: str) -> ClueCard:
        """A card by id; KeyError with a did-you-mean otherwise."""
        if ref in self._by_id:
            return self._by_id[ref]
        raise KeyError(f"unknown card '{ref}'{suggestion(ref, list(self._by_id))}")

    def ids_of(self, bits: int) -> list[str]:
        return [z for i, z in enumerate(self.places) if bits >> i & 1]

    # the solver's BitDeck interface, so that solve(clue_deck) works as solve(solver_deck)
    @property
    def full(self) -> int:
        return (1 << len(self.places)) - 1

    def index(self, place: str | int) -> int:
        return self._solver_deck.index(place)

    def bits(self, places: Iterable[str]) -> int:
        return self._solver_deck.bits(places)

    def ids(self, bits: int) -> tuple[str, ...]:
        return tuple(self.ids_of(bits))

    def solver_deck(self) -> BitDeck:
        """The solver's view: places and card bitsets."""

        return BitDeck(
            places=self.places,
            cards=tuple(
                CardSpec(id=c.id, holes=c.holes, copies=c.copies, failure=c.failure)
                for c in self.cards
            ),
        )

    @cached_property
    def _solver_deck(self) -> BitDeck:
        return self.solver_deck()

    @cached_property
    def result(self) -> SolveResult:
        """The exact solver's answer for the deck's allowed places (cached)."""

        return solve(self._solver_deck, self.allowed)

    def allowed_bits(self, allowed: Iterable[str] | int | None = None) -> int:
        """The solver's bitset of allowed places (None: every place, as the solver reads it)."""
        return self._solver_deck.allowed_bits(allowed)

    def lookalikes(self, zone_id: str) -> tuple[str, ...]:
        """Why a place cannot be isolated (R6.1): the other places that every card holding
        it also holds, in board order (every place, when no card holds it). Empty for a
        place some set of cards isolates."""
        i = self.places.index(zone_id)
        inter = -1
        held = False
        for c in self.cards:
            if not c.failure and c.holes >> i & 1:
                inter &= c.holes
                held = True
        inter = (inter if held else self.full) & self.full & ~(1 << i)
        return tuple(self.ids_of(inter))

    def explain(self, card_id: str, zone_id: str) -> tuple[bool, list[str]]:
        """Whether a card has a hole at a place, and why (style.md §2)."""
        card = self.card(card_id)
        zid = self.board.zone(zone_id).id
        if card.failure:
            return False, [f"'{card.id}' is a failure card ('{card.title}'): it has no hole (R5.3)"]
        if card.predicate is not None:
            return card.predicate.explain(self.board, zid)
        listed = ", ".join(card.places or ())
        has = zid in card.hole_ids
        return has, [f"{zid} is {'' if has else 'not '}in the card's places ({listed})"]


# -- loading ---------------------------------------------------------------------------
def _title(card: schema.Card, pred: Predicate | None, board: Board) -> tuple[str, str | None]:
    if isinstance(card.title, schema.Title):
        return card.title.fr, card.title.en
    if isinstance(card.title, str):
        return card.title, None
    if card.failure:
        return FAILURE_TITLE["fr"], FAILURE_TITLE["en"]
    if pred is not None:
        return pred.describe("fr", board), pred.describe("en", board)
    return card.id, None


def load_deck(doc: YamlDoc, ws: Workspace) -> ClueDeck | None:
    """Workspace loader for the ``deck`` kind; None when the deck has errors."""
    report = ws.report
    data = root_mapping(
        doc,
        report,
        "a clue deck",
        "kind, board, cards …",
        "start the file with 'kind: deck' and 'board: …', see `resistance schema deck`",
    )
    if data is None:
        return None
    # predicates are parsed against the board below, with their own located messages
    stripped = dict(data)
    raw_cards = data.get("cards")
    if isinstance(raw_cards, list):
        stripped["cards"] = [
            {k: v for k, v in c.items() if k != "where"} if isinstance(c, dict) else c
            for c in raw_cards
        ]
    if isinstance(data.get("allowed"), dict):
        stripped.pop("allowed")
    spec, sv = validate_salvaged(schema.DeckFile, stripped, doc, report, what="deck")
    board = _load_board(doc, ws, data)
    if board is None:
        return None
    errors_before = len(report.errors)
    raw = raw_cards if isinstance(raw_cards, list) else []
    cards = _build_cards(spec, sv, doc, board, report, raw)
    raw_allowed = data.get("allowed")
    allowed = _allowed(raw_allowed, doc, board, report) if _allowed_ok(raw_allowed) else None
    if spec is None or sv or len(report.errors) > errors_before:
        return None
    if cards is None or allowed is None:
        return None
    deck = ClueDeck(
        spec=spec,
        board=board,
        cards=tuple(cards),
        allowed=allowed,
        file=doc.file,
        _by_id={c.id: c for c in cards},
    )
    check_deck(deck, doc, report)
    return deck


def _load_board(doc: YamlDoc, ws: Workspace, data: dict[str, Any]) -> Board | None:
    ref = data.get("board")
    if not isinstance(ref, str) or not ref or path_problem(ref) is not None:
        return None  # the schema reports it
    span = doc.span(("board",))
    path = doc.resolve(ref)
    if not path.is_file():
        near = sorted(p.name for p in path.parent.glob("*.y*ml")) if path.parent.is_dir() else []
        report = ws.report
        report.error(
            span,
            "file-not-found",
            f"board file not found: {ref}{suggestion(path.name, near)}",
            "the path is relative to the deck file",
        )
        return None
    before = len(ws.report.errors)
    board = ws.load(path, "board", ref=span)
    if board is None:
        ws.report.error(
            span,
            "board-invalid",
            f"the board {ref} has errors"
            + (" (reported in that file)" if len(ws.report.errors) > before else ""),
            "fix the board first; the deck's holes depend on it",
        )
    return board


def _build_cards(
    spec: schema.DeckFile | None,
    sv: Salvaged,
    doc: YamlDoc,
    board: Board,
    report: Report,
    raw: list[Any],
    *,
    salvage: bool = False,
) -> list[ClueCard] | None:
    """Cards with their holes. After schema errors the predicates and places of every
    written card are still checked, and the ids of the cards ``sv`` kept, so that every
    problem is reported at once. ``salvage``: the cards that did build, even when others
    did not (a preview of a broken deck), instead of None."""
    cards: list[ClueCard] = []
    seen: dict[str, int] = {}
    ok = spec is not None and not sv
    for i, raw_card in enumerate(raw):
        if not isinstance(raw_card, dict):
            continue
        at: tuple[str | int, ...] = ("cards", i)
        kept = sv.kept(at) if spec is not None else None
        card = spec.cards[int(kept[-1])] if kept is not None and spec is not None else None
        cid = str(raw_card.get("id", f"#{i + 1}"))
        if card is not None:
            if card.id in seen:
                first = doc.span(("cards", seen[card.id])).line
                report.error(
                    doc.span((*at, "id")),
                    "card-duplicate",
                    f"duplicate card id '{card.id}' (first at line {first})",
                    "give every card its own id; use copies: N for identical cards",
                )
                ok = False
            seen.setdefault(card.id, i)
        has_where = "where" in raw_card
        raw_places = raw_card.get("places")
        failure = raw_card.get("failure") is True
        if has_where and "places" in raw_card:
            report.error(
                doc.span((*at, "places"), key=True),
                "card-where-and-places",
                f"card '{cid}' has both where: and places:",
                "keep one: a property (where) or an explicit list of places",
            )
            parse_where(raw_card["where"], doc, (*at, "where"), board, report)
            ok = False
            continue
        if failure and (has_where or "places" in raw_card):
            key = "where" if has_where else "places"
            report.error(
                doc.span((*at, key), key=True),
                "card-failure-holes",
                f"failure card '{cid}' has {key}: but a failure has no hole (R5.3)",
                "remove failure: true, or the holes",
            )
            ok = False
            continue
        pred: Predicate | None = None
        holes: frozenset[str] = frozenset()
        places: tuple[str, ...] | None = None
        if failure:
            pass
        elif has_where:
            pred = parse_where(raw_card["where"], doc, (*at, "where"), board, report)
            if pred is None:
                ok = False
                continue
            holes = pred.zones(board)
        elif isinstance(raw_places, list):
            places = _resolve_places(raw_places, cid, doc, at, board, report)
            if places is None:
                ok = False
                continue
            holes = frozenset(places)
        elif (
            "places" not in raw_card
            and set(raw_card) <= set(schema.Card.model_fields)
            and isinstance(raw_card.get("failure", False), bool)  # else: its own error
        ):
            report.error(
                doc.span(at),
                "card-empty",
                f"card '{cid}' has neither where: nor places:",
                "give the property of its places (where: {coastal: true}), the list of "
                "places, or mark it failure: true",
            )
            ok = False
            continue
        if card is None:
            continue
        title, title_en = _title(card, pred, board)
        bits = sum(1 << k for k, z in enumerate(board.zone_ids) if z in holes)
        cards.append(
            ClueCard(
                id=card.id,
                title=title,
                title_en=title_en,
                copies=card.copies,
                failure=card.failure,
                holes=bits,
                hole_ids=holes,
                predicate=pred,
                places=places,
                index=i,
            )
        )
    return cards if ok or salvage else None


def _resolve_places(
    refs: list[Any], cid: str, doc: YamlDoc, at: tuple[str | int, ...], board: Board,
    report: Report,
) -> tuple[str, ...] | None:
    resolved: list[str] = []
    ok = True
    for j, ref in enumerate(refs):
        zid = board.resolve(ref)
        if zid is None:
            report.error(
                doc.span((*at, "places", j)),
                "zone-unknown",
                f"unknown zone '{ref}' in card '{cid}'{suggestion(str(ref), board.zone_ids)}",
                zone_id_hint(board),
            )
            ok = False
        elif zid in resolved:
            report.warning(
                doc.span((*at, "places", j)),
                "place-duplicate",
                f"{zid} is listed twice in card '{cid}'", "list each place once",
            )
        else:
            resolved.append(zid)
    return tuple(resolved) if ok else None


def _allowed_ok(raw: Any) -> bool:
    """Whether ``allowed`` has a shape worth checking (the schema reports the others)."""
    return raw is None or isinstance(raw, dict) or (
        isinstance(raw, list) and all(isinstance(r, str) for r in raw)
    )


def _allowed(
    raw: Any, doc: YamlDoc, board: Board, report: Report
) -> tuple[str, ...] | None:
    if raw is None:
        return board.zone_ids
    if isinstance(raw, dict):
        pred = parse_where(raw, doc, ("allowed",), board, report)
        if pred is None:
            return None
        zones = pred.zones(board)
    else:
        zones_set: set[str] = set()
        ok = True
        for j, ref in enumerate(raw):
            zid = board.resolve(ref)
            if zid is None:
                report.error(
                    doc.span(("allowed", j)),
                    "zone-unknown",
                    f"unknown zone '{ref}' in allowed{suggestion(str(ref), board.zone_ids)}",
                    zone_id_hint(board),
                )
                ok = False
            else:
                zones_set.add(zid)
        if not ok:
            return None
        zones = frozenset(zones_set)
    if not zones:
        report.error(
            doc.span(("allowed",)),
            "allowed-empty",
            "no place may hold an objective: 'allowed' selects nothing (D6.1)",
            "widen allowed (a predicate or a zone list), or remove it: every place may "
            "then hold one",
        )
        return None
    return tuple(z for z in board.zone_ids if z in zones)


# -- the deck's warnings ----------------------------------------------------------------
def check_deck(deck: ClueDeck, doc: YamlDoc, report: Report) -> None:
    """Warnings that make a deck weak, each at its card, from the solver's summary
    (R0.3, R6.1, D6.1)."""
    result = deck.result
    n = len(deck.places)
    lo, hi = deck.density_band
    fewest, most = deck.density_holes
    by_id = {c.id: c for c in deck.cards}

    def at(card: ClueCard) -> Span:
        key = "where" if card.predicate is not None else "places"
        return doc.span(("cards", card.index, key))

    def warn(card: ClueCard, code: str, problem: str, hint: str | None = None) -> None:
        report.warning(at(card), code, f"card '{card.id}' ('{card.title}') {problem}", hint)

    total = deck.total_cards
    if total != deck.spec.box_cards:
        report.warning(
            doc.span(("cards",), key=True),
            "deck-size",
            f"the deck has {total} cards (copies included) but the box holds "
            f"{deck.spec.box_cards} clue cards (R0.3)",
            "add or remove cards or copies, or set box_cards:",
        )
    for cid in result.no_hole:
        card = by_id[cid]
        report.error(
            at(card),
            "card-no-hole",
            f"card '{card.id}' ('{card.title}') has no hole on this board: a card that is not "
            "a failure shows at least one place (R5.3)",
            "change its property (a misspelt tag or name selects no place), or make it a "
            "failure card: failure: true",
        )
    for cid in result.every_hole:
        warn(
            by_id[cid],
            "card-every-hole",
            "has a hole at every place: it never helps to isolate one (R6.1)",
            "narrow its property so that some places have no hole, or make it a failure "
            "card: failure: true",
        )
    for fig in result.cards:
        card = by_id[fig.id]
        if card.failure or fig.holes in (0, n) or fewest <= fig.holes <= most:
            continue
        warn(
            card,
            "card-density",
            f"has {fig.holes} hole{'s' * (fig.holes != 1)} of {n} places ({fig.density:.0%}), "
            f"outside the useful band {lo:.0%}–{hi:.0%} ({fewest}–{most} holes)",
            "widen or narrow its property, or change the deck's density: band",
        )
    for group in result.duplicate_patterns:
        first = by_id[group[0]]
        if not first.holes:
            continue  # already warned: no hole
        for cid in group[1:]:
            report.warning(
                at(by_id[cid]),
                "card-duplicate-holes",
                f"cards '{first.id}' and '{cid}' have the same holes",
                "use copies: on one card, or change one property",
            )
    warn_never(report, doc.span(("cards",), key=True), result.never_isolatable_allowed)


def warn_never(report: Report, span: Span, never: Sequence[str]) -> None:
    """The warning for allowed places no combination of cards isolates (R6.1)."""
    if not never:
        return
    shown = ", ".join(never[:12]) + (" …" if len(never) > 12 else "")
    report.warning(
        span,
        "place-not-isolatable",
        f"{len(never)} allowed place{'s' * (len(never) != 1)} can never be isolated by "
        f"any combination of cards (R6.1): {shown}",
        "add a card that holds the place but not its look-alikes; "
        "`resistance clues check DECK --suggest` proposes some",
    )
