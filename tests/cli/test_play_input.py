"""What a person types at ``resistance play``'s prompt: short forms, names completed by
their start (accents aside), did-you-mean, and any line at all answered without a
traceback (a property over typed lines)."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from authoring.cli.play import Session
from authoring.cli.play_input import (
    Command,
    TimedReader,
    fold,
    parse,
    pick,
    typed_action,
    typed_answer,
    zone_names,
)
from authoring.engine import (
    Begin,
    Choose,
    Craft,
    Game,
    Investigate,
    Keep,
    Move,
    Plan,
    Resistance,
    Search,
    Transfer,
    apply,
    legal_actions,
    new_initial_state,
)
from authoring.engine.save import GameSetup
from authoring.model.game import load_game

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "scenario-1.yaml"


@pytest.fixture(autouse=True)
def english() -> None:
    """The screen's language is the session's (a module setting): English here."""
    from authoring.cli.play_screen import set_lang

    set_lang("en")


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.create(load_game(SCENARIO), players=3, characters=(
        "elise-marchand", "jenny-adams", "marcel-dubreuil"))


def started(game: Game, seed: int = 1):  # type: ignore[no-untyped-def]
    state = new_initial_state(game, seed)
    apply(game, state, Keep(0, 0))
    apply(game, state, Begin())
    return state


def act(game: Game, state, line: str, current: int = 0):  # type: ignore[no-untyped-def]
    cmd = parse(line)
    assert isinstance(cmd, Command), cmd
    return typed_action(game, state, cmd, lambda verb: current, set())


def test_names_are_folded_and_completed_by_their_start(game: Game) -> None:
    assert fold("Sainte-Aurèle") == fold("sainte aurele") == "sainteaurele"
    zones = zone_names(game)
    ne8 = game.zone_index("N-E 8")
    assert pick("Sainte-Aurèle", zones, "zone") == ne8  # a city is its zone
    assert pick("sainte-aur", zones, "zone") == ne8
    assert pick("ne8", zones, "zone") == ne8
    assert pick("N-E 1", zones, "zone") == game.zone_index("N-E 1")  # exact beats prefix
    many = pick("N-E", zones, "zone")
    assert isinstance(many, str) and many.startswith("'N-E' could be N-E 1, N-E 2")
    near = pick("Saint-Aurele", zones, "zone")
    assert near == "unknown zone 'Saint-Aurele' (did you mean 'Sainte-Aurèle' or 'Sourcelle'?)"


def test_short_forms_name_the_engine_actions(game: Game) -> None:
    state = started(game)
    ne4 = game.zone_index("N-E 4")
    assert act(game, state, "move N-E 4") == Move(0, ne4)
    assert act(game, state, "move fougerolle") == Move(0, ne4)  # its city
    assert act(game, state, "p2 move NE4") == Move(1, ne4)
    assert act(game, state, "inv") == Investigate(0)  # a verb's start
    assert act(game, state, "search", current=2) == Search(2)
    assert act(game, state, "plan m") == Plan(0, 1)
    assert act(game, state, "craft bomb") == Craft(0, 0)
    assert act(game, state, "craft bom") == act(game, state, "craft Bombe")
    res = act(game, state, "res 1 +1")
    assert res == Resistance(0, 0, 1, 0)
    card, _ = state.resistance[0]
    cost = game.resistance_cards[card].cost
    state.players[0].cubes = cost  # enough to pay it all as it is activated (R5.8)
    assert act(game, state, "res 1 act") == Resistance(0, 0, cost, 1)
    assert act(game, state, "give p2") == "give p2 what? a card's name, or a recruit's slot " \
                                           "(C1, M2 …)"
    assert act(game, state, "p9 search") == "no player p9: the seats are p1 to p3"
    assert act(game, state, "serch") == "unknown command 'serch' (did you mean 'search'?); " \
                                        "type help"


def test_a_card_is_given_by_its_name(game: Game) -> None:
    state = started(game)
    explosives = next(i for i, it in enumerate(game.items) if it.title.en == "Explosives")
    state.players[0].inventory.append(explosives)
    assert act(game, state, "give p2 explos") == Transfer(0, 1, card=0)
    assert act(game, state, "give explosifs to p2") == Transfer(0, 1, card=0)
    assert act(game, state, "give p2 dynamite") == "unknown card held 'dynamite'"


def test_a_choice_is_answered_by_number_or_by_name(game: Game) -> None:
    state = started(game)
    apply(game, state, Investigate(0))
    options = legal_actions(game, state)
    cmd = parse("keep 2")
    assert isinstance(cmd, Command)
    assert typed_answer(game, state, cmd, options) == options[1]
    cmd = parse("keep 9")
    assert isinstance(cmd, Command)
    assert typed_answer(game, state, cmd, options) == \
        f"no choice 9: the numbers go from 1 to {len(options)}"
    from authoring.engine.resolve import share_reputation

    state = started(game)
    share_reputation(game, state, 2)  # R7.2: who gets each cube is the players' choice
    options = legal_actions(game, state)
    for line, seat in (("p3", 2), ("choose Jenny", 1), ("elise", 0)):
        cmd = parse(line)
        assert isinstance(cmd, Command)
        got = typed_answer(game, state, cmd, options)
        assert isinstance(got, Choose) and state.pending is not None
        assert state.pending.options[got.option] == seat


def test_a_drawn_card_is_kept_by_its_name(game: Game) -> None:
    """As the help says, a choice's line is named by its number or its name: a clue, an
    item, a resistance card by (the start of) its French or English title (R5.3, R5.4,
    R6.2)."""
    from authoring.engine.state import Pending

    state = started(game)
    apply(game, state, Investigate(0))
    assert state.pending is not None and state.pending.kind == "keep_investigate"
    options = legal_actions(game, state)
    for i, clue in enumerate(state.pending.options):
        title = game.clue_names[clue]
        if [game.clue_names[c] for c in state.pending.options].count(title) > 1:
            continue  # two copies of one card: either answers
        for line in (f"keep {title}", title):
            cmd = parse(line)
            assert isinstance(cmd, Command)
            got = typed_answer(game, state, cmd, options)
            assert isinstance(got, Keep) and got.drawn == i, (line, got)
    # a resistance card by its English title
    card = next(c for c, rc in enumerate(game.resistance_cards)
                if not isinstance(rc.title, str) and rc.title.en)
    state.pending = Pending("keep_resistance", 0, [card], [1])
    options = legal_actions(game, state)
    english = game.resistance_cards[card].title.en  # type: ignore[union-attr]
    cmd = parse(f"keep {english}")
    assert isinstance(cmd, Command)
    assert typed_answer(game, state, cmd, options) == options[0]
    cmd = parse("keep nothing-like-it")
    assert isinstance(cmd, Command)
    assert isinstance(typed_answer(game, state, cmd, options), str)


@pytest.mark.parametrize("line, answer", [
    ("²", "'²' is not a number of the list: type one with the digits 0-9"),
    ("9" * 200, "'999999999999…' is not a number of the list: type one with the digits 0-9"),
    ("9" * 5000, "that line is 5000 characters long: a command is a few words (type help)"),
    ("x" * 400, "that line is 400 characters long: a command is a few words (type help)"),
    ("p²", "'p²' is no seat: the seats are p1, p2 …"),
    ("\x00\x1b[A", None),
])
def test_lines_that_are_no_command_are_answered(line: str, answer: str | None) -> None:
    assert parse(line) == answer


# -- any line at all: an answer and the prompt again ------------------------------------------

WORDS = ["move", "search", "inv", "rec", "give", "res", "plan", "craft", "use", "eliminate",
         "officer", "free", "keep", "choose", "done", "reorganise", "p1", "p2", "p3", "p0",
         "p99", "to", "N-E", "4", "NE4", "Sainte-Aurèle", "fougerolle", "bomb", "explosifs",
         "C1", "M2", "act", "+2", "1", "2", "0", "-1", "²", "٣", "9" * 60, "log", "time",
         "help", "abilities", "show", "save", "\x00", "\x1b", "é", "", " "]
LINES = st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=12)), max_size=6
                 ).map(" ".join)


def session(game: Game, lines: list[str], tmp: Path) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, force_terminal=False)
    setup = GameSetup(str(SCENARIO), 3, "normal", None, {}, 1)
    state = new_initial_state(game, 1)
    text = "\n".join(["1", "begin", *lines, ""])
    return Session(console, TimedReader(io.StringIO(text)), game, setup, state, [], set(),
                   "simple", timer=False, save_path=tmp / "save.json"), out


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(LINES, min_size=1, max_size=4))
def test_any_typed_line_is_answered_never_raised(game: Game, lines: list[str],
                                                 tmp_path: Path) -> None:
    lines = [ln.replace("\n", " ").replace("\r", " ") for ln in lines
             if not ln.strip().lower().startswith(("q", "exit", "save", "sa"))]
    s, out = session(game, lines, tmp_path)
    with contextlib.chdir(tmp_path):  # a save typed after a seat ("p2 save x") lands here
        assert s.run() == 0  # EOF at the end: the game stops, no traceback
    assert "Traceback" not in out.getvalue()


def test_a_nul_in_a_save_path_is_one_line(game: Game, tmp_path: Path) -> None:
    s, out = session(game, [f"save {tmp_path}/a\x00b.json", f"save {tmp_path}/ab.json/x.json"],
                     tmp_path)
    assert s.run() == 0
    text = out.getvalue()
    assert f"saved to {tmp_path}/ab.json" in text  # the NUL was never typed text
    assert "could not save to" in text and "Is a file, not a folder" in text


def test_the_help_fits_80_columns_and_a_screen() -> None:
    from authoring.cli.play_input import HELP, HELP_FR

    for text in (HELP, HELP_FR):
        lines = text.splitlines()
        assert len(lines) <= 22 and max(len(line) for line in lines) <= 79


def test_abilities_are_shown_with_their_effect_on_the_numbers(game: Game) -> None:
    from authoring.cli.play_screen import ability_words, max_bonus_words, options_lines

    state = started(game)
    legal = legal_actions(game, state)
    jenny = " ".join(t.plain for t in options_lines(game, state, legal, 1, 200))
    assert "Tracker: your moves may follow 1 more road, or 1 more mountain path" in jenny
    assert "move (4 roads or 2 paths (+1 road, +1 path: Tracker); [army])" in jenny  # R5.1 + 1
    elise = " ".join(t.plain for t in options_lines(game, state, legal, 0, 200))
    assert "move (3 roads or 1 path; [army])" in elise  # the same Military, one road less
    marcel = " ".join(t.plain for t in options_lines(game, state, legal, 2, 200))
    assert "recruit 4 (C3 + 1 Orator)" in marcel  # R5.2: C − malus, + the ability's token
    assert ability_words(game, state, 2).startswith("Orator: ")
    assert max_bonus_words(game, state, 1)[1] == \
        "M (at max level): you may eliminate officers as if they were soldiers"


def test_a_full_inventory_keeps_by_number_and_the_card_to_discard(game: Game) -> None:
    from authoring.cli.play_screen import choice_lines

    state = started(game)
    parts = [i for i, it in enumerate(game.items) if it.part_of][:4]
    state.players[0].inventory = list(parts)
    apply(game, state, Search(0))  # R5.4: draw I − malus, keep 1, room to make
    options = legal_actions(game, state)
    drawn = len(state.pending.options)  # type: ignore[union-attr]
    assert len(options) == drawn * 5  # each card drawn: discard one of 4 held, or itself
    lines = [t.plain for t in choice_lines(game, state, options, 80)]
    assert len(lines) == drawn + 2  # one line per card drawn, and how to type the rest
    assert lines[-1] == "    e.g. keep 1 new"

    def answer(line: str):  # type: ignore[no-untyped-def]
        cmd = parse(line)
        assert isinstance(cmd, Command)
        return typed_answer(game, state, cmd, options)

    first = game.items[parts[0]].title.fr
    assert answer("keep 1 new") == Keep(0, 0, 4)
    assert answer(f"keep {drawn} {first}") == Keep(0, drawn - 1, 0)
    assert str(answer("keep 1")).startswith("keep 1 and then? one of: ")


@pytest.mark.parametrize("amount", ["+0", "0", "-1", "+00", "+99999999999999"])
def test_cubes_on_a_resistance_card_are_one_or_more(game: Game, amount: str) -> None:
    """R5.8: a player puts cubes on a card; none, a negative count or an absurd one is
    refused in words (it once put one cube for '+0')."""
    state = started(game)
    got = act(game, state, f"res 1 {amount}")
    assert got == (f"'{amount[:12]}' cubes: put 1 or more, as many as you hold "
                   "(e.g. res 1 +2, R5.8)")
    assert act(game, state, "res 1 +1") == Resistance(0, 0, 1, 0)


@pytest.mark.parametrize("line, seat", [("give p4 C1", 4), ("give p0 C1", 0),
                                        ("p9 move N-E 2", 9), ("p7", 7)])
def test_a_seat_the_table_does_not_have_is_named(game: Game, line: str, seat: int) -> None:
    """A seat beyond the table (3 players here) is said to be no player, not read as a rule
    refusal ('give to another player') or a question ('p9 what?')."""
    state = started(game)
    assert act(game, state, line) == f"no player p{seat}: the seats are p1 to p3"


def test_a_hand_is_shown_in_the_screens_language(game: Game) -> None:
    """The `holds:` line names a card as the `give` options do (it read the French titles
    of the engine's view, even in English)."""
    from authoring.cli.play_screen import options_lines, set_lang

    state = started(game)
    toolbox = next(i for i, it in enumerate(game.items) if it.id == "toolbox")
    state.players[0].inventory.append(toolbox)
    legal = legal_actions(game, state)
    shown = " ".join(t.plain for t in options_lines(game, state, legal, 0, 200))
    assert "holds: 'Toolbox'" in shown and "give p2 Toolbox" in shown
    set_lang("fr")
    shown = " ".join(t.plain for t in options_lines(game, state, legal, 0, 200))
    assert "tient : 'Caisse à outils'" in shown


def test_an_events_discard_names_the_cards_held_not_the_resistance_cards() -> None:
    """Roundup (an event: each player in an occupied zone discards an item) asks for a card
    held; the choice was shown and read as the available resistance cards ("choose
    'Commando raid'" for a player holding only items). Scenario 1, normal, 4 players, seed
    23, the heuristic team: Élise Marchand holds a petrol can and an address book."""
    from authoring.cli.play_input import option_names
    from authoring.cli.play_screen import option_words
    from authoring.engine.bots import BOTS
    from authoring.engine.view import PublicView

    game = Game.create(load_game(SCENARIO), players=4, difficulty="normal")
    state = new_initial_state(game, 23)
    bot = BOTS["heuristic"](23)
    bot.keep_share = 0.0  # type: ignore[attr-defined]  # the play this game was found on
    while not (state.pending is not None and state.pending.kind == "choose_card"):
        who = state.pending.player if state.pending is not None else 0
        apply(game, state, bot.act(game, PublicView(game, state, who), legal_actions(game, state)))
    pend = state.pending
    assert pend is not None and pend.note == "card Élise Marchand discards"
    assert [option_words(game, state, pend.kind, x) for x in pend.options] == [
        "discard 'Petrol can' — a part of 'Molotov cocktails', 'Truck'",
        "discard 'Address book' — +1 Communication while this card is in your inventory."]
    assert option_names(game, state, pend.kind, pend.options) == [
        ("Bidon d'essence", 0), ("Petrol can", 0), ("Carnet d'adresses", 1),
        ("Address book", 1)]
