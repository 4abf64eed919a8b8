"""The preview page: one self-contained HTML file (inline SVG, CSS and script).

No network, no CDN: it opens from disk. The map is drawn here (:mod:`.svg`); the
facts the page's script needs (places, cards as hole bitsets, the solver's fewest
cards and witness per place, R6.1) travel as one JSON block beside it.
"""

from __future__ import annotations

import json
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any

from authoring.io.diagnostics import Diagnostic
from authoring.io.wording import count_of, text_of
from authoring.io.yamlio import display_path
from authoring.model.board import Board
from authoring.model.deck import ClueDeck
from authoring.model.scenario import Scenario
from authoring.preview.load import Shown
from authoring.preview.svg import island_svg


def _asset(name: str) -> str:
    return resources.files("authoring.preview").joinpath(name).read_text(encoding="utf-8")


def page_data(shown: Shown, live: int | None = None) -> dict[str, Any]:
    """What the page's script reads: places, cards, the solver's answers (R6.1)."""
    board, deck = shown.board, shown.deck
    data: dict[str, Any] = {"places": [], "cards": [], "live": live, "partial": shown.partial}
    if board is None:
        return data
    data["places"] = _places(board, shown.scenario)
    if deck is not None and deck.board is board:
        data["cards"] = _cards(deck)
        _solver(deck, data["places"])
    elif deck is not None:  # a salvaged deck on another copy of the board: by zone id
        data["cards"] = _cards(deck, board)
    return data


def _places(board: Board, scenario: Scenario | None) -> list[dict[str, Any]]:
    links: dict[str, list[list[str]]] = {z.id: [] for z in board.zones}
    for r in board.roads:
        links[r.a].append([r.b, r.kind])
        links[r.b].append([r.a, r.kind])
    candidates: set[str] = set()
    if scenario is not None:
        for o in scenario.objectives:
            candidates |= o.candidates
    coastal = board.geometry.coastal
    out = []
    for z in board.zones:
        p: dict[str, Any] = {
            "id": z.id, "city": z.city, "size": z.size, "value": z.value,
            "region": z.region, "regionName": board.region(z.region).name,
            "tags": sorted(z.tags), "coastal": z.id in coastal, "links": links[z.id],
        }
        if scenario is not None:
            p["soldiers"] = scenario.soldiers.get(z.id, 0)
            p["officers"] = scenario.officers_on_board.get(z.id, 0)
            p["cubes"] = scenario.reputation.get(z.id, 0)
            p["start"] = z.id in scenario.start
            p["candidate"] = z.id in candidates
        out.append(p)
    return out


def _cards(deck: ClueDeck, board: Board | None = None) -> list[dict[str, Any]]:
    n = len(deck.places)
    out = []
    for c in deck.cards:
        holes = c.holes
        if board is not None:
            holes = sum(1 << z.index for z in board.zones if z.id in c.hole_ids)
        out.append({
            "id": c.id, "title": c.title, "en": c.title_en or "", "copies": c.copies,
            "failure": c.failure, "holes": format(holes, "x"), "count": holes.bit_count(),
            "density": round(holes.bit_count() / n, 3) if n else 0,
        })
    return out


def _solver(deck: ClueDeck, places: list[dict[str, Any]]) -> None:
    index = {c.id: i for i, c in enumerate(deck.cards)}
    result = deck.result
    for p in places:
        r = result.place(p["id"])
        p["allowed"] = r.allowed
        p["isolatable"] = r.isolatable
        p["min"] = r.min_cards
        p["witness"] = [index[c] for c in r.witness if c in index]
        if r.allowed and not r.isolatable:
            p["lookalikes"] = list(deck.lookalikes(p["id"]))[:12]


def render(shown: Shown, live: int | None = None) -> str:
    """The whole page. ``live``: the version number a ``--serve`` page waits past."""
    data = page_data(shown, live)
    board, deck = shown.board, shown.deck
    facts = []
    if board is not None:
        facts.append(count_of(len(board.zones), "place"))
        facts.append(count_of(len(board.roads), "link"))
    if deck is not None:
        facts.append(f"{count_of(deck.total_cards, 'clue card')} ({len(deck.cards)} distinct)")
    if shown.scenario is not None:
        facts.append(text_of(shown.scenario.spec.title, "en"))
    subtitle = " · ".join([escape(_display(shown.path)), *map(escape, facts)])
    body = [
        f'<header><h1>{escape(shown.title)}</h1><p class="sub">{subtitle}</p>'
        '<a class="skip" href="#cards">Skip to the clue cards</a></header>',
        _diagnostics(shown),
    ]
    if board is not None:
        body.append('<main><figure class="mapwrap">' + island_svg(board, shown.scenario)
                    + _legend(shown) + "</figure>" + _panel(shown) + "</main>")
    else:
        body.append('<main class="empty"><p>Nothing of the island could be loaded: fix the '
                    "problems above.</p></main>")
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    live_attr = f' data-live="{live}"' if live is not None else ""
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<link rel="icon" href="data:,">'  # no favicon request, from disk or --serve
        f"<title>{escape(shown.title)} — preview</title><style>{_asset('page.css')}</style>"
        f"</head><body{live_attr}>{''.join(body)}"
        f'<script type="application/json" id="data">{payload}</script>'
        f"<script>{_asset('page.js')}</script></body></html>\n"
    )


