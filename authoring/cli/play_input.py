"""What `resistance play` reads: lines from the terminal with a deadline (the timer of the
players' phase, R10.1), and the small input language typed at its prompt, down to the
engine's actions (:func:`typed_action`).

The deadline uses ``select`` on the standard input's descriptor (POSIX), so it works in a
terminal and under a pseudo-terminal (pexpect); a stream without a descriptor (click's
test runner) is read line by line with no deadline.
"""

from __future__ import annotations

import codecs
import difflib
import io
import os
import re
import select
import time
import unicodedata
from collections.abc import Callable, Hashable, Sequence, Set
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, TypeVar

from authoring.cli.play_screen import resistance_choice
from authoring.engine import (
    Action,
    Begin,
    Craft,
    Eliminate,
    End,
    Keep,
    Move,
    Objective,
    Plan,
    Reorganise,
    Resistance,
    Transfer,
    Use,
    legal_actions,
)
from authoring.engine.actions import DRAWS, option_taken, slot_code, slot_of
from authoring.engine.game import DrawKind
from authoring.engine.state import SPECIAL
from authoring.model.rules import SKILLS

if TYPE_CHECKING:  # the engine is imported when a game runs
    from authoring.engine import Action, Game, State

T = TypeVar("T", bound=Hashable)

HELP = """\
Actions, as the screen lists them (pK first, or for the current player):
  move N-E 5 | move Sainte-Aurèle  to a zone, by its label or its city (R5.1)
  search | investigate | recruit   limited actions (R5.2-R5.4): sea, inv, rec
  eliminate [officer] [ZONE]       a soldier (or officer) in your zone (R5.6)
  craft bomb | use bomb [2]        special items (R5.5, R5.7)
  res 1 +2 | res 1 act             2 cubes on resistance card 1 / activate it
  give p2 explosifs | give p2 C1 M a card; the recruit of your slot C1 (R5.9)
  plan C|M|I                       a planning token (R5.10)
  free                             eliminate the general / free the prisoner
  reorganise C1 M2                 round start: free slot or exchange (R6.3)
  begin | end                      start the timer / end the players' phase
Names: a unique start will do (move sainte-a, give p2 expl); accents optional.
Players: p2 alone makes p2 the current player (the prompt shows who it is).
Choices: the number of the line, or a name; keep 1 C2 (a slot), keep 1 new.
Table: show (all of it), abilities, log [N], time, save [FILE], help, quit.
"""

HELP_FR = """\
Actions, comme l'écran les liste (pK d'abord, ou pour le joueur courant) :
  aller N-E 5 | aller Sainte-Aurèle  vers une zone, son nom ou sa ville (R5.1)
  fouiller | enquêter | recruter     actions limitées (R5.2-R5.4) : fou, enq
  éliminer [officier] [ZONE]         un soldat (ou officier) de sa zone (R5.6)
  fabriquer bombe | utiliser bombe   objets spéciaux (R5.5, R5.7)
  res 1 +2 | res 1 act               2 cubes sur la résistance 1 / l'activer
  donner p2 explosifs | donner p2 C1 une carte ; la recrue de la case C1 (R5.9)
  planifier C|M|I                    un jeton de planification (R5.10)
  libérer                            éliminer le général / libérer le captif
  réorganiser C1 M2                  au début d'un tour (R6.3)
  début | fin                        lancer le sablier / finir la phase
Noms : un début unique suffit (aller sainte-a, donner p2 expl), sans accents.
Joueurs : p2 seul fait de p2 le joueur courant (l'invite le nomme).
Choix : le numéro de la ligne, ou un nom ; keep 1 C2 (une case), keep 1 new.
Table : montrer, capacites, log [N], temps, sauver [FICHIER], aide, quitter.
Les mots anglais (move, search, give …) marchent aussi.
"""


