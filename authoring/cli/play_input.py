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
import select
import time
from collections.abc import Callable, Set
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:  # the engine is imported when a game runs
    from authoring.engine import Action, Game, State

HELP = """\
Type one of:
  N                 take the action numbered N in the list (e.g. 3)
  show              the whole table: island, sheets, counters, clues, cards, objectives
  log [N]           the last N events of the game (default 20)
  time              the time left in the players' phase
  save [FILE]       save the game (default: the --save file); resume with --load FILE
  help              this text
  quit              stop (you are asked whether to save first)

Or write an action in words, to take it, or to learn why the rules refuse it:
  [pK] move ZONE            p2 move N-E 13   (also: move 2 N-E 13; NE13 works too)
  [pK] recruit | investigate | search
  [pK] eliminate [officer] [ZONE]        (a soldier in your own zone by default)
  [pK] craft ITEM           p1 craft bomb
  [pK] use ITEM [USE]       p1 use bomb
  [pK] plan C|M|I
  [pK] resistance CARD CUBES [activate]  CARD is its number in the table (1, 2 …)
  [pK] give ITEM to pJ      an inventory card to a player in your zone
  keep N                    keep the N-th card drawn (when a choice is asked)
  begin                     start the timer (the players' phase begins)
  end                       end the players' phase
pK is the player's seat (p1, p2 …): it may be left out when only one player can do it.
Refusals cite their rule id (R… in rules.md, D… decisions).
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
            import termios

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
    "use": "use", "plan": "plan", "resistance": "resistance", "res": "resistance",
    "give": "give", "transfer": "give", "keep": "keep", "begin": "begin", "start": "begin",
    "end": "end", "objective": "objective",
}
#: the session's own words
META = {
    "show": "show", "board": "show", "table": "show", "log": "log", "time": "time",
    "save": "save", "help": "help", "?": "help", "h": "help", "quit": "quit", "exit": "quit",
    "q": "quit",
}


def parse(line: str) -> Command | int | None:
    """A typed line as an action number (int), a :class:`Command`, or None (blank).
    An unknown verb is a Command whose verb is kept as typed (the session says so)."""
    words = line.strip().split()
    if not words:
        return None
    if len(words) == 1 and words[0].isdigit():
        return int(words[0])
    seat = _seat(words[0])
    if seat is not None:
        words = words[1:]
        if not words:
            return Command("", seat, ())
    verb = words[0].lower()
    verb = META.get(verb, VERBS.get(verb, verb))
    args = tuple(words[1:])
    numbered = seat is None and bool(args) and args[0].isdigit()
    if numbered and ((verb in _BARE and len(args) == 1)
                     or (verb in _WITH_ARGS and len(args) >= 2)):
        seat, args = int(args[0]) - 1, args[1:]  # `move 2 N-E 13`: player 2
    return Command(verb, seat, args)


_BARE = ("recruit", "investigate", "search")
_WITH_ARGS = ("move", "eliminate", "craft", "use", "plan", "give", "objective")


def _seat(word: str) -> int | None:
    w = word.lower()
    if len(w) >= 2 and w[0] == "p" and w[1:].isdigit():
        return int(w[1:]) - 1
    return None


def typed_action(game: Game, state: State, cmd: Command,
                 default_seat: Callable[[str], int | str], bots: Set[int]) -> Action | str:
    """The action a typed command names, or a message saying what is missing;
    ``default_seat`` names the player when the command does not (or says why it cannot)."""
    from authoring.cli.play_screen import text_of
    from authoring.engine import Action, GameError, legal_actions
    from authoring.engine.state import SPECIAL

    g, st = game, state
    verb, args = cmd.verb, cmd.args
    if verb == "":
        return f"p{(cmd.seat or 0) + 1} what? e.g. p{(cmd.seat or 0) + 1} move N-E 13"
    if verb not in VERBS.values():
        words = sorted({*VERBS, *META})
        near = difflib.get_close_matches(verb, words, n=1)
        hint = f" (did you mean '{near[0]}'?)" if near else ""
        return f"unknown command '{verb}'{hint}; type help"
    if verb in ("begin", "end"):
        return Action(verb)
    n = len(st.players)
    p = cmd.seat if cmd.seat is not None else default_seat(verb)
    if isinstance(p, str):
        return p
    if not 0 <= p < n:
        return f"no player p{p + 1}: the seats are p1 to p{n}"
    if p in bots:
        return f"p{p + 1} is a bot's seat"
    ps = st.players[p]
    if verb == "move":
        if not args:
            return "move where? e.g. move N-E 13"
        try:
            return Action("move", p, g.zone_index(" ".join(args)))
        except GameError as e:
            return str(e)
    if verb in ("recruit", "investigate", "search"):
        return Action(verb, p)
    if verb == "eliminate":
        rest = list(args)
        piece = 0
        if rest and rest[0].lower() in ("officer", "officers", "soldier", "soldiers"):
            piece = 1 if rest.pop(0).lower().startswith("officer") else 0
        z = ps.at
        if rest:
            try:
                z = g.zone_index(" ".join(rest))
            except GameError as e:
                return str(e)
        return Action("eliminate", p, z, piece)
    if verb == "craft":
        want = " ".join(args).lower()
        for i, sp in enumerate(g.specials):
            if want and (sp.id.lower().startswith(want)
                         or text_of(sp.title).lower().startswith(want)
                         or str(getattr(sp.title, "en", "")).lower().startswith(want)):
                return Action("craft", p, i)
        names = ", ".join(sp.id for sp in g.specials)
        return f"craft what? one of: {names}"
    if verb == "use":
        rest = list(args)
        which = 0
        if len(rest) > 1 and rest[-1].isdigit():
            which = int(rest.pop()) - 1
        want = " ".join(rest).lower()
        for i, card in enumerate(ps.inventory):
            if card >= SPECIAL:
                sp = g.specials[card - SPECIAL]
                if not want or sp.id.lower().startswith(want) \
                        or text_of(sp.title).lower().startswith(want):
                    return Action("use", p, i, which)
        return f"p{p + 1} holds no special item '{want}' (R5.7)"
    if verb == "plan":
        skill = args[0].upper() if args else ""
        if skill not in ("C", "M", "I"):
            return "plan on which skill? plan C, plan M or plan I"
        return Action("plan", p, "CMI".index(skill))
    if verb == "resistance":
        nums = [int(x) for x in args if x.isdigit()]
        activate = any(x.lower().startswith("act") for x in args)
        if not nums:
            return "resistance CARD CUBES [activate], e.g. resistance 1 2"
        cubes = nums[1] if len(nums) > 1 else 0
        return Action("resistance", p, nums[0] - 1, cubes, 1 if activate else 0)
    if verb == "give":
        rest = [x for x in args if x.lower() != "to"]
        to = next((int(x[1:]) - 1 for x in rest if x.lower().startswith("p")
                   and x[1:].isdigit()), None)
        if to is None:
            return "give ITEM to pJ, e.g. give explosifs to p2"
        want = " ".join(x for x in rest if not (x.lower().startswith("p")
                                                and x[1:].isdigit())).lower()
        for i, card in enumerate(ps.inventory):
            title = text_of(g.specials[card - SPECIAL].title if card >= SPECIAL
                            else g.items[card].title)
            if want and title.lower().startswith(want):
                return Action("transfer", p, to, i, -1)
        return f"p{p + 1} holds no card '{want}' (recruits: give them by number)"
    if verb == "objective":
        for o in g.objectives:
            if o.kind in ("general", "prisoner"):
                return Action("objective", p, o.index)
        return "this scenario has no general to eliminate or prisoner to free"
    if verb == "keep":
        if not args or not args[0].isdigit():
            return "keep which? keep 1, keep 2 …"
        i = int(args[0]) - 1
        options = [a for a in legal_actions(g, st) if a.kind == "keep" and a.a == i]
        if len(options) == 1:
            return options[0]
        if len(options) > 1:
            return "that card can go to several slots: choose by its number in the list"
        return Action("keep", p, i, -1)
    return f"unknown command '{verb}'; type help"
