"""The ``resistance`` command's entry point (also ``python -m authoring``).

It imports nothing heavy before it can answer a Ctrl-C or a kill: the command line's
modules (click, then shapely, numpy, ReportLab … as a command needs them) take a few
tenths of a second to load, and a signal among them must end like one anywhere else, one
word and exit 130 (143 for a kill) — not a traceback, nor another error an import turns it
into (:mod:`authoring.signals`: raised where it comes through whole). Once the command has
written its output, a signal in the last milliseconds of the process (Python's own
clean-up) is ignored: there is nothing left to stop, and the exit status stays the
command's.
"""

from __future__ import annotations

import signal
import sys

from authoring.signals import EXIT_INTERRUPTED, EXIT_TERMINATED, Terminated, deferring


def main() -> object:
    """Run the command line; a Ctrl-C or a kill while it loads or runs exits 130 (143)
    with one word."""
    seen: list[int] = []
    handler = deferring(seen=seen)
    for sig in (signal.SIGINT, signal.SIGTERM):
        # left alone when ignored (nohup) or set by whoever runs us
        if signal.getsignal(sig) in (signal.default_int_handler, signal.SIG_DFL):
            signal.signal(sig, handler)
    try:
        from authoring.cli import main as run

        return run()
    except Terminated:
        sys.stderr.write("\nterminated\n")
        sys.exit(EXIT_TERMINATED)
    except SystemExit:
        raise
    except BaseException:
        if not seen:
            raise
        killed = seen[-1] == signal.SIGTERM
        sys.stderr.write("\nterminated\n" if killed else "\ninterrupted\n")
        sys.exit(EXIT_TERMINATED if killed else EXIT_INTERRUPTED)
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, signal.SIG_IGN)  # the output is whole: nothing left to stop


if __name__ == "__main__":
    main()
