"""The balance report of ``resistance simulate``, as a PDF a designer reads.

It draws the study's summary (:class:`~authoring.model.balance.StudySummary`, what
``authoring.engine.simulate.summarise`` returns) and nothing else:
the parameters and the design warnings; the win rate of every difficulty × player count
with its 95 % interval; the survival curves (the share of games still going after each
round); how the games were lost; the overflows drawn as a heat map on the island; the
action and card usage; and, when asked, the decisions ranked by their effect.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

import authoring.pdf.fonts as fonts
from authoring.io.wording import count_of, percent, signed_points
from authoring.io.yamlio import atomic_write
from authoring.model.balance import (
    BAND_PLACES,
    Comparison,
    StudySummary,
    band_verdict,
    rung_name,
    steps_not_apart,
)
from authoring.model.board import Board
from authoring.pdf.boardmap import LABEL_PT, draw_island, fit_view

PAGE = landscape(A4)
INK = HexColor("#222222")
GRID = HexColor("#cccccc")
#: a target band (balance:) behind a win-rate bar
BAND = HexColor("#d9ecd9")
BAND_EDGE = HexColor("#7fb27f")
LEVEL_COLOURS = {"easy": HexColor("#3f8f4f"), "normal": HexColor("#c9952b"),
                 "hard": HexColor("#b33a2f")}
CAUSE_COLOURS = {"OFFICERS_EXHAUSTED": HexColor("#333333"),
                 "SOLDIERS_EXHAUSTED": HexColor("#b33a2f"), "ROUND_CAP": HexColor("#999999")}


def _title(c: Canvas, text: str, sub: str = "") -> float:
    w, h = PAGE
    c.setFillColor(INK)
    c.setFont(fonts.BOLD, 16)
    c.drawString(15 * mm, h - 18 * mm, text)
    if sub:
        c.setFont(fonts.REGULAR, 9)
        c.drawString(15 * mm, h - 24 * mm, sub)
    return float(h - 32 * mm)


def _wrap(c: Canvas, text: str, x: float, y: float, width: float, size: float = 9,
          font: str = fonts.REGULAR) -> float:
    """Draw ``text`` wrapped to ``width`` points from (x, y) down; the y below it."""
    c.setFont(font, size)
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if c.stringWidth(trial, font, size) > width and line:
            c.drawString(x, y, line)
            y -= size * 1.35
            line = word
        else:
            line = trial
    if line:
        c.drawString(x, y, line)
        y -= size * 1.35
    return y


def _cover(c: Canvas, data: StudySummary) -> None:
    st = data.study
    y = _title(c, f"Balance of {data.scenario}" + (" — PARTIAL" if data.partial else ""),
               f"{count_of(st.games, 'game')} per cell · bot {st.bot} · seed {st.seed} · table speed "
               f"{st.table_speed:g} actions a minute (D10.1) · decisions "
               + (" ".join(f"{k}={v}" for k, v in st.decisions.items())
                  or "the defaults of rules.md"))
    c.setFillColor(INK)
    if data.stopped is not None:
        y = _wrap(c, data.stopped[0].upper() + data.stopped[1:] + ".", 15 * mm, y,
                  PAGE[0] - 30 * mm) - 2 * mm
    c.setFont(fonts.BOLD, 12)
    c.drawString(15 * mm, y, "Verdict")
    y -= 6 * mm
    y = _wrap(c, _verdict_text(data) + ".", 18 * mm, y, PAGE[0] - 36 * mm) - 2 * mm
    y = _strength(c, data, y)
    y = _wrap(c, "Time model: " + st.time_model + ". Each game is seeded from the study's "
              "seed and its index: the same figures for any number of processes or a cluster. "
              "Intervals are 95 % Wilson score intervals.", 15 * mm, y, PAGE[0] - 30 * mm)
    y -= 4 * mm
    c.setFont(fonts.BOLD, 12)
    c.drawString(15 * mm, y, "Design warnings")
    y -= 6 * mm
    warnings = data.warnings or ("none",)
    for w in warnings:
        y = _wrap(c, "• " + w, 18 * mm, y, PAGE[0] - 36 * mm)
        if y < 25 * mm:
            break
    ladder = data.ladder
    if ladder:
        y -= 4 * mm
        c.setFont(fonts.BOLD, 12)
        c.drawString(15 * mm, y, f"Skill ladder: how strong the players were ({ladder[0].cell}, "
                                 f"{count_of(ladder[0].games, 'game')} per bot)")
        for r in ladder:
            y -= 5 * mm
            c.setFont(fonts.REGULAR, 9)
            lo, hi = r.interval
            c.drawString(18 * mm, y, f"{rung_name(r)}: win {percent(r.win_rate)} "
                                     f"[{percent(lo)}, {percent(hi)}], "
                                     f"{r.rounds_mean:.1f} rounds on average"
                                     + (f"; {r.paired.line}" if r.paired is not None else ""))
        overlap = steps_not_apart(ladder)
        if overlap is not None:
            y = _wrap(c, overlap[0].upper() + overlap[1:] + ".", 18 * mm, y - 5 * mm,
                      PAGE[0] - 36 * mm)
        y -= 4 * mm
    y -= 4 * mm
    c.setFont(fonts.BOLD, 12)
    c.drawString(15 * mm, y, "Figures per difficulty and player count")
    y -= 6 * mm
    cols = [15, 38, 52, 82, 116, 132, 150, 170]
    heads = ["cell", "win", "95 % interval", "target band", "rounds", "officers", "revealed",
             "loss causes"]
    c.setFont(fonts.BOLD, 9)
    for x, t in zip(cols, heads, strict=True):
        c.drawString(x * mm, y, t)
    c.setFont(fonts.REGULAR, 9)
    placeholder = False
    for key, cell in data.cells.items():
        y -= 5 * mm
        if y < 12 * mm:
            break
        lo, hi = cell.interval
        revealed = cell.objectives[0].revealed if cell.objectives else 0
        causes = ", ".join(f"{k.lower().replace('_', ' ')} {v}"
                           for k, v in cell.loss_causes.items())
        band = data.band_label(key) or "–"
        if cell.provisional:
            key = f"{key} *"
            placeholder = True
        row = [key, f"{percent(cell.win_rate)}", f"[{percent(lo)}, {percent(hi)}]",
               band, f"{cell.rounds_mean:.1f}", f"{cell.officers_mean:.1f}",
               f"{percent(revealed)}", causes]
        for x, t in zip(cols, row, strict=True):
            c.drawString(x * mm, y, t)
    if placeholder and y > 20 * mm:
        _wrap(c, "* The army track for this player count is a placeholder (D8.1): the book "
              "prints only the 4-player track; the army takes round(cell × players / 4) actions "
              "until the board gives its own column. Read these cells as provisional.",
              15 * mm, y - 6 * mm, PAGE[0] - 30 * mm, size=8)


def _verdict_text(data: StudySummary) -> str:
    """The study's verdict as a sentence of the report, with whose play it judges."""
    said = data.verdict
    if said.startswith("no verdict"):
        return said[0].upper() + said[1:]
    return f"As the {data.study.bot} bot plays it, {said}"