class TimedReader:
    """Lines from a stream, each with an optional deadline (a monotonic time)."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        try:
            fd: int | None = stream.fileno()
        except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
            fd = None
        self.fd = fd
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._buf = ""

    @property
    def timed(self) -> bool:
        """Whether a deadline can interrupt the wait (a real descriptor)."""
        return self.fd is not None

    def discard_typed(self) -> None:
        """Forget a half-typed line (time is up: it was meant for the phase that ended)."""
        self._buf = ""
        if self.fd is not None and os.isatty(self.fd):
            import termios  # POSIX only: imported where a terminal is there to flush

            termios.tcflush(self.fd, termios.TCIFLUSH)

    def readline(self, deadline: float | None = None) -> str | None:
        """The next line without its end; None when the deadline passes first; EOFError at
        the end of the input."""
        if self.fd is None:
            line = self.stream.readline()
            if not line:
                raise EOFError
            return line.rstrip("\r\n")
        while "\n" not in self._buf:
            if deadline is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                ready, _, _ = select.select([self.fd], [], [], left)
                if not ready:
                    return None
            chunk = os.read(self.fd, 4096)
            if not chunk:
                if self._buf:
                    line, self._buf = self._buf, ""
                    return line.rstrip("\r")
                raise EOFError
            self._buf += self._decoder.decode(chunk)
        line, _, self._buf = self._buf.partition("\n")
        return line.rstrip("\r")


#: the longest line read as a command; a longer one is answered, not parsed
MAX_LINE = 300
#: the most digits a typed number may have (a choice or a count, never more)
MAX_DIGITS = 4


#: a terminal's escape sequence (an arrow key, a function key)
ESCAPES = re.compile(r"\x1b(?:\[[0-9;?]*[ -/]*[@-~]|O.|.)?")


def clean(line: str) -> str:
    """The line without control characters (a tab is a space; NUL, the escape sequences
    of arrow keys and the like are dropped): what is left is what a person meant to type."""
    line = ESCAPES.sub("", line)
    return "".join(" " if ch == "\t" else ch for ch in line
                   if ch == "\t" or unicodedata.category(ch)[0] != "C")


def fold(text: str) -> str:
    """A name as compared: lower case, no accents, letters and digits only
    (``Sainte-Aurèle`` and ``sainte aurele`` are the same; ``N-E 13`` is ``ne13``)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if ch.isascii() and ch.isalnum())


def number(word: str) -> int | None:
    """A plain number typed with the digits 0–9 (a few of them), or None."""
    if word.isascii() and word.isdigit() and len(word) <= MAX_DIGITS:
        return int(word)
    return None


def pick(typed: str, names: Sequence[tuple[str, T]], what: str) -> T | str:
    """The thing ``typed`` names among ``names`` (shown name, thing): an exact name, else
    the one name it begins (accents and punctuation aside); otherwise a message listing
    the names it could be, or the nearest (did you mean)."""
    f = fold(typed)
    if not f:
        shown = ", ".join(dict.fromkeys(n for n, _ in names[:6]))
        return f"which {what}? e.g. {shown}" if names else f"no {what} to name now"
    exact = {v for n, v in names if fold(n) == f}
    if len(exact) == 1:
        return exact.pop()
    starts = [(n, v) for n, v in names if fold(n).startswith(f)]
    things = {v for _, v in starts}
    if len(things) == 1:
        return things.pop()
    if things:
        them = list(dict.fromkeys(n for n, _ in starts))
        more = f" … ({len(them)} in all)" if len(them) > 6 else ""
        return f"'{typed}' could be {', '.join(them[:6])}{more}: type more of the name"
    folded = {fold(n): n for n, _ in names}
    near = difflib.get_close_matches(f, list(folded), n=2, cutoff=0.6)
    hint = f" (did you mean {' or '.join(repr(folded[k]) for k in near)}?)" if near else ""
    return f"unknown {what} '{typed}'{hint}"


@dataclass(frozen=True)
class Command:
    """One typed line: ``verb`` in lower case, an optional seat (0-based) and the words."""

    verb: str
    seat: int | None
    args: tuple[str, ...]


#: verbs of the typed actions, with their synonyms
VERBS = {
    "move": "move", "go": "move", "recruit": "recruit", "investigate": "investigate",
    "search": "search", "eliminate": "eliminate", "kill": "eliminate", "craft": "craft",
    "build": "craft", "use": "use", "plan": "plan", "resistance": "resistance",
    "res": "resistance", "give": "give", "transfer": "give", "keep": "keep", "choose": "keep",
    "begin": "begin", "start": "begin", "end": "end", "objective": "objective",
    "free": "objective", "reorganise": "reorganise", "reorganize": "reorganise",
    "done": "done",
    # French (--lang fr shows these; accents optional)
    "aller": "move", "deplacer": "move", "fouiller": "search", "enqueter": "investigate",
    "recruter": "recruit", "eliminer": "eliminate", "fabriquer": "craft",
    "utiliser": "use", "planifier": "plan", "donner": "give", "garder": "keep",
    "choisir": "keep", "debut": "begin", "commencer": "begin", "fin": "end",
    "liberer": "objective", "reorganiser": "reorganise", "fini": "done",
}
#: the session's own words
META = {
    "show": "show", "board": "show", "table": "show", "log": "log", "time": "time",
    "save": "save", "help": "help", "?": "help", "h": "help", "quit": "quit", "exit": "quit",
    "q": "quit", "abilities": "abilities", "who": "abilities",
    "montrer": "show", "temps": "time", "sauver": "save", "aide": "help",
    "quitter": "quit", "capacites": "abilities",
}


