"""Sheets of the kit: character sheets (R1), team action-counter tracks (R0.4,
R2.8, R8.2, D8.1), the scenario sheet (R2.1) and the player aids (R0.4, R3–R9).

Each sheet is one page drawn from the content and the board: a character's
skills with their numbered improvement slots (R1.2), special ability and
max-level bonuses (R1.3, D1.1), an inventory of 4 slots (R5.4), the action
counter 0–10 (D5.4) and the reputation track (R1.1, R2.9); the scenario's map
with starting soldiers, officers, reputation cubes and start zones, its setup
text, objectives and difficulty table; the round structure with rule ids.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from authoring.model import rules
from authoring.model.scenario import Level, Scenario, card_text
from authoring.pdf.boardmap import draw_miniature
from authoring.pdf.canvas import (
    FONT_BOLD,
    FONT_CONDENSED,
    FONT_REGULAR,
    MIN_TEXT_PT,
    colour,
    pt,
)
from authoring.pdf.cards import SKILL_COLOURS
from authoring.pdf.game_cards import content_list, effects_text, text
from authoring.pdf.layout import Rect
from authoring.pdf.section import KitInputs, KitOptions, KitWriter, Lang, say
from authoring.pdf.text import draw_fitted, fit_text
from authoring.pdf.tokens import REPUTATION

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from authoring.model.board import Board
    from authoring.pdf.layout import Paper

SKILLS = ("C", "M", "I")
SKILL_NAMES = {
    "fr": {"C": "Communication", "M": "Militaire", "I": "Ingénierie"},
    "en": {"C": "Communication", "M": "Military", "I": "Engineering"},
}
INK = "#1b2a3a"


def characters_of(content: Any) -> list[Any]:
    """The character sheets of the loaded content (R0.3: 8)."""

    return content_list(content, "characters", "characters")


def _para(w: KitWriter, c: Canvas, text: str, x: float, top: float, width: float,
          height: float, *, max_size: float = 9.0, min_size: float = 6.5, what: str = "",
          align: str = "left", key: str = "") -> float:
    """Draw text shrunk to fit the box; warn (naming ``what``) when it cannot fit.
    Returns the height used (mm)."""

    if not text:
        return 0.0
    fitted = fit_text(text, width, height, max_size=max_size, min_size=min_size)
    if not fitted.fits:
        w.warn("sheet-text-overflow",
               f"{what or 'sheet'}: text does not fit at {min_size:g} pt "
               f"({fitted.needed_lines} lines needed, room for {len(fitted.lines)})",
               "shorten the text", key=key)
    c.setFillColor(colour("#222222"))
    draw_fitted(c, fitted, x, top, width, align=align)
    return fitted.height


def _heading(c: Canvas, text: str, x: float, y: float, size: float = 10.0,
             ink: str = INK) -> None:

    c.setFillColor(colour(ink))
    c.setFont(FONT_BOLD, size)
    c.drawString(pt(x), pt(y), text)


def _skill_disc(c: Canvas, skill: str, x: float, y: float, r: float = 3.2) -> None:

    c.setFillColor(colour(SKILL_COLOURS[skill]))
    c.circle(pt(x), pt(y), pt(r), stroke=0, fill=1)
    c.setFillColor(colour("#ffffff"))
    c.setFont(FONT_BOLD, r * 3.0)
    c.drawCentredString(pt(x), pt(y - r * 0.36), skill)


# --------------------------------------------------------------------------- characters


class CharacterSection:
    """One landscape page per character sheet (R0.3: 8)."""

    part = "characters"
    duplex = False

    def __init__(self, characters: Sequence[Any], options: KitOptions) -> None:
        self.characters = list(characters)
        self.options = options
        self.title = say(options.lang, "Fiches de personnage", "Character sheets")

    def pages(self) -> int:
        return len(self.characters)

    def draw(self, w: KitWriter) -> None:
        for k, ch in enumerate(self.characters):
            self._sheet(w, ch, k)

    def _sheet(self, w: KitWriter, ch: Any, k: int) -> None:

        lang = w.lang
        paper = w.paper.landscape()
        lay = character_layout(paper, ch)
        name = str(getattr(ch, "name", getattr(ch, "id", "?")))
        key = f"character {ch.id}"
        label = say(lang, f"Fiche de personnage {k + 1}/{len(self.characters)}",
                    f"Character sheet {k + 1}/{len(self.characters)}")
        with w.page(paper, label=label, obstacles=lay.areas()) as c:
            # name and special ability (R1.1, R1.3)
            hx, htop, hw = lay.header.x, lay.header.top, lay.header.w
            c.setFillColor(colour(INK))
            c.setFont(FONT_BOLD, 18)
            c.drawString(pt(hx), pt(htop - 6), name)
            ability = getattr(ch, "ability", None)
            ab_name = text(getattr(ability, "name", None), lang)
            ab_text = effects_text(getattr(ability, "effects", ()), lang, "sheet")
            c.setFont(FONT_BOLD, 10)
            c.setFillColor(colour("#7a1f1f"))
            c.drawString(pt(hx), pt(htop - 12), say(lang, "Capacité spéciale : ",
                                                    "Special ability: ") + ab_name)
            _para(w, c, ab_text, hx, htop - 13.5, hw, lay.header.h - 14, max_size=9,
                  min_size=6.5, what=f"character '{name}' ability", key=key)
            # skills (R1.2): filled circles, then numbered slots that hold a recruit
            # or the planning token (20 mm tokens, R5.2, R5.10); max-level bonus (R1.3)
            skills = getattr(ch, "skills", {}) or {}
            bonus = getattr(ch, "max_bonus", {}) or {}
            for skill in SKILLS:
                track = skills.get(skill)
                row = lay.skill_rows[skill]
                cy = row.top - SLOT / 2
                _skill_disc(c, skill, row.x + 4, cy, 4.0)
                for (x, y, d) in lay.initial[skill]:
                    c.setFillColor(colour(INK))
                    c.circle(pt(x), pt(y), pt(d / 2), stroke=0, fill=1)
                numbers = list(getattr(track, "slots", []) or [])
                for (x, y, d), number in zip(lay.slots[skill], numbers, strict=True):
                    c.setFillColor(colour("#ffffff"))
                    c.setStrokeColor(colour(SKILL_COLOURS[skill]))
                    c.setLineWidth(pt(0.6))
                    c.circle(pt(x), pt(y), pt(d / 2), stroke=1, fill=1)
                    c.setFillColor(colour("#c4ccd4"))
                    c.setFont(FONT_BOLD, 16)
                    c.drawCentredString(pt(x), pt(y - 2.8), str(number))
                initial = int(getattr(track, "initial", 0) or 0)
                top_level = initial + len(numbers)
                line = say(lang, f"{SKILL_NAMES[lang][skill]} — initial {initial}, max "
                                 f"{top_level} · emplacement n° : recrue de valeur ≥ n° "
                                 "(R5.2) ou jeton Planification (R5.10)",
                           f"{SKILL_NAMES[lang][skill]} — initial {initial}, max {top_level} "
                           "· slot n°: a recruit of value ≥ n° (R5.2) or the planning "
                           "token (R5.10)")
                c.setFillColor(colour("#4a5560"))
                c.setFont(FONT_CONDENSED, MIN_TEXT_PT)
                c.drawString(pt(row.x), pt(row.y + 3.6), line)
                btxt = effects_text(bonus.get(skill, ()), lang, "sheet")
                if btxt:
                    _para(w, c, say(lang, "**Bonus de niveau max** : ", "**Max-level bonus**: ")
                          + btxt, row.x, row.y + 2.4, row.w, 3.0, max_size=MIN_TEXT_PT,
                          min_size=MIN_TEXT_PT, what=f"character '{name}' {skill} bonus",
                          key=key)
            # action counter 0–10 (D5.4): cells that hold the 20 mm counter
            actions = int(getattr(ch, "actions", 10) or 10)
            first = lay.counter[0]
            _heading(c, say(lang, f"Compteur d'actions (0–{actions}, D5.4)",
                            f"Action counter (0–{actions}, D5.4)"), first.x,
                     max(r.top for r in lay.counter) + 1.5, 9)
            for n, cell in enumerate(lay.counter):
                c.setStrokeColor(colour(INK))
                c.setLineWidth(pt(0.4))
                c.setFillColor(colour("#e6ebf2" if n == 0 else "#ffffff"))
                c.rect(pt(cell.x), pt(cell.y), pt(cell.w), pt(cell.h), stroke=1, fill=1)
                c.setFillColor(colour("#9aa5b1"))
                c.setFont(FONT_BOLD, 14)
                c.drawCentredString(pt(cell.cx), pt(cell.cy - 2.4), str(n))
            # reputation (R1.1, R2.9, D11.6): the starting level and the cube reserve
            rep = int(getattr(ch, "reputation", 1) or 0)
            res = lay.reserve
            _heading(c, say(lang, f"Réserve de cubes Réputation — au départ : {rep} "
                                  f"cube{'s' * (rep != 1)} (R2.9)",
                            f"Reputation cube reserve — at the start: {rep} "
                            f"cube{'s' * (rep != 1)} (R2.9)"), res.x, res.top + 1.5, 9)
            c.setStrokeColor(colour("#9aa5b1"))
            c.setFillColor(colour("#f4f1e8"))
            c.setDash([pt(1.5), pt(1.0)])
            c.roundRect(pt(res.x), pt(res.y), pt(res.w), pt(res.h), pt(2), stroke=1, fill=1)
            c.setDash([])
            c.setFillColor(colour("#b9b09a"))
            c.setFont(FONT_CONDENSED, 8)
            c.drawCentredString(pt(res.cx), pt(res.cy - 1.2), say(
                lang, "posez vos cubes ici", "keep your cubes here"))
            # inventory (R5.4): one box per item card, 63 × 88 mm
            slots_n = len(lay.inventory)
            top = max(r.top for r in lay.inventory)
            _heading(c, say(lang, f"Inventaire (max {slots_n} cartes Objet, R5.4)",
                            f"Inventory (at most {slots_n} item cards, R5.4)"),
                     min(r.x for r in lay.inventory), top + 1.5, 9)
            for n, box in enumerate(lay.inventory):
                c.setStrokeColor(colour("#9aa5b1"))
                c.setDash([pt(1.5), pt(1.0)])
                c.setFillColor(colour("#f7f8fa"))
                c.roundRect(pt(box.x), pt(box.y), pt(box.w), pt(box.h), pt(3), stroke=1,
                            fill=1)
                c.setDash([])
                c.setFillColor(colour("#c4ccd4"))
                c.setFont(FONT_BOLD, 20)
                c.drawCentredString(pt(box.cx), pt(box.cy - 3.5), str(n + 1))


#: a skill slot's diameter, mm: it holds a 20 mm recruit or planning token
SLOT = 21.0
#: an inventory box, mm: an item card (63 × 88 mm) with 0.5 mm around it
CARD_BOX = (64.0, 89.0)


@dataclass(frozen=True)
class CharacterLayout:
    """Where a character sheet's pieces go, page mm: circles ``(cx, cy,
    diameter)`` for the initial levels and the slots of each skill, the action
    counter's cells, the reputation cube reserve and the inventory boxes."""

    header: Rect
    skill_rows: dict[str, Rect]
    initial: dict[str, list[tuple[float, float, float]]]
    slots: dict[str, list[tuple[float, float, float]]]
    counter: list[Rect]
    reserve: Rect
    inventory: list[Rect]

    def areas(self) -> tuple[Rect, ...]:
        """Everything drawn (the page note keeps clear of it)."""
        return (self.header, *self.skill_rows.values(), *self.counter, self.reserve.expand(6),
                *(r.expand_sides(0, 0, 0, 6) for r in self.inventory))