def _strength(c: Canvas, data: StudySummary, y: float) -> float:
    """Who the players were: the bot, its budget, its place on the skill ladder, what it
    means, and — when the study ran the ladder — how it stands against the search team."""
    st = data.strength
    c.setFont(fonts.BOLD, 12)
    c.drawString(15 * mm, y, "The players")
    y -= 6 * mm
    budget = f", budget {st.budget}" if st.budget is not None else ""
    rank = (f" — {st.rank} of {st.of} on the skill ladder "
            f"({' < '.join(st.ladder)})") if st.rank else ""
    y = _wrap(c, f"Bot {st.bot}{budget}{rank}: {st.meaning}.", 18 * mm, y,
              PAGE[0] - 36 * mm)
    said = data.standing
    if said is not None:
        y = _wrap(c, said, 18 * mm, y, PAGE[0] - 36 * mm)
    elif not data.ladder and st.stronger:
        y = _wrap(c, f"Stronger on the ladder: {', '.join(st.stronger)}. Add --ladder N to "
                  "measure this bot against them on this scenario.", 18 * mm, y,
                  PAGE[0] - 36 * mm)
    return float(y - 3 * mm)


def _percent_axis(c: Canvas, x0: float, base: float, width: float, height: float) -> None:
    """Grid lines every 10 % with their labels."""
    c.setStrokeColor(GRID)
    c.setFont(fonts.REGULAR, 8)
    for k in range(0, 11):
        y = base + height * k / 10
        c.line(x0, y, x0 + width, y)
        c.setFillColor(INK)
        c.drawRightString(x0 - 2 * mm, y - 1 * mm, f"{k * 10}%")