def verb_of(word: str) -> str | None:
    """A verb typed in full, as a synonym, or as the start of one verb only (``inv``)."""
    w = fold(word) or word.lower()  # accents optional: éliminer is eliminer
    if w in META or w in VERBS:
        return META.get(w) or VERBS[w]
    if len(w) < 2:
        return None
    hits = {v for k, v in (*VERBS.items(), *META.items()) if k.startswith(w)}
    return hits.pop() if len(hits) == 1 else None


def parse(line: str) -> Command | int | str | None:
    """A typed line as a choice number (int), a :class:`Command`, a message when the line
    cannot be a command (too long, a number that is no number), or None (blank). An
    unknown verb is a Command whose verb is kept as typed (the session says so)."""
    if len(line) > MAX_LINE:
        return f"that line is {len(line)} characters long: a command is a few words (type help)"
    words = clean(line).split()
    if not words:
        return None
    if len(words) == 1 and words[0].isdigit():  # isdigit: also '²', '٣' …
        n = number(words[0])
        if n is None:
            return (f"'{words[0][:12]}{'…' * (len(words[0]) > 12)}' is not a number of the "
                    f"list: type one with the digits 0-9")
        return n
    seat = _seat(words[0])
    if isinstance(seat, str):
        return seat
    if seat is not None:
        words = words[1:]
        if not words:
            return Command("", seat, ())
    verb = verb_of(words[0]) or words[0].lower()
    args = tuple(words[1:])
    numbered = seat is None and bool(args) and number(args[0]) is not None
    if numbered and ((verb in _BARE and len(args) == 1)
                     or (verb in _WITH_ARGS and len(args) >= 2)):
        seat, args = int(args[0]) - 1, args[1:]  # `move 2 N-E 13`: player 2
    return Command(verb, seat, args)


_BARE = ("recruit", "investigate", "search")
_WITH_ARGS = ("move", "eliminate", "craft", "use", "plan", "objective")


def _seat(word: str) -> int | str | None:
    """``p2`` → 1; a ``p`` followed by something that is no seat number: a message."""
    w = word.lower()
    if len(w) >= 2 and w[0] == "p" and w[1:].isdigit():
        n = number(w[1:])
        return n - 1 if n is not None else f"'{word[:12]}' is no seat: the seats are p1, p2 …"
    return None


def no_seat(seat: int, players: int) -> str:
    """What to say of a seat number the table does not have."""
    return f"no player p{seat + 1}: the seats are p1 to p{players}"


# -- names of the things a person types ------------------------------------------------------


def zone_names(game: Game) -> list[tuple[str, int]]:
    """Every zone by its label (``N-E 13``) and by its city (``Sainte-Aurèle``)."""
    out = [(game.zone(z), z) for z in range(game.topo.n)]
    out += [(str(game.model.board.zones[z].city), z) for z in range(game.topo.n)]
    return out


def player_names(game: Game, state: State) -> list[tuple[str, int]]:
    """Every seat as ``p2``, by its character's full name, and by its first name."""
    out: list[tuple[str, int]] = []
    for p, ps in enumerate(state.players):
        full = game.character_info[ps.character].name
        out += [(f"p{p + 1}", p), (full, p), (full.split()[0], p)]
    return out


def _titles(t: object) -> list[str]:
    if isinstance(t, str):
        return [t]
    return [str(x) for x in (getattr(t, "fr", None), getattr(t, "en", None)) if x]


def special_names(game: Game) -> list[tuple[str, int]]:
    return [(n, i) for i, sp in enumerate(game.specials) for n in (*_titles(sp.title), sp.id)]


