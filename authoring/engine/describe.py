"""Actions in words, as a transcript and a terminal show them.

>>> from authoring.model.game import load_game
>>> from authoring.engine import Game, Action, new_initial_state
>>> game = Game.create(load_game("scenarios/scenario-1.yaml"), players=3)
>>> state = new_initial_state(game, seed=2)
>>> describe(game, state, Action("move", 1, game.zone_index("N-E 8")))
'Élise Marchand: move to N-E 8 (Sainte-Aurèle)'
"""

from __future__ import annotations

from authoring.engine.actions import Action, slot_of
from authoring.engine.core import card_name, player_name
from authoring.engine.game import Game
from authoring.engine.players import TRANSFER_DONE, transfer_of
from authoring.engine.state import State
from authoring.io.wording import text_of
from authoring.model.rules import SKILLS

#: what each pending choice asks (the one wording of a choice, English and French)
PENDING_WORDS: dict[str, tuple[str, str]] = {
    "keep_recruit": ("which recruit to keep (R5.2)", "quelle recrue garder (R5.2)"),
    "keep_investigate": ("which clue to keep (R5.3)", "quel indice garder (R5.3)"),
    "keep_search": ("which item to keep (R5.4)", "quel objet garder (R5.4)"),
    "keep_resistance": ("which resistance card to keep available (R6.2)",
                        "quelle carte résistance garder disponible (R6.2)"),
    "choose_zone": ("a zone", "une zone"), "choose_player": ("a player", "un joueur"),
    "choose_card": ("a card", "une carte"),
    "share_cube": ("who gets a reputation cube (R7.2)", "qui reçoit un cube réputation (R7.2)"),
    "discard_excess": ("which card to discard (R5.4)", "quelle carte défausser (R5.4)"),
    "choose_reveal": ("which isolated place is revealed (R6.1)",
                      "quel lieu isolé est révélé (R6.1)"),
    "transfer_more": ("what else to give in the same transfer (R5.9)",
                      "que donner de plus dans le même transfert (R5.9)"),
}


def pending_text(kind: str, note: str = "", lang: str = "en") -> str:
    """What a pending choice of ``kind`` asks, with its note (an effect's own words).

    >>> pending_text("share_cube"), pending_text("keep_search", lang="fr")
    ('who gets a reputation cube (R7.2)', 'quel objet garder (R5.4)')
    """
    pair = PENDING_WORDS.get(kind)
    base = pair[lang == "fr"] if pair else kind
    return f"{base} — {note}" if note else base


def zone_name(game: Game, z: int) -> str:
    """A zone's id and city: ``N-E 5 (Port-Cormoran)``."""
    return f"{game.zone(z)} ({game.model.board.zones[z].city})"


def token_text(game: Game, t: int) -> str:
    """A recruit token's letter and skill values, or that it is a dummy."""
    tok = game.recruits[t]
    if tok.dummy:
        return "a dummy token"
    name = tok.letter or "+"
    return f"{name} (C{tok.C or 0} M{tok.M or 0} I{tok.I or 0})"


def option_text(game: Game, state: State, kind: str, x: int) -> str:
    """One option of a pending choice."""
    if kind == "keep_investigate":
        return f"clue '{game.clue_names[x]}'"
    if kind == "keep_search":
        return f"item '{card_name(game, x)}'"
    if kind == "keep_recruit":
        return f"recruit {token_text(game, x)}"
    if kind == "keep_resistance":
        card = game.resistance_cards[x]
        return f"resistance card '{text_of(card.title)}' (cost {card.cost})"
    if kind in ("choose_zone", "choose_reveal"):
        return zone_name(game, x)
    if kind in ("choose_player", "share_cube"):
        return player_name(game, state, x)
    if kind == "transfer_more" and state.pending is not None:
        return transfer_text(game, state, state.pending.player, x)
    if kind == "discard_excess" and state.pending is not None:
        inv = state.players[state.pending.player].inventory
        return f"'{card_name(game, inv[x])}'" if 0 <= x < len(inv) else f"card {x + 1}"
    if kind == "choose_card":
        return f"card {x + 1}"
    return str(x)


