"""The live preview's server under hostile use (issue 27, item 4), without a browser:
only ``localhost``/``127.0.0.1`` at its port is answered (a DNS-rebinding page under
another name is refused), an idle or trickling connection is closed, a tab closed during
a long poll ends quietly (no traceback), a file replaced by a symbolic link reloads the
page, and the ``Server`` header names no Python version."""

from __future__ import annotations

import shutil
import socket
import struct
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from authoring.preview import serve
from authoring.preview.serve import LivePage, start_server

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[int, LivePage]]:
    monkeypatch.setattr(serve, "IDLE_SECONDS", 0.5)
    for folder in ("scenarios", "cards"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    live = LivePage(tmp_path / "scenarios" / "scenario-1.yaml")
    srv = start_server(live, 0)
    t = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    t.start()
    try:
        yield srv.server_address[1], live
    finally:
        srv.shutdown()
        srv.server_close()


def _get(port: int, path: str, host: str | None) -> tuple[str, dict[str, str], bytes]:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        head = f"GET {path} HTTP/1.1\r\n" + (f"Host: {host}\r\n" if host is not None else "")
        s.sendall((head + "Connection: close\r\n\r\n").encode())
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    top, _, body = data.partition(b"\r\n\r\n")
    lines = top.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return lines[0], headers, body


def test_only_this_machines_names_are_answered(server: tuple[int, LivePage]) -> None:
    port, _ = server
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", "localhost", f"LOCALHOST:{port}"):
        status, headers, body = _get(port, "/", host)
        assert status.endswith(" 200 OK"), host
        assert b"<svg" in body
    for host in ("evil.example", f"evil.example:{port}", f"127.0.0.1:{port + 1}",
                 f"localhost.evil.example:{port}", "", None):
        status, _, body = _get(port, "/", host)
        assert status.endswith(" 421 Misdirected Request"), host
        assert body == (b"this preview answers only http://127.0.0.1 and http://localhost on "
                        b"this machine\n")
    status, _, _ = _get(port, "/wait?v=0", "rebinding.example")
    assert status.endswith("421 Misdirected Request")


def test_the_server_header_names_no_python(server: tuple[int, LivePage]) -> None:
    port, _ = server
    _, headers, _ = _get(port, "/", f"127.0.0.1:{port}")
    assert headers["Server"] == "resistance-preview"


def test_an_idle_or_trickling_connection_is_closed(server: tuple[int, LivePage]) -> None:
    port, _ = server
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # headers never finished
        assert s.recv(1024) == b""  # closed by the server, long before our 10 s
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        assert s.recv(1024) == b""  # nothing sent at all


def test_a_tab_closed_during_a_long_poll_ends_quietly(
        server: tuple[int, LivePage], capfd: pytest.CaptureFixture[str]) -> None:
    port, live = server
    before = threading.active_count()
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.sendall(f"GET /wait?v={live.version} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    time.sleep(0.2)  # the server is now waiting for a change
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    s.close()  # a reset, as a closed tab's connection
    live.rebuild()  # the answer goes to nobody
    for _ in range(100):
        if threading.active_count() <= before:
            break
        time.sleep(0.05)
    assert "Traceback" not in capfd.readouterr().err


def test_a_file_replaced_by_a_symlink_reloads(tmp_path: Path) -> None:
    from authoring.preview.serve import watch

    for folder in ("scenarios", "cards"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    live = LivePage(tmp_path / "scenarios" / "scenario-1.yaml")
    board = tmp_path / "scenarios" / "boards" / "island.yaml"
    assert board.is_file(), "the shipped scenario's board moved: update this test"
    first = live.version
    stop = threading.Event()
    t = threading.Thread(target=watch, args=(live, stop), daemon=True)
    t.start()
    try:
        time.sleep(1.0)  # the watcher is watching
        renamed = board.with_name("island-v2.yaml")
        renamed.write_text(board.read_text("utf-8").replace("Grève-Blanche", "Grève-Noire"),
                           "utf-8")
        board.unlink()
        board.symlink_to(renamed)
        assert live.wait(first, timeout=15) > first
        assert "Grève-Noire" in live.html
    finally:
        stop.set()
        t.join(5)
