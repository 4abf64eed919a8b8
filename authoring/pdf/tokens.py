"""Tokens and counters with their cut lines (R0.2–R0.4).

Round 20 mm tokens: the 76 zone tokens (3 per capital, 2 per town, 1 per village:
each zone's ``tokens``; region colour, region and number), the secondary-character
tokens (C/M/I values and a letter; dummies), the planning tokens, the objective
markers, the invasion-speed marker and the action counters. Square counters:
soldiers (red), officers (black), player pawns and reputation cubes. Positions
come from :class:`authoring.pdf.layout.TokenGrid`; every token has a thin cut
circle (or guillotine lines for squares) and the sheet has crop marks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from authoring.pdf.canvas import (
    FONT_BOLD,
    FONT_CONDENSED,
    FONT_CONDENSED_BOLD,
    MIN_TEXT_PT,
    PT_MM,
    colour,
    pt,
    string_width,
)
from authoring.pdf.cards import SKILL_COLOURS, draw_token_sheets
from authoring.pdf.cutfile import token_cut_sheets
from authoring.pdf.game_cards import content_list, text
from authoring.pdf.layout import Rect, TokenGrid
from authoring.pdf.section import KitInputs, KitOptions, KitWriter, Lang, say
from authoring.pdf.text import fit_line, shorten_line

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from authoring.pdf.canvas import DrawFn
    from authoring.pdf.cutfile import CutSheet
    from authoring.pdf.layout import TokenGrid

TokenDraw = Callable[["Canvas", float, float, float], None]
"""``draw(canvas, cx, cy, r)``: one token centred at (cx, cy) page mm, radius (or
half side) r mm; the bleed extends ``bleed`` mm beyond."""

ROUND_SIZE = 20.0
SQUARE_SIZE = 12.0
SOLDIER = "#b33a2f"
OFFICER = "#1e1e1e"
#: reputation cubes in gold, dark ink: nothing like the black officers at a glance
REPUTATION = "#d9a520"


@dataclass(frozen=True)
class Token:
    """One token to print: what it is (an id, for messages), how it is drawn,
    its colour and what players call it (in the kit's language: a TTS object's
    name)."""

    name: str
    draw: TokenDraw
    fill: str
    label: str = ""


def _fonts() -> tuple[str, str, str]:

    return FONT_BOLD, FONT_CONDENSED, FONT_CONDENSED_BOLD


def _text_colour(hex_colour: str) -> str:
    """Black or white, whichever reads better on ``hex_colour``."""
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#ffffff" if 0.299 * r + 0.587 * g + 0.114 * b < 150 else "#1b1b1b"


def box_count(inputs: KitInputs, name: str, default: int) -> int:
    """A count of the box manifest (D0.1), or the rule book's when there is none."""
    manifest = getattr(inputs.scenario, "manifest", None) if inputs.scenario is not None else None
    value = getattr(getattr(manifest, "box", None), name, None)
    return int(value) if isinstance(value, int) else default


# --------------------------------------------------------------------------- text in a token

#: text keeps this far from a token's cut line (a slightly missed cut, a punch a
#: little off centre), mm
CUT_SAFE = 1.5


def _chord(r: float, low: float, high: float) -> float:
    """Width free for text whose glyphs span heights ``low``…``high`` mm from the
    centre of a disc of radius ``r``, clear of its cut line."""
    d = 0.0 if low <= 0.0 <= high else max(abs(low), abs(high))  # the narrower edge
    return 2 * float(max((r - CUT_SAFE) ** 2 - d ** 2, 0.0) ** 0.5)


def disc_lines(text: str, font: str, r: float, baseline: float, *, max_size: float,
               gap: float = 2.3) -> tuple[float, list[tuple[str, float]]]:
    """``text`` set in a disc of radius ``r`` mm from ``baseline`` (mm from the
    centre) downwards, at ``max_size`` pt shrunk to :data:`MIN_TEXT_PT` at most:
    one line if it fits, else two split at the space, slash or hyphen nearest the
    middle (``gap`` mm apart), else shortened with an ellipsis. Returns the size
    and the lines with their baselines; nothing is ever set below the minimum.

    >>> disc_lines("Mirebourg", FONT_CONDENSED, 10.0, -4.4, max_size=6.0)
    (6.0, [('Mirebourg', -4.4)])
    >>> disc_lines("Saint-Jean-des-Corbières", FONT_CONDENSED, 10.0, -4.0, max_size=6.0)
    (6.0, [('Saint-Jean-des-', -4.0), ('Corbières', -6.3)])
    >>> disc_lines("Anticonstitutionnellement-Grand", FONT_CONDENSED, 10.0, -4.0, max_size=6.0)
    (6.0, [('Anticonstitut…', -4.0)])
    """

    def room(y: float, size: float) -> float:
        return _chord(r, y - 0.24 * size * PT_MM, y + 0.76 * size * PT_MM)

    size, fits = fit_line(text, room(baseline, max_size), font, max_size=max_size,
                          min_size=MIN_TEXT_PT)
    if fits:
        return size, [(text, baseline)]
    size = MIN_TEXT_PT
    cuts = [i + 1 for i, ch in enumerate(text) if ch in " -/" and 0 < i < len(text) - 1
            and not text[i + 1:].lstrip().startswith(("/", "-"))]  # no line opens with one
    for i in sorted(cuts, key=lambda i: abs(i - len(text) / 2)):
        first, second = text[:i].rstrip(), text[i:].strip()
        if (string_width(first, font, size) <= room(baseline, size)
                and string_width(second, font, size) <= room(baseline - gap, size)):
            return size, [(first, baseline), (second, baseline - gap)]
    return size, [(shorten_line(text, room(baseline, size), font, size), baseline)]


