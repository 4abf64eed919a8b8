"""The preview page without a browser: self-contained, one shape per zone, broken input
still previews, exit statuses, and the server's refusals (R6.1 facts come from the solver)."""

from __future__ import annotations

import http.client
import json
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from authoring.cli import cli
from authoring.model.workspace import Workspace
from authoring.preview import load_for_preview, render
from authoring.preview.serve import LivePage, PortInUse, start_server

SCENARIO = Path("scenarios/scenario-1.yaml")


def _data(html: str) -> dict:
    m = re.search(r'<script type="application/json" id="data">(.*?)</script>', html, re.S)
    assert m
    return json.loads(m.group(1).replace("<\\/", "</"))


def test_the_shipped_scenario_page_is_self_contained_with_a_shape_per_zone() -> None:
    shown = load_for_preview(SCENARIO)
    html = render(shown)
    assert shown.board is not None and shown.deck is not None
    assert html.count('class="zone"') == len(shown.board.zones) == 60
    assert not re.search(r'(src|href)="(https?:)?//', html)  # no network, no CDN
    assert re.findall(r"<link[^>]*>", html) == ['<link rel="icon" href="data:,">']
    assert "@import" not in html and "url(" not in html
    data = _data(html)
    assert len(data["cards"]) == len(shown.deck.cards)
    ne7 = next(p for p in data["places"] if p["id"] == "N-E 7")
    witness = shown.deck.result.place("N-E 7").witness
    assert [data["cards"][i]["id"] for i in ne7["witness"]] == list(witness)
    assert ne7["min"] == len(witness)
    assert next(p for p in data["places"] if p["id"] == "N-E 1")["start"] is True


def test_the_command_writes_the_page_and_prints_the_warnings(tmp_path: Path) -> None:
    out = tmp_path / "p.html"
    r = CliRunner().invoke(cli, ["preview", str(SCENARIO), "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert f"wrote {out}" in r.output
    assert "[pieces-officers]" in r.output  # the shipped warning (D0.1), also on the page
    assert "[pieces-officers]" in out.read_text(encoding="utf-8")


def test_a_board_and_a_deck_preview_alone() -> None:
    board = load_for_preview("scenarios/boards/island.yaml")
    assert board.board is not None and board.deck is None
    assert render(board).count('class="zone"') == 60
    deck = load_for_preview("cards/clues.yaml")
    assert deck.deck is not None and deck.scenario is None


def _broken_copy(tmp_path: Path) -> Path:
    for folder in ("scenarios", "cards"):
        shutil.copytree(folder, tmp_path / folder)
    board = tmp_path / "scenarios/boards/island.yaml"
    text = board.read_text(encoding="utf-8")
    text = text.replace("size: village, at: [102, 390]", "size: vilage, at: [102, 390]", 1)
    board.write_text(text, encoding="utf-8")
    return tmp_path / "scenarios/scenario-1.yaml"


def test_a_broken_board_previews_what_loads_with_its_diagnostics(tmp_path: Path) -> None:
    scenario = _broken_copy(tmp_path)
    out = tmp_path / "p.html"
    r = CliRunner().invoke(cli, ["preview", str(scenario), "-o", str(out)])
    assert r.exit_code == 1
    assert "did you mean 'village'?" in r.output and "[value-choice]" in r.output
    html = out.read_text(encoding="utf-8")
    assert 'id="diagnostics" class="errors"' in html
    assert "island.yaml:30:53" in html and "[value-choice]" in html
    assert html.count('class="zone"') == 59  # N-O 1 dropped; the other 59 still shown
    data = _data(html)
    assert len(data["cards"]) == 38  # every card's holes on what loaded, and the solver's
    assert all("isolatable" in p for p in data["places"])


def test_nothing_to_preview_is_a_page_of_diagnostics_and_exit_1(tmp_path: Path) -> None:
    out = tmp_path / "p.html"
    r = CliRunner().invoke(cli, ["preview", str(tmp_path / "nope.yaml"), "-o", str(out)])
    assert r.exit_code == 1
    assert "Traceback" not in r.output
    assert "Nothing of the island could be loaded" in out.read_text(encoding="utf-8")


def test_json_says_what_was_written(tmp_path: Path) -> None:
    out = tmp_path / "p.html"
    r = CliRunner().invoke(cli, ["preview", str(SCENARIO), "-o", str(out), "--json"])
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert (data["places"], data["cards"], data["partial"]) == (60, 38, False)
    assert [d["code"] for d in data["diagnostics"]] == ["pieces-officers"]


def test_a_command_line_mistake_is_exit_2() -> None:
    r = CliRunner().invoke(cli, ["preview", "--port", "x"])
    assert r.exit_code == 2


def test_the_files_read_are_the_ones_watched() -> None:
    ws = Workspace()
    ws.load(SCENARIO)
    names = {p.name for p in ws.files}
    assert {"scenario-1.yaml", "island.yaml", "clues.yaml"} <= names
    assert set(load_for_preview(SCENARIO).files) == set(ws.files)


# -- the server ---------------------------------------------------------------------------
def _get(port: int, path: str) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    conn.request("GET", path)  # sent as written: no client-side normalisation of '..'
    resp = conn.getresponse()
    body = resp.read()
    conn.close()
    return resp.status, body


def test_the_server_serves_only_the_preview_on_localhost() -> None:
    import threading

    live = LivePage(SCENARIO)
    server = start_server(live, 0)
    assert server.server_address[0] == "127.0.0.1"
    port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    try:
        status, body = _get(port, "/")
        assert status == 200 and b'data-live="1"' in body
        for path in ("/../../etc/passwd", "/scenarios/", "/scenarios/scenario-1.yaml",
                     "/%2e%2e/%2e%2e/etc/passwd", "/authoring/preview/page.js"):
            assert _get(port, path)[0] == 404, path
        live.rebuild()
        status, body = _get(port, "/wait?v=1")
        assert status == 200 and json.loads(body) == {"version": 2}
    finally:
        server.shutdown()
        server.server_close()


def test_a_port_in_use_is_one_clear_line_and_exit_1() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(PortInUse):
            start_server(LivePage(SCENARIO), port)
        r = subprocess.run([sys.executable, "-m", "authoring", "preview", "--serve", "--port",
                            str(port)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 1
    assert r.stderr.strip().splitlines() == [
        f"resistance: port {port} is in use on 127.0.0.1: stop what listens there, or choose "
        "another with --port P (--port 0 picks a free one)"]
