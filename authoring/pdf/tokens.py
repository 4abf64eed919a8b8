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

from authoring.pdf.canvas import FONT_BOLD, FONT_CONDENSED, FONT_CONDENSED_BOLD, colour, pt
from authoring.pdf.cards import SKILL_COLOURS, draw_token_sheets
from authoring.pdf.cutfile import token_cut_sheets
from authoring.pdf.game_cards import content_list, text
from authoring.pdf.layout import Rect, TokenGrid
from authoring.pdf.section import KitInputs, KitOptions, KitWriter, Lang, say
from authoring.pdf.text import fit_line

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


@dataclass(frozen=True)
class Token:
    """One token to print: what it is (for messages) and how it is drawn."""

    name: str
    draw: TokenDraw
    fill: str


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
            c.drawCentredString(pt(cx), pt(cy + r * 0.5), z.region)
            c.setFont(bold, 16 if z.number < 100 else 11)
            c.drawCentredString(pt(cx), pt(cy - r * 0.42), str(z.number))
            c.setFont(condensed, 4.0)
            name = z.city if len(z.city) <= 16 else z.city[:15] + "…"
            c.drawCentredString(pt(cx), pt(cy - r * 0.74), name)
            # the city's size as 1–3 small dots (R4.1)
            n = min(z.value, 3)
            c.setStrokeColor(ink)
            c.setLineWidth(pt(0.2))
            for k in range(n):
                c.circle(pt(cx + (k - (n - 1) / 2) * 2.0), pt(cy + r * 0.3), pt(0.55),
                         stroke=1, fill=1)

        out.extend(Token(f"zone {z.id}", draw, region.colour) for _ in range(z.tokens))
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
                c.setFont(condensed, 5)
                c.drawCentredString(pt(cx), pt(cy - r * 0.62), say(lang, "factice", "dummy"))
                return
            c.setFillColor(colour("#1b2a3a"))
            c.setFont(bold, 12)
            c.drawCentredString(pt(cx), pt(cy + r * 0.12), str(tok.letter))
            for k, skill in enumerate(("C", "M", "I")):
                x = cx + (k - 1) * 5.6
                y = cy - r * 0.45
                c.setFillColor(colour(SKILL_COLOURS[skill]))
                c.circle(pt(x), pt(y), pt(2.4), stroke=0, fill=1)
                c.setFillColor(colour("#ffffff"))
                c.setFont(condensed_bold, 5)
                c.drawCentredString(pt(x), pt(y + 0.15), skill)
                c.setFont(bold, 5.5)
                c.drawCentredString(pt(x), pt(y - 1.8), str(tok.value(skill)))

        copies = max(1, int(getattr(tok, "copies", 1) or 1))
        name = f"recruit {getattr(tok, 'letter', None) or 'dummy'}"
        out.extend(Token(name, draw, "#efe6cf") for _ in range(copies))
    return out


def planning_tokens(content: Any, lang: Lang) -> list[Token]:
    """Planning/training tokens (R5.10): +1 level until the skill's next use."""

    bold, condensed, _ = _fonts()
    planning = getattr(content, "planning", None) if content is not None else None
    count = int(getattr(planning, "tokens", 10) or 10) if planning is not None else 10
    bonus = int(getattr(planning, "level_bonus", 1) or 1) if planning is not None else 1
    title = text(getattr(planning, "title", None), lang) if planning is not None else ""
    title = title or say(lang, "Planification", "Planning")


    lines = [title]
    size, fits = fit_line(title, ROUND_SIZE * 0.78, condensed, max_size=4.6, min_size=3.6)
    if not fits and " / " in title:
        lines = [part.strip() + (" /" if k == 0 else "")
                 for k, part in enumerate(title.split(" / ", 1))]
        size = min(fit_line(line, ROUND_SIZE * 0.62, condensed, max_size=4.6,
                            min_size=3.4)[0] for line in lines)

    def draw(c: Canvas, cx: float, cy: float, r: float) -> None:
        c.setFillColor(colour("#1b2a3a"))
        c.setFont(bold, 13)
        c.drawCentredString(pt(cx), pt(cy - 1.5), f"+{bonus}")
        c.setFont(condensed, size)
        for k, line in enumerate(lines):
            c.drawCentredString(pt(cx), pt(cy + r * (0.5 if len(lines) > 1 else 0.42)
                                           - k * size * 0.4), line)
        c.setFont(condensed, 4.6)
        c.drawCentredString(pt(cx), pt(cy - r * 0.62), "R5.10")

    return [Token("planning", draw, "#d8e6c3") for _ in range(count)]


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
            c.setFont(condensed, 4.6)
            c.drawCentredString(pt(cx), pt(cy - r * 0.62), small)

        return draw

    for _ in range(objectives):
        out.append(Token("objective", labelled("★", say(lang, "Objectif", "Objective"),
                                               "#1b1b1b"), "#f2d04b"))
    out.append(Token("speed", labelled("»", say(lang, "Vitesse", "Speed"), "#ffffff"),
                     "#7a1f1f"))
    out.append(Token("team counter", labelled("Σ", say(lang, "Équipe", "Team"), "#1b1b1b"),
                     "#ffffff"))
    out.append(Token("army counter", labelled("Σ", say(lang, "Armée", "Army"), "#ffffff"),
                     SOLDIER))
    for hex_colour, fr, en in options.player_colours:
        out.append(Token(f"counter {en}", labelled("#", say(lang, fr, en),
                                                   _text_colour(hex_colour)), hex_colour))
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
            c.drawCentredString(pt(cx), pt(cy - 0.6), big)
            c.setFont(condensed, 3.6)
            c.drawCentredString(pt(cx), pt(cy - r * 0.75), small)

        return draw

    out: list[Token] = []
    out += [Token("soldier", labelled("S", say(lang, "soldat", "soldier"), "#ffffff"), SOLDIER)
            for _ in range(count("soldiers", 50))]
    out += [Token("officer", labelled("O", say(lang, "officier", "officer"), "#ffffff"), OFFICER)
            for _ in range(count("officers", 12))]
    for hex_colour, fr, en in options.player_colours[:count("player_pawns", 5)]:
        out.append(Token(f"pawn {en}", labelled("♟", say(lang, fr, en),
                                                _text_colour(hex_colour)), hex_colour))
    out += [Token("reputation", labelled("R", say(lang, "réputation", "reputation"), "#ffffff"),
                  "#4a4a4a") for _ in range(count("reputation_cubes", 72))]
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
        grid = TokenGrid(options.paper, SQUARE_SIZE, "square", bleed=0.0, gap=0.0, margin=12.0)
        super().__init__(counters(inputs, options), grid, say(lang, "Pions", "Counters"))
        self.title = say(lang, "Pions (soldats, officiers, joueurs, réputation)",
                         "Counters (soldiers, officers, pawns, reputation)")