def transfer_text(game: Game, state: State, p: int, x: int) -> str:
    """A ``transfer_more`` option (R5.9): done, a card, or a recruit onto a row."""
    if x == TRANSFER_DONE:
        return "nothing more: the transfer is done"
    b, c = transfer_of(x)
    inv = state.players[p].inventory
    if b >= 0:
        return f"'{card_name(game, inv[b])}'" if b < len(inv) else f"card {b + 1}"
    s, slot = slot_of(-1 - b)
    return f"the recruit of {SKILLS[s % 3]} slot {slot + 1} ({SKILLS[c % 3]})"


def describe(game: Game, state: State, a: Action) -> str:
    """``Alice: move to N-E 5 (Val-Sauvage)`` — the action as a person reads it."""
    k = a.kind
    if k == "begin":
        return "start the timer (the players' phase begins)"
    if k == "end":
        return "end the players' phase (time is up)"
    who = player_name(game, state, a.player) if 0 <= a.player < len(state.players) else "?"
    ps = state.players[a.player] if 0 <= a.player < len(state.players) else None
    if k == "keep" and state.pending is not None and 0 <= a.a < len(state.pending.options):
        what = option_text(game, state, state.pending.kind, state.pending.options[a.a])
        extra = ""
        if state.pending.kind == "keep_recruit":
            if a.b >= 0:
                s, slot = slot_of(a.b)
                extra = f" on {SKILLS[s]} slot {slot + 1}"
            else:
                extra = " and return it (it fits nowhere, D5.1)"
        elif state.pending.kind == "keep_search" and a.b >= 0 and ps is not None:
            extra = (" and discard it" if a.b == len(ps.inventory)
                     else f", discarding '{card_name(game, ps.inventory[a.b])}'")
        return f"{who}: keep {what}{extra}"
    if k == "choose" and state.pending is not None and 0 <= a.a < len(state.pending.options):
        what = option_text(game, state, state.pending.kind, state.pending.options[a.a])
        note = f" ({state.pending.note})" if state.pending.note else ""
        return f"{who}: choose {what}{note}"
    if k == "move":
        return f"{who}: move to {zone_name(game, a.a)}"
    if k in ("recruit", "investigate", "search"):
        return f"{who}: {k} in {zone_name(game, ps.at)}" if ps else f"{who}: {k}"
    if k == "craft":
        return f"{who}: craft '{text_of(game.specials[a.a].title)}'"
    if k == "eliminate":
        return f"{who}: eliminate {'an officer' if a.b else 'a soldier'} in {game.zone(a.a)}"
    if k == "use" and ps is not None and 0 <= a.a < len(ps.inventory):
        return f"{who}: use '{card_name(game, ps.inventory[a.a])}'" + (
            f" (use {a.b + 1})" if a.b else "")
    if k == "resistance" and 0 <= a.a < len(state.resistance):
        card = game.resistance_cards[state.resistance[a.a][0]]
        put = f"put {a.b} cube{'s' * (a.b != 1)} on" if a.b else ""
        act = "activate" if a.c else ""
        verb = " and ".join(x for x in (put, act) if x)
        return f"{who}: {verb} '{text_of(card.title)}'"
    if k == "transfer" and 0 <= a.a < len(state.players):
        to = player_name(game, state, a.a)
        if a.b >= 0 and ps is not None and a.b < len(ps.inventory):
            return f"{who}: give '{card_name(game, ps.inventory[a.b])}' to {to}"
        s, slot = slot_of(-1 - a.b)
        return f"{who}: give the recruit of {SKILLS[s % 3]} slot {slot + 1} to {to} ({SKILLS[a.c % 3]})"
    if k == "plan":
        return f"{who}: plan on {SKILLS[a.a % 3]}"
    if k == "objective" and 0 <= a.a < len(game.objectives):
        o = game.objectives[a.a]
        verb = "eliminate the general" if o.kind == "general" else "free the prisoner"
        return f"{who}: {verb} in {game.zone(ps.at)}" if ps else f"{who}: {verb}"
    if k == "reorganise":
        s0, k0 = slot_of(a.a)
        s1, k1 = slot_of(a.b)
        return f"{who}: move a recruit from {SKILLS[s0 % 3]} slot {k0 + 1} to {SKILLS[s1 % 3]} slot {k1 + 1}"
    return f"{who}: {k} {a.a} {a.b} {a.c}"