def _draw_lines(c: Canvas, font: str, size: float, cx: float, cy: float,
                lines: Sequence[tuple[str, float]]) -> None:
    c.setFont(font, size)
    for line, y in lines:
        c.drawCentredString(pt(cx), pt(cy + y), line)


# --------------------------------------------------------------------------- round tokens


def zone_tokens(inputs: KitInputs, lang: Lang) -> list[Token]:
    """One token per zone token of the board (R0.2): region colour, region, number."""

    bold, condensed, _ = _fonts()
    out: list[Token] = []
    board = inputs.board
    for z in board.zones:
        region = board.region(z.region)

        def draw(c: Canvas, cx: float, cy: float, r: float, z: Any = z,
                 fill: str = region.colour) -> None:
            ink = colour(_text_colour(fill))
            c.setFillColor(ink)
            c.setFont(bold, 7)
            c.drawCentredString(pt(cx), pt(cy + r * 0.6), z.region)
            c.setFont(bold, 15 if z.number < 100 else 11)
            c.drawCentredString(pt(cx), pt(cy - r * 0.1), str(z.number))
            # the city's name under its number, on two lines if it must (high enough
            # that the second line keeps CUT_SAFE from the cut)
            size, lines = disc_lines(z.city, condensed, r, -r * 0.4, max_size=MIN_TEXT_PT)
            _draw_lines(c, condensed, size, cx, cy, lines)
            # the city's size as 1–3 small dots (R4.1)
            n = min(z.value, 3)
            c.setStrokeColor(ink)
            c.setLineWidth(pt(0.2))
            for k in range(n):
                c.circle(pt(cx + (k - (n - 1) / 2) * 2.0), pt(cy + r * 0.48), pt(0.55),
                         stroke=1, fill=1)

        out.extend(Token(f"zone {z.id}", draw, region.colour, f"{z.id} {z.city}")
                   for _ in range(z.tokens))
    return out


def recruit_tokens(content: Any, lang: Lang) -> list[Token]:
    """Secondary-character tokens (R5.2): a letter and C/M/I values; dummies (R0.3)
    look like the others from the back but carry no value."""

    bold, condensed, condensed_bold = _fonts()
    out: list[Token] = []
    for tok in content_list(content, "recruits", "tokens"):
        dummy = bool(getattr(tok, "dummy", False))

        def draw(c: Canvas, cx: float, cy: float, r: float, tok: Any = tok,
                 dummy: bool = dummy) -> None:
            if dummy:
                c.setFillColor(colour("#8a8a8a"))
                c.setFont(bold, 14)
                c.drawCentredString(pt(cx), pt(cy - 2.2), "—")
                c.setFont(condensed, MIN_TEXT_PT)
                c.drawCentredString(pt(cx), pt(cy - r * 0.62), say(lang, "factice", "dummy"))
                return
            c.setFillColor(colour("#1b2a3a"))
            c.setFont(bold, 12)
            c.drawCentredString(pt(cx), pt(cy + r * 0.12), str(tok.letter))
            # one disc per skill: its letter over its value
            for k, skill in enumerate(("C", "M", "I")):
                x = cx + (k - 1) * 5.2
                y = cy - r * 0.3
                c.setFillColor(colour(SKILL_COLOURS[skill]))
                c.circle(pt(x), pt(y), pt(2.5), stroke=0, fill=1)
                c.setFillColor(colour("#ffffff"))
                c.setFont(condensed_bold, MIN_TEXT_PT)
                c.drawCentredString(pt(x), pt(y + 0.35), skill)
                c.setFont(bold, 6.5)
                c.drawCentredString(pt(x), pt(y - 2.0), str(tok.value(skill)))

        copies = max(1, int(getattr(tok, "copies", 1) or 1))
        name = f"recruit {getattr(tok, 'letter', None) or 'dummy'}"
        label = (say(lang, "Recrue factice", "Dummy recruit") if dummy
                 else say(lang, f"Recrue {tok.letter}", f"Recruit {tok.letter}"))
        out.extend(Token(name, draw, "#efe6cf", label) for _ in range(copies))
    return out


