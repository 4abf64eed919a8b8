"""The whole print-and-play kit: every component of one scenario in one PDF, plus
the perforation cut files, the duplex calibration sheet and, on request, PNGs.

The kit is planned before it is drawn: each section (a deck of cards, the clue
cards, the board poster, tokens, sheets) says how many pages it needs, so the
contents page can list page ranges and the progress bar knows its length.
Sections printed double-sided start on an odd page (a blank verso is inserted
when needed), so printing a page range of the kit double-sided lines up.

Nothing is written until everything is rendered, and the files are written as one
set (:class:`authoring.io.fileset.FileSet`): staged beside the kit, then swapped in
together, so a failure or a kill leaves the previous kit whole.

This module imports no ReportLab at import time (the CLI stays light); the
section renderers live in :mod:`~authoring.pdf.game_cards`,
:mod:`~authoring.pdf.clue_cards`, :mod:`~authoring.pdf.poster`,
:mod:`~authoring.pdf.tokens` and :mod:`~authoring.pdf.sheets`.
"""

from __future__ import annotations

import glob
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import authoring.pdf.clue_cards as clue_cards
import authoring.pdf.game_cards as game_cards
import authoring.pdf.png as png
import authoring.pdf.poster as poster
import authoring.pdf.sheets as sheets
import authoring.pdf.tokens as tokens
from authoring.io.diagnostics import Diagnostic, Report, Span
from authoring.io.fileset import FileSet, sweep_legacy_temp
from authoring.pdf.canvas import FONT_BOLD, FONT_CONDENSED, FONT_REGULAR, PdfDocument, pt
from authoring.pdf.cards import CALIBRATION_TITLE, draw_calibration
from authoring.pdf.cutfile import sheet_svg, write_cut_pdf
from authoring.pdf.text import draw_fitted, fit_text

if TYPE_CHECKING:

    pass
from authoring.pdf.section import (
    KitInputs,
    KitOptions,
    KitWriter,
    Section,
    SectionInfo,
    say,
)

# --------------------------------------------------------------------------- result


@dataclass(frozen=True)
class KitFile:
    """One written file and what it is."""

    path: Path
    what: str
    pages: int = 0


@dataclass(frozen=True)
class KitResult:
    """What the export wrote: the files, the sections of the main PDF with their
    page ranges, and the warnings."""

    files: tuple[KitFile, ...]
    sections: tuple[SectionInfo, ...]
    pages: int
    diagnostics: tuple[Diagnostic, ...]
    cut_sheets: tuple[Any, ...] = ()
    cut_pages: tuple[int, ...] = ()
    card_pages: tuple[tuple[int, Any], ...] = ()

    def section(self, part: str) -> SectionInfo:
        for s in self.sections:
            if s.part == part:
                return s
        raise KeyError(part)


# --------------------------------------------------------------------------- planning


def plan_sections(inputs: KitInputs, options: KitOptions, report: Report,
                  file: str = "<kit>") -> list[Section]:
    """The sections the chosen parts need, in print order; a part that has nothing
    to print (no content loaded yet) becomes a warning, not an error."""

    out: list[Section] = []
    span = Span(inputs.source or file)

    def missing(part: str, what: str) -> None:
        report.warning(span, "export-part-empty",
                       f"--only {part}: {what}; the part is left out of the kit",
                       "export a scenario whose manifest lists the content files")

    content = inputs.content
    for part in options.parts:
        if part == "calibration":
            continue  # its own file, see export_kit
        if part in game_cards.DECK_PARTS:
            decks = game_cards.decks_for(part, content, options.lang)
            if not decks:
                if inputs.scenario is not None:
                    missing(part, "no such cards in the scenario's content")
                continue
            out.extend(game_cards.DeckSection(d, options) for d in decks)
        elif part == "clues":
            if not inputs.clues:
                if inputs.scenario is not None:
                    missing(part, "no clue deck loaded")
                continue
            out.append(clue_cards.ClueSection(inputs.clues, inputs.board, options))
        elif part == "board":
            out.append(poster.PosterSection(inputs.board, options))
        elif part == "tokens":
            out.append(tokens.TokenSection(inputs, options))
        elif part == "counters":
            out.append(tokens.CounterSection(inputs, options))
        elif part == "characters":
            chars = sheets.characters_of(content)
            if not chars:
                if inputs.scenario is not None:
                    missing(part, "no character sheets in the content")
                continue
            out.append(sheets.CharacterSection(chars, options))
        elif part == "tracks":
            out.append(sheets.TrackSection(inputs.board, options))
        elif part == "scenario":
            if inputs.scenario is None:
                continue
            out.append(sheets.ScenarioSection(inputs.scenarios or [inputs.scenario], options))
        elif part == "aids":
            out.append(sheets.AidSection(inputs, options))
    return out


