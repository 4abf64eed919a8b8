"""``resistance rules [ID|WORD…]``: the numbered rules of docs/rules.md, shipped with the
package, printed by id or searched by word.

The document is read from the source checkout, else from where pip installed the
package's data (``share/resistance-authoring/docs/rules.md``, like the default game).
An entry is a ``### <id> <title>`` heading and the text under it; a part (``## R8 …``)
is its heading, its own text and all its entries.

>>> doc = parse_rules("## R4 Key\\nIntro.\\n\\n### R4.1 Size — *Taille*\\nCapital 3.\\n")
>>> [(e.id, e.title, e.part) for e in doc]
[('R4', 'Key', 'R4'), ('R4.1', 'Size — *Taille*', 'R4')]
>>> print(find(doc, "r4.1")[0].render())
R4.1 Size — *Taille*
Capital 3.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import click

from authoring.model.workspace import default_path

RULE_ID = re.compile(r"^[RD]\d+(?:\.\d+[a-z]?)?$")
_HEADING = re.compile(r"^(#{2,3}) ([RD]\d+(?:\.\d+[a-z]?)?) (.*)$")
#: a decision's default and options, as docs/rules.md writes them
CHOICE_LINE = re.compile(r"^(Default|Option): `([a-z_]+)` — (.*)$")


@dataclass(frozen=True)
class Entry:
    """One numbered rule, decision or part of docs/rules.md."""

    id: str
    title: str
    body: str
    part: str  # the id of its part (itself for a part)
    level: int  # 2 a part, 3 an entry

    def render(self) -> str:
        return f"{self.id} {self.title}\n{self.body}".rstrip()

    def choices(self) -> list[tuple[str, str, str]]:
        """``(kind, name, meaning)`` of the Default:/Option: lines (a decision with options)."""
        found = (CHOICE_LINE.match(line) for line in self.body.splitlines())
        return [(m[1], m[2], m[3]) for m in found if m]


def rules_path() -> Path:
    """docs/rules.md of the checkout, else of the installed package's data."""

    return default_path("docs", "rules.md")


def parse_rules(text: str) -> list[Entry]:
    """The entries of the document, in order (text outside an id's heading is skipped)."""
    entries: list[Entry] = []
    current: tuple[str, str, int] | None = None
    part = ""
    lines: list[str] = []

    def close() -> None:
        if current is not None:
            entries.append(Entry(current[0], current[1], "\n".join(lines).strip("\n"),
                                 part, current[2]))

    for line in text.splitlines():
        m = _HEADING.match(line)
        if m or line.startswith("#"):
            close()
            lines = []
            current = None
            if m:
                level = len(m.group(1))
                if level == 2:
                    part = m.group(2)
                current = (m.group(2), m.group(3), level)
            continue
        lines.append(line)
    close()
    return entries


def load_rules() -> list[Entry]:
    return parse_rules(rules_path().read_text("utf-8"))


def _fold(text: str) -> str:
    """Lower case without accents, so that 'eliminer' finds 'Éliminer'."""
    return "".join(
        c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c)
    )


def find(entries: list[Entry], query: str) -> list[Entry]:
    """The entry of an id (a part with all its entries), else every entry mentioning all the
    words of ``query`` (in its title or text, English or French, accents optional)."""
    key = query.strip()
    if RULE_ID.match(key.upper()[:1] + key[1:]):
        key = key[0].upper() + key[1:]
        if any(e.id == key and e.level == 2 for e in entries):
            return [e for e in entries if e.part == key]
        return [e for e in entries if e.id == key]
    words = _fold(query).split()
    return [e for e in entries if all(w in _fold(f"{e.id} {e.title}\n{e.body}") for w in words)]


@click.command()
@click.argument("query", nargs=-1)
def rules(query: tuple[str, ...]) -> None:
    """Print a rule or decision by its id (R4.4, D4.2, or a part: R8), or search the rules
    for words (officer, réputation, eliminer). With no argument, list every id and title.

    The rules are docs/rules.md, shipped with the package; the French rule book is the
    authority, and its terms stand beside the English ones.
    """
    entries = load_rules()
    if not query:
        for e in entries:
            click.echo(("" if e.level == 2 else "  ") + f"{e.id} {e.title}")
        return
    text = " ".join(query)
    found = find(entries, text)
    if RULE_ID.match(text.strip()[:1].upper() + text.strip()[1:]):
        if not found:
            near = difflib.get_close_matches(text.strip().upper(), [e.id for e in entries], n=1)
            hint = f" (did you mean {near[0]}?)" if near else ""
            raise click.UsageError(f"no rule or decision {text.strip()}{hint}; "
                                   "`resistance rules` lists them")
        click.echo("\n\n".join(e.render() for e in found))
        return
    if not found:
        click.echo(f"nothing in the rules mentions '{text}'", err=True)
        raise SystemExit(1)
    if len(found) <= 3:
        click.echo("\n\n".join(e.render() for e in found))
        return
    words = _fold(text).split()
    for e in found:
        line = next((ln.strip() for ln in e.body.splitlines() if any(w in _fold(ln) for w in words)),
                    "")
        click.echo(f"{e.id} {e.title}" + (f"\n    {line}" if line else ""))
    click.echo(f"{len(found)} rules mention '{text}': `resistance rules ID` prints one")
