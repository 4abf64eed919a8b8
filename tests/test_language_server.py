"""The schemas in the real YAML language server (issue 15): a game made by ``resistance
init`` is opened as an editor opens it, relying only on the ``# yaml-language-server:
$schema=`` line its files carry; three mistakes give three diagnostics, completion
offers the keys a designer types (never a class name) and hover explains a key.

Needs ``yaml-language-server`` (``npm install -g yaml-language-server``): ``.ci/run``
installs it and a CI run without it fails; elsewhere the tests are skipped."""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import subprocess
import threading
import time
from pathlib import Path
from typing import IO, Any

import pytest
from click.testing import CliRunner

from authoring.cli import cli

from .test_schema_for_people import class_names

SERVER = shutil.which("yaml-language-server")
INSTALL = "npm install -g yaml-language-server"
pytestmark = pytest.mark.skipif(  # CI installs it: missing there is a failure
    SERVER is None and not os.environ.get("CI"),
    reason=f"yaml-language-server is not installed: {INSTALL}")

SETTINGS = {"yaml": {"validate": True, "hover": True, "completion": True, "schemas": {}}}
TIMEOUT = 20.0  # seconds for any one answer; the whole test takes about 2


class LanguageServer:
    """A small LSP client over stdio: Content-Length framing, JSON-RPC requests and
    notifications; the server's own requests are answered (configuration: SETTINGS)."""

    def __init__(self, command: list[str], root: Path) -> None:
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.inbox: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.notes: list[dict[str, Any]] = []
        self.next_id = 0
        assert self.proc.stdout is not None
        threading.Thread(target=self._read, args=(self.proc.stdout,), daemon=True).start()
        self.request("initialize", {
            "processId": os.getpid(), "rootUri": root.as_uri(),
            "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}],
            "capabilities": {
                "workspace": {"configuration": True, "workspaceFolders": True,
                              "didChangeConfiguration": {"dynamicRegistration": True}},
                "textDocument": {
                    "synchronization": {"dynamicRegistration": True},
                    "completion": {"completionItem": {"snippetSupport": False,
                                                      "documentationFormat": ["markdown"]}},
                    "hover": {"contentFormat": ["markdown", "plaintext"]},
                    "publishDiagnostics": {"relatedInformation": True}}}})
        self.notify("initialized", {})
        self.notify("workspace/didChangeConfiguration", {"settings": SETTINGS})

    def _read(self, stream: IO[bytes]) -> None:
        try:
            while True:
                length = None
                while (line := stream.readline()) not in (b"\r\n", b"\n"):
                    if not line:
                        return
                    name, _, value = line.decode("ascii").partition(":")
                    if name.strip().lower() == "content-length":
                        length = int(value)
                assert length is not None
                self.inbox.put(json.loads(stream.read(length)))
        finally:
            self.inbox.put(None)  # the server has gone

    def _send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def notify(self, method: str, params: Any) -> None:
        self._send({"method": method, "params": params})

    def _receive(self, deadline: float) -> dict[str, Any]:
        """The next message from the server that is not a request of its own."""
        while True:
            try:
                msg = self.inbox.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise TimeoutError("the language server did not answer in time") from None
            if msg is None:
                raise RuntimeError(f"the language server stopped ({self.proc.poll()})")
            if "method" in msg and "id" in msg:  # the server asks
                result: Any = None
                if msg["method"] == "workspace/configuration":
                    result = [SETTINGS.get(item.get("section", "")) for item in
                              msg["params"]["items"]]
                self._send({"id": msg["id"], "result": result})
                continue
            return msg

    def request(self, method: str, params: Any) -> Any:
        self.next_id += 1
        self._send({"id": self.next_id, "method": method, "params": params})
        deadline = time.monotonic() + TIMEOUT
        while True:
            msg = self._receive(deadline)
            if msg.get("id") == self.next_id:
                assert "error" not in msg, msg["error"]
                return msg.get("result")
            self.notes.append(msg)

    def diagnostics(self, uri: str) -> list[dict[str, Any]]:
        """The first non-empty diagnostics published for ``uri``."""
        deadline = time.monotonic() + TIMEOUT
        while True:
            for note in self.notes:
                p = note.get("params") or {}
                if (note.get("method") == "textDocument/publishDiagnostics"
                        and p.get("uri") == uri and p.get("diagnostics")):
                    return list(p["diagnostics"])
            self.notes.append(self._receive(deadline))

    def open(self, path: Path, text: str) -> str:
        uri = path.as_uri()
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "yaml", "version": 1, "text": text}})
        return uri

    def close(self) -> None:
        try:
            self.request("shutdown", None)
            self.notify("exit", None)
            self.proc.wait(timeout=2)
        except Exception:
            pass
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("lsp") / "g"
    r = CliRunner().invoke(cli, ["init", str(folder), "--zones", "12", "--regions", "3"],
                           catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return folder


@pytest.fixture(scope="module")
def server(game: Path):
    if SERVER is None:
        pytest.fail(f"yaml-language-server is missing in CI (.ci/run runs {INSTALL})")
    ls = LanguageServer([SERVER, "--stdio"], game)
    try:
        yield ls
    finally:
        ls.close()


def line_of(text: str, words: str) -> int:
    return next(i for i, line in enumerate(text.splitlines()) if words in line)


def labels(result: Any) -> set[str]:
    items = result["items"] if isinstance(result, dict) else result or []
    return {str(item["label"]) for item in items}


def at(uri: str, line: int, character: int) -> dict[str, Any]:
    return {"textDocument": {"uri": uri}, "position": {"line": line,
                                                       "character": character}}


def first_zone_in_blocks(board: str, first: str) -> str:
    """The board with its first zone written as a block mapping: ``first`` the lines
    after ``- region: …``, indented by four."""
    lines = board.splitlines()
    i = line_of(board, "  - {region: ")
    region = re.match(r"  - \{region: ([^,]+),", lines[i])
    assert region is not None
    block = [f"  - region: {region[1]}", *("    " + s for s in first.splitlines())]
    return "\n".join(lines[:i] + block + lines[i + 1:]) + "\n"


def test_three_mistakes_three_diagnostics(game: Path, server: LanguageServer) -> None:
    path = game / "scenarios" / "boards" / "island.yaml"
    text = first_zone_in_blocks(path.read_text("utf-8"), (
        "number: one\n"            # a wrong type
        "city: Grève\n"
        "size: metropolis\n"       # a value out of the list
        "at: [300, 200]\n"
        "tag: [port]\n"))          # a misspelt key (tags)
    assert text.startswith("# yaml-language-server: $schema=../../schemas/board.schema.json")
    path.write_text(text, "utf-8")
    found = sorted((d["range"]["start"]["line"], d["message"])
                   for d in server.diagnostics(server.open(path, text)))
    assert len(found) == 3, found
    (l1, number), (l2, size), (l3, tag) = found
    assert (l1, l2, l3) == (line_of(text, "number: one"), line_of(text, "metropolis"),
                            line_of(text, "tag: [port]"))
    assert "Incorrect type" in number and "integer" in number
    assert "capital" in size and "village" in size
    assert "tag" in tag and "not allowed" in tag


def test_completion_in_a_zone_offers_its_keys(game: Path, server: LanguageServer) -> None:
    path = game / "scenarios" / "boards" / "draft.yaml"
    board = (game / "scenarios" / "boards" / "island.yaml").read_text("utf-8")
    text = first_zone_in_blocks(board, "number: 1\n\n")
    path.write_text(text, "utf-8")
    line = line_of(text, "    number: 1") + 1
    got = labels(server.request("textDocument/completion", at(server.open(path, text),
                                                              line, 4)))
    assert {"city", "size", "at", "tags", "polygon", "max_occupation"} <= got, got
    assert not class_names() & {w for g in got for w in re.findall(r"\w+", g)}, got
    assert not [g for g in got if re.search(r"[a-z][A-Z]", g)], got  # no CamelCase


def test_hover_on_region_order_explains_it(game: Path, server: LanguageServer) -> None:
    text = (game / "scenarios" / "boards" / "island.yaml").read_text("utf-8")
    path = game / "scenarios" / "boards" / "hover.yaml"
    path.write_text(text, "utf-8")
    result = server.request("textDocument/hover", at(server.open(path, text),
                                                     line_of(text, "region_order:"), 3))
    contents = result["contents"]
    shown = contents["value"] if isinstance(contents, dict) else str(contents)
    assert "Tie-break between equal zone numbers" in shown, shown


def test_completion_under_where_offers_the_predicates(game: Path,
                                                      server: LanguageServer) -> None:
    path = game / "cards" / "draft.yaml"
    deck = (game / "cards" / "clues.yaml").read_text("utf-8")
    text = deck.replace("cards:\n", "cards:\n  - id: new\n    title: Nouvelle\n    where:\n"
                        "      \n", 1)
    path.write_text(text, "utf-8")
    line = line_of(text, "title: Nouvelle") + 2
    got = labels(server.request("textDocument/completion", at(server.open(path, text),
                                                              line, 6)))
    assert {"region", "near", "within", "size", "coastal", "all", "any", "not"} <= got, got
    assert not class_names() & {w for g in got for w in re.findall(r"\w+", g)}, got


def test_a_misspelt_predicate_is_one_diagnostic(game: Path, server: LanguageServer) -> None:
    """Not one "Missing property" per predicate it might have meant."""
    path = game / "cards" / "typo.yaml"
    deck = (game / "cards" / "clues.yaml").read_text("utf-8")
    text = deck.replace("cards:\n", "cards:\n  - id: new\n    title: Nouvelle\n"
                        "    where: {nearr: {feature: lake, mm: 20}}\n", 1)
    path.write_text(text, "utf-8")
    found = [(d["range"]["start"]["line"], d["message"])
             for d in server.diagnostics(server.open(path, text))]
    assert found == [(line_of(text, "nearr"), "Property nearr is not allowed.")], found