def option_names(game: Game, state: State, kind: str,
                 options: Sequence[int]) -> list[tuple[str, int]]:
    """The options of a draw to keep or a card to choose by their names (French and
    English titles, a recruit's letter): their option index."""
    out: list[tuple[str, int]] = []
    for i, x in enumerate(options):
        titles: list[str] = []
        if kind == "keep_search":
            card = game.specials[x - SPECIAL] if x >= SPECIAL else game.items[x]
            titles = _titles(card.title)
        elif kind == "keep_investigate":
            titles = [game.clue_names[x]]
        elif kind == "keep_resistance":
            titles = _titles(game.resistance_cards[x].title)
        elif kind == "choose_card" and resistance_choice(state):
            if 0 <= x < len(state.resistance):
                titles = _titles(game.resistance_cards[state.resistance[x][0]].title)
        elif kind == "choose_card" and state.pending is not None:  # a card held
            titles = [n for n, j in card_names(game, state, state.pending.player) if j == x]
        elif kind == "keep_recruit" and game.recruits[x].letter:
            titles = [str(game.recruits[x].letter)]
        out += [(t, i) for t in titles]
    return out


def card_names(game: Game, state: State, p: int) -> list[tuple[str, int]]:
    """The cards ``p`` holds, by their titles (French and English): their inventory index."""

    out: list[tuple[str, int]] = []
    for i, card in enumerate(state.players[p].inventory):
        if card >= SPECIAL:
            sp = game.specials[card - SPECIAL]
            out += [(n, i) for n in (*_titles(sp.title), sp.id)]
        else:
            out += [(n, i) for n in _titles(game.items[card].title)]
    return out


def resistance_names(game: Game, state: State) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for i, (card, _) in enumerate(state.resistance):
        out += [(str(i + 1), i)] + [(n, i) for n in _titles(game.resistance_cards[card].title)]
    return out


SKILL_WORDS = {"c": 0, "m": 1, "i": 2}


def _skill(word: str) -> int | None:
    return SKILL_WORDS.get(fold(word)[:1]) if fold(word) else None


def _slot_word(word: str) -> tuple[int, int] | None:
    """``C1`` → (0, 0): a skill row and a slot number."""
    f = fold(word)
    if len(f) >= 2 and f[0] in SKILL_WORDS and number(f[1:]) is not None:
        return SKILL_WORDS[f[0]], int(f[1:]) - 1
    return None


# -- typed commands down to actions ------------------------------------------------------------


def variant_names(game: Game, state: State, variants: Sequence[Action]
                  ) -> list[tuple[str, Action]]:
    """The ways one card drawn can be kept, by name: a recruit's slot (``C2``, R5.2), or
    the held card discarded to make room (its title, or ``new`` for the card drawn, R5.4)."""

    pend = state.pending
    assert pend is not None
    out: list[tuple[str, Action]] = []
    keeps = [a for a in variants if isinstance(a, Keep)]
    if pend.kind == "keep_recruit":
        for a in keeps:
            if a.where >= 0:
                s, k = slot_of(a.where)
                out.append((f"{SKILLS[s % 3]}{k + 1}", a))
            else:
                out.append(("back", a))
        return out
    inv = state.players[pend.player].inventory
    held = card_names(game, state, pend.player)
    seen: set[int] = set()
    for a in keeps:
        if a.where == len(inv):
            out += [("new", a), ("nouvelle", a)]
        elif inv[a.where] not in seen:  # two copies of a card: discarding either is the same
            seen.add(inv[a.where])
            out += [(n, a) for n, i in held if i == a.where]
    return out


