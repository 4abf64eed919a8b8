"""The game's card decks as printed cards: items, special items, resistance cards
and events (R0.3, R0.4), built from the content files and drawn with the generic
card primitives of :mod:`authoring.pdf.cards`.

Each card shows its title, its kind, the C/M/I icons of the skills it touches
(R1.2), its cost in reputation cubes (R5.8), and its effects rendered from the
effect vocabulary in the chosen language (:func:`authoring.model.effects.render_effects`),
shrunk to fit; text that cannot fit becomes a warning naming the card.
:func:`draw_kit_cards` imposes any list of faces in the kit with the generic
card sheets (3 × 3 per page, crop marks, duplex backs on the following page).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from authoring.io.diagnostics import Report, Span
from authoring.io.wording import text_of
from authoring.model.effects import render_conditions, render_effects
from authoring.pdf.canvas import DrawFn, draw_once, draw_picture
from authoring.pdf.cards import (
    CardBack,
    CardFace,
    draw_card_back,
    draw_card_sheets,
    family_body_pt,
)
from authoring.pdf.cutfile import CutSheet, draw_registration_marks, mark_keep_out
from authoring.pdf.layout import Rect
from authoring.pdf.section import KitOptions, KitWriter, Lang, say

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from authoring.pdf.cards import CardBack, CardFace, CardOptions, FrontHook
    from authoring.pdf.layout import Placement, Rect

DECK_PARTS: tuple[str, ...] = ("items", "special-items", "resistance", "events")

ACCENTS: dict[str, str] = {
    "items": "#8a6d3b",
    "special-items": "#6d3b8a",
    "resistance": "#2f6d5a",
    "events": "#a33b2f",
    "clues": "#2f4f7f",
}
BACKS: dict[str, str] = {
    "items": "#5c4826",
    "special-items": "#47265c",
    "resistance": "#1d473a",
    "events": "#6b241c",
    "clues": "#1d3354",
}

#: the symbol of each card family on a generated face (a card with no ``art:``)
FAMILY_GLYPHS: dict[str, str] = {
    "items": "⚒",
    "special-items": "⚙",
    "resistance": "⚑",
    "events": "⚡",
}
#: the symbol of each kind of effect on a generated face, by effect key
EFFECT_GLYPHS: dict[str, str] = {
    **dict.fromkeys(("add_soldiers", "remove_soldiers", "promote_soldiers",
                     "eliminate_officers", "remove_officer", "eliminate_general",
                     "eliminate_range"), "⚔"),
    **dict.fromkeys(("reputation", "place_reputation_cube", "remove_reputation_cubes",
                     "resistance_discount"), "★"),
    **dict.fromkeys(("draw_items", "draw_clues", "draw_bonus", "draw_recruits",
                     "draw_resistance", "discard_items", "discard_resistance"), "✉"),
    **dict.fromkeys(("move_free", "move_range", "speed", "transfer_range", "join_squad"),
                    "➜"),
    **dict.fromkeys(("skill_bonus", "malus_reduction"), "✚"),
    **dict.fromkeys(("army_action", "army_moves", "skip_army_action"), "♜"),
    **dict.fromkeys(("destroy_base", "complete_objective", "free_prisoner"), "✦"),
    **dict.fromkeys(("free_actions", "planning_tokens", "timer"), "↻"),
    **dict.fromkeys(("inventory_size", "craft_requirement"), "⚒"),
    **dict.fromkeys(("add_zone_tokens", "remove_zone_tokens"), "◆"),
}


def glyphs_for(family: str, effects: Iterable[Any]) -> tuple[str, ...]:
    """The family symbol, then one symbol per kind of effect (each once, in order)."""
    out = [FAMILY_GLYPHS[family]]
    for e in effects or ():
        g = EFFECT_GLYPHS.get(str(getattr(e, "key", "")), "●")
        if g not in out[1:]:
            out.append(g)
    return tuple(out)


def picture(model: Any) -> DrawFn | None:
    """The card's ``art:`` picture as an art-box callback (None without one, or
    when validation found the file unusable)."""
    path = getattr(model, "art_file", None)
    if path is None:
        return None

    def draw(c: Canvas, x: float, y: float, w: float, h: float) -> None:
        draw_picture(c, path, Rect(x, y, w, h))

    return draw


@dataclass(frozen=True)
class CardDeck:
    """One printed deck: its faces (one per copy) and its back."""

    part: str
    key: str
    title: str
    faces: tuple[CardFace, ...]
    back: CardBack

    @property
    def count(self) -> int:
        return len(self.faces)


# --------------------------------------------------------------------------- content access


def content_list(content: Any, attr: str, inner: str | None = None) -> list[Any]:
    """A list of content models from the loaded content, whatever its container:
    ``content.items`` may be a list, a mapping by id, or the whole file model."""
    if content is None:
        return []
    value = content.get(attr) if isinstance(content, Mapping) else getattr(content, attr, None)
    if value is None:
        return []
    if inner is not None and hasattr(value, inner):
        value = getattr(value, inner)
    if isinstance(value, Mapping):
        return list(value.values())
    try:
        return list(value)
    except TypeError:
        return []


def text(value: Any, lang: Lang) -> str:
    """A printed text (plain string = French, or ``{fr, en}``)."""

    if value is None:
        return ""
    if isinstance(value, str):
        return value
    try:
        return text_of(value, lang)
    except (AttributeError, TypeError):
        return str(value)


def effects_text(effects: Iterable[Any], lang: Lang, context: str = "card") -> str:
    """Effects in words, from the effect vocabulary (the engine plays the same data)."""

    items = list(effects or ())
    if not items:
        return ""
    return render_effects(items, lang, context)  # type: ignore[arg-type]


def skill_icons(effects: Iterable[Any]) -> dict[str, int]:
    """C/M/I icons for the skill bonuses among ``effects`` (R1.2)."""
    out: dict[str, int] = {}
    for e in effects or ():
        payload = getattr(e, "payload", e)
        if getattr(payload, "key", "") == "skill_bonus":
            skill = str(payload.skill)
            out[skill] = out.get(skill, 0) + int(payload.amount)
    return {k: out[k] for k in ("C", "M", "I") if k in out}


def _copies(model: Any) -> int:
    return max(1, int(getattr(model, "copies", 1) or 1))


# --------------------------------------------------------------------------- decks


def decks_for(part: str, content: Any, lang: Lang) -> list[CardDeck]:
    """The decks of one kit part from the content (empty when there is none)."""
    if part == "items":
        return _nonempty([item_deck(content_list(content, "items", "items"), lang,
                                    content_list(content, "special_items", "special_items"))])
    if part == "special-items":
        return _nonempty([special_deck(content_list(content, "special_items", "special_items"),
                                       lang, content_list(content, "items", "items"))])
    if part == "resistance":
        return _nonempty(resistance_decks(resistance_sets(content), lang))
    if part == "events":
        return _nonempty([event_deck(content_list(content, "events", "events"), lang)])
    raise ValueError(part)


def _nonempty(decks: Sequence[CardDeck | None]) -> list[CardDeck]:
    return [d for d in decks if d is not None and d.faces]


def _titles(models: Iterable[Any], lang: Lang) -> dict[str, str]:
    return {str(getattr(m, "id", "")): text(getattr(m, "title", ""), lang) for m in models}


def item_deck(items: Sequence[Any], lang: Lang, specials: Sequence[Any] = ()) -> CardDeck | None:
    """Item cards (R5.4): bonuses while held, parts of special items, useless items."""

    if not items:
        return None
    names = _titles(specials, lang)
    kinds = {
        "bonus": say(lang, "Objet", "Item"),
        "part": say(lang, "Objet · pièce", "Item · part"),
        "useless": say(lang, "Objet inutile", "Useless item"),
    }
    faces: list[CardFace] = []
    for item in items:
        kind = str(getattr(item, "kind", "bonus"))
        body = effects_text(getattr(item, "effects", ()), lang, "item")
        part_of = [names.get(p, p) for p in getattr(item, "part_of", ()) or ()]
        if part_of:
            body = (body + "\n" if body else "") + say(lang, "Pièce pour : ", "Part of: ") + \
                "**" + ", ".join(part_of) + "**"
        if kind == "useless" and not body:
            body = say(lang, "Rien d'utile cette fois.", "Nothing useful this time.")
        flavour = text(getattr(item, "flavour", None), lang)
        face = CardFace(
            title=text(item.title, lang), kind=kinds.get(kind, kinds["bonus"]), body=body,
            icons=skill_icons(getattr(item, "effects", ())), icons_signed=True,
            accent=ACCENTS["items"], art=picture(item),
            glyphs=glyphs_for("items", getattr(item, "effects", ()))
            + (FAMILY_GLYPHS["special-items"],) * bool(part_of),
            art_caption=flavour, footer="R5.4" + (" · R5.5" if part_of else ""),
            key=f"item {item.id}")
        faces.extend([face] * _copies(item))
    back = CardBack(say(lang, "Objet", "Item"), "Project: Resistance", BACKS["items"], "dots")
    return CardDeck("items", "items", say(lang, "Cartes Objet", "Item cards"), tuple(faces), back)


def special_deck(specials: Sequence[Any], lang: Lang, items: Sequence[Any] = ()) -> CardDeck | None:
    """Special item cards (R5.5, R5.7): the recipe, then how to use it."""

    if not specials:
        return None
    names = _titles(items, lang)
    faces: list[CardFace] = []
    for sp in specials:
        recipe = getattr(sp, "recipe", {}) or {}
        parts = ", ".join(f"{n} × {names.get(str(k), str(k))}" for k, n in recipe.items())
        effects = [e for use in _uses(sp) for e in getattr(use, "effects", ()) or ()]
        lines = [say(lang, "**Recette** : ", "**Recipe**: ") + parts]
        icons: dict[str, int] = {}
        uses = _uses(sp)
        for k, use in enumerate(uses):
            cond = render_conditions(getattr(use, "requires", ()) or (), lang)
            eff = effects_text(getattr(use, "effects", ()), lang)
            head = say(lang, "**Utiliser**", "**Use**") if len(uses) == 1 else \
                say(lang, f"**Utiliser ({k + 1})**", f"**Use ({k + 1})**")
            lines.append(f"{head} : {cond + ' : ' if cond else ''}{eff}" if lang == "fr"
                         else f"{head}: {cond + ': ' if cond else ''}{eff}")
            for c in getattr(use, "requires", ()) or ():
                payload = getattr(c, "payload", c)
                if getattr(payload, "key", "") == "test":
                    icons[str(payload.skill)] = int(payload.at_least)
        face = CardFace(
            title=text(sp.title, lang), kind=say(lang, "Objet spécial", "Special item"),
            body="\n".join(lines), icons={k: icons[k] for k in ("C", "M", "I") if k in icons},
            accent=ACCENTS["special-items"], art=picture(sp),
            glyphs=glyphs_for("special-items", effects),
            art_caption=text(getattr(sp, "flavour", None), lang),
            footer=say(lang, "Fabriquer : Ingénierie − malus ≥ 4 (R5.5)",
                       "Craft: Engineering − malus ≥ 4 (R5.5)"),
            key=f"special item {sp.id}")
        faces.extend([face] * _copies(sp))
    back = CardBack(say(lang, "Objet spécial", "Special item"), "Project: Resistance",
                    BACKS["special-items"], "grid")
    return CardDeck("special-items", "special-items",
                say(lang, "Cartes Objet spécial", "Special item cards"), tuple(faces), back)


def _uses(sp: Any) -> list[Any]:
    raw_use = getattr(sp, "uses", None) or getattr(sp, "use", None) or []
    return list(raw_use) if isinstance(raw_use, list | tuple) else [raw_use]


def resistance_sets(content: Any) -> list[tuple[int | None, list[Any]]]:
    """Resistance cards grouped by player count (D0.2): from ``resistance_sets``
    (players → cards), else from the file's ``sets``, else one unnamed set."""
    if content is None:
        return []
    by_players = getattr(content, "resistance_sets", None)
    if isinstance(by_players, Mapping):
        return [(int(n), list(cards)) for n, cards in sorted(by_players.items())]
    found = content_list(content, "resistance", "sets")
    if found and hasattr(found[0], "cards"):
        return [(getattr(s, "players", None), list(s.cards)) for s in found]
    return [(None, found)] if found else []