def layout_pages(sections: Sequence[Section], first_page: int) -> list[tuple[int, int, int]]:
    """``(blank_before, first, last)`` for each section: a double-sided section
    starts on an odd page, so one blank page may come before it."""
    out: list[tuple[int, int, int]] = []
    page = first_page
    for s in sections:
        blank = 1 if s.duplex and page % 2 == 0 else 0
        first = page + blank
        last = first + s.pages() - 1
        out.append((blank, first, last))
        page = last + 1
    return out


# --------------------------------------------------------------------------- export


def default_output(inputs: KitInputs, directory: Path | str = "output") -> Path:
    """``output/<scenario id>-kit.pdf``."""
    return Path(directory) / f"{inputs.name or 'kit'}-kit.pdf"


def export_kit(inputs: KitInputs, options: KitOptions, output: Path | str, *,
               report: Report | None = None,
               progress: Callable[[int], None] | None = None,
               on_plan: Callable[[int], None] | None = None) -> KitResult:
    """Render the kit and write every file (the PDF, cut files, calibration sheet,
    PNGs); warnings go to ``report``. ``on_plan`` receives the number of progress
    steps before drawing starts (the pages of the main PDF plus one per extra file)."""
    report = report if report is not None else Report()
    out = Path(output)
    file = str(out)
    sections = plan_sections(inputs, options, report, file)
    if not sections and "calibration" not in options.parts:
        report.warning(Span(file), "export-nothing", "nothing to export for the chosen parts",
                       "choose other parts with --only")
    pages = layout_pages(sections, 2)
    total = (pages[-1][2] if pages else 1)
    extras = _extra_steps(options, sections)
    if on_plan is not None:
        on_plan(total + extras)
    writer = KitWriter(options, report, title=f"Project: Resistance — {inputs.title}",
                       progress=progress, file=file)
    writer.locate = inputs.locate
    infos = [SectionInfo(s.part, s.title, first, last, s.duplex)
             for s, (_, first, last) in zip(sections, pages, strict=True)]
    draw_cover(writer, inputs, infos, out)
    for s, (blank, first, last) in zip(sections, pages, strict=True):
        if blank:
            writer.blank(say(options.lang, "verso vide", "blank"))
        assert writer.pages_written + 1 == first, (s.part, writer.pages_written, first)
        s.draw(writer)
        if writer.pages_written != last:
            raise AssertionError(
                f"section {s.part} planned pages {first}–{last}, "
                f"wrote up to {writer.pages_written}"
            )
        writer.sections.append(SectionInfo(s.part, s.title, first, last, s.duplex))
    for issue in writer.doc.issues:
        report.warning(Span(file), issue.code, issue.message, issue.hint)
    data = writer.doc.to_bytes() if sections or writer.pages_written else b""

    outputs: list[tuple[Path, bytes, str, int]] = []
    if data:
        outputs.append((out, data, say(options.lang, "kit", "kit"), writer.pages_written))
    stem = out.with_suffix("")
    sweep_legacy_temp()
    # The set is all-or-nothing: everything is staged beside the kit, then swapped in.
    with FileSet(out.parent) as staging:
        tmpdir = staging.scratch()
        if (writer.cut_sheets or writer.token_sheets) and options.cut_files:
            outputs.extend(_cut_files(writer, options, stem, tmpdir))
            writer.progress(1)
        if _wants_calibration(options, sections):
            outputs.append(_calibration(options, stem, report))
            writer.progress(1)
        board_sheet = next((s for s in sections if isinstance(s, poster.PosterSection)), None)
        if board_sheet is not None:
            w_mm, h_mm = board_sheet.board.spec.size
            outputs.append((stem.parent / f"{stem.name}-board.pdf",
                            poster.true_size_board(board_sheet.board, options),
                            say(options.lang,
                                f"plateau à taille réelle sur une feuille ({w_mm:g} × {h_mm:g} "
                                "mm, traceur ou imprimeur)",
                                f"true-size board on one sheet ({w_mm:g} × {h_mm:g} mm, "
                                "large-format printer or print shop)"), 1))
        if options.singles:
            staged_singles = tmpdir / "singles.pdf"
            n = png.write_singles(sections, options, staged_singles)
            if n:
                outputs.append((stem.parent / f"{stem.name}-cards.pdf",
                                staged_singles.read_bytes(),
                                say(options.lang, "cartes à l'unité (imprimeur)",
                                    "single cards (print shop)"), n))
            writer.progress(1)
        png_dirs: list[tuple[Path, Path, str]] = []
        if options.png or options.tts or options.cutter == "cricut":
            png_dirs = png.render_images(sections, options, stem, tmpdir, report, kit=data,
                                          pages=writer.sections,
                                          papers=[p.paper for p in writer.doc.pages])
            writer.progress(1)
        files: list[KitFile] = []
        for path, blob, what, n_pages in outputs:
            staging.add(path, blob)
            files.append(KitFile(path, what, n_pages))
        for final, staged, what in png_dirs:
            staging.add_folder(final, staged)
            files.append(KitFile(final, what))
        staging.remove_on_commit(_previous_kit(out, stem))
        staging.commit()
    return KitResult(tuple(files), tuple(writer.sections), writer.pages_written,
                     tuple(report.diagnostics), tuple(writer.cut_sheets),
                     tuple(writer.cut_pages), tuple(writer.card_pages))