def typed_answer(game: Game, state: State, cmd: Command, options: Sequence[Action]
                 ) -> Action | str | None:
    """The answer a typed command gives to the choice asked now (``options`` are its
    numbered lines): ``keep 2``, ``choose p2``, ``p2`` (a player), a zone or city, a
    card's name, ``done``; None when the command is no answer (it is read as an action)."""
    pend = state.pending
    if pend is None:
        return None
    words = list(cmd.args)
    if cmd.verb == "keep":
        if words and number(words[0]) is not None:
            n = int(words[0])
            count = len(pend.options)
            if not 1 <= n <= count:
                return f"no choice {n}: the numbers go from 1 to {count}"
            variants = [a for a in options if option_taken(a) == n - 1]
            if len(variants) == 1:
                return variants[0]
            names = variant_names(game, state, variants)
            if len(words) == 1:
                shown = " · ".join(dict.fromkeys(name for name, _ in names))
                return f"keep {n} and then? one of: {shown} (e.g. keep {n} {names[0][0]})"
            return pick(" ".join(words[1:]), names, "slot or card")
    elif cmd.verb == "done" and pend.kind == "transfer_more":
        return options[0]
    elif cmd.verb == "" and cmd.seat is not None and pend.kind in ("share_cube",
                                                                   "choose_player"):
        words = [f"p{cmd.seat + 1}"]
    elif cmd.verb in VERBS.values() or cmd.verb in META.values():
        return None
    else:
        words = [cmd.verb, *words]
    text = " ".join(words)
    if not text:
        return f"which one? type its number (1 to {len(options)})"
    by_option: dict[int, Action] = {}
    for a in options:
        by_option.setdefault(option_taken(a), a)
    named: list[tuple[str, int]] = []
    kind = pend.kind
    if kind in ("share_cube", "choose_player"):
        seats = {q: i for i, q in enumerate(pend.options)}
        named = [(n, seats[q]) for n, q in player_names(game, state) if q in seats]
    elif kind in ("choose_zone", "choose_reveal"):
        zones = {z: i for i, z in enumerate(pend.options)}
        named = [(n, zones[z]) for n, z in zone_names(game) if z in zones]
    elif kind == "discard_excess":
        cards = {c: i for i, c in enumerate(pend.options)}
        named = [(n, cards[c]) for n, c in card_names(game, state, pend.player) if c in cards]
    else:
        named = option_names(game, state, kind, pend.options)
    got = pick(text, named, "option") if named else \
        f"type the number of your choice (1 to {len(options)})"
    if isinstance(got, str):
        return got
    variants = [a for a in options if option_taken(a) == got]
    if len(variants) > 1:  # a card or recruit kept several ways: say which, as for a number
        names = variant_names(game, state, variants)
        shown = " · ".join(dict.fromkeys(name for name, _ in names))
        return f"keep {got + 1} and then? one of: {shown} (e.g. keep {got + 1} {names[0][0]})"
    return by_option[got]


def typed_action(game: Game, state: State, cmd: Command,
                 default_seat: Callable[[str], int | str], bots: Set[int]) -> Action | str:
    """The action a typed command names, or a message saying what is missing;
    ``default_seat`` names the player when the command does not (or says why it cannot)."""

    g, st = game, state
    verb, args = cmd.verb, cmd.args
    if cmd.seat is not None and not 0 <= cmd.seat < len(st.players):
        return no_seat(cmd.seat, len(st.players))
    if verb == "":
        return f"p{(cmd.seat or 0) + 1} what? e.g. p{(cmd.seat or 0) + 1} move N-E 13"
    if verb not in VERBS.values():
        words = sorted({*VERBS, *META})
        near = difflib.get_close_matches(verb, words, n=1)
        hint = f" (did you mean '{near[0]}'?)" if near else ""
        shown = verb if len(verb) <= 20 else verb[:20] + "…"
        return f"unknown command '{shown}'{hint}; type help"
    if verb == "begin":
        return Begin()
    if verb == "end":
        return End()
    if verb in ("keep", "done"):
        return "nothing to choose now" if st.pending is None else \
            "type the number of your choice"
    n = len(st.players)
    p = cmd.seat if cmd.seat is not None else default_seat(verb)
    if isinstance(p, str):
        return p
    if not 0 <= p < n:
        return no_seat(p, n)
    if p in bots:
        return f"p{p + 1} is a bot's seat"
    return _ACTIONS[verb](g, st, p, list(args))


def _move(g: Game, st: State, p: int, args: list[str]) -> Action | str:

    if not args:
        return "move where? e.g. move N-E 13, or move Sainte-Aurèle (a city)"
    z = pick(" ".join(args), zone_names(g), "zone or city")
    return z if isinstance(z, str) else Move(p, z)


def _draw(kind: DrawKind) -> Callable[[Game, State, int, list[str]], Action | str]:
    def make(g: Game, st: State, p: int, args: list[str]) -> Action | str:

        return DRAWS[kind](p)
    return make


def _eliminate(g: Game, st: State, p: int, args: list[str]) -> Action | str:

    rest = list(args)
    piece = 0
    if rest and fold(rest[0]) in ("officer", "officers", "soldier", "soldiers", "officier",
                                  "officiers", "soldat", "soldats"):
        piece = 1 if fold(rest.pop(0)).startswith("offic") else 0
    z = st.players[p].at
    if rest:
        got = pick(" ".join(rest), zone_names(g), "zone or city")
        if isinstance(got, str):
            return got
        z = got
    return Eliminate(p, z, piece)


def _craft(g: Game, st: State, p: int, args: list[str]) -> Action | str:

    got = pick(" ".join(args), special_names(g), "special item")
    return got if isinstance(got, str) else Craft(p, got)