def resistance_decks(sets: Sequence[tuple[int | None, Sequence[Any]]],
                     lang: Lang) -> list[CardDeck | None]:
    """Resistance cards (R5.8), one deck per player count (D0.2): cost badge in
    reputation cubes, effect, and the player count on both sides."""

    out: list[CardDeck | None] = []
    for players, cards in sets:
        faces: list[CardFace] = []
        who = say(lang, f"{players} joueurs", f"{players} players") if players else ""
        for card in cards:
            kind = say(lang, "Résistance", "Resistance")
            face = CardFace(
                # the player count on the face, where players sort the cards (D0.2)
                title=text(card.title, lang), kind=f"{kind} · {who}" if who else kind,
                body=effects_text(getattr(card, "effects", ()), lang), cost=int(card.cost),
                accent=ACCENTS["resistance"], art=picture(card),
                glyphs=glyphs_for("resistance", getattr(card, "effects", ())),
                art_caption=text(getattr(card, "flavour", None), lang),
                footer=say(lang, "coût en Réputation (R5.8)", "cost in reputation (R5.8)"),
                key=f"resistance {card.id}")
            faces.extend([face] * _copies(card))
        back = CardBack(say(lang, "Résistance", "Resistance"), who or "Project: Resistance",
                        BACKS["resistance"], "stripes")
        key = f"resistance-{players}" if players else "resistance"
        title = say(lang, "Cartes Résistance", "Resistance cards") + (f" — {who}" if who else "")
        out.append(CardDeck("resistance", key, title, tuple(faces), back))
    return out