def _extra_steps(options: KitOptions, sections: Sequence[Section]) -> int:
    n = 0
    if any(s.part in ("clues", "tokens") for s in sections) and options.cut_files:
        n += 1
    if _wants_calibration(options, sections):
        n += 1
    if options.png or options.tts or options.cutter == "cricut":
        n += 1
    if options.singles:
        n += 1
    return n


def _wants_calibration(options: KitOptions,
                       sections: Sequence[Section] | Sequence[SectionInfo]) -> bool:
    """The calibration sheet goes with double-sided cards (or when asked alone)."""
    if "calibration" not in options.parts or not options.printer_duplex:
        return False
    return options.parts == ("calibration",) or any(s.duplex for s in sections)


def _cut_files(writer: KitWriter, options: KitOptions, stem: Path,
               tmpdir: Path) -> list[tuple[Path, bytes, str, int]]:

    out: list[tuple[Path, bytes, str, int]] = []
    for name, cut_sheets, what in (("perforations", writer.cut_sheets,
                                say(options.lang, "perforations", "perforations")),
                               ("tokens-cut", writer.token_sheets,
                                say(options.lang, "jetons", "tokens"))):
        if not cut_sheets:
            continue
        if "svg" in options.cut_files:
            for i, sheet in enumerate(cut_sheets, start=1):
                path = stem.parent / f"{stem.name}-{name}-{i:02d}.svg"
                out.append((path, sheet_svg(sheet).encode("utf-8"),
                            say(options.lang, f"découpe SVG ({what})", f"cut SVG ({what})"), 1))
        if "pdf" in options.cut_files:
            staged = write_cut_pdf(cut_sheets, tmpdir / f"{name}.pdf",
                                   title=f"{what} — CutContour")
            out.append((stem.parent / f"{stem.name}-{name}.pdf", staged.read_bytes(),
                        say(options.lang, f"découpe PDF CutContour ({what})",
                            f"cut PDF CutContour ({what})"), len(cut_sheets)))
    return out


