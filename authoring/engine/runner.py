"""Where a study's games run: here, in a pool of processes, or on a Dask cluster.

A :class:`StudyRunner` plays a study (:func:`~authoring.engine.simulate.run_study`) on
its executor and sums it up (:func:`~authoring.engine.simulate.summarise`): the same
figures whatever runs them. Stopped early (:meth:`StudyRunner.interrupt`, or a cluster
lost), it sums up the games finished so far as a partial study and says why in
:attr:`StudyRunner.stopped`. Dask (``pip install -e '.[distributed]'``) is imported only
by a runner given a scheduler.

>>> with StudyRunner() as runner:
...     runner.jobs, runner.scheduler, runner.executor() is None
(1, None, True)
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import socket
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import replace
from multiprocessing import forkserver
from multiprocessing.synchronize import Event as EventType
from types import TracebackType
from typing import Protocol
from urllib.parse import urlsplit

from authoring.engine.simulate import (
    Study,
    StudyInterrupted,
    run_study,
    stop_chunks_with,
    summarise,
)
from authoring.model.balance import GameRecord, StudySummary
from authoring.model.game import GameModel


class StudyFailed(Exception):
    """The Dask cluster refused, died or answered garbage before the study could start
    or keep what it had (the message says which scheduler and why)."""


class _Closable(Protocol):
    def close(self) -> object: ...


class _DaskClient(_Closable, Protocol):
    def get_executor(self) -> Executor: ...


class StudyRunner:
    """Where the games run: here (``jobs`` 1), a pool of ``jobs`` processes, or a Dask
    cluster (``scheduler``: ``local``, one started here with ``jobs`` workers, or an
    address ``tcp://HOST:PORT``). Close it when done (or use it as a context manager):
    a cluster it started stops with it."""

    def __init__(self, jobs: int = 1, scheduler: str | None = None) -> None:
        self.jobs, self.scheduler = jobs, scheduler
        #: a kill (SIGTERM) stopped a study, not a Ctrl-C
        self.terminated = False
        #: the Dask scheduler went away mid-study
        self.lost = False
        #: a stop was asked: the study stops after the games in play (on a Dask cluster, at
        #: the next finished chunk)
        self.stop_asked = False
        #: why the last study stopped before its end (None: it did not)
        self.stopped: str | None = None
        self._client: _DaskClient | None = None
        #: set by a stop: the pool's workers end their chunks after the game in play
        self._pool_stop: EventType | None = None
        self._cluster: _Closable | None = None

    def interrupt(self, terminated: bool = False) -> None:
        """Ctrl-C, or a kill (``terminated``), while games run. Here, at the end of the
        game being played (:func:`~authoring.engine.simulate.run_study`'s ``stop``: raised
        inside the compiled engine, the interrupt could abort the process). In a pool, when
        each worker has ended the game it plays: no new chunk is given out, and the chunks
        in play end there and send back their games. On a Dask cluster at the next
        finished chunk, since raised at once it can land in one of Dask's callbacks, which
        swallows it and the study runs on. A second call stops at once: in a pool or on a
        cluster by KeyboardInterrupt (the games in play lost), here by the signal's own
        default action (the process ends, exit 130 or 143, nothing written)."""
        if terminated:
            self.terminated = True
        here = self.scheduler is None and self.jobs == 1
        if here and self.stop_asked:
            sig = signal.SIGTERM if terminated else signal.SIGINT
            signal.signal(sig, signal.SIG_DFL)
            os.kill(os.getpid(), sig)
            return
        if self.stop_asked:
            raise KeyboardInterrupt
        self.stop_asked = True
        if self._pool_stop is not None:
            self._pool_stop.set()

    def executor(self) -> Executor | None:
        """The Dask cluster's executor, connected on first use (None: no scheduler)."""
        if self.scheduler is None:
            return None
        if self._client is None:
            import logging

            from distributed import Client

            # Dask logs a lost scheduler as tracebacks; the study says it in one line
            for name in ["distributed", *logging.root.manager.loggerDict]:
                if name.startswith(("distributed", "tornado")):
                    logging.getLogger(name).setLevel(logging.CRITICAL)
            if self.scheduler == "local":
                self._cluster = cluster = _local_cluster(self.jobs)
                self._client = Client(cluster)  # type: ignore[no-untyped-call]
            else:
                _reachable(self.scheduler)
                self._client = Client(  # type: ignore[no-untyped-call]
                    self.scheduler, timeout=CONNECT_SECONDS)
        return self._client.get_executor()

    def run(self, model: GameModel, study: Study,
            progress: Callable[[int], None] | None = None) -> StudySummary:
        """Every game of ``study`` on this runner's executor, summed up; ``progress`` is
        called with the number of games just finished. Stopped early, the games finished
        so far, as a partial study (:attr:`stopped` says why). :class:`StudyFailed`: the
        Dask cluster failed and nothing could be kept."""
        done: dict[str, list[GameRecord]] = {}
        partial = False
        self.stop_asked = False
        self.stopped = None
        self._pool_stop = None

        def tick(n: int) -> None:
            if progress is not None:
                progress(n)
            if self.stop_asked:  # raised here, in the study's own loop
                raise KeyboardInterrupt

        try:
            ex = self.executor()
            if ex is not None:
                done = run_study(model, study, ex, tick)
            elif self.jobs == 1:
                done = run_study(model, study, None, progress,
                                 stop=lambda: self.stop_asked)
            else:
                self._pool_stop = multiprocessing.Event()
                pool = ProcessPoolExecutor(self.jobs, initializer=_quiet_worker,
                                           initargs=(self._pool_stop,))
                try:
                    done = run_study(model, study, pool, progress,
                                     stop=lambda: self.stop_asked)
                except BaseException:
                    _kill_pool(pool)
                    raise
                pool.shutdown()
        except StudyInterrupted as stop:
            done, partial = stop.results, True
            self.stopped = "terminated" if self.terminated else "interrupted"
            if stop.cause is not None:
                self.lost = True
                self.stopped = f"the Dask scheduler {self.scheduler} failed ({_why(stop.cause)})"
        except Exception as e:  # a Dask cluster refused, died or answered garbage
            if self.scheduler is None:
                raise
            if self._client is None and isinstance(e, _Unreachable):
                raise StudyFailed(f"no Dask scheduler at {self.scheduler}: {e}; "
                                  f"{_START_ONE}") from e
            if self._client is None and isinstance(e, OSError):
                raise StudyFailed(f"no Dask scheduler answered at {self.scheduler} within "
                                  f"{CONNECT_SECONDS} s; {_START_ONE}") from e
            raise StudyFailed(f"the Dask scheduler {self.scheduler} failed ({_why(e)})") from e
        if partial and all(len(done.get(c.key, ())) == study.games for c in study.cells):
            partial, self.stopped = False, None  # the stop came after the last game
        summary = summarise(model, study, done, partial=partial)
        return replace(summary, why_stopped=self.stopped) if partial else summary

    def close(self) -> None:
        """Disconnect from the Dask cluster, and stop the one started here."""
        with contextlib.suppress(Exception):
            if self._client is not None:
                self._client.close()
        with contextlib.suppress(Exception):
            if self._cluster is not None:
                self._cluster.close()
        self._client = self._cluster = None

    def __enter__(self) -> StudyRunner:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


def _local_cluster(workers: int) -> _Closable:
    """A Dask cluster here whose worker processes leave Ctrl-C to the study (which stops
    them, keeping what finished): they are forked from a fork server started with SIGINT
    ignored, which its children inherit, while this process keeps its own handler (a
    Ctrl-C during the cluster's start is not lost); they log nothing short of critical
    (a stopped study cancels tasks and closes the scheduler under them: the study says
    what happened in one line)."""
    import dask
    from distributed import LocalCluster

    os.environ.setdefault("DASK_LOGGING", repr({"distributed": "critical", "tornado": "critical",
                                                "tornado.application": "critical"}))
    multiprocessing.set_forkserver_preload(["distributed", "authoring.engine.simulate"])
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        forkserver.ensure_running()
    finally:
        signal.signal(signal.SIGINT, previous)
    with dask.config.set({"distributed.worker.multiprocessing-method": "forkserver"}):
        return LocalCluster(n_workers=workers, threads_per_worker=1,  # type: ignore[no-untyped-call]
                            processes=True, dashboard_address=None)


#: seconds to wait for a remote Dask scheduler to answer (Dask's own default: 30)
CONNECT_SECONDS = 10
#: what to do when no scheduler answers
_START_ONE = ("start one there (dask scheduler, then dask worker on each machine) or use "
              "--scheduler local")


class _Unreachable(OSError):
    """Nothing listens at a scheduler's address, or its host has no address."""


def _reachable(address: str) -> None:
    """Whether anything answers at ``address`` (``tcp://HOST:PORT``), said at once: a
    refused port or an unknown host, which Dask's client reports only after its whole
    timeout (:data:`CONNECT_SECONDS`). :class:`_Unreachable` if not.

    >>> _reachable("tcp://127.0.0.1:1")
    Traceback (most recent call last):
    ...
    authoring.engine.runner._Unreachable: nothing listens on port 1 of 127.0.0.1 (the connection was refused)
    """
    parts = urlsplit(address)
    host, port = parts.hostname or "", parts.port or 0
    try:
        socket.create_connection((host, port), timeout=CONNECT_SECONDS).close()
    except socket.gaierror:
        raise _Unreachable(f"no machine is named {host} (a typo in the address?)") from None
    except ConnectionRefusedError:
        raise _Unreachable(f"nothing listens on port {port} of {host} (the connection was "
                           "refused)") from None
    except OSError:
        pass  # a timeout, no route: Dask's client tries for CONNECT_SECONDS and says so


def _why(e: BaseException) -> str:
    """An exception in one short line (Dask's can span lines).

    >>> _why(OSError("Timed out trying to connect\\n  to tcp://127.0.0.1:1"))
    'OSError: Timed out trying to connect to tcp://127.0.0.1:1'
    """
    text = " ".join(str(e).split())
    return (f"{type(e).__name__}: {text}" if text else type(e).__name__)[:200]


def _kill_pool(pool: ProcessPoolExecutor) -> None:
    """A stopped study's pool, ended now: its workers ignore Ctrl-C and a kill
    (:func:`_quiet_worker`), so a shutdown would wait for the chunks they play, and a
    second Ctrl-C during that wait left the process waiting at exit for idle workers,
    for ever (a probe). The chunks in play are lost; the finished ones are kept."""
    workers = list(getattr(pool, "_processes", {}).values())  # (no public way in 3.11)
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for w in workers:
        with contextlib.suppress(Exception):
            w.kill()
    for w in workers:
        with contextlib.suppress(Exception):
            w.join(5)
    if manager is not None:  # it sees its workers gone and ends; at exit, Python would
        manager.join(5)      # wake it through a pipe already closed (a traceback, 1 in 28)


def _quiet_worker(stop: EventType) -> None:
    """A worker process leaves Ctrl-C and a kill of the process group to the parent
    (which stops the study and keeps what finished): no traceback from each worker. (A
    forked worker inherits the study's SIGTERM handler: a group kill ran it in the
    workers, which printed a traceback each, or aborted inside the compiled engine.)
    The parent's stop is ``stop`` set: the chunk in play ends after its game in play,
    its games sent back."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    stop_chunks_with(stop.is_set)