def event_deck(events: Sequence[Any], lang: Lang) -> CardDeck | None:
    """Event cards (R8.1)."""

    if not events:
        return None
    faces: list[CardFace] = []
    for ev in events:
        face = CardFace(
            title=text(ev.title, lang), kind=say(lang, "Événement", "Event"),
            body=effects_text(getattr(ev, "effects", ()), lang), accent=ACCENTS["events"],
            art=picture(ev), glyphs=glyphs_for("events", getattr(ev, "effects", ())),
            art_caption=text(getattr(ev, "flavour", None), lang),
            footer=say(lang, "Phase de l'armée (R8.1)", "Army phase (R8.1)"),
            key=f"event {ev.id}")
        faces.extend([face] * _copies(ev))
    back = CardBack(say(lang, "Événement", "Event"), "Project: Resistance", BACKS["events"],
                    "stripes")
    return CardDeck("events", "events", say(lang, "Cartes Événement", "Event cards"), tuple(faces),
                back)


# --------------------------------------------------------------------------- forms


def form_back(back: CardBack, key: str, options: CardOptions) -> CardBack:
    """The same back, drawn once per document as a form and then by reference."""
    from dataclasses import replace


    b = options.bleed
    plain = replace(back, draw=None)

    def draw(c: Canvas, x: float, y: float, w: float, h: float) -> None:
        def body(cc: Canvas) -> None:
            draw_card_back(cc, plain, Rect(0, 0, w, h), Rect(-b, -b, w + 2 * b, h + 2 * b),
                           options)

        draw_once(c, f"back-{key}-{w:g}x{h:g}-{b:g}", (-b, -b, w + b, h + b), body, x, y)

    return replace(back, draw=draw)