def _calibration(options: KitOptions, stem: Path,
                 report: Report) -> tuple[Path, bytes, str, int]:

    path = stem.parent / f"{stem.name}-calibration.pdf"
    doc = PdfDocument(None, title=CALIBRATION_TITLE, printable_margin=options.printable_margin)
    draw_calibration(doc, options.card_options("Calibration", "Calibration"), report=report,
                     file=str(path))
    return (path, doc.to_bytes(), say(options.lang, "calibration recto-verso",
                                      "duplex calibration"), len(doc.pages))


#: every companion a kit can have beside ``STEM.pdf`` (files, then folders)
COMPANION_FILES = ("perforations.pdf", "tokens-cut.pdf", "calibration.pdf", "board.pdf",
                   "cards.pdf")
COMPANION_FOLDERS = ("png", "tts", "cricut")


def _previous_kit(out: Path, stem: Path) -> list[Path]:
    """Every file a kit can have beside ``out``, as a previous export left them: those
    the new kit does not write again leave with the swap, so the folder holds one kit
    (an A4 perforation file beside a Letter kit, or the board of a kit now exported
    with --only clues, would be cut or printed as if they belonged to it)."""
    found: list[Path] = [out]
    for name in ("perforations", "tokens-cut"):
        found.extend(stem.parent.glob(f"{glob.escape(stem.name)}-{name}-[0-9][0-9].svg"))
    found.extend(stem.parent / f"{stem.name}-{c}" for c in COMPANION_FILES)
    found.extend(p for p in (stem.parent / f"{stem.name}-{c}" for c in COMPANION_FOLDERS)
                 if p.is_dir() and not p.is_symlink())
    return sorted(p for p in found if p.is_file() or p.is_dir())


# --------------------------------------------------------------------------- cover