def _display(path: Path) -> str:
    return display_path(path)


def _diagnostics(shown: Shown) -> str:
    items = shown.report.sorted()
    if not items:
        return '<section id="diagnostics" class="ok" aria-label="Diagnostics"><p>No problems ' \
               "found.</p></section>"
    rows = "".join(_diagnostic(d) for d in items)
    state = "errors" if shown.report.has_errors else "warnings"
    note = (" The preview shows what could be loaded." if shown.report.has_errors else "")
    return (f'<section id="diagnostics" class="{state}" aria-label="Diagnostics">'
            f"<h2>{escape(shown.report.summary())}.{note}</h2><ul>{rows}</ul></section>")


def _diagnostic(d: Diagnostic) -> str:
    where = d.file + (f":{d.line}:{d.col}" if d.line else "")
    hint = f'<div class="hint">hint: {escape(d.hint)}</div>' if d.hint else ""
    return (f'<li class="{escape(d.level)}"><code>{escape(where)}</code> '
            f'<b>{escape(d.level)}</b>: {escape(d.message)} '
            f'<span class="code">[{escape(d.code)}]</span>{hint}</li>')


def _legend(shown: Shown) -> str:
    assert shown.board is not None
    regions = "".join(
        f'<li><span class="sw" style="background:{escape(r.colour)}"></span>'
        f"{escape(r.id)} {escape(r.name)}</li>" for r in shown.board.regions)
    setup = ""
    if shown.scenario is not None:
        cands: set[str] = set().union(*(o.candidates for o in shown.scenario.objectives))
        every = cands >= set(shown.board.zone_ids)
        setup = ('<li><span class="k soldiers">3</span>soldiers</li>'
                 '<li><span class="k officers">1</span>officers</li>'
                 '<li><span class="k cubes">1</span>reputation cubes</li>'
                 '<li><span class="k flag">⚑</span>start</li>'
                 + ("" if not cands else '<li>objective: any place</li>' if every else
                    '<li><span class="k ring"></span>objective candidate</li>'))
    return ('<figcaption><ul class="legend">' + regions
            + '<li><span class="k road"></span>road</li>'
            '<li><span class="k path"></span>mountain path</li>'
            '<li><span class="k city">◎</span>city: 3 capital, 2 town, 1 village</li>'
            + setup + "</ul></figcaption>")


def _panel(shown: Shown) -> str:
    assert shown.board is not None
    options = "".join(f'<option value="{z.index}">{escape(z.id)} — {escape(z.city)}</option>'
                      for z in shown.board.zones)
    deck = shown.deck
    if deck is None:
        cards = '<p class="muted">No clue deck: preview a deck or a scenario to stack cards.</p>'
    else:
        rows = []
        for i, c in enumerate(deck.cards):
            n = c.holes.bit_count()
            copies = f" ×{c.copies}" if c.copies > 1 else ""
            en = f'<span class="en">{escape(c.title_en)}</span>' if c.title_en else ""
            if c.failure:
                rows.append(f'<li><button class="card failure" data-c="{i}" disabled>'
                            f'<span class="t">{escape(c.title)}{copies}</span>{en}'
                            '<span class="n">failure: no hole (R5.3)</span></button></li>')
                continue
            density = n / len(deck.places) if deck.places else 0
            rows.append(f'<li><button class="card" data-c="{i}" aria-pressed="false">'
                        f'<span class="t">{escape(c.title)}{copies}</span>{en}'
                        f'<span class="n">{count_of(n, "hole")} · {density:.0%}</span>'
                        f'<span class="bar" style="--d:{density:.3f}"></span></button></li>')
        cards = ('<p class="muted">Select cards to stack them: only the common holes stay '
                 f'open.</p><ul class="deck">{"".join(rows)}</ul>')
    stack = ('<section id="stack" aria-label="Stacked cards"><p id="status" aria-live="polite">'
             '</p><div class="buttons"><button id="clear" type="button">Clear the stack</button>'
             '<button id="witness" type="button">Minimum witness</button></div></section>'
             if deck is not None else "")
    return (
        f'<aside>{stack}'
        '<section id="info" aria-label="Place"><label for="place">Place</label>'
        f'<select id="place">{options}</select><div id="facts" aria-live="polite"></div>'
        '</section>'
        f'<section id="cards" aria-label="Clue deck"><h2>Clue deck</h2>{cards}</section></aside>'
    )