def _use(g: Game, st: State, p: int, args: list[str]) -> Action | str:

    rest = list(args)
    which = 0
    if len(rest) > 1 and number(rest[-1]) is not None:
        which = int(rest.pop()) - 1
    inv = st.players[p].inventory
    held = [(n, i) for n, i in card_names(g, st, p) if inv[i] >= SPECIAL]
    if not held:
        return f"p{p + 1} holds no special item to use (R5.7)"
    got = pick(" ".join(rest), held, "special item held")
    return got if isinstance(got, str) else Use(p, got, which)


def _plan(g: Game, st: State, p: int, args: list[str]) -> Action | str:

    s = _skill(args[0]) if args else None
    if s is None:
        return "plan on which skill? plan C, plan M or plan I"
    return Plan(p, s)


def _resistance(g: Game, st: State, p: int, args: list[str]) -> Action | str:

    if not st.resistance:
        return "no resistance card is available (R5.8)"
    activate = any(fold(x).startswith("act") for x in args)
    rest = [x for x in args if not fold(x).startswith("act")]
    cubes = 0
    amount = rest[-1] if len(rest) >= 2 else ""
    digits = amount.lstrip("+-")
    if digits and (amount[0] in "+-" or number(digits) is not None) and digits.isascii() \
            and digits.isdigit():
        rest.pop()
        n = number(digits)
        if amount.startswith("-") or n is None or n < 1:
            return (f"'{amount[:12]}' cubes: put 1 or more, as many as you hold "
                    "(e.g. res 1 +2, R5.8)")
        cubes = n
    card = pick(" ".join(rest), resistance_names(g, st), "resistance card")
    if isinstance(card, str):
        return card + " (e.g. res 1 +2: two cubes on card 1; res 1 act: activate it)"
    mine = [a for a in legal_actions(g, st) if isinstance(a, Resistance) and a.player == p
            and a.card == card]
    if activate and not cubes:  # the cubes still missing go on as it is activated (R5.8)
        acts = [a for a in mine if a.activate]
        if acts:
            return acts[0]
    if not cubes and not activate:
        if len(mine) == 1:
            return mine[0]
        return (f"res {card + 1} +N puts N cubes on it, res {card + 1} act activates it "
                "(R5.8)")
    return Resistance(p, card, cubes, 1 if activate else 0)


def _give(g: Game, st: State, p: int, args: list[str]) -> Action | str:

    rest = [x for x in args if fold(x) not in ("to", "a")]
    seats = [x for x in rest if isinstance(_seat(x), int)]
    if not seats:
        return "give to whom? e.g. give p2 explosifs, give p2 C1 (a recruit)"
    q = _seat(seats[0])
    assert isinstance(q, int)
    if not 0 <= q < len(st.players):
        return no_seat(q, len(st.players))
    rest = [x for x in rest if x != seats[0]]
    mine = [a for a in legal_actions(g, st) if isinstance(a, Transfer) and a.player == p
            and a.to == q]
    if not rest:
        if len(mine) == 1:
            return mine[0]
        return f"give p{q + 1} what? a card's name, or a recruit's slot (C1, M2 …)"
    slot = _slot_word(rest[0])
    if slot is not None and len(rest) <= 2:
        row = _skill(rest[1]) if len(rest) == 2 else None
        code = slot_code(*slot)
        fits = [a for a in mine if a.recruit == code and (row is None or a.row == row)]
        if fits:
            return fits[0]
        return Transfer(p, q, recruit=code, row=slot[0] if row is None else row)
    got = pick(" ".join(rest), card_names(g, st, p), "card held")
    return got if isinstance(got, str) else Transfer(p, q, card=got)


def _objective(g: Game, st: State, p: int, args: list[str]) -> Action | str:

    for o in g.objectives:
        if o.kind in ("general", "prisoner"):
            return Objective(p, o.index)
    return "this scenario has no general to eliminate or prisoner to free"


def _reorganise(g: Game, st: State, p: int, args: list[str]) -> Action | str:

    slots = [_slot_word(x) for x in args]
    if len(slots) != 2 or None in slots:
        return "reorganise FROM TO, e.g. reorganise C1 M2 (R6.3)"
    a, b = slots
    assert a is not None and b is not None
    return Reorganise(p, slot_code(*a), slot_code(*b))


_ACTIONS: dict[str, Callable[[Game, State, int, list[str]], Action | str]] = {
    "move": _move, "recruit": _draw("recruit"), "investigate": _draw("investigate"),
    "search": _draw("search"), "eliminate": _eliminate, "craft": _craft, "use": _use,
    "plan": _plan, "resistance": _resistance, "give": _give, "objective": _objective,
    "reorganise": _reorganise,
}
