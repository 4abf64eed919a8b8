"""``resistance clues check|explain|simulate|generate``: prove, explain, simulate and
generate clue decks (R5.3, R6.1)."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
import yaml

from authoring.cli.common import (
    EXIT_PROBLEMS,
    SafePath,
    echo_json,
    json_option,
    load_checked,
    load_or_exit,
    print_report,
    strict_option,
)
from authoring.clues.doctor import extend, suggestions
from authoring.clues.generate import BOARD_REF, deck_yaml, generated_scores, write_deck
from authoring.clues.generate import generate as run
from authoring.clues.report import DeckCheck, explain_place, simulate_data
from authoring.clues.report import check as check_deck
from authoring.clues.yamledit import EditError, append_items
from authoring.io.diagnostics import Report, suggestion
from authoring.io.wording import count_of
from authoring.io.yamlio import atomic_write, display_path, load_text
from authoring.model.predicates import parse_where

if TYPE_CHECKING:
    from authoring.io.diagnostics import Report
    from authoring.model.board import Board
    from authoring.model.deck import ClueDeck


@click.group()
def clues() -> None:
    """Prove, explain, simulate and generate clue decks (R5.3, R6.1)."""


def _load_deck(path: str, as_json: bool) -> tuple[ClueDeck, Report]:
    """The deck and its report (warnings unprinted); on errors print them and exit 1."""
    deck, report = load_checked(path, "deck", as_json=as_json)
    return deck, report


def _allowed_option(board: Board, raw: tuple[str, ...]) -> tuple[str, ...] | None:
    """Zone ids from ``--allowed`` (repeatable, comma-separated); usage error if unknown."""
    if not raw:
        return None

    out: list[str] = []
    for item in raw:
        if item.strip().startswith("{"):  # a predicate: the places that have the property
            chosen = _where_zones(board, item)
            if not chosen:
                raise click.BadParameter(
                    f"{item}: no place of {board.spec.id} has this property",
                    param_hint="'--allowed'")
            out.extend(z for z in chosen if z not in out)
            continue
        for ref in (r.strip() for r in item.split(",")):
            if not ref:
                continue
            zid = board.resolve(ref)
            if zid is None:
                raise click.BadParameter(
                    f"unknown zone '{ref}'{suggestion(ref, board.zone_ids)}",
                    param_hint="'--allowed'",
                )
            if zid not in out:
                out.append(zid)
    if not out:
        raise click.BadParameter("lists no place; write zone ids, e.g. --allowed 'N-E 1,S-O 3'",
                                 param_hint="'--allowed'")
    return tuple(z for z in board.zone_ids if z in out)


def _where_zones(board: Board, text: str) -> list[str]:
    """The zones of a predicate written on the command line, e.g. '{region: S-E}'."""

    report = Report()
    doc = load_text(text, "--allowed", report)
    pred = parse_where(doc.data, doc, (), board, report) if doc is not None else None
    if pred is None or report.has_errors:
        problems = "; ".join(d.message for d in report.errors) or "not a predicate"
        raise click.BadParameter(f"{text}: {problems}", param_hint="'--allowed'")
    return [z for z in board.zone_ids if z in pred.zones(board)]


allowed_option = click.option(
    "--allowed",
    "--allowed-where",
    "allowed",
    multiple=True,
    metavar="ZONES|{PREDICATE}",
    help="Places that may hold an objective (D6.1): zone ids, comma-separated, or a "
    "predicate such as '{region: S-E}'; default: the deck's.",
)


# -- check -------------------------------------------------------------------------------
@clues.command()
@click.argument("deck_file", metavar="DECK", type=SafePath())
@json_option
@strict_option
@allowed_option
@click.option("--suggest", is_flag=True,
              help="For each place no set of cards isolates, up to three cards that would "
                   "(R6.1), as YAML to paste into the deck.")
def check(deck_file: str, as_json: bool, strict: bool, allowed: tuple[str, ...],
          suggest: bool) -> None:
    """Holes and density per card; per place: isolatable, fewest cards, a witness set, and
    for a place that cannot be isolated, its look-alikes.

    Exit 1 when the deck has errors (or warnings, with --strict)."""

    deck, report = _load_deck(deck_file, as_json)
    chosen = _allowed_option(deck.board, allowed)
    started = time.perf_counter()
    result = check_deck(deck, chosen, report)
    seconds = round(time.perf_counter() - started, 6)
    proposals = {}
    if suggest:
        proposals = suggestions(deck, result.failing)
    if as_json:
        data = {**result.to_json(), "seconds": seconds,
                "diagnostics": [d.to_dict() for d in report.sorted()]}
        if suggest:
            data["suggestions"] = {z: [p.to_json() for p in ps] for z, ps in proposals.items()}
        echo_json(data)
    else:
        _print_check(result, seconds)
        if suggest:
            _print_suggestions(proposals)
        print_report(report, err=False)
    sys.exit(EXIT_PROBLEMS if report.failed(strict) else 0)


def _print_check(result: DeckCheck, seconds: float) -> None:
    s = result.summary
    n = s["places"]
    click.echo(
        f"{result.deck}: {s['cards_total']} cards ({s['cards_distinct']} distinct, "
        f"{s['failures']} failures) on {result.board} ({n} places, {s['allowed']} allowed)"
    )
    click.echo("\ncards (holes / density):")
    for c in result.cards:
        if c.failure:
            click.echo(f"  {c.id:<28} ×{c.copies}  {c.title}: failure, no hole")
            continue
        holes = ", ".join(c.holes) if len(c.holes) <= 8 else (
            ", ".join(c.holes[:8]) + f" … (+{len(c.holes) - 8})"
        )
        click.echo(
            f"  {c.id:<28} ×{c.copies}  {len(c.holes):>3} {c.density:>4.0%}  "
            f"{c.title}  [{holes}]"
        )
    click.echo("\nplaces (isolatable / fewest cards / witness):")
    for p in result.places:
        zid = p.place
        if not p.allowed:
            continue
        if p.isolatable:
            click.echo(f"  {zid:<8} {p.min_cards}  {' + '.join(p.witness)}")
        else:
            alike = p.lookalikes
            shown = ", ".join(alike[:6]) + (f" and {len(alike) - 6} more" if len(alike) > 6
                                            else "")
            click.echo(f"  {zid:<8} -  NOT ISOLATABLE (R6.1): every card holding it also "
                       f"holds {shown}" if alike else f"  {zid:<8} -  NOT ISOLATABLE (R6.1)")
    dist = ", ".join(f"{k} cards: {v}" for k, v in s["min_cards_distribution"].items())
    fewest = (f"fewest cards per place: {dist}; mean {s['min_cards_mean']:.2f}"
              if s["min_cards_mean"] is not None else "no allowed place can be isolated (R6.1)")
    click.echo(
        f"\nsummary: {s['isolatable']}/{s['allowed']} allowed places isolatable; {fewest}"
    )
    lo, hi = s["density_band"]
    click.echo(
        f"density {s['density_min']:.0%}–{s['density_max']:.0%} "
        f"(band {lo:.0%}–{hi:.0%}); lower bound on distinct cards: {s['lower_bound']}; "
        f"solved in {seconds * 1000:.1f} ms"
    )


def _print_suggestions(proposals: dict[str, Any]) -> None:
    if not proposals:
        click.echo("\nsuggestions: every allowed place can be isolated already")
        return
    click.echo("\nsuggested cards (R6.1), one of each group is enough; paste under 'cards:':")
    used: set[str] = set()
    for place, ps in proposals.items():
        if not ps:
            click.echo(f"  # {place}: no single card of the vocabulary isolates it with these "
                       "cards (it needs two, or a place-list card)")
        for p in ps:
            cid, k = p.card_id, 2
            while cid in used:
                cid, k = f"{p.card_id}-{k}", k + 1
            used.add(cid)
            click.echo(p.yaml(cid))


# -- explain -------------------------------------------------------------------------------
@clues.command()
@click.argument("deck_file", metavar="DECK", type=SafePath())
@click.argument("first", metavar="PLACE")
@click.argument("second", metavar="[CARD]", required=False)
@json_option
def explain(deck_file: str, first: str, second: str | None, as_json: bool) -> None:
    """Why PLACE can (or cannot) be isolated (R6.1): the fewest cards and one witness, its
    look-alikes, and each card's verdict with its reason; with CARD, that card only
    (``DECK CARD PLACE`` is read too)."""

    deck, _ = _load_deck(deck_file, as_json)
    ids = [c.id for c in deck.cards]
    place, card = first, second
    board = deck.board
    if second is not None and board.resolve(first) is None and (
        board.resolve(second) is not None or first in ids
    ):
        place, card = second, first  # the older order: DECK CARD PLACE
    zid = deck.board.resolve(place)
    if zid is None:
        raise click.BadParameter(
            f"unknown zone '{place}'{suggestion(place, deck.board.zone_ids)}", param_hint="'PLACE'"
        )
    if card is not None and card not in ids:
        raise click.BadParameter(f"unknown card '{card}'{suggestion(card, ids)}", param_hint="'CARD'")
    if card is not None:
        has, reasons = deck.explain(card, zid)
        c = deck.card(card)
        if as_json:
            echo_json({"card": c.id, "title": c.title, "place": zid, "hole": has,
                       "reasons": reasons})
            return
        verdict = "has a hole at" if has else "has no hole at"
        click.echo(f"card '{c.id}' ({c.title}) {verdict} {zid} ({deck.board.zone(zid).city})")
        for r in reasons:
            click.echo(f"  - {r}")
        return
    data = explain_place(deck, zid)
    if as_json:
        echo_json(data)
        return
    head = (f"{zid} ({data['city']}) is isolated by {data['min_cards']} cards: "
            f"{' + '.join(data['witness'])} (R6.1)" if data["isolatable"] else
            f"{zid} ({data['city']}) cannot be isolated (R6.1): every card holding it also "
            f"holds {', '.join(data['lookalikes']) or 'every other place'}")
    click.echo(head)
    for c in data["cards"]:
        mark = "hole" if c["hole"] else "  - "
        click.echo(f"  {mark}  {c['id']:<24} {c['reason']}")


# -- simulate ------------------------------------------------------------------------------
@clues.command()
@click.argument("deck_file", metavar="DECK", type=SafePath())
@click.option("--games", default=2000, show_default=True, type=click.IntRange(1, 1_000_000))
@click.option("--seed", default=1, show_default=True, type=int)
@click.option(
    "--keep",
    type=click.Choice(["best", "first", "random"]),
    default="best",
    show_default=True,
    help="Which drawn card the investigator keeps (R5.3): best brings the pool closest "
    "to isolating a place.",
)
@click.option(
    "--draws",
    default="1,2,3,4",
    show_default=True,
    help="Draw sizes d = Communication − malus to simulate, comma-separated.",
)
@click.option(
    "--exact/--no-exact",
    default=True,
    show_default=True,
    help="For d = 1, also compute the exact expectation (can take seconds on big decks).",
)
@allowed_option
@json_option
def simulate(
    deck_file: str,
    games: int,
    seed: int,
    keep: str,
    draws: str,
    exact: bool,
    allowed: tuple[str, ...],
    as_json: bool,
) -> None:
    """Investigations until the 1st and 2nd reveal for each draw size, where objectives
    land, and for d = 1 the exact expectation beside Monte Carlo (R5.3, R6.1)."""

    try:
        sizes = [int(x) for x in draws.split(",") if x.strip()]
    except ValueError:
        raise click.BadParameter(
            f"'{draws}' is not a list of numbers", param_hint="'--draws'"
        ) from None
    if not sizes or any(d < 1 for d in sizes):
        raise click.BadParameter("draw sizes are whole numbers ≥ 1", param_hint="'--draws'")
    deck, report = _load_deck(deck_file, as_json)
    chosen = _allowed_option(deck.board, allowed)
    started = time.perf_counter()
    data = simulate_data(
        deck, sizes, games=games, seed=seed, keep=keep, allowed=chosen, exact=exact
    )
    data["seconds"] = round(time.perf_counter() - started, 3)
    if as_json:
        echo_json(data)
        return
    _print_simulate(data)
    print_report(report, err=True)


def _print_simulate(data: dict[str, Any]) -> None:
    click.echo(
        f"{data['deck']}: {count_of(data['games'], 'game')} per draw size, seed {data['seed']} "
        f"({data['seconds']:.1f} s)"
    )
    click.echo(f"keep policy '{data['keep']}': {data['keep_policy']}")
    for row in data["draws"]:
        click.echo(f"\nd = {row['d']} (cards drawn per Investigate, R5.3):")
        for label, key in (("1st reveal", "first"), ("2nd reveal", "second")):
            st = row[key]
            mean = "-" if st["mean"] is None else f"{st['mean']:.2f}"
            click.echo(
                f"  {label}: mean {mean} investigations, median {st['median'] or '-'}, "
                f"90% by {st['p90'] or '-'}, never {st['never']:.1%}"
            )
            click.echo("    " + _histogram(st["histogram"]))
        if row.get("exact_first") is not None:
            click.echo(
                f"  exact expectation of the 1st reveal: {row['exact_first']:.3f}  "
                f"(Monte Carlo {row['first']['mean']:.3f})"
            )
        land = row["landing"]
        over = ", ".join(f"{z} {s:.1%}" for z, s in land["over"]) or "none"
        click.echo(
            f"  objectives landed on {land['reached']}/{land['allowed']} places; never: "
            f"{', '.join(land['never']) or 'none'}; over-represented "
            f"(> {land['over_factor']:g}× the mean): {over}"
        )


def _histogram(hist: dict[str, int]) -> str:
    total = sum(hist.values()) or 1
    return "  ".join(f"{k}:{v / total:.0%}" for k, v in hist.items() if v)


# -- generate ------------------------------------------------------------------------------
@clues.command()
@click.argument("board_file", metavar="BOARD", type=SafePath(), required=False)
@click.option("--extend", "extend_deck", metavar="DECK", type=SafePath(),
              help="Repair a deck instead: keep its cards and add the fewest that make every "
                   "allowed place isolatable (R6.1).")
@click.option("--cards", default=43, show_default=True, type=click.IntRange(2, 500))
@click.option("--failures", default=6, show_default=True, type=click.IntRange(0, 500))
@click.option("--seed", default=1, show_default=True, type=int)
@click.option(
    "-o",
    "--output",
    type=SafePath(dir_okay=False),
    help="Deck file to write (atomically); default: print it.",
)
@click.option(
    "--iterations", default=4000, show_default=True, type=click.IntRange(0, 10_000_000),
    help="Search steps per stage (more: slower, sometimes better).",
)
@allowed_option
@json_option
def generate(
    board_file: str | None,
    extend_deck: str | None,
    cards: int,
    failures: int,
    seed: int,
    output: str | None,
    iterations: int,
    allowed: tuple[str, ...],
    as_json: bool,
) -> None:
    """Choose a deck for BOARD from the predicate vocabulary: every allowed place
    isolatable, few cards needed, early reveals, balanced densities, objectives spread.
    Deterministic for a seed; prints its scores beside the theoretical lower bound."""

    if extend_deck is not None:
        _extend(extend_deck, output, allowed, as_json)
        return
    if board_file is None:
        raise click.UsageError("give a BOARD to generate a deck for, or --extend DECK")
    if failures >= cards:
        raise click.BadParameter("failures must be fewer than cards", param_hint="'--failures'")
    board = load_or_exit(board_file, "board", as_json=as_json)
    chosen = _allowed_option(board, allowed)
    started = time.perf_counter()
    gen = run(
        board,
        cards=cards,
        failures=failures,
        seed=seed,
        allowed=chosen,
        iterations=iterations,
        polish=iterations,
    )
    gen.scores.update(generated_scores(gen))
    gen.scores["seconds"] = round(time.perf_counter() - started, 2)
    args = f"--cards {cards} --failures {failures} --seed {seed}"
    if output:
        write_deck(gen, Path(board_file), Path(output),
                   command=f"resistance clues generate {BOARD_REF} {args}  "
                   "(from this file's folder)")
    if as_json:
        echo_json({"output": output, "scores": gen.scores})
    elif not output:
        click.echo(deck_yaml(gen, board_file,
                             command=f"resistance clues generate {board_file} {args}"), nl=False)
    if not as_json:
        click.echo(_scores_text(gen.scores, output), err=not output)


def _extend(deck_file: str, output: str | None, allowed: tuple[str, ...], as_json: bool) -> None:
    """The deck's text as written, with the added cards at the end (reproducible)."""


    deck, _ = _load_deck(deck_file, as_json)
    chosen = _allowed_option(deck.board, allowed)
    added, left = extend(deck, chosen)
    text = Path(deck_file).read_bytes().decode("utf-8")
    used = {c.id for c in deck.cards}
    entries: list[tuple[str | None, dict[str, object]]] = []
    for p in added:
        cid, k = p.card_id, 2
        while cid in used:
            cid, k = f"{p.card_id}-{k}", k + 1
        used.add(cid)
        entries.append((f"isolates {p.place}: {p.card.count} holes", p.entry(cid)))
    try:  # the deck's own layout, comments and style kept; only the new entries added
        text = append_items(text, "cards", entries,
                            header="added by `resistance clues generate --extend`: each "
                                   "isolates the places named")
    except (EditError, yaml.YAMLError) as exc:
        message = f"{display_path(deck_file)}: {exc}; nothing written"
        hint = "add the cards by hand: `resistance clues generate --extend DECK --json` lists them"
        if as_json:
            echo_json({"deck": deck_file, "error": message, "hint": hint})
        else:
            click.echo(f"resistance: {message}\n    hint: {hint}", err=True)
        sys.exit(1)
    total, box = deck.total_cards + len(added), deck.spec.box_cards
    report: dict[str, Any] = {"deck": deck_file, "added": [{"id": p.card_id, "isolates": p.place,
                                            **p.to_json()} for p in added],
              "still_failing": left, "output": output, "cards": total, "box_cards": box}
    if output:
        with atomic_write(Path(output), "w") as f:
            f.write(text)
        if added:  # where objectives land (R6.1), before and after: did the spread improve?
            repaired, _ = _load_deck(output, as_json)
            report["landing"] = {
                name: simulate_data(d, [1], games=1000, seed=1, allowed=chosen,
                                    exact=False)["draws"][0]["landing"]
                for name, d in (("before", deck), ("after", repaired))}
    if as_json:
        echo_json(report)
        return
    if not output:
        click.echo(text, nl=False)
    lines = [f"added {len(added)} card{'s' * (len(added) != 1)}"
             + (f" to {output}" if output else "")]
    lines += [f"  {p.card.title} — isolates {p.place}" for p in added]
    if left:
        lines.append(f"still not isolatable (no single card of the vocabulary fixes them): "
                     f"{', '.join(left)}")
    if "landing" in report:
        was, now = report["landing"]["before"], report["landing"]["after"]
        lines.append(f"objectives land on {now['reached']}/{now['allowed']} allowed places "
                     f"(was {was['reached']}/{was['allowed']}; 1,000 simulated games of "
                     f"investigations drawing 1 card, R5.3); never: "
                     f"{', '.join(now['never']) or 'none'}")
    if added and total > box:
        failures = sum(c.copies for c in deck.cards if c.failure)
        lines.append(f"the deck now has {total} cards, {total - box} more than the box's {box} "
                     f"(R0.3): remove {'failure cards or ' if failures else ''}copies, or set "
                     "box_cards:")
    click.echo("\n".join(lines), err=not output)


def _scores_text(scores: dict[str, Any], output: str | None) -> str:
    lines = [f"wrote {output}"] if output else []
    for key, value in scores.items():
        lines.append(f"  {key}: {value}")
    return "\n".join(lines)
