"""The game's one source of chance: a seeded generator whose whole state is one integer.

SplitMix64 (Steele, Lea & Flood, 2014): fast in pure Python, and its state copies and
serialises as a single int, so :meth:`State.clone` and the JSON of a saved game carry it
exactly (bag draws, shuffles and deals replay from seed + actions).

Two ways to the same draws: the interpreter works on the 64-bit word (the fewest
steps); the compiled engine (mypyc, :data:`HALVES`) works on two 32-bit halves, each
product a half times a 16-bit piece of a constant (below 2**48), so that all of it runs
on machine integers, never on Python's big ones (:func:`_below_halves`,
:func:`_shuffle_halves`; tests/engine/test_rng.py checks both ways against each other).

>>> r = Rng(3)
>>> [r.below(6) for _ in range(5)]
[5, 3, 2, 3, 3]
>>> r2 = Rng(7); xs = list(range(5)); r2.shuffle(xs); xs
[4, 2, 1, 0, 3]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, TypeVar

if TYPE_CHECKING:  # mypyc's 64-bit machine integer, an int to the interpreter; named in
    from mypy_extensions import i64  # annotations only (they are never evaluated here)

T = TypeVar("T")
_MASK: Final = (1 << 64) - 1
_M32: Final = 0xFFFFFFFF
_M16: Final = 0xFFFF
#: per bound n, the largest draw kept (rejection keeps the draws uniform), worked out once
_LIMITS: Final = tuple(_MASK - (_MASK + 1) % n if n else 0 for n in range(512))

#: True in the compiled build: draw on 32-bit halves (machine integers there); the
#: interpreter draws on the 64-bit word
HALVES: Final = not __file__.endswith(".py")
#: SplitMix64's increment as 32-bit halves, and its two multipliers as 16-bit pieces
#: (the high half's low and high pieces, then the low half's)
_G_HI: Final = 0x9E3779B9
_G_LO: Final = 0x7F4A7C15
# 0x9E3779B97F4A7C15 as 16-bit pieces (a seed's multiplier)
_G_HI0: Final = 0x79B9
_G_HI1: Final = 0x9E37
_G_LO0: Final = 0x7C15
_G_LO1: Final = 0x7F4A
# 0xBF58476D1CE4E5B9
_A_HI0: Final = 0x476D
_A_HI1: Final = 0xBF58
_A_LO0: Final = 0xE5B9
_A_LO1: Final = 0x1CE4
# 0x94D049BB133111EB
_B_HI0: Final = 0x49BB
_B_HI1: Final = 0x94D0
_B_LO0: Final = 0x11EB
_B_LO1: Final = 0x1331
# 0xD1B54A32D192ED03 (a fork's salt multiplier)
_F_HI0: Final = 0x4A32
_F_HI1: Final = 0xD1B5
_F_LO0: Final = 0xED03
_F_LO1: Final = 0xD192
#: per bound n < 512: 2**32 mod n (a draw's high half, reduced), and the largest low half
#: kept when the high half is all ones (the only draws rejection can refuse when n ≤ 2**32)
_R32: Final = tuple((1 << 32) % n if n else 0 for n in range(512))
_LIMIT_LO: Final = tuple(_M32 - (1 << 64) % n if n else 0 for n in range(512))


class Rng:
    """SplitMix64 with unbiased bounded draws (rejection) and Fisher-Yates shuffles."""

    __slots__ = ("_hi", "_lo")
    _hi: i64  # the state's high and low 32 bits
    _lo: i64

    def __init__(self, seed: int = 0, *, state: int | None = None) -> None:
        if state is None:  # (seed 0, a copy's start, skips the product)
            if HALVES and seed:
                s = seed & _MASK
                hi, lo = _times(s >> 32, s & _M32, _G_HI0, _G_HI1, _G_LO0, _G_LO1)
                lo += 1
                self._hi, self._lo = (hi + (lo >> 32)) & _M32, lo & _M32
                return
            state = (seed * 0x9E3779B97F4A7C15 + 1) & _MASK if seed else 1
        self._hi = state >> 32 & _M32
        self._lo = state & _M32

    @property
    def state(self) -> int:
        """The whole state, one 64-bit integer (saves)."""
        return int(self._hi) << 32 | int(self._lo)

    @state.setter
    def state(self, s: int) -> None:
        self._hi = s >> 32 & _M32
        self._lo = s & _M32

    def next64(self) -> int:
        """The next 64-bit draw (SplitMix64). The compiled build draws it on halves, as it
        seeds and forks: a product or a division of Python's big numbers checks for
        signals in its loop, and mypyc takes the KeyboardInterrupt a Ctrl-C raises there
        for a failed allocation and aborts the process ("fatal: out of memory")."""
        if HALVES:
            lo = self._lo + _G_LO
            hi = (self._hi + _G_HI + (lo >> 32)) & _M32
            self._hi, self._lo = hi, lo & _M32
            xhi, xlo = _mix(hi, lo & _M32)
            return int(xhi) << 32 | int(xlo)
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (:meth:`next64` written out: the hot path)."""
        if n <= 1:
            return 0
        if HALVES and n < 1 << 31:
            self._hi, self._lo, k = _below_halves(self._hi, self._lo, n)
            return k
        mask = _MASK
        limit = _LIMITS[n] if n < 512 else mask - (mask + 1) % n
        s = int(self._hi) << 32 | int(self._lo)
        while True:
            s = (s + 0x9E3779B97F4A7C15) & mask
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            x = z ^ (z >> 31)
            if x <= limit:
                self._hi, self._lo = s >> 32, s & _M32
                return x % n

    def shuffle(self, xs: list[T]) -> None:
        """Fisher-Yates, each swap index drawn as :meth:`below` draws it."""
        if HALVES and len(xs) < 1 << 31:
            self._hi, self._lo = _shuffle_halves(self._hi, self._lo, xs)
            return
        mask = _MASK
        limits = _LIMITS
        s = int(self._hi) << 32 | int(self._lo)
        for i in range(len(xs) - 1, 0, -1):
            n = i + 1
            limit = limits[n] if n < 512 else mask - (mask + 1) % n
            while True:
                s = (s + 0x9E3779B97F4A7C15) & mask
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & mask
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
                x = z ^ (z >> 31)
                if x <= limit:
                    break
            j = x % n
            xs[i], xs[j] = xs[j], xs[i]
        self._hi, self._lo = s >> 32, s & _M32

    def pop_random(self, xs: list[T]) -> T:
        """Remove and return a uniformly chosen element (a draw from a bag)."""
        i = self.below(len(xs))
        xs[i], xs[-1] = xs[-1], xs[i]
        return xs.pop()

    def fork(self, salt: int) -> Rng:
        """An independent generator (a bot's own search never touches the game's draws)."""
        if HALVES:
            t = salt & _MASK
            hi, lo = _times(t >> 32, t & _M32, _F_HI0, _F_HI1, _F_LO0, _F_LO1)
            r = Rng()
            r._hi, r._lo = self._hi ^ hi, self._lo ^ lo
            return r
        return Rng(state=(self.state ^ (salt * 0xD1B54A32D192ED03)) & _MASK)

    def copy(self) -> Rng:
        """An independent generator at the same point."""
        r = Rng()
        r._hi, r._lo = self._hi, self._lo
        return r