# --------------------------------------------------------------------------- sheets

def sheet_count(count: int, options: CardOptions) -> int:
    """Pages the cards need: a front and a back page per sheet, or one page per
    sheet when front and back are side by side (``fold``)."""
    imp = options.imposition()
    sheets = -(-count // imp.cards_per_page)
    return sheets * (1 if imp.fold else 2)


def draw_kit_cards(w: KitWriter, faces: Sequence[CardFace], back: CardBack | None,
                   options: CardOptions, *, on_front: FrontHook | None = None,
                   front_obstacles: Sequence[Rect] = ()) -> tuple[Placement, ...]:
    """Impose ``faces`` in the kit with :func:`authoring.pdf.cards.draw_card_sheets`
    (3 × 3 per page, crop marks, the duplex backs behind), labelled
    ``options.label``; ``on_front`` adds to each front page (the clue cards'
    registration marks). Text warnings come once per distinct card (not per copy),
    at the card's line in its content file."""

    scratch = Report()
    start = w.pages_written
    placements = draw_card_sheets(w.doc, faces, back, options, report=scratch, file=w.file,
                                  span_of=lambda _i, face: Span(w.file, path=face.name),
                                  front_obstacles=front_obstacles, on_front=on_front)
    fronts = sorted({p.page for p in placements if p.side == "front"})
    w.card_pages.extend((start + page, options.label) for page in fronts)
    seen: set[tuple[str, str]] = set()
    unique = []
    for d in scratch.diagnostics:
        if (d.code, d.message) not in seen:
            seen.add((d.code, d.message))
            unique.append(d)
    w.relocate(unique)
    return placements


class DeckSection:
    """A deck of game cards in the kit (double-sided)."""

    def __init__(self, deck: CardDeck, options: KitOptions) -> None:
        self.deck = deck
        self.options = options
        self.part = deck.part
        self.title = deck.title
        card_options = options.card_options(deck.title, deck.title)
        # one text size for the whole deck: the largest at which every card fits
        self.card_options = replace(card_options,
                                    body_fixed_pt=family_body_pt(deck.faces, card_options))
        self.duplex = options.printer_duplex

    def pages(self) -> int:
        return sheet_count(self.deck.count, self.card_options)

    def draw(self, w: KitWriter) -> None:
        back = form_back(self.deck.back, self.deck.key, self.card_options)
        if self.options.cutter == "none":
            draw_kit_cards(w, self.deck.faces, back, self.card_options)
            return
        # a cutting machine cuts the cards out: its marks on every front, the card
        # outlines in the cut files
        imp = self.card_options.imposition()
        marks = self.options.cutter_marks(imp.paper)
        sheets = -(-self.deck.count // imp.cards_per_page)

        def on_front(c: Canvas, sheet: int, items: Sequence[Placement]) -> None:
            draw_registration_marks(c, marks)
            w.cut_sheets.append(CutSheet(imp.paper, (), marks,
                                         f"{self.title} — {sheet}/{sheets}",
                                         card_outlines(items, self.options),
                                         self.options.corner_radius))
            w.cut_pages.append(w.pages_written + 1)

        draw_kit_cards(w, self.deck.faces, back, self.card_options, on_front=on_front,
                       front_obstacles=mark_keep_out(marks))


def card_outlines(items: Sequence[Placement], options: KitOptions) -> tuple[Rect, ...]:
    """The outlines a cutter cuts on a front page: each card's trim (with a
    fold-over back, the front and back together)."""
    fronts = {p.index: p.trim for p in items if p.side == "front"}
    for p in items:
        if p.side == "back" and p.index in fronts:
            fronts[p.index] = fronts[p.index].union(p.trim)
    return tuple(fronts[k] for k in sorted(fronts))
