"""The ``resistance`` command's entry point (also ``python -m authoring``).

It imports nothing heavy before it can answer a Ctrl-C: the command line's modules (click,
then shapely, numpy, ReportLab … as a command needs them) take a few tenths of a second
to load, and a Ctrl-C among them must end like a Ctrl-C anywhere else, one word and exit
130 — not a traceback, nor the ``ImportError`` numpy turns an interrupted import into. So
a Ctrl-C that comes while a module is being imported waits for the import to end (checked
every 20 ms) before it interrupts.
"""

from __future__ import annotations

import signal
import sys
from types import FrameType

#: exit status of a Ctrl-C (128 + SIGINT), as ``authoring.cli.common.EXIT_INTERRUPTED``
_INTERRUPTED = 130


def main() -> object:
    """Run the command line; a Ctrl-C while it loads or runs exits 130 with one word."""
    seen: list[int] = []

    def interrupt(signum: int, frame: FrameType | None) -> None:
        if signum == signal.SIGINT:
            seen.append(signum)  # an import may turn the KeyboardInterrupt into another error
        elif not seen:  # an alarm that is not ours
            return
        if _importing(frame) and hasattr(signal, "setitimer"):
            signal.signal(signal.SIGALRM, interrupt)
            signal.setitimer(signal.ITIMER_REAL, 0.02)  # again once the import is done
            return
        raise KeyboardInterrupt

    previous = signal.getsignal(signal.SIGINT)
    if previous is signal.default_int_handler:  # left alone when SIGINT is ignored (nohup)
        signal.signal(signal.SIGINT, interrupt)
    try:
        from authoring.cli import main as run

        return run()
    except SystemExit:
        raise
    except BaseException:
        if not seen:
            raise
        sys.stderr.write("\ninterrupted\n")
        sys.exit(_INTERRUPTED)


def _importing(frame: FrameType | None) -> bool:
    """Whether ``frame`` runs inside an import (Python's import machinery below it)."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


if __name__ == "__main__":
    main()
