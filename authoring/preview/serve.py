"""``resistance preview --serve``: the preview, live while the designer edits.

A small HTTP server on 127.0.0.1 serves exactly two things: the page (``/``) and a
long poll (``/wait?v=N``) that answers as soon as the page's version passes N.
``watchfiles`` watches the folders of every file the preview read; a save rebuilds
the page (a broken file shows its diagnostics instead of a stale picture) and the
waiting page reloads. Nothing else is served: any other path is 404, so no
directory listing and no file outside the preview.

Only this machine's browser reads it: a request whose ``Host`` is not
``localhost`` or ``127.0.0.1`` (with this server's port) is refused, so a page
served under another name that resolves here (DNS rebinding) cannot read the live
board. A connection idle for :data:`IDLE_SECONDS` is closed; a tab closed during a
long poll ends its connection quietly; the ``Server`` header names no Python version.
"""

from __future__ import annotations

import errno
import json
import threading
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from authoring.preview.load import load_for_preview
from authoring.preview.page import render

HOST = "127.0.0.1"
#: how long a /wait answers "no change" at the latest (the page asks again)
WAIT_SECONDS = 25.0
#: a connection that sends nothing for this long is closed (a request's headers
#: trickled byte by byte included); the long poll's own wait is not reading
IDLE_SECONDS = 15.0
#: the names this machine's browser reaches the server by
LOCAL_NAMES = ("localhost", "127.0.0.1")
#: a peer gone (a tab closed mid-answer): nothing to report
GONE = (BrokenPipeError, ConnectionResetError, ConnectionAbortedError, TimeoutError)


class PortInUse(Exception):
    """The port is taken: another server (or another preview) listens there."""


class LivePage:
    """The current page and its version; rebuilt by :meth:`rebuild`, awaited by
    :meth:`wait`."""

    def __init__(self, path: Path):
        self.path = path
        self.version = 0
        self.html = ""
        self.files: tuple[Path, ...] = ()
        self._changed = threading.Condition()
        self.rebuild()

    def rebuild(self) -> None:
        shown = load_for_preview(self.path)
        with self._changed:
            self.version += 1
            self.html = render(shown, live=self.version)
            self.files = tuple({*shown.files, self.path.resolve()})
            self._changed.notify_all()

    def wait(self, seen: int, timeout: float = WAIT_SECONDS) -> int:
        with self._changed:
            self._changed.wait_for(lambda: self.version != seen, timeout)
            return self.version


def _handler(live: LivePage) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = "resistance-preview"
        timeout = IDLE_SECONDS  # applied to the socket by StreamRequestHandler.setup

        def version_string(self) -> str:
            return self.server_version  # not "… Python/3.x": nothing to fingerprint

        def handle(self) -> None:
            try:
                super().handle()
            except GONE:
                self.close_connection = True

        def _local(self) -> bool:
            """The request names this server as this machine's browser does."""
            host = (self.headers.get("Host") or "").strip().lower()
            port = getattr(self.server, "server_port", None)
            return host in {f"{name}:{port}" for name in LOCAL_NAMES} | set(LOCAL_NAMES)

        def do_GET(self) -> None:  # noqa: N802 - the http.server protocol
            url = urlsplit(self.path)
            if not self._local():
                self._send(HTTPStatus.MISDIRECTED_REQUEST, "text/plain; charset=utf-8",
                           b"this preview answers only http://127.0.0.1 and "
                           b"http://localhost on this machine\n")
            elif url.path in ("/", "/index.html"):
                self._send(HTTPStatus.OK, "text/html; charset=utf-8", live.html.encode())
            elif url.path == "/wait":
                try:
                    seen = int(parse_qs(url.query).get("v", ["0"])[0])
                except ValueError:
                    seen = 0
                version = live.wait(seen)
                self._send(HTTPStatus.OK, "application/json",
                           json.dumps({"version": version}).encode())
            else:
                self._send(HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8", b"not found\n")

        def _send(self, status: HTTPStatus, ctype: str, body: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            try:
                self.wfile.write(body)
            except GONE:  # the tab was closed while it waited
                self.close_connection = True

        def log_message(self, format: str, *args: object) -> None:  # quiet
            pass

    return Handler


class _Server(ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        """A peer that went away is no error worth a traceback; anything else is."""
        import sys

        if isinstance(sys.exc_info()[1], GONE):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def start_server(live: LivePage, port: int) -> ThreadingHTTPServer:
    """Bind 127.0.0.1:``port`` (0: any free port); :class:`PortInUse` when taken."""
    try:
        server = _Server((HOST, port), _handler(live))
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise PortInUse(f"port {port} is in use on {HOST}: stop what listens there, or "
                            "choose another with --port P (--port 0 picks a free one)") from None
        raise
    server.daemon_threads = True
    return server


def watch(live: LivePage, stop: threading.Event) -> None:
    """Rebuild the page whenever a file it read is saved (editors that write a new file
    and rename it are seen too: the folders are watched)."""
    from watchfiles import watch as watch_changes

    while not stop.is_set():
        folders = sorted({str(f.parent) for f in live.files if f.parent.is_dir()})
        names = {str(f) for f in live.files}
        if not folders:
            stop.wait(0.5)
            continue
        try:
            for changes in watch_changes(*folders, debounce=300, step=50, stop_event=stop,
                                         rust_timeout=500, yield_on_timeout=False):
                # the path itself or where it leads now: a file replaced by a symbolic
                # link is a change of the file read (its new target is watched next)
                if any(p in names or str(Path(p).resolve()) in names for _, p in changes):
                    live.rebuild()
                    break  # the files read may have changed (a new board:): watch them anew
        except (OSError, RuntimeError):  # a watched folder went away: look again shortly
            stop.wait(0.5)


def serve_preview(path: Path, port: int, on_ready: Callable[[str], None]) -> None:
    """Serve the live preview of ``path`` until interrupted."""
    live = LivePage(path)
    server = start_server(live, port)
    stop = threading.Event()
    watcher = threading.Thread(target=watch, args=(live, stop), daemon=True)
    watcher.start()
    on_ready(f"http://{HOST}:{server.server_address[1]}/")
    try:
        server.serve_forever(poll_interval=0.2)
    finally:
        stop.set()
        server.server_close()