# -- the same draws on 32-bit halves (the compiled build) ---------------------------------------


def _times(hi: i64, lo: i64, c_hi0: i64, c_hi1: i64, c_lo0: i64, c_lo1: i64
           ) -> tuple[i64, i64]:
    """``(hi, lo)`` times the constant of 16-bit pieces ``c_hi1 c_hi0 c_lo1 c_lo0`` (high
    to low), mod 2**64, as two halves: every product a half times a piece, below 2**48."""
    t0 = lo * c_lo0
    t1 = lo * c_lo1
    low = (t0 & _M32) + ((t1 & _M16) << 16)
    hi = ((t0 >> 32) + (t1 >> 16) + (low >> 32) + hi * c_lo0 + ((hi * c_lo1 & _M16) << 16)
          + lo * c_hi0 + ((lo * c_hi1 & _M16) << 16)) & _M32
    return hi, low & _M32


def _mix(hi: i64, lo: i64) -> tuple[i64, i64]:
    """SplitMix64's output function of the state ``(hi, lo)``: the draw, as two halves."""
    # z ^= z >> 30; z *= 0xBF58476D1CE4E5B9 (mod 2**64)
    lo ^= ((hi << 2) & _M32) | (lo >> 30)
    hi ^= hi >> 30
    hi, lo = _times(hi, lo, _A_HI0, _A_HI1, _A_LO0, _A_LO1)
    # z ^= z >> 27; z *= 0x94D049BB133111EB (mod 2**64)
    lo ^= ((hi << 5) & _M32) | (lo >> 27)
    hi ^= hi >> 27
    hi, lo = _times(hi, lo, _B_HI0, _B_HI1, _B_LO0, _B_LO1)
    # z ^ (z >> 31)
    return hi ^ (hi >> 31), lo ^ (((hi << 1) & _M32) | (lo >> 31))


def _bounds(n: i64) -> tuple[i64, i64]:
    """For a bound ``1 < n < 2**31``: ``2**32 mod n``, and the largest low half kept
    when the high half is all ones (2**64 mod n is below 2**32, so a draw with any
    other high half is kept)."""
    if n < 512:
        return _R32[n], _LIMIT_LO[n]
    # 2**64 mod n as (2**32 mod n)**2 mod n: machine integers (below 2**62), not
    # Python's big ones, whose division checks for signals (see :meth:`Rng.next64`)
    r32: i64 = (1 << 32) % n
    return r32, _M32 - r32 * r32 % n


def _below_halves(hi: i64, lo: i64, n: i64) -> tuple[i64, i64, i64]:
    """:meth:`Rng.below` from the state ``(hi, lo)``, for ``1 < n < 2**31`` (every
    product below 2**63): the new state and the draw."""
    r32, limit_lo = _bounds(n)
    while True:
        lo += _G_LO
        hi = (hi + _G_HI + (lo >> 32)) & _M32
        lo &= _M32
        xhi, xlo = _mix(hi, lo)
        if xhi < _M32 or xlo <= limit_lo:
            return hi, lo, ((xhi % n) * r32 + xlo) % n


def _shuffle_halves(hi: i64, lo: i64, xs: list[T]) -> tuple[i64, i64]:
    """:meth:`Rng.shuffle` from the state ``(hi, lo)`` (fewer than 2**31 items): the
    new state."""
    r32s, limits = _R32, _LIMIT_LO
    for i in range(len(xs) - 1, 0, -1):
        n = i + 1
        if n < 512:
            r32, limit_lo = r32s[n], limits[n]
        else:
            r32, limit_lo = _bounds(n)
        while True:
            lo += _G_LO
            hi = (hi + _G_HI + (lo >> 32)) & _M32
            lo &= _M32
            xhi, xlo = _mix(hi, lo)
            if xhi < _M32 or xlo <= limit_lo:
                break
        j = ((xhi % n) * r32 + xlo) % n
        xs[i], xs[j] = xs[j], xs[i]
    return hi, lo