def _win_rates(c: Canvas, data: StudySummary) -> None:
    y0 = _title(c, "Win rate with its 95 % interval",
                "each bar is a difficulty × player count; the whisker is the Wilson interval")
    cells = list(data.cells.values())
    x0, base, height = 25 * mm, 35 * mm, y0 - 45 * mm
    width = PAGE[0] - 45 * mm
    _percent_axis(c, x0, base, width, height)
    step = width / max(1, len(cells))
    targets = data.targets
    for i, cell in enumerate(cells):
        band = targets.get(cell.difficulty)
        if band:  # the scenario's target band (balance:) behind the bar
            lo, hi = band
            c.setFillColor(BAND)
            c.rect(x0 + step * i + step * 0.08, base + height * lo, step * 0.84,
                   height * (hi - lo), stroke=0, fill=1)
            c.setStrokeColor(BAND_EDGE)
            c.setLineWidth(0.8)
            for v in (lo, hi):
                c.line(x0 + step * i + step * 0.08, base + height * v,
                       x0 + step * (i + 0.92), base + height * v)
    if targets:
        c.setFillColor(BAND)
        c.rect(x0, 12 * mm, 8 * mm, 4 * mm, stroke=0, fill=1)
        c.setFillColor(INK)
        c.setFont(fonts.REGULAR, 8)
        c.drawString(x0 + 10 * mm, 13 * mm, "the scenario's target band for the difficulty "
                     "(balance: in the scenario file); under a bar: in it, near it (the interval "
                     "reaches it), below or above it. A bar's colour is its difficulty")
    if any(cell.provisional for cell in cells):
        c.setFillColor(INK)
        c.setFont(fonts.REGULAR, 8)
        c.drawString(x0, 7 * mm, "* on D8.1's placeholder army track (the book prints only the "
                     "4-player column): read the bar as provisional")
    for i, cell in enumerate(cells):
        x = x0 + step * i + step * 0.2
        bw = step * 0.6
        c.setFillColor(LEVEL_COLOURS.get(cell.difficulty, INK))
        c.rect(x, base, bw, height * cell.win_rate, stroke=0, fill=1)
        lo, hi = cell.interval
        c.setStrokeColor(INK)
        c.setLineWidth(1)
        cx = x + bw / 2
        c.line(cx, base + height * lo, cx, base + height * hi)
        c.line(cx - 2 * mm, base + height * lo, cx + 2 * mm, base + height * lo)
        c.line(cx - 2 * mm, base + height * hi, cx + 2 * mm, base + height * hi)
        c.setFillColor(INK)
        c.setFont(fonts.REGULAR, 8)
        star = " *" if cell.provisional else ""  # (the footnote says why)
        c.drawCentredString(cx, base - 5 * mm, f"{cell.difficulty} · {cell.players}p{star}")
        c.drawCentredString(cx, base - 9 * mm, f"{percent(cell.win_rate)}")
        band = targets.get(cell.difficulty)
        if band:  # as the terminal says: outside only when the whole interval is
            c.drawCentredString(cx, base - 13 * mm,
                                BAND_PLACES[band_verdict(cell.win_rate, cell.interval, band)])