def character_layout(paper: Paper, ch: Any, margin: float = 8.0,
                     bottom: float = 16.0) -> CharacterLayout:
    """The play mat of character ``ch`` on ``paper`` (landscape): the inventory
    boxes two by two on the right, and on the left from the top the name and
    ability, the three skill rows, the action counter (two rows of cells) and the
    reputation cube reserve; ``bottom`` mm stay free for the print note."""
    W, H = paper.width, paper.height
    n_inv = int(getattr(ch, "inventory", 4) or 4)
    cols = 2
    bw, bh = CARD_BOX
    gap = 3.0
    inv_w = cols * bw + (cols - 1) * gap
    ix0 = W - margin - inv_w
    inventory = []
    for n in range(n_inv):
        r, col = divmod(n, cols)
        inventory.append(Rect(ix0 + col * (bw + gap), H - margin - 6 - (r + 1) * bh - r * gap,
                              bw, bh))
    left = margin
    width = ix0 - 6 - left
    top = H - margin
    header = Rect(left, top - 30, width, 30)
    skills = getattr(ch, "skills", {}) or {}
    row_h = SLOT + 6.5
    skill_rows: dict[str, Rect] = {}
    initial: dict[str, list[tuple[float, float, float]]] = {}
    slots: dict[str, list[tuple[float, float, float]]] = {}
    y = header.y - 1
    for skill in SKILLS:
        track = skills.get(skill)
        row = Rect(left, y - row_h, width, row_h)
        skill_rows[skill] = row
        cy = row.top - SLOT / 2
        n_init = int(getattr(track, "initial", 0) or 0)
        n_slots = len(list(getattr(track, "slots", []) or []))
        x = left + 10
        initial[skill] = [(x + 4 + j * 9, cy, 8.0) for j in range(n_init)]
        x += n_init * 9 + 2
        pitch = max(SLOT, min(SLOT + 1.5, (left + width - x) / max(n_slots, 1)))
        slots[skill] = [(x + SLOT / 2 + j * pitch, cy, SLOT) for j in range(n_slots)]
        y -= row_h
    actions = int(getattr(ch, "actions", 10) or 10)
    per_row = -(-(actions + 1) // 2)
    cell = max(SLOT, min(22.0, int(width / per_row * 10) / 10))
    cy_top = y - 5.5
    counter = []
    for n in range(actions + 1):
        r, col = divmod(n, per_row)
        counter.append(Rect(left + col * cell, cy_top - (r + 1) * cell, cell, cell))
    low = min(c.y for c in counter)
    reserve = Rect(left, bottom, width, max(14.0, low - 6 - bottom))
    return CharacterLayout(header, skill_rows, initial, slots, counter, reserve, inventory)


# --------------------------------------------------------------------------- tracks


def army_column(board: Board, players: int) -> list[int]:
    """Cumulative army actions beside each team cell (D8.1): :meth:`Board.army_column`."""
    return list(board.army_column(players))


class TrackSection:
    """One page per team action-counter track (R0.4: 3, 4 and 5 players)."""

    part = "tracks"
    duplex = False

    def __init__(self, board: Board, options: KitOptions) -> None:
        self.board = board
        self.options = options
        self.counts = sorted(board.spec.action_tracks)
        self.title = say(options.lang, "Pistes Compteur d'actions", "Action-counter tracks")

    def pages(self) -> int:
        return len(self.counts)

    def draw(self, w: KitWriter) -> None:
        for n in self.counts:
            self._track(w, n)

    def _track(self, w: KitWriter, players: int) -> None:

        lang = w.lang
        paper = w.paper
        track = self.board.spec.action_tracks[players]
        cells = track.cells
        army = army_column(self.board, players)
        rows = 15 if cells % 15 == 0 and cells >= 15 else min(cells, 20)
        loops = -(-cells // rows)
        top = paper.height - 40  # the column heads sit below the 3-line intro
        bottom = 22.0
        cell_h = (top - bottom) / rows
        col_w = (paper.width - 60) / 2
        x_team, x_army = 30.0, 30.0 + col_w
        label = say(lang, f"Piste {players} joueurs", f"Track {players} players")
        area = Rect(x_team - 2, bottom - 2, 2 * col_w + 4, top - bottom + 16)
        with w.page(label=label, obstacles=(area,)) as c:
            c.setFillColor(colour(INK))
            c.setFont(FONT_BOLD, 14)
            c.drawString(pt(20), pt(paper.height - 18), say(
                lang, f"Compteur d'actions — {players} joueurs",
                f"Action counter — {players} players"))
            laps = " / ".join(str(k + 1) for k in range(loops))
            _para(w, c, say(
                lang,
                "Fin de phase des joueurs : l'équipe avance du plus grand nombre d'actions "
                "d'un joueur (R7.1). Invasion : l'armée rattrape l'équipe, une action par "
                "case (R8.2). Départ : compteur blanc en bas à gauche, compteur rouge en bas à "
                f"droite (R2.8). Chaque case vaut {loops} positions (tour {laps}).",
                "End of the players' phase: the team advances by the most actions any "
                "player took (R7.1). Invasion: the army catches up, one action per cell (R8.2). "
                "Start: white counter bottom left, red counter bottom right (R2.8). "
                f"Each cell holds {loops} positions (lap {laps})."),
                20, paper.height - 21.5, paper.width - 40, 10, max_size=7.5, min_size=6,
                what=f"{players}-player track")
            for col, (x, head, fill) in enumerate(((x_team, say(lang, f"{players} joueurs",
                                                               f"{players} players"), "#ffffff"),
                                                  (x_army, say(lang, "Armée", "Army"),
                                                   "#f6dcd9"))):
                c.setFillColor(colour(INK))
                c.setFont(FONT_BOLD, 10)
                c.drawCentredString(pt(x + col_w / 2), pt(top + 3), head)
                for r in range(rows):
                    y = bottom + r * cell_h
                    c.setStrokeColor(colour(INK))
                    c.setLineWidth(pt(0.3))
                    c.setFillColor(colour(fill))
                    c.rect(pt(x), pt(y), pt(col_w), pt(cell_h), stroke=1, fill=1)
                    values = []
                    for lap in range(loops):
                        t = r + 1 + lap * rows
                        if t <= cells:
                            values.append(str(t) if col == 0 else str(army[t - 1]))
                    c.setFillColor(colour(INK if col == 0 else "#7a1f1f"))
                    c.setFont(FONT_BOLD, min(12, cell_h * 0.9 * 2.2))
                    c.drawCentredString(pt(x + col_w / 2), pt(y + cell_h / 2 - 1.4),
                                        " / ".join(values))


# --------------------------------------------------------------------------- scenario


class ScenarioSection:
    """Scenario sheets (R2.1, R0.4): per scenario, the map with the setup, the
    texts and the difficulty table; one page each."""

    part = "scenario"
    duplex = False

    def __init__(self, scenarios: Sequence[Any], options: KitOptions) -> None:
        self.scenarios = list(scenarios)
        self.options = options
        self.title = say(options.lang, "Fiches de scénario", "Scenario sheets")

    def pages(self) -> int:
        return len(self.scenarios)

    def draw(self, w: KitWriter) -> None:
        for sc in self.scenarios:
            self._sheet(w, sc)

    def _sheet(self, w: KitWriter, sc: Scenario) -> None:

        lang = w.lang
        paper = w.paper
        board = sc.board
        spec = sc.spec
        card = _card_text(sc, lang)
        m = 14.0
        with w.page(label=say(lang, f"Scénario {sc.id}", f"Scenario {sc.id}"),
                    obstacles=(Rect(m, m + 6, paper.width - 2 * m, paper.height - 2 * m - 6),)
                    ) as c:
            num = f"{spec.number} — " if spec.number is not None else ""
            c.setFillColor(colour(INK))
            c.setFont(FONT_BOLD, 16)
            c.drawString(pt(m), pt(paper.height - m - 6),
                         say(lang, "Scénario ", "Scenario ") + num + card["title"])
            c.setFont(FONT_CONDENSED, 8)
            c.drawString(pt(m), pt(paper.height - m - 11), f"{card['duration']} · "
                         f"{spec.id} · {board.spec.name or board.spec.id}")
            y = paper.height - m - 14
            used = _para(w, c, card["context"], m, y, paper.width - 2 * m, 22, max_size=8.5,
                         min_size=6.5, what=f"scenario '{spec.id}' context")
            y -= used + 2
            # the map: board drawn small, with the setup on top
            bw, bh = board.spec.size
            box_w = paper.width - 2 * m
            box_h = min(box_w * bh / bw, paper.height * 0.42)
            scale = min(box_w / bw, box_h / bh)
            mx = m + (box_w - bw * scale) / 2
            my = y - bh * scale
            level = sc.level("normal") if "normal" in getattr(sc, "levels", {}) else None
            view = draw_miniature(c, board, mx, my, scale, lang=lang,
                                  speed_marker=level.speed_cell if level is not None else None)
            self._setup_marks(c, sc, view)
            y = my - 4
            self._legend(c, m, y, lang)
            y -= 6
            col_w = (paper.width - 2 * m - 6) / 2
            _heading(c, say(lang, "Mise en place", "Setup"), m, y, 10)
            _heading(c, say(lang, "Règles spéciales", "Special rules"), m + col_w + 6, y, 10)
            text_h = y - 3 - (m + 46)
            _para(w, c, "\n".join(f"• {s}" for s in card["setup"]), m, y - 2, col_w, text_h,
                  max_size=9, min_size=6, what=f"scenario '{spec.id}' setup")
            _para(w, c, "\n".join(f"• {s}" for s in card["rules"]), m + col_w + 6, y - 2,
                  col_w, text_h, max_size=9, min_size=6, what=f"scenario '{spec.id}' rules")
            self._difficulty(c, sc, m, m + 8, paper.width - 2 * m, lang)

    def _legend(self, c: Canvas, x: float, y: float, lang: Lang) -> None:
        """Coloured symbols of the setup marks with their meaning."""

        items = [("#b33a2f", "n", say(lang, "soldats", "soldiers")),
                 ("#1e1e1e", "n", say(lang, "officiers", "officers")),
                 (REPUTATION, "sq", say(lang, "cubes Réputation", "reputation cubes")),
                 ("#f2d04b", "★", say(lang, "départ des joueurs", "player start")),
                 ("", "o", say(lang, "case de départ de la vitesse (Normal)",
                               "starting speed cell (Normal)"))]
        for fill, kind, label in items:
            if kind == "sq":
                c.setFillColor(colour(fill))
                c.rect(pt(x), pt(y - 0.3), pt(2.4), pt(2.4), stroke=0, fill=1)
            elif kind == "o":
                c.setStrokeColor(colour("#000000"))
                c.setLineWidth(pt(0.4))
                c.circle(pt(x + 1.2), pt(y + 0.9), pt(1.3), stroke=1, fill=0)
            else:
                c.setFillColor(colour(fill))
                c.setStrokeColor(colour("#1b1b1b"))
                c.setLineWidth(pt(0.2))
                c.circle(pt(x + 1.2), pt(y + 0.9), pt(1.6 if kind == "★" else 1.4),
                         stroke=kind == "★", fill=1)
                if kind == "★":
                    c.setFillColor(colour("#1b1b1b"))
                    c.setFont(FONT_BOLD, MIN_TEXT_PT)
                    c.drawCentredString(pt(x + 1.2), pt(y + 0.05), "★")
            c.setFillColor(colour("#444444"))
            c.setFont(FONT_CONDENSED, 7)
            c.drawString(pt(x + 3.5), pt(y), label)
            x += 6 + c.stringWidth(label, FONT_CONDENSED, 7) / pt(1)

    def _setup_marks(self, c: Canvas, sc: Scenario, view: Any) -> None:
        """Soldiers, officers, reputation cubes and start zones on the map, each
        zone's badges together inside the zone, clear of its label, roads and
        cities (:func:`setup_marks`)."""

        for mark in setup_marks(sc, view.scale):
            size = view.len(mark.size)
            pitch = size * SETUP_PITCH / SETUP_BADGE
            x0, _y0, _x1, y1 = mark.box
            px, py = view.pt(x0 + mark.size / 2, y1 - mark.size / 2)
            for i, (kind, n) in enumerate(mark.items):
                if mark.column:
                    _setup_badge(c, kind, n, px, py - i * pitch, size)
                else:
                    _setup_badge(c, kind, n, px + i * pitch, py, size)


    def _difficulty(self, c: Canvas, sc: Scenario, x: float, y: float, width: float,
                    lang: Lang) -> None:
        """Difficulty table (R2.2): officers, starting speed, timer per level."""

        levels = [("easy", say(lang, "Facile", "Easy")), ("normal", "Normal"),
                  ("hard", say(lang, "Difficile", "Hard"))]
        rows: list[tuple[str, Callable[[Level], str]]] = [
            (say(lang, "Officiers (R2.7)", "Officers (R2.7)"),
             lambda lv: str(lv.officers)),
            (say(lang, "Vitesse de départ (R2.5)", "Starting speed (R2.5)"),
             lambda lv: say(lang, f"case {lv.speed_cell + 1} (vitesse {lv.speed})",
                            f"cell {lv.speed_cell + 1} (speed {lv.speed})")),
            (say(lang, "Minuteur (R10.1)", "Timer (R10.1)"),
             lambda lv: f"{lv.timer:g}'"),
        ]
        head_w = 55.0
        col = (width - head_w) / 3
        rh = 7.0
        top = y + rh * (len(rows) + 1)
        _heading(c, say(lang, "Difficulté (R2.2)", "Difficulty (R2.2)"), x, top + 2, 10)
        c.setLineWidth(pt(0.3))
        for i, (_key, name) in enumerate(levels):
            cx = x + head_w + i * col
            c.setFillColor(colour("#e6ebf2"))
            c.setStrokeColor(colour("#9aa5b1"))
            c.rect(pt(cx), pt(top - rh), pt(col), pt(rh), stroke=1, fill=1)
            c.setFillColor(colour(INK))
            c.setFont(FONT_BOLD, 8.5)
            c.drawCentredString(pt(cx + col / 2), pt(top - rh + 2.3), name)
        for j, (label, value) in enumerate(rows):
            ry = top - rh * (j + 2)
            c.setFillColor(colour("#ffffff"))
            c.setStrokeColor(colour("#9aa5b1"))
            c.rect(pt(x), pt(ry), pt(head_w), pt(rh), stroke=1, fill=1)
            c.setFillColor(colour(INK))
            c.setFont(FONT_BOLD, 8)
            c.drawString(pt(x + 2), pt(ry + 2.3), label)
            for i, (key, _name) in enumerate(levels):
                cx = x + head_w + i * col
                c.setFillColor(colour("#ffffff"))
                c.rect(pt(cx), pt(ry), pt(col), pt(rh), stroke=1, fill=1)
                level = sc.levels.get(key)
                c.setFillColor(colour("#222222"))
                c.setFont(FONT_REGULAR, 8)
                c.drawCentredString(pt(cx + col / 2), pt(ry + 2.3),
                                    value(level) if level is not None else "—")


#: a setup badge's diameter and the distance between neighbouring badges, board mm
SETUP_BADGE = 12.0
SETUP_PITCH = 13.0
#: badge kinds: fill colour and shape (disc or square)
SETUP_KINDS = {"soldiers": ("#b33a2f", "disc"), "officers": ("#1e1e1e", "disc"),
               "cubes": (REPUTATION, "square"), "start": ("#f2d04b", "star")}


@dataclass(frozen=True)
class SetupMark:
    """A zone's setup badges (soldiers, officers, reputation cubes, the start
    star) in a row (or a column) in ``box`` (board mm ``x0, y0, x1, y1``)."""

    zone: str
    box: tuple[float, float, float, float]
    items: tuple[tuple[str, int], ...]
    #: the badges one above the other (from the top) instead of in a row
    column: bool = False
    #: a badge's diameter, board mm
    size: float = 12.0


def setup_marks(sc: Scenario, scale: float) -> list[SetupMark]:
    """Where each zone's setup badges go on the map drawn at ``scale``: inside
    the zone, clear of every road, river, city disc, zone label (as the miniature
    places them) and other zone's badges."""
    from shapely.geometry import box

    from authoring.pdf.boardmap import (
        LABEL_CLEARANCE,
        board_obstacles,
        city_names_at,
        free_box,
        label_pt_at,
        zone_labels,
    )

    board = sc.board
    obstacles: list[Any] = [board_obstacles(board)]
    obstacles += [box(*lab.box).buffer(LABEL_CLEARANCE)
                  for lab in zone_labels(board, city_names=city_names_at(scale),
                                         label_pt=label_pt_at(scale))]
    out: list[SetupMark] = []
    for z in board.zones:
        items = [(kind, n) for kind, n in (("soldiers", int(sc.soldiers.get(z.id, 0))),
                                           ("officers", int(sc.officers_on_board.get(z.id, 0))),
                                           ("cubes", int(sc.reputation.get(z.id, 0))))
                 if n > 0]
        if z.id in sc.start:
            items.insert(0, ("start", 0))
        if not items:
            continue
        # a row of badges, else a column where the zone is narrow, else smaller
        # badges; where nothing fits, the least crossed row
        chosen, column, size = None, False, SETUP_BADGE
        for size in (SETUP_BADGE, SETUP_BADGE * 0.75):
            long = size + (len(items) - 1) * size * SETUP_PITCH / SETUP_BADGE
            for column in (False, True)[:len(items)]:
                w, h = (size, long) if column else (long, size)
                chosen = free_box(board, z.id, w, h, obstacles, fallback=False)
                if chosen is not None:
                    break
            if chosen is not None:
                break
        if chosen is None:
            column, size = False, SETUP_BADGE
            long = size + (len(items) - 1) * SETUP_PITCH
            chosen = free_box(board, z.id, long, size, obstacles)
        obstacles.append(chosen.buffer(LABEL_CLEARANCE))
        out.append(SetupMark(z.id, chosen.bounds, tuple(items), column, size))
    return out


def _setup_badge(c: Canvas, kind: str, n: int, x: float, y: float, size: float) -> None:
    """One badge centred on page point ``(x, y)``, ``size`` points across: a disc
    or square with its count, or the start star."""
    fill, shape = SETUP_KINDS[kind]
    r = size / 2
    c.setFillColor(colour(fill))
    c.setStrokeColor(colour("#ffffff" if shape != "star" else "#1b1b1b"))
    c.setLineWidth(0.5)
    if shape == "square":
        c.rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7, stroke=1, fill=1)
    else:
        c.circle(x, y, r, stroke=1, fill=1)
    ink = "#1b1b1b" if shape in ("star", "square") else "#ffffff"
    c.setFillColor(colour(ink))
    label = "★" if shape == "star" else str(n)
    font_size = max(r * (1.3 if shape == "star" else 1.2), MIN_TEXT_PT)
    c.setFont(FONT_BOLD, font_size)
    c.drawCentredString(x, y - font_size * 0.36, label)


def _card_text(sc: Scenario, lang: Lang) -> dict[str, Any]:
    """The scenario card's texts (:func:`authoring.model.scenario.card_text`)."""
    ct = card_text(sc, lang)
    return {"title": ct.title, "context": ct.context, "duration": ct.duration,
            "setup": list(ct.setup), "rules": list(ct.rules)}


# --------------------------------------------------------------------------- player aids


def aid_text(lang: Lang, cube: str | None = None) -> tuple[str, str]:
    """The two columns of a player aid: the round (R3–R9) and the actions (R5); ``cube``:
    where a limited action's cube comes from, the scenario's D4.2 (None: its default)."""
    own = (cube or rules.DECISIONS["D4.2"].default) == "player"

    if lang == "en":
        round_ = (
            "**A round (R3.1)**\n"
            "**1. Players' phase**\n"
            "**Start (R6):** reveal an objective where pooled clues isolate one place (R6.1) · "
            "draw as many resistance cards as the invasion speed, keep one (R6.2) · reorganise "
            "your squad (R6.3).\n"
            f"**Timer (R10.1):** act in any order; never more than {rules.ACTION_MARGIN} actions ahead of the "
            "slowest player (R5.0). Each action: +1 on your counter.\n"
            "**End (R7):** the team counter advances by the most actions of one player (R7.1) · "
            "eliminated pieces become reputation cubes, shared freely (R7.2).\n"
            "**2. Army phase (R8)**\n"
            "**Event:** draw one and apply it (R8.1).\n"
            "**Invasion (R8.2):** the army counter catches up with the team; per cell: draw a "
            "zone token (R8.3), add soldiers = speed, deploy the surplus to the "
            "highest-numbered neighbour (R8.4), takeover: surplus becomes officers (R8.5); "
            "each officer placed puts a token of its region in the bag (R8.6).\n"
            "**End:** drawn tokens back in the bag (R8.7) · speed marker +1 cell (R8.8).\n"
            "**End of game:** defeat as soon as every soldier or every officer is on the island "
            "(R9.1); victory at the end of an army phase with every objective done (R9.2)."
        )
        actions = (
            "**Actions (R5)** — * limited (R4.4): only while the zone's cubes < its size; "
            + ("put a cube from your own reserve there (D4.2)." if own else
               "put a cube from the general supply there (D4.2).")
            + " **Army malus (R4.5):** every skill used − the occupation of "
            "your zone.\n"
            f"**Move (R5.1):** up to {rules.MOVE_ROADS} roads or {rules.MOVE_MOUNTAIN_PATHS} mountain path.\n"
            "**Recruit* (R5.2):** draw C − malus tokens, keep one on a slot numbered ≤ its value.\n"
            "**Investigate* (R5.3):** draw C − malus clue cards, keep one (pooled).\n"
            f"**Search* (R5.4):** draw I − malus item cards, keep one (inventory max {rules.INVENTORY_LIMIT}).\n"
            f"**Craft (R5.5):** with the parts, succeed if I − malus ≥ {rules.CRAFT_THRESHOLD}.\n"
            "**Eliminate (R5.6):** remove a soldier if M − malus > 0; officers: R9.6.\n"
            "**Use (R5.7):** a special item, as its card says.\n"
            "**Resistance (R5.8):** put cubes on a card; activate it at its cost.\n"
            "**Transfer (R5.9):** recruits and items to a player in your zone.\n"
            "**Plan (R5.10):** planning token on the first free slot: +1 until the next use."
        )
        return round_, actions
    round_ = (
        "**Un tour (R3.1)**\n"
        "**1. Phase des joueurs**\n"
        "**Début (R6) :** révéler un objectif si des Indices mis en commun isolent un lieu "
        "(R6.1) · piocher autant de cartes Résistance que la vitesse d'invasion, en garder une "
        "(R6.2) · réorganiser son escouade (R6.3).\n"
        f"**Minuteur (R10.1) :** actions dans l'ordre voulu ; jamais plus de {rules.ACTION_MARGIN} actions d'avance "
        "sur le joueur le plus en retard (R5.0). Chaque action : +1 à votre compteur.\n"
        "**Fin (R7) :** le compteur d'équipe avance du plus grand nombre d'actions d'un joueur "
        "(R7.1) · les pions éliminés deviennent des cubes Réputation, répartis librement (R7.2).\n"
        "**2. Phase de l'armée (R8)**\n"
        "**Événement :** en piocher un et l'appliquer (R8.1).\n"
        "**Invasion (R8.2) :** le compteur de l'armée rattrape celui de l'équipe ; par case : "
        "tirer un jeton Zone (R8.3), ajouter autant de soldats que la vitesse, déployer le "
        "surplus vers la zone voisine de plus grand numéro (R8.4), prise de contrôle : le "
        "surplus devient officiers (R8.5) ; chaque officier posé met un jeton de sa région "
        "dans le sac (R8.6).\n"
        "**Fin :** jetons tirés remis dans le sac (R8.7) · vitesse +1 case (R8.8).\n"
        "**Fin du jeu :** défaite dès que tous les soldats ou tous les officiers sont sur "
        "l'île (R9.1) ; victoire à la fin d'une phase de l'armée, objectifs remplis (R9.2)."
    )
    actions = (
        "**Actions (R5)** — * limitée (R4.4) : seulement si les cubes de la zone < sa taille ; "
        + ("y poser un cube de votre réserve personnelle (D4.2)." if own else
           "y poser un cube de la réserve générale (D4.2).")
        + " **Malus de l'armée (R4.5) :** chaque compétence utilisée − "
        "l'occupation de votre zone.\n"
        f"**Se déplacer (R5.1) :** jusqu'à {rules.MOVE_ROADS} routes ou {rules.MOVE_MOUNTAIN_PATHS} chemin "
        "de montagne.\n"
        "**Recruter* (R5.2) :** piocher C − malus jetons, en garder un sur une case de numéro "
        "≤ sa valeur.\n"
        "**Enquêter* (R5.3) :** piocher C − malus cartes Indice, en garder une (mise en "
        "commun).\n"
        "**Fouiller* (R5.4) :** piocher I − malus cartes Objet, en garder une (inventaire "
        f"max {rules.INVENTORY_LIMIT}).\n"
        f"**Fabriquer (R5.5) :** avec les pièces, réussite si I − malus ≥ {rules.CRAFT_THRESHOLD}.\n"
        "**Éliminer (R5.6) :** retirer un soldat si M − malus > 0 ; officiers : R9.6.\n"
        "**Utiliser (R5.7) :** un Objet spécial, selon sa carte.\n"
        "**Résistance (R5.8) :** poser des cubes sur une carte ; l'activer à son coût.\n"
        "**Transférer (R5.9) :** recrues et objets à un joueur de votre zone.\n"
        "**Planifier (R5.10) :** jeton Planification sur la 1re case libre : +1 jusqu'au "
        "prochain usage."
    )
    return round_, actions


class AidSection:
    """Player aids (R0.4: 5, one per player colour), two per page."""

    part = "aids"
    duplex = False

    def __init__(self, inputs: KitInputs, options: KitOptions) -> None:
        self.options = options
        self.colours = list(options.player_colours)
        self.title = say(options.lang, "Aides de jeu", "Player aids")
        scenario = inputs.scenario
        #: the scenario's D4.2: where a limited action's cube comes from (None: the default)
        self.cube: str | None = (scenario.spec.decisions.get("D4.2")
                                 if scenario is not None else None)

    def pages(self) -> int:
        return -(-len(self.colours) // 2)

    def draw(self, w: KitWriter) -> None:

        paper = w.paper
        half = paper.height / 2
        for page in range(self.pages()):
            pair = self.colours[page * 2: page * 2 + 2]
            label = say(w.lang, f"Aides de jeu {page + 1}/{self.pages()}",
                        f"Player aids {page + 1}/{self.pages()}")

            boxes = [Rect(8, half + 3, paper.width - 16, half - 11),
                     Rect(8, 11, paper.width - 16, half - 14)]
            with w.page(label=label, obstacles=tuple(boxes[:len(pair)])) as c:
                for k, col in enumerate(pair):
                    self._aid(w, c, col, boxes[k], paper)
                c.setStrokeColor(colour("#9a9a9a"))
                c.setDash([pt(2), pt(2)])
                c.setLineWidth(pt(0.2))
                c.line(pt(4), pt(half), pt(paper.width - 4), pt(half))
                c.setDash([])

    def _aid(self, w: KitWriter, c: Canvas, col: tuple[str, str, str], box: Any,
             paper: Paper) -> None:

        hex_colour, fr, en = col
        lang = w.lang
        c.setFillColor(colour(hex_colour))
        c.roundRect(pt(box.x), pt(box.top - 10), pt(box.w), pt(10), pt(2), stroke=0, fill=1)
        c.setFillColor(colour("#ffffff" if hex_colour not in ("#e0b020",) else "#1b1b1b"))
        c.setFont(FONT_BOLD, 11)
        c.drawString(pt(box.x + 4), pt(box.top - 7),
                     say(lang, f"Aide de jeu — {fr}", f"Player aid — {en}"))
        _, actions = aid_text(lang, self.cube)
        colw = (box.w - 6) / 2
        round_diagram(w, c, Rect(box.x + 1, box.y, colw - 1, box.h - 12), lang)
        key_h = 23.0
        _para(w, c, actions, box.x + colw + 5, box.top - 12, colw - 1, box.h - 14 - key_h,
              max_size=8, min_size=MIN_TEXT_PT, what="player aid (actions)")
        glyph_key(c, Rect(box.x + colw + 5, box.y, colw - 1, key_h), lang)


def round_steps(lang: Lang) -> list[tuple[str, list[tuple[str, str]]]]:
    """The round (R3.1) as two phases of three steps each: (phase, [(step, what)])."""
    m = rules.ACTION_MARGIN
    if lang == "en":
        return [
            ("1. Players' phase", [
                ("Start (R6)", "reveal an objective where pooled clues isolate one place · "
                               "draw resistance cards = speed, keep 1 · reorganise the squad"),
                ("Actions (R5, R10.1)", f"any order, +1 on your counter per action; at most "
                                        f"{m} ahead of the slowest player (R5.0)"),
                ("End (R7)", "team counter + the most actions of one player · eliminated "
                             "pieces → reputation cubes")]),
            ("2. Army phase (R8)", [
                ("Event (R8.1)", "draw one, apply it"),
                ("Invasion (R8.2)", "per cell caught up: draw a zone token (R8.3), soldiers "
                                    "+ speed, surplus → highest neighbour (R8.4), takeover "
                                    "→ officers (R8.5, R8.6)"),
                ("End (R8.7, R8.8)", "drawn tokens back in the bag · speed +1 cell")]),
        ]
    return [
        ("1. Phase des joueurs", [
            ("Début (R6)", "révéler un objectif si les Indices isolent un lieu · piocher "
                           "Résistance = vitesse, en garder 1 · réorganiser l'escouade"),
            ("Actions (R5, R10.1)", f"ordre libre, +1 au compteur par action ; au plus {m} "
                                    "d'avance sur le joueur le plus lent (R5.0)"),
            ("Fin (R7)", "compteur d'équipe + le plus d'actions d'un joueur · pions éliminés "
                         "→ cubes Réputation")]),
        ("2. Phase de l'armée (R8)", [
            ("Événement (R8.1)", "en piocher un, l'appliquer"),
            ("Invasion (R8.2)", "par case rattrapée : tirer un jeton Zone (R8.3), + soldats "
                                "= vitesse, surplus → voisine de plus grand n° (R8.4), prise "
                                "de contrôle → officiers (R8.5, R8.6)"),
            ("Fin (R8.7, R8.8)", "jetons tirés au sac · vitesse +1 case")]),
    ]


def round_diagram(w: KitWriter, c: Canvas, area: Rect, lang: Lang) -> list[Rect]:
    """The round as a diagram in ``area``: each phase a coloured band, its steps
    boxes joined by arrows, an arrow from the army phase's end back to the
    players' phase, and the end of the game below. Returns the step boxes."""
    phases = round_steps(lang)
    end = say(lang, "**Défaite** dès que tous les soldats ou tous les officiers sont sur "
                    "l'île (R9.1) · **victoire** à la fin d'une phase de l'armée, objectifs "
                    "remplis (R9.2).",
              "**Defeat** as soon as every soldier or every officer is on the island "
              "(R9.1) · **victory** at the end of an army phase with every objective done "
              "(R9.2).")
    loop = 5.0  # room on the left for the arrow back to the start
    x, width = area.x + loop, area.w - loop
    top = area.top
    _heading(c, say(lang, "Un tour (R3.1)", "A round (R3.1)"), area.x, top - 3.5, 9)
    band_h, arrow, end_h = 5.0, 2.6, 11.0
    n_steps = sum(len(steps) for _, steps in phases)
    step_h = (area.h - 5 - len(phases) * band_h - (n_steps - 1) * arrow - end_h - 2) / n_steps
    y = top - 5.5
    boxes: list[Rect] = []
    fills = ("#e3edf7", "#f6e3e1")
    inks = ("#2e5a87", "#7a1f1f")
    for k, (phase, steps) in enumerate(phases):
        c.setFillColor(colour(inks[k]))
        c.roundRect(pt(x), pt(y - band_h), pt(width), pt(band_h), pt(1.2), stroke=0, fill=1)
        c.setFillColor(colour("#ffffff"))
        c.setFont(FONT_BOLD, 8)
        c.drawString(pt(x + 2), pt(y - band_h + 1.5), phase)
        y -= band_h
        for j, (name, what) in enumerate(steps):
            if j or k:
                _arrow_down(c, x + width / 2, y, y - arrow)
                y -= arrow
            r = Rect(x, y - step_h, width, step_h)
            boxes.append(r)
            c.setFillColor(colour(fills[k]))
            c.setStrokeColor(colour(inks[k]))
            c.setLineWidth(pt(0.4))
            c.roundRect(pt(r.x), pt(r.y), pt(r.w), pt(r.h), pt(1.5), stroke=1, fill=1)
            _para(w, c, f"**{name}** : {what}" if lang == "fr" else f"**{name}**: {what}",
                  r.x + 1.5, r.top - 1.0, r.w - 3, r.h - 1.5, max_size=7.5,
                  min_size=MIN_TEXT_PT, what="player aid (round diagram)")
            y -= step_h
    # the next round: from the army phase's last step back up to the players' phase
    first, last = boxes[0], boxes[-1]
    lx = area.x + loop / 2
    c.setStrokeColor(colour("#555555"))
    c.setLineWidth(pt(0.6))
    c.line(pt(last.x), pt(last.cy), pt(lx), pt(last.cy))
    c.line(pt(lx), pt(last.cy), pt(lx), pt(first.top + band_h / 2))
    c.line(pt(lx), pt(first.top + band_h / 2), pt(first.x - 0.8), pt(first.top + band_h / 2))
    _arrow_head(c, first.x, first.top + band_h / 2)
    _para(w, c, end, area.x, y - 2, area.w, end_h, max_size=7.5, min_size=MIN_TEXT_PT,
          what="player aid (end of game)")
    return boxes


def _arrow_down(c: Canvas, x: float, y0: float, y1: float) -> None:
    c.setStrokeColor(colour("#555555"))
    c.setFillColor(colour("#555555"))
    c.setLineWidth(pt(0.6))
    c.line(pt(x), pt(y0), pt(x), pt(y1 + 0.9))
    p = c.beginPath()
    p.moveTo(pt(x - 1.0), pt(y1 + 1.0))
    p.lineTo(pt(x + 1.0), pt(y1 + 1.0))
    p.lineTo(pt(x), pt(y1))
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def _arrow_head(c: Canvas, x: float, y: float) -> None:
    """A small arrow head pointing right, its tip at (x, y)."""
    c.setFillColor(colour("#555555"))
    p = c.beginPath()
    p.moveTo(pt(x - 1.2), pt(y - 1.0))
    p.lineTo(pt(x - 1.2), pt(y + 1.0))
    p.lineTo(pt(x), pt(y))
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def glyph_key(c: Canvas, area: Rect, lang: Lang) -> None:
    """What the symbols of the generated card faces and the skill badges mean."""
    from authoring.pdf.game_cards import EFFECT_GLYPHS

    words = {"⚔": ("armée", "army"), "★": ("réputation", "reputation"),
             "✉": ("pioche", "draw"), "➜": ("déplacement", "move"),
             "✚": ("compétence", "skill"), "♜": ("actions de l'armée", "army actions"),
             "✦": ("objectif", "objective"), "↻": ("actions, temps", "actions, time"),
             "⚒": ("objet, fabrication", "item, craft"), "◆": ("jetons Zone", "zone tokens")}
    glyphs = [g for g in dict.fromkeys(EFFECT_GLYPHS.values()) if g in words]
    _heading(c, say(lang, "Symboles des cartes", "Card symbols"), area.x, area.top - 3, 8)
    cols = 3
    cw = area.w / cols
    for i, g in enumerate(glyphs):
        r, col = divmod(i, cols)
        x, y = area.x + col * cw, area.top - 7 - r * 2.9
        c.setFillColor(colour(INK))
        c.setFont(FONT_REGULAR, 7)
        c.drawString(pt(x), pt(y), g)
        c.setFont(FONT_CONDENSED, MIN_TEXT_PT)
        c.drawString(pt(x + 3.5), pt(y), say(lang, *words[g]))
    rows = -(-len(glyphs) // cols)
    y = area.top - 7 - rows * 2.9 - 0.8
    for k, skill in enumerate(SKILLS):
        x = area.x + k * cw
        _skill_disc(c, skill, x + 2.0, y + 0.8, 2.0)  # its letter at 6 pt
        c.setFillColor(colour(INK))
        c.setFont(FONT_CONDENSED, MIN_TEXT_PT)
        c.drawString(pt(x + 4.6), pt(y), SKILL_NAMES[lang][skill])