def planning_tokens(content: Any, lang: Lang) -> list[Token]:
    """Planning/training tokens (R5.10): +1 level until the skill's next use."""

    bold, condensed, _ = _fonts()
    planning = getattr(content, "planning", None) if content is not None else None
    count = int(getattr(planning, "tokens", 10) or 10) if planning is not None else 10
    bonus = int(getattr(planning, "level_bonus", 1) or 1) if planning is not None else 1
    title = text(getattr(planning, "title", None), lang) if planning is not None else ""
    title = title or say(lang, "Planification", "Planning")


    r = ROUND_SIZE / 2
    # the bonus above, the title across the middle (the widest chord), the rule id
    # below when the title takes one line
    size, lines = disc_lines(title, condensed, r, -r * 0.28, max_size=7.0)
    if lines[0][0] != title:  # shortened: two lines from higher up, no rule id
        size, lines = disc_lines(title, condensed, r, -r * 0.15, max_size=7.0)
    bonus_y = r * (0.12 if len(lines) == 1 else 0.2)

    def draw(c: Canvas, cx: float, cy: float, r: float) -> None:
        c.setFillColor(colour("#1b2a3a"))
        c.setFont(bold, 13)
        c.drawCentredString(pt(cx), pt(cy + bonus_y), f"+{bonus}")
        _draw_lines(c, condensed, size, cx, cy, lines)
        if len(lines) == 1:
            c.setFont(condensed, MIN_TEXT_PT)
            c.drawCentredString(pt(cx), pt(cy - r * 0.66), "R5.10")

    return [Token("planning", draw, "#d8e6c3", title) for _ in range(count)]


def marker_tokens(inputs: KitInputs, options: KitOptions) -> list[Token]:
    """Objective markers (R0.2: 4), the invasion-speed marker, the team and army
    counters and the five individual action counters (R0.4)."""

    lang = options.lang
    bold, condensed, _ = _fonts()
    out: list[Token] = []
    objectives = box_count(inputs, "objective_markers", 4)

    def labelled(big: str, small: str, ink: str) -> TokenDraw:
        def draw(c: Canvas, cx: float, cy: float, r: float) -> None:
            c.setFillColor(colour(ink))
            c.setFont(bold, 12 if len(big) <= 2 else 8)
            c.drawCentredString(pt(cx), pt(cy - 1.5), big)
            size, lines = disc_lines(small, condensed, r, -r * 0.6, max_size=MIN_TEXT_PT)
            _draw_lines(c, condensed, size, cx, cy, lines[:1])

        return draw

    def token(name: str, big: str, small: str, ink: str, fill: str, label: str) -> Token:
        return Token(name, labelled(big, small, ink), fill, label)

    for _ in range(objectives):
        out.append(token("objective", "★", say(lang, "Objectif", "Objective"), "#1b1b1b",
                         "#f2d04b", say(lang, "Marqueur Objectif", "Objective marker")))
    out.append(token("speed", "»", say(lang, "Vitesse", "Speed"), "#ffffff", "#7a1f1f",
                     say(lang, "Marqueur de vitesse", "Speed marker")))
    out.append(token("team counter", "Σ", say(lang, "Équipe", "Team"), "#1b1b1b", "#ffffff",
                     say(lang, "Compteur Équipe", "Team counter")))
    out.append(token("army counter", "Σ", say(lang, "Armée", "Army"), "#ffffff", SOLDIER,
                     say(lang, "Compteur Armée", "Army counter")))
    for hex_colour, fr, en in options.player_colours:
        out.append(token(f"counter {en}", "#", say(lang, fr, en), _text_colour(hex_colour),
                         hex_colour, say(lang, f"Compteur d'actions {fr}",
                                         f"Action counter {en}")))
    return out


# --------------------------------------------------------------------------- square counters


