"""Ctrl-C (SIGINT) and ``kill`` (SIGTERM) raised only where Python lets an exception through.

A signal's handler runs between two steps of whatever the main thread is doing. Raised in
the middle of an import, the exception can come out as another error (numpy turns it into
an ``ImportError``, pydantic's schema building into a ``SchemaError``: a traceback and exit
1); raised in a finalizer (``__del__``, a weak reference's callback, an import lock's
clean-up), Python prints "Exception ignored" and the command runs on as if nothing was
pressed. So :func:`deferring` handlers wait: when the signal lands in such a place, it is
raised again 20 ms later, until it lands in plain code. Nothing here imports more than
the standard library: the entry point (``authoring.__main__``) installs them first.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any, NoReturn

#: exit status of a Ctrl-C and of a kill (128 + the signal's number), the shell's conventions
EXIT_INTERRUPTED, EXIT_TERMINATED = 130, 143
#: seconds before a signal that landed where it could not be raised is tried again
RETRY = 0.02


class Terminated(SystemExit):
    """A kill (SIGTERM) unwinding the command like a Ctrl-C (exit 143)."""


def raise_for(signum: int) -> NoReturn:
    """The exception a signal unwinds the command with: KeyboardInterrupt for Ctrl-C,
    :class:`Terminated` for a kill."""
    if signum == signal.SIGTERM:
        raise Terminated(EXIT_TERMINATED)
    raise KeyboardInterrupt


def deferring(raise_: Callable[[int], None] = raise_for,
              seen: list[int] | None = None) -> Callable[[int, FrameType | None], None]:
    """A handler for SIGINT and SIGTERM that calls ``raise_(signum)`` where an exception
    comes through whole, and otherwise tries again a little later (a SIGALRM). ``seen``
    collects the signals received (an import may still turn one into another error)."""
    waiting: list[int] = []

    def handler(signum: int, frame: FrameType | None) -> None:
        if signum == getattr(signal, "SIGALRM", None):
            if not waiting:
                return  # an alarm that is not ours
            signum = waiting.pop()
        elif seen is not None:
            seen.append(signum)
        if _unsafe(frame) and hasattr(signal, "setitimer"):
            waiting.append(signum)
            signal.signal(signal.SIGALRM, handler)
            signal.setitimer(signal.ITIMER_REAL, RETRY)
            return
        raise_(signum)

    return handler


@contextmanager
def handling(act: Callable[[int], None]) -> Iterator[None]:
    """Within the block, Ctrl-C and a kill call ``act(signum)`` (through :func:`deferring`);
    the handlers before it are back after it. Outside the main thread, where no handler
    can be set, nothing changes; nor for a signal the process was started ignoring (a
    background job of a script, ``nohup``): it stays ignored, as it was before the
    block (a study started in the background ran on through a Ctrl-C at first, then
    stopped on one once its handler was set)."""
    previous: dict[signal.Signals, Any] = {}
    try:
        for sig in (signal.SIGINT, signal.SIGTERM):
            if signal.getsignal(sig) is not signal.SIG_IGN:
                previous[sig] = signal.signal(sig, deferring(act))
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _unsafe(frame: FrameType | None) -> bool:
    """Whether ``frame`` runs inside an import (Python's import machinery below it) or a
    finalizer (a ``__del__``, a weak reference's callback: ``weakref.py``'s, as a
    ``WeakValueDictionary`` or ``weakref.finalize`` runs them), where a raised exception
    would be turned into another or dropped."""
    while frame is not None:
        code = frame.f_code
        if (code.co_filename.startswith("<frozen importlib") or code.co_name == "__del__"
                or code.co_filename.endswith(_WEAKREF_FILES)):
            return True
        frame = frame.f_back
    return False


#: the standard library's modules whose functions run as weak references' callbacks
_WEAKREF_FILES = ("weakref.py", "_weakrefset.py")
