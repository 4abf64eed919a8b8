"""The generator's two ways to its draws agree (authoring/engine/rng.py): the interpreter
draws on the 64-bit word, the compiled build on two 32-bit halves (:data:`HALVES`);
here both run in the interpreter, on many seeds and bounds, and on draws made to be
refused by the rejection (the state that gives a chosen draw worked out backwards)."""

from __future__ import annotations

import random

import pytest

from authoring.engine import rng as rng_module
from authoring.engine.rng import Rng, _below_halves, _shuffle_halves, _times

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_M1, _M2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def _unshift(z: int, k: int) -> int:
    """The inverse of ``z ^ (z >> k)`` on 64 bits."""
    x = z
    for _ in range(64 // k + 1):
        x = z ^ (x >> k)
    return x


def _state_before(draw: int) -> int:
    """The state from which the next 64-bit draw is ``draw`` (SplitMix64 run backwards)."""
    z = _unshift(draw, 31)
    z = _unshift(z * pow(_M2, -1, 1 << 64) & _MASK, 27)
    s = _unshift(z * pow(_M1, -1, 1 << 64) & _MASK, 30)
    return (s - _GAMMA) & _MASK


def _halves(state: int) -> tuple[int, int]:
    return state >> 32, state & 0xFFFFFFFF


def test_the_interpreter_draws_on_the_word() -> None:
    assert not rng_module.HALVES  # the suite runs the sources (tests/conftest.py)


@pytest.mark.parametrize("seed", range(40))
def test_halves_draw_as_the_word(seed: int) -> None:
    r = random.Random(seed)
    bounds = [2, 3, 6, 7, 37, 100, 511, 512, 513, 1000, 4093, 65536, 3 * 2**29 + 7,
              2**30 + 1, 2**31 - 1]  # (the halves' domain: n < 2**31)
    g = Rng(r.getrandbits(64) if seed % 2 else seed)
    for _ in range(200):
        n = r.choice(bounds) if r.random() < 0.7 else r.randrange(2, 5000)
        hi, lo, x = _below_halves(*_halves(g.state), n)
        assert x == g.below(n) and (hi << 32 | lo) == g.state, n
    for size in (0, 1, 2, 5, 40, 511, 512, 600):
        xs = list(range(size))
        ys = xs[:]
        hi, lo = _shuffle_halves(*_halves(g.state), ys)
        g.shuffle(xs)
        assert xs == ys and (hi << 32 | lo) == g.state


@pytest.mark.parametrize("n", [3, 6, 7, 511, 1000, 3 * 2**29 + 7, 2**31 - 1])
def test_halves_refuse_what_the_word_refuses(n: int) -> None:
    """A draw above the largest multiple of n is refused (rejection) both ways: the
    state is set so that the next draw is the largest 64-bit number, then one just below
    the limit (kept)."""
    limit = _MASK - (1 << 64) % n
    for first in (_MASK, limit + 1, limit, limit - 1, 0):
        g = Rng(state=_state_before(first))
        assert g.next64() == first
        g = Rng(state=_state_before(first))
        hi, lo, x = _below_halves(*_halves(g.state), n)
        assert x == g.below(n) and (hi << 32 | lo) == g.state
        if first > limit:  # refused: the draw kept is the next one
            assert g.state == (_state_before(first) + 2 * _GAMMA) & _MASK
        xs, ys = list(range(n)) if n < 1000 else [], []
        if xs:
            ys = xs[:]
            g = Rng(state=_state_before(first))
            hi, lo = _shuffle_halves(*_halves(g.state), ys)
            g.shuffle(xs)
            assert xs == ys and (hi << 32 | lo) == g.state


def test_state_round_trips() -> None:
    for s in (0, 1, 2**32 - 1, 2**32, 2**63, _MASK, 0x0123456789ABCDEF):
        g = Rng(state=s)
        assert g.state == s and g.copy().state == s
        h = Rng()
        h.state = s
        assert h.state == s and h.next64() == Rng(state=s).next64()


@pytest.mark.parametrize("seed", [1, 2, 7, 0xB07, 2**31 - 1, 2**32, 2**62, 2**63 + 5, 2**64 - 1,
                                  2**64 + 3, -1, -(2**63), 0x0123456789ABCDEF])
def test_a_seed_a_fork_and_next64_on_halves_are_the_words(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled build seeds, forks and draws ``next64`` on halves too: a product of
    Python's big numbers there checks for signals, and mypyc takes the KeyboardInterrupt a
    Ctrl-C raises in it for a failed allocation and aborts the process ("fatal: out of
    memory", exit 134: a study, a search bot's game). The same numbers both ways."""
    word = Rng(seed)
    drawn = [word.next64() for _ in range(5)]
    forks = [word.fork(s).state for s in (0, 1, 3, 2**40 + 9, seed)]
    monkeypatch.setattr(rng_module, "HALVES", True)
    halves = Rng(seed)
    assert [halves.next64() for _ in range(5)] == drawn
    assert [halves.fork(s).state for s in (0, 1, 3, 2**40 + 9, seed)] == forks
    assert halves.state == word.state


def test_the_product_on_halves_is_the_words() -> None:
    r = random.Random(5)
    for _ in range(500):
        x, c = r.getrandbits(64), r.getrandbits(64)
        pieces = (c >> 32 & 0xFFFF, c >> 48, c & 0xFFFF, c >> 16 & 0xFFFF)
        hi, lo = _times(x >> 32, x & 0xFFFFFFFF, *pieces)
        assert hi << 32 | lo == x * c & _MASK