def counters(inputs: KitInputs, options: KitOptions) -> list[Token]:
    """Soldiers (50, red), officers (12, black), player pawns (5) and reputation
    cubes (72) as square counters; counts from the box manifest when it has them."""

    lang = options.lang
    bold, condensed, _ = _fonts()

    def count(name: str, default: int) -> int:
        return box_count(inputs, name, default)

    def labelled(big: str, small: str, ink: str) -> TokenDraw:
        def draw(c: Canvas, cx: float, cy: float, r: float) -> None:
            c.setFillColor(colour(ink))
            c.setFont(bold, 9)
            c.drawCentredString(pt(cx), pt(cy - 0.3), big)
            c.setFont(condensed, MIN_TEXT_PT)
            c.drawCentredString(pt(cx), pt(cy - r * 0.72),
                                shorten_line(small, 2 * (r - CUT_SAFE), condensed, MIN_TEXT_PT))

        return draw

    out: list[Token] = []
    soldier = say(lang, "soldat", "soldier")
    officer = say(lang, "officier", "officer")
    cube = say(lang, "cube", "cube")  # "réputation" is wider than the counter
    out += [Token("soldier", labelled("S", soldier, "#ffffff"), SOLDIER, soldier.capitalize())
            for _ in range(count("soldiers", 50))]
    out += [Token("officer", labelled("O", officer, "#ffffff"), OFFICER, officer.capitalize())
            for _ in range(count("officers", 12))]
    for hex_colour, fr, en in options.player_colours[:count("player_pawns", 5)]:
        out.append(Token(f"pawn {en}", labelled("♟", say(lang, fr, en),
                                                _text_colour(hex_colour)), hex_colour,
                         say(lang, f"Pion {fr}", f"Pawn {en}")))
    out += [Token("reputation", labelled("R", cube, "#1b1b1b"), REPUTATION,
                  say(lang, "Cube Réputation", "Reputation cube"))
            for _ in range(count("reputation_cubes", 72))]
    return out


# --------------------------------------------------------------------------- sections


class _TokenSheets:
    """Tokens of one size laid out page after page, with cut lines."""

    part = "tokens"
    duplex = False
    title = ""

    def __init__(self, tokens: Sequence[Token], grid: TokenGrid, label: str) -> None:
        self.tokens = list(tokens)
        self.grid = grid
        self.label = label

    def pages(self) -> int:
        return self.grid.pages(len(self.tokens))

    def cut_sheets(self) -> list[CutSheet]:
        """Round tokens: their outlines as a cut file, with the registration marks
        printed on the token pages (:func:`authoring.pdf.cutfile.token_cut_sheets`)."""

        if self.grid.shape != "circle" or not self.tokens:
            return []
        return token_cut_sheets(self.grid, len(self.tokens))

    def draw(self, w: KitWriter) -> None:

        sheets = self.cut_sheets()
        draw_token_sheets(w.doc, [_face(t.draw) for t in self.tokens], self.grid,
                          label=self.label, lang=w.lang, fills=[t.fill for t in self.tokens],
                          registration=sheets[0].marks if sheets else ())
        w.token_sheets.extend(sheets)


def _face(draw: TokenDraw) -> DrawFn:
    """A token drawing (centre and radius) as a face callback (trim box)."""

    def face(c: Canvas, x: float, y: float, w: float, h: float) -> None:
        trim = Rect(x, y, w, h)
        draw(c, trim.cx, trim.cy, w / 2)

    return face


class TokenSection(_TokenSheets):
    """Round tokens: zone tokens, recruits, planning tokens, markers."""

    part = "tokens"

    def __init__(self, inputs: KitInputs, options: KitOptions) -> None:

        lang = options.lang
        tokens = (zone_tokens(inputs, lang) + recruit_tokens(inputs.content, lang)
                  + planning_tokens(inputs.content, lang) + marker_tokens(inputs, options))
        grid = TokenGrid(options.paper, ROUND_SIZE, "circle", bleed=1.5, gap=3.0, margin=12.0)
        super().__init__(tokens, grid, say(lang, "Jetons", "Tokens"))
        self.title = say(lang, "Jetons (Zone, recrues, planification, marqueurs)",
                         "Tokens (zone, recruits, planning, markers)")


class CounterSection(_TokenSheets):
    """Square counters: soldiers, officers, pawns, reputation cubes."""

    part = "counters"

    def __init__(self, inputs: KitInputs, options: KitOptions) -> None:

        lang = options.lang
        # a 1 mm bleed round each counter (a gap of 2 mm, two guillotine cuts per gap):
        # a slightly missed cut shows its own colour, not white or a neighbour
        grid = TokenGrid(options.paper, SQUARE_SIZE, "square", bleed=1.0, gap=2.0, margin=12.0)
        super().__init__(counters(inputs, options), grid, say(lang, "Pions", "Counters"))
        self.title = say(lang, "Pions (soldats, officiers, joueurs, réputation)",
                         "Counters (soldiers, officers, pawns, reputation)")