def draw_cover(w: KitWriter, inputs: KitInputs, sections: Sequence[SectionInfo],
               out: Path) -> None:
    """Page 1: what the kit holds, on which pages, and how to print each part."""

    lang = w.lang
    paper = w.paper
    o = w.options
    with w.page(label=say(lang, "Sommaire", "Contents")) as c:
        x0, top = 18.0, paper.height - 20
        c.setFillGray(0.1)
        c.setFont(FONT_BOLD, 20)
        c.drawString(pt(x0), pt(top), "Project: Resistance")
        c.setFont(FONT_REGULAR, 12)
        c.drawString(pt(x0), pt(top - 8), say(lang, "Kit à imprimer et à jouer — ",
                                              "Print-and-play kit — ") + inputs.title)
        c.setFont(FONT_CONDENSED, 8)
        c.setFillGray(0.35)
        # the file's name only: the same kit from any folder is the same bytes
        source = Path(inputs.source or inputs.board.file).name
        c.drawString(pt(x0), pt(top - 13), f"{source}  ·  "
                     f"{paper.name}  ·  {say(lang, 'fond perdu', 'bleed')} {o.bleed:g} mm  ·  "
                     f"duplex {o.duplex}  ·  back offset {o.back_offset[0]:g},"
                     f"{o.back_offset[1]:g} mm")
        y = top - 24
        c.setFillGray(0.1)
        c.setFont(FONT_BOLD, 11)
        c.drawString(pt(x0), pt(y), say(lang, "Sommaire", "Contents"))
        y -= 7
        mode = {"long": say(lang, "recto-verso, bord long", "double-sided, long edge"),
                "short": say(lang, "recto-verso, bord court", "double-sided, short edge"),
                "none": say(lang, "recto seul", "single-sided"),
                "fold": say(lang, "recto seul, à plier", "single-sided, to fold")}
        for s in sections:
            c.setFont(FONT_REGULAR, 9)
            c.drawString(pt(x0 + 2), pt(y), s.title)
            pages = f"p. {s.first}" if s.first == s.last else f"p. {s.first}–{s.last}"
            c.drawString(pt(x0 + 95), pt(y), pages)
            c.setFont(FONT_CONDENSED, 8)
            c.drawString(pt(x0 + 120), pt(y), mode[o.duplex] if s.duplex
                         else say(lang, "recto seul", "single-sided"))
            y -= 5
        if not sections:
            c.setFont(FONT_REGULAR, 9)
            c.drawString(pt(x0 + 2), pt(y), say(lang, "(aucune partie)", "(no part)"))
            y -= 5
        y -= 4
        stem = out.with_suffix("").name
        extra: list[str] = []
        for part, name, fr, en in (("clues", "perforations", "Découpe des perforations : ",
                                    "Perforation cut files: "),
                                   ("tokens", "tokens-cut", "Découpe des jetons ronds : ",
                                    "Round token cut files: ")):
            if any(s.part == part for s in sections) and o.cut_files:
                names = []
                if "svg" in o.cut_files:
                    names.append(f"{stem}-{name}-NN.svg")
                if "pdf" in o.cut_files:
                    names.append(f"{stem}-{name}.pdf")
                extra.append(say(lang, fr, en) + ", ".join(names))
        if _wants_calibration(o, sections):
            extra.append(say(lang, "Calibration recto-verso : ", "Duplex calibration: ")
                         + f"{stem}-calibration.pdf")
        notes = [
            say(lang,
                "**Imprimez à 100 %** (taille réelle, sans « ajuster à la page ») : la barre de "
                "50 mm de chaque page doit mesurer exactement 50 mm.",
                "**Print at 100 %** (actual size, no \u201cfit to page\u201d): the 50 mm bar on "
                "every page must measure exactly 50 mm."),
            *card_instructions(o, stem),
            say(lang,
                "**Indices (film)** : imprimez leurs pages sur film transparent (adapté à "
                "votre imprimante) ; chaque lieu d'une carte reste clair. Empilez les cartes "
                "gardées : un lieu visible à travers toutes est possible. Rien à percer.",
                "**Clues (film)**: print their pages on transparency film (made for your "
                "printer); each place of a card stays clear. Stack the cards kept: a place "
                "seen through all of them is possible. Nothing to punch.")
            if o.clues == "film" else
            say(lang,
                "**Indices** : percez chaque trou blanc (emporte-pièce de "
                f"{o.punch or inputs.board.spec.minimap.hole_diameter:g} mm) et les repères "
                "noirs ; ou donnez le fichier de découpe à une machine (traits rouges / "
                "CutContour, repères de calage aux coins).",
                "**Clues**: punch every white hole "
                f"({o.punch or inputs.board.spec.minimap.hole_diameter:g} mm punch) and the "
                "black keys; or give the cut file to a cutting machine (red lines / "
                "CutContour, registration marks in the corners)."),
            say(lang,
                "**Plateau** : suivez le plan d'assemblage ; découpez chaque page au bord de "
                "l'image, posez-la sur ses voisines de gauche et du haut en alignant les "
                "repères, collez.",
                "**Board**: follow the page map; cut each page at the edge of its image, lay it "
                "over its left and upper neighbours lining up the ticks, glue."),
            *extra,
        ]
        for note in notes:
            fitted = fit_text(note, paper.width - 2 * x0 - 4, 30, max_size=8.5, min_size=7)
            draw_fitted(c, fitted, x0 + 2, y, paper.width - 2 * x0 - 4)
            y -= fitted.height + 2.5


