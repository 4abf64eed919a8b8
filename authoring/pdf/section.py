"""What the kit's sections share: the options, the inputs, the section protocol, the
writer that draws them into one PDF, and small helpers (``say``, ``draw_once``).

The section renderers (:mod:`~authoring.pdf.game_cards`, :mod:`~authoring.pdf.clue_cards`,
:mod:`~authoring.pdf.poster`, :mod:`~authoring.pdf.tokens`, :mod:`~authoring.pdf.sheets`)
import this module; :mod:`authoring.pdf.kit` imports them and exports the kit, so no
module of the package imports a module that imports it back.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

from authoring.io.diagnostics import Diagnostic, Report, Span, suggestion
from authoring.io.wording import text_of
from authoring.io.yamlio import load_file
from authoring.model.board import Board
from authoring.model.workspace import default_path, detect_kind
from authoring.pdf.canvas import FONT_CONDENSED, PdfDocument, pt
from authoring.pdf.cards import CardOptions
from authoring.pdf.cutfile import CRICUT_AREA, RegistrationMark, mark_keep_out, silhouette_marks
from authoring.pdf.layout import (
    PRINTABLE_MARGIN,
    Imposition,
    LayoutError,
    Paper,
    Rect,
    max_grid,
    paper_named,
)

#: the default gap between cards on a sheet, mm (--gutter): wide enough that a
#: slightly missed cut shows the card's own bleed, narrow enough for A4 and Letter
DEFAULT_GUTTER = 2.0

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from authoring.model.board import Board
    from authoring.model.scenario import Scenario
    from authoring.model.workspace import Workspace
    from authoring.pdf.canvas import PdfDocument
    from authoring.pdf.cards import CardOptions
    from authoring.pdf.cutfile import CutSheet
    from authoring.pdf.layout import Paper, Rect, Segment

Lang = Literal["fr", "en"]
CutFormat = Literal["svg", "pdf"]

#: every part of the kit, in print order
PARTS: tuple[str, ...] = (
    "calibration",
    "items",
    "special-items",
    "resistance",
    "events",
    "clues",
    "board",
    "tokens",
    "counters",
    "characters",
    "tracks",
    "scenario",
    "aids",
)
#: names that stand for several parts in ``--only``
GROUPS: dict[str, tuple[str, ...]] = {
    "cards": ("calibration", "items", "special-items", "resistance", "events", "clues"),
    "sheets": ("characters", "tracks", "scenario", "aids"),
    "all": PARTS,
}

#: five player colours (R0.2: five pawns, R0.4: five player aids of five colours)
PLAYER_COLOURS: tuple[tuple[str, str, str], ...] = (
    ("#2e6fb7", "Bleu", "Blue"),
    ("#3a9a48", "Vert", "Green"),
    ("#e0b020", "Jaune", "Yellow"),
    ("#8e44ad", "Violet", "Purple"),
    ("#e67e22", "Orange", "Orange"),
)


def say(lang: Lang, fr: str, en: str) -> str:
    """The French or English wording of a printed label."""
    return en if lang == "en" else fr


def parse_parts(text: str | None) -> tuple[str, ...]:
    """The parts named by ``--only`` (comma-separated parts or groups), in print
    order; ValueError with a did-you-mean for an unknown name."""
    if text is None or not text.strip():
        return PARTS
    chosen: set[str] = set()
    names = (*PARTS, *GROUPS)
    for raw in text.split(","):
        name = raw.strip().lower()
        if not name:
            continue
        if name in GROUPS:
            chosen.update(GROUPS[name])
        elif name in PARTS:
            chosen.add(name)
        else:
            raise ValueError(
                f"unknown part '{raw.strip()}'{suggestion(name, names)}; "
                f"parts: {', '.join(PARTS)}; groups: {', '.join(GROUPS)}"
            )
    if not chosen:
        raise ValueError("--only names no part")
    return tuple(p for p in PARTS if p in chosen)


def parse_offset(text: str) -> tuple[float, float]:
    """``"1.5,-0.5"`` → ``(1.5, -0.5)`` (mm); ValueError when malformed or absurd."""
    parts = [p.strip() for p in text.replace(";", ",").split(",")]
    if len(parts) != 2:
        raise ValueError(f"'{text}' is not X,Y in mm (e.g. 1.5,-0.5)")
    try:
        x, y = float(parts[0]), float(parts[1])
    except ValueError:
        raise ValueError(f"'{text}' is not X,Y in mm (e.g. 1.5,-0.5)") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ValueError(f"'{text}' is not X,Y in mm (e.g. 1.5,-0.5): nan and inf are no "
                         "measure")
    if not (abs(x) <= 20 and abs(y) <= 20):
        raise ValueError(f"back offset {x:g},{y:g} mm is larger than 20 mm: measure again")
    return (x, y)


@dataclass(frozen=True)
class KitOptions:
    """How the kit is printed; every field is a command-line option."""

    paper_name: str = "a4"
    lang: Lang = "fr"
    duplex: Literal["long", "short", "none", "fold"] = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    bleed: float = 3.0
    #: mm between neighbouring cards, the bleed drawn into it (a miscut shows the
    #: card's own art, not its neighbour's); up to 2 mm fits 3 × 3 cards on A4 and
    #: Letter within the 5 mm margin
    gutter: float = DEFAULT_GUTTER
    parts: tuple[str, ...] = PARTS
    cut_files: tuple[CutFormat, ...] = ("svg", "pdf")
    png: bool = False
    tts: bool = False
    #: where the Tabletop Simulator images will be hosted (``https://…/``): the
    #: saved object names them there instead of by this machine's ``file://`` path
    tts_url: str | None = None
    singles: bool = False
    png_dpi: int = 200
    printable_margin: float = PRINTABLE_MARGIN
    cmyk: bool = False
    #: the cutting machine the sheets are prepared for (its registration marks,
    #: card outlines in the cut files, no crop marks), or none
    cutter: Literal["none", "silhouette", "cricut"] = "none"
    corner_radius: float = 3.0
    #: the clue cards' hole diameter, mm: a stock punch (3 mm, 1/8 in = 3.175 mm), or
    #: None for the board's ``minimap.hole_diameter``
    punch: float | None = None
    #: clue cards to punch (``holes``) or to print on transparency film (``film``:
    #: the mini-map inked, its places left clear, nothing to punch)
    clues: Literal["holes", "film"] = "holes"
    #: rule ids on the cards (a designer's proof)
    designer: bool = False
    player_colours: tuple[tuple[str, str, str], ...] = PLAYER_COLOURS

    @property
    def paper(self) -> Paper:

        p = paper_named(self.paper_name)
        if p is None:
            raise ValueError(f"unknown paper '{self.paper_name}'")
        return p

    def card_options(self, title: str = "Cartes", label: str = "Cartes") -> CardOptions:
        """Card sheets: as many 63 × 88 mm cards with their bleed as the paper holds
        (3 × 3 on A4, Letter and Legal, 4 × 4 on A3 and Tabloid); crop marks that
        find no room in the printable area move over the outer bleed."""
        paper = self.paper
        rows, cols = max_grid(paper, 63.0, 88.0, bleed=self.bleed, gap=self.gutter,
                              margin=0.0)
        if self.cutter != "none":
            paper, rows, cols = self.cutter_grid()
        return CardOptions(paper=paper, bleed=self.bleed, gap=self.gutter,
                           rows=max(1, rows), cols=max(1, cols), crop=self.cutter == "none",
                           duplex=self.duplex,
                           back_offset=self.back_offset,
                           printable_margin=self.printable_margin, title=title, label=label,
                           lang=self.lang, designer=self.designer,
                           cutter_marks=self.cutter_marks if self.cutter != "none" else None)

    def why_invalid(self) -> str | None:
        """Why these options cannot print (bleed too large for the paper …), or None."""
        if not 0 <= self.bleed <= 10:  # also refuses nan, for which every comparison fails
            return f"--bleed {self.bleed:g}: the bleed must be between 0 and 10 mm"
        if not 0 <= self.gutter <= 10:
            return f"--gutter {self.gutter:g}: the gutter must be between 0 and 10 mm"
        if self.tts_url is not None and not re.match(r"^[a-z][a-z0-9+.-]*://\S+$",
                                                     self.tts_url):
            return (f"--tts-url {self.tts_url!r}: give the address the images will be "
                    "hosted at, e.g. https://example.org/resistance/")
        if not 0 <= self.printable_margin <= 20:
            return (f"--margin {self.printable_margin:g}: the unprintable border must be "
                    "between 0 and 20 mm")
        try:
            self.card_options().imposition()
        except (LayoutError, ValueError) as exc:
            return f"--bleed {self.bleed:g} on {self.paper_name}: {exc}"
        return None

    def cutter_marks(self, paper: Paper) -> tuple[RegistrationMark, ...]:
        """The registration marks the cutter reads on ``paper`` (Cricut prints its
        own Print Then Cut frame: none of ours)."""
        return silhouette_marks(paper) if self.cutter == "silhouette" else ()

    def cutter_grid(self) -> tuple[Paper, int, int]:
        """The paper orientation and card grid that hold the most cards clear of
        the cutter's marks (Silhouette: 1 mm from them) or inside its largest
        printable area (Cricut's Print Then Cut image, 6.75 × 9.25 in)."""
        best: tuple[int, Paper, int, int] = (0, self.paper, 1, 1)
        for paper in (self.paper.portrait(), self.paper.landscape()):
            if self.cutter == "cricut":
                area = Rect(0, 0, *CRICUT_AREA)
                if paper.is_landscape:
                    area = Rect(0, 0, CRICUT_AREA[1], CRICUT_AREA[0])
                rows, cols = max_grid(Paper("cricut", area.w, area.h), 63.0, 88.0,
                                      bleed=self.bleed, gap=self.gutter, margin=0.0)
                fits = [(rows, cols)]
            else:
                top_r, top_c = max_grid(paper, 63.0, 88.0, bleed=self.bleed, gap=self.gutter,
                                        margin=0.0)
                keep_out = mark_keep_out(self.cutter_marks(paper))
                fits = []
                for r in range(top_r, 0, -1):
                    for c in range(top_c, 0, -1):
                        try:
                            imp = Imposition(paper, bleed=self.bleed, gap=self.gutter, rows=r,
                                             cols=c)
                        except LayoutError:
                            continue
                        if not any(imp.grid_bleed.overlaps(k) for k in keep_out):
                            fits.append((r, c))
            for rows, cols in fits:
                if rows * cols > best[0]:
                    best = (rows * cols, paper, rows, cols)
        return best[1], best[2], best[3]

    @property
    def printer_duplex(self) -> bool:
        """Whether the printer prints the backs on the other side of the sheet (a
        double-sided section starts on a recto)."""
        return self.duplex in ("long", "short")

    def wants(self, *parts: str) -> bool:
        return any(p in self.parts for p in parts)


# --------------------------------------------------------------------------- inputs


@dataclass(frozen=True)
class PrintedClue:
    """One clue card as printed: its perforations are zone ids of the board (R5.3);
    a failure card ("Échec") has none."""

    id: str
    title: str
    copies: int = 1
    failure: bool = False
    holes: tuple[str, ...] = ()
    text: str = ""
    #: the name printed small on the card to find it in the deck file; in English,
    #: the English title's words (the file's ids are often French words)
    printed_id: str = ""

    @property
    def label(self) -> str:
        return self.printed_id or self.id


#: the first words of a card or sheet key → the content kind whose file holds it
KEY_KINDS: tuple[tuple[str, str], ...] = (
    ("special item ", "special-items"),
    ("item ", "items"),
    ("resistance ", "resistance"),
    ("event ", "events"),
    ("clue ", "clues"),
    ("character ", "characters"),
)


class Locator:
    """Where a printed card or sheet is written (file, line, column), so a warning
    about it points at the YAML to fix. Files are re-read only when a warning
    needs them."""

    def __init__(self, files: Mapping[str, Path]) -> None:
        self.files = dict(files)
        self._docs: dict[str, Any] = {}

    def __call__(self, key: str) -> Span | None:
        for prefix, kind in KEY_KINDS:
            if key.startswith(prefix) and kind in self.files:
                return self._find(kind, key[len(prefix):])
        return None

    def _find(self, kind: str, ident: str) -> Span | None:

        if kind not in self._docs:
            self._docs[kind] = load_file(self.files[kind], Report())
        doc = self._docs[kind]
        if doc is None:
            return None
        path = _path_of_id(doc.data, ident, ())
        if path is None:
            return None
        node = doc.get(path) if hasattr(doc, "get") else None
        if isinstance(node, Mapping) and "title" in node:
            return doc.span((*path, "title"))  # type: ignore[no-any-return]
        return doc.span(path)  # type: ignore[no-any-return]


def _path_of_id(data: Any, ident: str, path: tuple[str | int, ...]
                ) -> tuple[str | int, ...] | None:
    """The data path of the mapping whose ``id`` is ``ident``."""
    if isinstance(data, Mapping):
        if str(data.get("id")) == ident:
            return path
        items: Any = data.items()
    elif isinstance(data, list):
        items = enumerate(data)
    else:
        return None
    for k, v in items:
        found = _path_of_id(v, ident, (*path, k))
        if found is not None:
            return found
    return None


def locator_for(scenario: Any) -> Locator:
    """The content and deck files of a loaded scenario (manifest ``files:``)."""

    files: dict[str, Path] = {}
    base = scenario.path.parent if getattr(scenario, "path", None) is not None else Path.cwd()
    spec = scenario.spec
    manifest_path = (base / spec.manifest).resolve() if spec.manifest else \
        default_path("cards", "manifest.yaml")
    listed = getattr(getattr(scenario, "manifest", None), "files", None)
    for kind, attr in (("items", "items"), ("special-items", "special_items"),
                       ("resistance", "resistance"), ("events", "events"),
                       ("characters", "characters")):
        ref = getattr(listed, attr, None)
        if isinstance(ref, str):
            files[kind] = (manifest_path.parent / ref).resolve()
    files["clues"] = (base / spec.clues).resolve()
    return Locator(files)


@dataclass
class KitInputs:
    """What the kit prints: the board, and when a scenario was given, its clue
    deck, its content (cards, characters, recruits) and its setup."""

    board: Board
    scenario: Any = None
    clues: list[PrintedClue] = field(default_factory=list)
    content: Any = None
    name: str = ""
    source: str = ""
    locate: Locator | None = None
    scenarios: list[Any] = field(default_factory=list)
    lang: Lang = "fr"

    @property
    def title(self) -> str:
        """The scenario's title in the kit's language (the board's name without one)."""
        if self.scenario is not None:
            return text_of(self.scenario.spec.title, self.lang)
        return self.board.spec.name or self.board.spec.id


def clue_cards_of(deck: Any, board: Board, lang: Lang = "fr") -> list[PrintedClue]:
    """The printable clue cards of a loaded deck (:class:`authoring.model.deck.ClueDeck`):
    each card's perforations are the deck's own ``hole_ids`` (what the solver and
    ``resistance clues check --json`` use), so the print matches the proof."""
    if deck is None:
        return []
    out: list[PrintedClue] = []
    for card in getattr(deck, "cards", None) or ():
        failure = bool(getattr(card, "failure", False))
        holes: Any = getattr(card, "hole_ids", None)
        if holes is None:
            raw = getattr(card, "holes", None)
            holes = deck.ids_of(raw) if isinstance(raw, int) and hasattr(deck, "ids_of") \
                else raw
        wanted = set(holes or ())
        ordered = tuple(z.id for z in board.zones if z.id in wanted)
        title = str(getattr(card, "title", "") or "")
        printed = ""
        if lang == "en" and getattr(card, "title_en", None):
            title = str(card.title_en)
            printed = "-".join(re.findall(r"[a-z0-9]+", title.lower()))
        out.append(PrintedClue(
            id=str(getattr(card, "id", len(out) + 1)),
            title=title or say(lang, "Échec", "Failure"),
            copies=int(getattr(card, "copies", 1) or 1),
            failure=failure,
            holes=() if failure else ordered,
            printed_id=printed,
        ))
    return out


def sibling_scenarios(ws: Workspace, path: Path, scenario: Scenario) -> list[Scenario]:
    """The scenario and the other scenarios of its folder that load cleanly, by
    number: the box holds several scenario cards (R0.4). Their own problems are
    not reported here (``resistance validate`` does that)."""

    found = [scenario]
    main = ws.report
    try:
        for p in sorted(path.parent.glob("*.yaml")):
            if p.resolve() == path.resolve():
                continue
            ws.report = Report()
            doc = ws.doc(p)
            if doc is None or detect_kind(doc) != "scenario":
                continue
            other = ws.load(p, "scenario")
            if other is not None and not ws.report.has_errors and \
                    other.board.spec.id == scenario.board.spec.id:
                found.append(other)
    finally:
        ws.report = main
    return sorted(found, key=lambda s: (s.spec.number is None, s.spec.number or 0, s.id))


def inputs_from(model: Any, source: str = "", lang: Lang = "fr") -> KitInputs:
    """Kit inputs from a loaded scenario (or a bare board: board-only parts)."""

    if isinstance(model, Board):
        return KitInputs(board=model, name=model.spec.id, source=source, lang=lang)
    board = model.board
    content = getattr(model, "content", None)
    return KitInputs(board=board, scenario=model, clues=clue_cards_of(model.deck, board, lang),
                     content=content, name=model.id, source=source,
                     locate=locator_for(model), scenarios=[model], lang=lang)


# --------------------------------------------------------------------------- sections


class Section(Protocol):
    """One part of the kit: planned (page count), then drawn into the writer."""

    part: str
    title: str
    duplex: bool

    def pages(self) -> int: ...

    def draw(self, w: KitWriter) -> None: ...


@dataclass(frozen=True)
class SectionInfo:
    """Where a section went in the kit: 1-based first and last page."""

    part: str
    title: str
    first: int
    last: int
    duplex: bool


class KitWriter:
    """The kit being drawn: one reproducible PDF document, the run's report, the
    progress callback, and what sections add on the side (cut sheets)."""

    def __init__(self, options: KitOptions, report: Report, *, title: str,
                 progress: Callable[[int], None] | None = None, file: str = "<kit>") -> None:

        self.options = options
        self.lang: Lang = options.lang
        self.paper = options.paper
        self.report = report
        self.file = file
        self.progress = progress or (lambda n: None)
        self.doc: PdfDocument = PdfDocument(None, title=title, subject="Project: Resistance",
                                            printable_margin=options.printable_margin,
                                            on_page=lambda _info: self.progress(1),
                                            cmyk=options.cmyk)
        self.cut_sheets: list[CutSheet] = []
        self.token_sheets: list[CutSheet] = []
        self.cut_pages: list[int] = []
        self.sections: list[SectionInfo] = []
        self.card_pages: list[tuple[int, Any]] = []
        self.locate: Locator | None = None

    @property
    def pages_written(self) -> int:
        return len(self.doc.pages)

    @contextmanager
    def page(self, paper: Paper | None = None, *, trim: Rect | None = None,
             bleed: Rect | None = None, label: str = "", obstacles: Sequence[Rect] = (),
             segments: Sequence[Segment] = ()) -> Iterator[Canvas]:
        """One page of the kit's paper (unless another is given) with the
        print-at-100 % note (and label) in a free band; it counts for the progress."""
        with self.doc.page(paper or self.paper, trim=trim, bleed=bleed, label=label,
                           obstacles=obstacles, segments=segments) as c:
            yield c

    def blank(self, why: str) -> None:
        """A blank verso, so that the next double-sided section starts on a recto."""

        with self.page(label=why) as c:
            c.setFont(FONT_CONDENSED, 8)
            c.setFillGray(0.6)
            c.drawCentredString(pt(self.paper.width / 2), pt(self.paper.height / 2),
                                say(self.lang, "Page laissée blanche (verso)",
                                    "Intentionally blank (back page)"))

    def warn(self, code: str, message: str, hint: str | None = None,
             span: Span | None = None, key: str = "") -> None:
        """A warning at ``span``, or where the card or sheet ``key`` is written."""
        where = span or (self.locate(key) if key and self.locate is not None else None)
        self.report.warning(where or Span(self.file, path=key), code, message, hint)

    def relocate(self, diagnostics: Sequence[Diagnostic]) -> None:
        """Add renderer warnings, moved from the kit file to the YAML line of the
        card they name (their ``path`` is the card key)."""
        from dataclasses import replace

        for d in diagnostics:
            where = self.locate(d.path) if d.path and self.locate is not None else None
            if where is not None and d.file == self.file:
                d = replace(d, file=where.file, line=where.line, col=where.col, path=where.path)
            self.report.extend([d])
