"""Actions in words, as a transcript and a terminal show them.

>>> from authoring.model.game import load_game
>>> from authoring.engine import Game, Move, new_initial_state
>>> game = Game.create(load_game("scenarios/scenario-1.yaml"), players=3)
>>> state = new_initial_state(game, seed=2)
>>> describe(game, state, Move(1, game.zone_index("N-E 8")))
'Élise Marchand: move to N-E 8 (Sainte-Aurèle)'
"""

from __future__ import annotations

from authoring.engine.actions import (
    Action,
    Begin,
    Choose,
    Craft,
    Eliminate,
    End,
    Investigate,
    Keep,
    Move,
    Objective,
    Plan,
    Recruit,
    Reorganise,
    Resistance,
    Search,
    Transfer,
    Use,
)
from authoring.engine.core import card_name, player_name
from authoring.engine.game import Game
from authoring.engine.players import TRANSFER_DONE
from authoring.engine.state import State, slot_of
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
    t = Transfer.of_option(p, -1, x)
    inv = state.players[p].inventory
    if t.card >= 0:
        return f"'{card_name(game, inv[t.card])}'" if t.card < len(inv) else f"card {t.card + 1}"
    s, slot = slot_of(t.recruit)
    return f"the recruit of {SKILLS[s % 3]} slot {slot + 1} ({SKILLS[t.row % 3]})"


def describe(game: Game, state: State, a: Action) -> str:
    """``Alice: move to N-E 5 (Val-Sauvage)`` — the action as a person reads it."""
    if isinstance(a, Begin):
        return "start the timer (the players' phase begins)"
    if isinstance(a, End):
        return "end the players' phase (time is up)"
    who = player_name(game, state, a.player) if 0 <= a.player < len(state.players) else "?"
    ps = state.players[a.player] if 0 <= a.player < len(state.players) else None
    pend = state.pending
    match a:
        case Keep(drawn=drawn, where=where) if pend is not None and 0 <= drawn < len(pend.options):
            what = option_text(game, state, pend.kind, pend.options[drawn])
            extra = ""
            if pend.kind == "keep_recruit":
                if where >= 0:
                    s, slot = slot_of(where)
                    extra = f" on {SKILLS[s]} slot {slot + 1}"
                else:
                    extra = " and return it (it fits nowhere, D5.1)"
            elif pend.kind == "keep_search" and where >= 0 and ps is not None:
                extra = (" and discard it" if where == len(ps.inventory)
                         else f", discarding '{card_name(game, ps.inventory[where])}'")
            return f"{who}: keep {what}{extra}"
        case Choose(option=x) if pend is not None and 0 <= x < len(pend.options):
            what = option_text(game, state, pend.kind, pend.options[x])
            note = f" ({pend.note})" if pend.note else ""
            return f"{who}: choose {what}{note}"
        case Move(zone=z):
            return f"{who}: move to {zone_name(game, z)}"
        case Recruit() | Investigate() | Search():
            return f"{who}: {a.kind} in {zone_name(game, ps.at)}" if ps else f"{who}: {a.kind}"
        case Craft(special=s):
            return f"{who}: craft '{text_of(game.specials[s].title)}'"
        case Eliminate(zone=z, officer=officer):
            return f"{who}: eliminate {'an officer' if officer else 'a soldier'} in {game.zone(z)}"
        case Use(card=i, use=u) if ps is not None and 0 <= i < len(ps.inventory):
            return f"{who}: use '{card_name(game, ps.inventory[i])}'" + (
                f" (use {u + 1})" if u else "")
        case Resistance(card=i, cubes=cubes, activate=activate) if 0 <= i < len(state.resistance):
            card = game.resistance_cards[state.resistance[i][0]]
            put = f"put {cubes} cube{'s' * (cubes != 1)} on" if cubes else ""
            act = "activate" if activate else ""
            verb = " and ".join(x for x in (put, act) if x)
            return f"{who}: {verb} '{text_of(card.title)}'"
        case Transfer(to=q, card=i) if 0 <= q < len(state.players):
            to = player_name(game, state, q)
            if i >= 0:
                what = (f"'{card_name(game, ps.inventory[i])}'"
                        if ps is not None and i < len(ps.inventory) else f"card {i + 1}")
                return f"{who}: give {what} to {to}"
            s, slot = slot_of(a.recruit)
            return (f"{who}: give the recruit of {SKILLS[s % 3]} slot {slot + 1} to {to} "
                    f"({SKILLS[a.row % 3]})")
        case Plan(skill=s):
            return f"{who}: plan on {SKILLS[s % 3]}"
        case Objective(objective=i) if 0 <= i < len(game.objectives):
            o = game.objectives[i]
            verb = "eliminate the general" if o.kind == "general" else "free the prisoner"
            return f"{who}: {verb} in {game.zone(ps.at)}" if ps else f"{who}: {verb}"
        case Reorganise(from_slot=src, to_slot=dst):
            s0, k0 = slot_of(src)
            s1, k1 = slot_of(dst)
            sq = ps.squad if ps else []
            held = 0 <= s1 < len(sq) and 0 <= k1 < len(sq[s1]) and sq[s1][k1] >= 0
            verb = "exchange the recruits of" if held else "move a recruit from"
            link = "and" if held else "to"
            return (f"{who}: {verb} {SKILLS[s0 % 3]} slot {k0 + 1} {link} "
                    f"{SKILLS[s1 % 3]} slot {k1 + 1}")
    return " ".join([f"{who}: {a.kind}", *map(str, a.to_json()[2:])])