def card_instructions(o: KitOptions, stem: str = "kit") -> list[str]:
    """How to print and finish the cards with these options: each layout (long or
    short edge duplex, single-sided, fold-over) and each cutter its own steps."""
    lang = o.lang
    size = f"{o.corner_radius:g}"
    if o.duplex in ("long", "short"):
        edge = say(lang, "bord long", "long edge") if o.duplex == "long" else say(
            lang, "bord court", "short edge")
        out = [say(lang,
                   f"**Cartes** : imprimez leurs pages en recto-verso ({edge}). Si les dos "
                   "sont décalés, imprimez la feuille de calibration, mesurez le décalage et "
                   "exportez de nouveau avec --back-offset X,Y.",
                   f"**Cards**: print their pages double-sided ({edge}). If the backs are off, "
                   "print the calibration sheet, measure the offset and export again with "
                   "--back-offset X,Y.")]
    elif o.duplex == "none":
        out = [say(lang,
                   "**Cartes** : chaque page de recto est suivie de sa page de dos. Imprimez "
                   "les rectos, remettez les feuilles dans le bac pour imprimer chaque dos au "
                   "verso de son recto (faites un essai sur une feuille marquée : le sens "
                   "dépend de l'imprimante), ou collez les deux pages dos à dos.",
                   "**Cards**: each front page is followed by its back page. Print the fronts, "
                   "feed the sheets back to print each back on the other side of its front "
                   "(try one marked sheet first: the way depends on the printer), or glue the "
                   "two pages back to back.")]
    else:
        out = [say(lang,
                   "**Cartes (à plier)** : imprimez en recto seul. Chaque carte est imprimée "
                   "recto et verso côte à côte : découpez la paire entière, pliez-la en deux "
                   "sur le trait pointillé « pli » (dos contre dos, le pli marqué à l'ongle "
                   "ou à la règle), collez les deux moitiés (colle en bâton ou adhésif double "
                   "face) puis recoupez les bords. Pas de calibration recto-verso.",
                   "**Cards (fold-over)**: print single-sided. Each card is printed front and "
                   "back side by side: cut out the whole pair, fold it in two on the dashed "
                   "\u201cfold\u201d line (back to back, creased with a ruler), glue the "
                   "halves (glue stick or double-sided tape) and trim the edges. No duplex "
                   "calibration is needed.")]
    if o.cutter == "silhouette":
        out.append(say(lang,
                       "**Silhouette (Print & Cut)** : imprimez les pages de cartes à 100 % "
                       "avec leurs repères ; dans Silhouette Studio, ouvrez la page du fichier "
                       "de découpe, repères de repérage « Type 1 », longueur 20 mm, épaisseur "
                       "0,5 mm, retrait 10 mm, format " + o.paper.name + "; posez la feuille "
                       "sur le tapis, le carré en haut à gauche, et lancez la détection des "
                       "repères. Les cartes sont découpées au trait (coins de " + size
                       + " mm)" + (" ; les paires se plient ensuite." if o.duplex == "fold"
                                   else "."),
                       "**Silhouette (Print & Cut)**: print the card pages at 100 % with their "
                       "marks; in Silhouette Studio open the cut file's page, registration "
                       "marks \u201cType 1\u201d, length 20 mm, thickness 0.5 mm, inset "
                       "10 mm, paper " + o.paper.name + "; lay the sheet on the mat with the "
                       "square top left and run the mark detection. The cards are cut to "
                       "their outline (" + size + " mm corners)"
                       + ("; then fold the pairs." if o.duplex == "fold" else ".")))
    elif o.cutter == "cricut":
        out.append(say(lang,
                       "**Cricut (Print Then Cut)** : dans Design Space, importez chaque "
                       f"image de planche du dossier {stem}-cricut, « Imprimer puis découper », taille inchangée "
                       "(17,1 × 23,5 cm au plus) ; Design Space imprime son propre cadre de "
                       "repérage : n'imprimez pas les pages du kit pour ces cartes.",
                       "**Cricut (Print Then Cut)**: in Design Space upload each sheet image "
                       f"of the folder {stem}-cricut as \u201cPrint Then Cut\u201d at its size (6.75 × 9.25 in at "
                       "most); Design Space prints its own registration frame: do not print "
                       "the kit's pages for these cards."))
    return out


def summary(result: KitResult) -> Mapping[str, Any]:
    """A JSON-friendly description of what was written."""
    return {
        "pages": result.pages,
        "files": [{"path": str(f.path), "what": f.what, "pages": f.pages} for f in result.files],
        "sections": [{"part": s.part, "title": s.title, "first": s.first, "last": s.last,
                      "duplex": s.duplex} for s in result.sections],
    }