def _survival(c: Canvas, data: StudySummary) -> None:
    """One panel per difficulty, a curve per player count; the round axis ends
    where the last game of the study ended."""
    y0 = _title(c, "Survival: the share of games still going after each round",
                "one panel per difficulty, a curve per player count; where a curve falls is "
                "when games are lost")
    cells = list(data.cells.values())
    levels = list(dict.fromkeys(cell.difficulty for cell in cells))
    last = max((_last_round(cell.survival) for cell in cells), default=1)
    gap = 12 * mm
    left, right = 25 * mm, PAGE[0] - 12 * mm
    pw = (right - left - gap * (len(levels) - 1)) / max(1, len(levels))
    base, height = 42 * mm, y0 - 52 * mm
    dashes: dict[int, list[int]] = {3: [], 4: [4, 2], 5: [1, 2]}
    players = sorted({cell.players for cell in cells})
    for k, level in enumerate(levels):
        x0 = left + k * (pw + gap)
        c.setFillColor(INK)
        c.setFont(fonts.BOLD, 10)
        c.drawString(x0, base + height + 4 * mm, level)
        _percent_axis(c, x0, base, pw, height)
        c.setFont(fonts.REGULAR, 8)
        c.setFillColor(INK)
        every = max(1, -(-last // 8))
        for r in range(0, last + 1, every):
            c.drawCentredString(x0 + pw * r / max(1, last), base - 5 * mm, str(r))
        c.drawCentredString(x0 + pw / 2, base - 10 * mm, "round")
        for cell in cells:
            if cell.difficulty != level:
                continue
            c.setStrokeColor(LEVEL_COLOURS.get(level, INK))
            c.setLineWidth(1.4)
            c.setDash(dashes.get(cell.players, []))
            pts = [(x0 + pw * r / max(1, last), base + height * v)
                   for r, v in enumerate(cell.survival[:last + 1])]
            path = c.beginPath()
            path.moveTo(*pts[0])
            for pt in pts[1:]:
                path.lineTo(*pt)
            c.drawPath(path, stroke=1, fill=0)
            c.setDash([])
    # the key: a dash per player count
    x = left
    for p in players:
        c.setStrokeColor(INK)
        c.setLineWidth(1.4)
        c.setDash(dashes.get(p, []))
        c.line(x, 20 * mm, x + 10 * mm, 20 * mm)
        c.setDash([])
        c.setFillColor(INK)
        c.setFont(fonts.REGULAR, 8)
        c.drawString(x + 12 * mm, 19 * mm, f"{p} players")
        x += 40 * mm


def _last_round(survival: Sequence[float]) -> int:
    """The round after which no game was still going (the axis stops there)."""
    for r, v in enumerate(survival):
        if v <= 0:
            return max(1, r)
    return max(1, len(survival) - 1)


def _ramp(t: float) -> Color:
    """The heat ramp: 0 → white, 1 → deep red."""
    return Color(1.0, 1.0 - 0.8 * t, 1.0 - 0.9 * t)


def _heat(overflows: Mapping[str, int], peak: int, zones: Sequence[str] = ()) -> dict[str, Color]:
    """Every zone's colour on the ramp (the zones the data leaves out at its zero)."""
    out = {z: _ramp(0.0) for z in zones}
    for zone, n in overflows.items():
        out[zone] = _ramp(min(1.0, n / peak) if peak else 0.0)
    return out


#: the heat map's zone ids are printed at this size at least, pt
HEAT_LABEL_PT = 6.0


def _heat_map(c: Canvas, data: StudySummary, board: Board) -> None:
    y0 = _title(c, "Where the army overflows (R8.4, R8.5)",
                "deployments and takeovers starting from each zone, all cells together: the "
                "darker, the more often; white: never")
    total: dict[str, int] = {z.id: 0 for z in board.zones}
    for cell in data.cells.values():
        for z, n in cell.overflows.items():
            total[z] = total.get(z, 0) + n
    peak = max(total.values(), default=0)
    view = fit_view(board, 15 * mm, 22 * mm, PAGE[0] - 90 * mm, y0 - 27 * mm)
    draw_island(c, board, view, labels=True, city_names=False,
                highlight=_heat(total, peak, [z.id for z in board.zones]),
                label_pt=max(LABEL_PT, HEAT_LABEL_PT / view.scale))
    # the colour key: the ramp from 0 to the peak
    kx, ky, kw, kh = 15 * mm, 12 * mm, 80 * mm, 4 * mm
    steps = 40
    for i in range(steps):
        c.setFillColor(_ramp(i / (steps - 1)))
        c.rect(kx + kw * i / steps, ky, kw / steps + 0.3, kh, stroke=0, fill=1)
    c.setStrokeColor(INK)
    c.setLineWidth(0.4)
    c.rect(kx, ky, kw, kh, stroke=1, fill=0)
    c.setFillColor(INK)
    c.setFont(fonts.REGULAR, 8)
    c.drawString(kx, ky - 3.5 * mm, "0")
    c.drawRightString(kx + kw, ky - 3.5 * mm, str(peak))
    c.drawString(kx + kw + 3 * mm, ky + 1 * mm, "overflows from the zone, all games of all cells")
    c.setFillColor(INK)
    c.setFont(fonts.BOLD, 10)
    x = PAGE[0] - 70 * mm
    y = y0 - 5 * mm
    c.drawString(x, y, "Most overflowing zones")
    c.setFont(fonts.REGULAR, 9)
    for z, n in sorted(total.items(), key=lambda kv: (-kv[1], kv[0]))[:25]:
        if n <= 0:
            break
        y -= 5 * mm
        c.drawString(x, y, f"{z:<8} {n}")


#: the players' actions by name (R5) and the book's other moves
ACTION_NAMES = {
    "move": "Move (R5.1)", "recruit": "Recruit (R5.2)", "investigate": "Investigate (R5.3)",
    "search": "Search (R5.4)", "craft": "Craft (R5.5)", "eliminate": "Eliminate (R5.6)",
    "use": "Use a special item (R5.7)", "resistance": "Resistance card (R5.8)",
    "transfer": "Transfer (R5.9)", "plan": "Plan (R5.10)",
    "objective": "Act on an objective (R9.6)", "reorganise": "Reorganise the squad (R6.3)",
    "begin": "Start the timer (R6)", "end": "End the players' phase (R10.1)",
    "keep": "Keep a drawn card or token", "choose": "Choose (a pending choice)",
}
#: what a card count's prefix means
CARD_KINDS = {"resistance": "Resistance", "special": "Special item used",
              "crafted": "Crafted", "event": "Event"}


def action_name(kind: str) -> str:
    """An action kind as the report prints it: ``move`` → ``Move (R5.1)``."""
    return ACTION_NAMES.get(kind, kind)


def card_name(key: str) -> str:
    """A card count's key as the report prints it: ``resistance:safe-house-3`` →
    ``Resistance: safe house 3``."""
    kind, _, ident = key.partition(":")
    if not ident:
        return key.replace("-", " ")
    return f"{CARD_KINDS.get(kind, kind)}: {ident.replace('-', ' ').replace('_', ' ')}"


def _usage(c: Canvas, data: StudySummary) -> None:
    y = _title(c, "What the players did and what the cards did",
               "actions taken and cards played, all cells together")
    actions: dict[str, int] = {}
    cards: dict[str, int] = {}
    for cell in data.cells.values():
        for k, n in cell.actions.items():
            actions[k] = actions.get(k, 0) + n
        for k, n in cell.cards.items():
            cards[k] = cards.get(k, 0) + n
    c.setFillColor(INK)
    for x, title, table, name in ((15 * mm, "Actions", actions, action_name),
                                  (110 * mm, "Cards", cards, card_name)):
        yy = y
        c.setFont(fonts.BOLD, 11)
        c.drawString(x, yy, title)
        c.setFont(fonts.REGULAR, 9)
        for k, n in sorted(table.items(), key=lambda kv: (-kv[1], kv[0]))[:30]:
            yy -= 5 * mm
            c.drawString(x, yy, name(k))
            c.drawRightString(x + 85 * mm, yy, str(n))
    sens = data.sensitivity
    if sens:
        c.showPage()
        y = _title(c, "Which ambiguities of the book matter",
                   "each decision's alternative against the study's choices: mean difference of "
                   "win rate over the cells, then of rounds survived")
        c.setFont(fonts.REGULAR, 9)
        for row in sens:
            y = _wrap(c, f"{row.decision} = {row.option}: win rate "
                      f"{signed_points(row.win_rate_difference)} points "
                      f"({count_of(row.cells_significant, 'cell')} significant), rounds {row.rounds_difference:+.1f} — {row.meaning}"
                      + row.unchanged_note,
                      15 * mm, y, PAGE[0] - 30 * mm)
            if y < 15 * mm:
                break


def _comparison(c: Canvas, both: Comparison) -> None:
    """``--compare``: the second scenario's win rate beside the first's, cell by cell, the
    difference and its 95 % interval."""
    a, b = both.a.scenario, both.b.scenario
    y = _title(c, "Compared with a second scenario (--compare)")
    c.setFillColor(INK)
    y = _wrap(c, f"A: {a} (this report). B: {b} (--compare). Win rate per cell, the same "
              "bot, seeds and cells; the difference B − A in percentage points (+8.0: 52 % against "
              "44 %) with its 95 % interval.",
              15 * mm, y + 8 * mm, PAGE[0] - 30 * mm) - 3 * mm
    c.setFont(fonts.BOLD, 10)
    cols = (15 * mm, 60 * mm, 100 * mm, 140 * mm, 180 * mm)
    for x, head in zip(cols, ("cell", "A", "B", "B − A, points", "95 % interval"),
                       strict=True):
        c.drawString(x, y, head)
    c.setFont(fonts.REGULAR, 10)
    for key, d in both.difference.items():
        y -= 6 * mm
        if y < 15 * mm:
            break
        lo, hi = d.interval
        row = (key, percent(d.a), percent(d.b), signed_points(d.difference),
               f"[{signed_points(lo)}, {signed_points(hi)}]" + ("  significant" if d.significant else ""))
        for x, text in zip(cols, row, strict=True):
            c.drawString(x, y, text)
    y -= 10 * mm
    for name, side in (("A", both.a), ("B", both.b)):  # each against its own bands
        if y < 20 * mm:
            break
        y = _wrap(c, f"Verdict, {name}: {_verdict_text(side)}.", 15 * mm, y,
                  PAGE[0] - 30 * mm) - 2 * mm


def render_balance(data: StudySummary, board: Board, both: Comparison | None = None
                   ) -> bytes:
    """The report's PDF bytes (the same bytes for the same data); ``both``: a study with
    ``--compare``, whose difference gets its own page."""
    buf = io.BytesIO()
    c = fonts.new_canvas(buf, PAGE, title=f"Balance of {data.scenario}")
    pages: Sequence[Callable[[Canvas, StudySummary], None]] = (_cover, _win_rates, _survival)
    for draw in pages:
        draw(c, data)
        c.showPage()
    _heat_map(c, data, board)
    c.showPage()
    _usage(c, data)
    c.showPage()
    if both is not None:
        _comparison(c, both)
        c.showPage()
    c.save()
    return buf.getvalue()


def write_balance(path: Path | str, data: StudySummary, board: Board) -> None:
    """Render, then write atomically (nothing half-written)."""
    pdf = render_balance(data, board)
    with atomic_write(Path(path), "wb") as f:
        f.write(pdf)
