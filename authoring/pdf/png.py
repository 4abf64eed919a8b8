"""Cards one by one: for print shops (``--singles``: every card on its own page,
TrimBox 63 × 88 mm and BleedBox with the bleed, each front followed by its back),
as images for screens (``--png``: one PNG per card) and for online play
(``--tts``: a Tabletop Simulator saved object with deck sheets, the board, the
tokens and the sheets).

The cards are drawn once more into small PDFs with exactly the same drawing code
as the printed kit (one card per page at trim size; or 10 × 7 cards per page for
a TTS sheet), then rasterised with ``pdftoppm`` (poppler-utils). ReportLab's own
``renderPM`` only rasterises ReportLab *graphics* drawings, not canvas pages, so
it cannot render these cards; Pillow is not needed either. Without ``pdftoppm``
the PDFs are written instead, with a warning saying how to get the images.

A TTS sheet holds up to 69 cards (10 columns × 7 rows, the 70th cell shows the
card back, as TTS expects for its hidden card) and is at most 4096 px wide:
409 × 571 px per card, 4090 × 3997 px per sheet. ``tts.json`` lists, per deck,
the sheet files, their card counts and the back image, ready for TTS's "Custom
Deck" dialog.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from authoring.io.diagnostics import Report, Span
from authoring.pdf.canvas import PdfDocument
from authoring.pdf.cards import draw_card_back, draw_card_face
from authoring.pdf.layout import Paper, Rect
from authoring.pdf.section import KitOptions, Section, SectionInfo, say

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from authoring.pdf.cards import CardBack, CardFace, CardOptions
    from authoring.pdf.tokens import Token

TTS_COLS, TTS_ROWS = 10, 7
TTS_CARD_PX = 409  # 10 × 409 = 4090 px ≤ 4096
TTS_PER_SHEET = TTS_COLS * TTS_ROWS - 1
TTS_BOARD_PX = 4096  # the board image's longer side


def tts_card_height(card_w: float = 63.0, card_h: float = 88.0) -> int:
    """Height in px of one card on a TTS sheet (aspect ratio kept)."""
    return round(TTS_CARD_PX * card_h / card_w)


def _slug(text: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return s or "card"


def pdftoppm() -> str | None:
    """Path of the ``pdftoppm`` program, or None."""
    return shutil.which("pdftoppm")


def _decks(sections: Sequence[Section]) -> list[tuple[str, str, list[CardFace], CardBack | None,
                                                        CardOptions]]:
    """(key, title, faces with copies, back, card options) of every card section."""
    out = []
    for s in sections:
        deck = getattr(s, "deck", None)
        copt: CardOptions | None = getattr(s, "card_options", None)
        if copt is None:
            continue
        if deck is not None:
            out.append((deck.key, deck.title, list(deck.faces), deck.back, copt))
        elif s.part == "clues":
            out.append(("clues", s.title, list(getattr(s, "faces", ())), getattr(s, "back", None),
                        copt))
    return out


def render_images(sections: Sequence[Section], options: KitOptions, stem: Path, tmpdir: Path,
                  report: Report, *, kit: bytes = b"", pages: Sequence[SectionInfo] = (),
                  papers: Sequence[Paper] = ()) -> list[tuple[Path, Path, str]]:
    """Stage the PNG and TTS folders in ``tmpdir``; returns (final folder, staged
    folder, description) pairs for the caller to move into place. ``kit`` (the kit
    PDF), its sections' ``pages`` and each page's paper give the sheets' images for
    TTS."""
    decks = _decks(sections)
    lang = options.lang
    tts_more = bool(_token_groups(sections) or _sheet_pages(pages) or _board_of(sections))
    wants_png = options.png and bool(decks)
    wants_tts = options.tts and bool(decks or tts_more)
    wants_cricut = options.cutter == "cricut" and bool(decks)
    if (options.png and not wants_png) or (options.tts and not wants_tts):
        report.warning(Span(str(stem)), "png-no-cards",
                       "--png/--tts: the chosen parts have no cards; no card image written",
                       "include cards with --only (e.g. --only cards)")
    if not (wants_png or wants_tts or wants_cricut):
        return []
    tool = pdftoppm()
    if tool is None:
        report.warning(
            Span(str(stem)), "png-no-renderer",
            "pdftoppm was not found, so the card images could not be rasterised; the "
            "one-card-per-page PDFs are written instead (ReportLab's renderPM cannot draw "
            "PDF pages)",
            "install poppler-utils (apt install poppler-utils, brew install poppler) and "
            "export again, or convert the PDFs with any PDF viewer")
    out: list[tuple[Path, Path, str]] = []
    try:
        for wanted, name, write, what in (
                (wants_png, "png", _pngs,
                 say(lang, "une image PNG par carte", "one PNG per card")),
                (wants_tts, "tts", _tts,
                 say(lang, "planches Tabletop Simulator", "Tabletop Simulator sheets"))):
            if wanted:
                staged = tmpdir / name
                staged.mkdir()
                final = stem.parent / f"{stem.name}-{name}"
                if name == "tts":
                    _tts(decks, options, staged, tool, final=final, board=_board_of(sections),
                         tokens=_token_groups(sections), sheets=_sheet_pages(pages),
                         kit=kit, papers=papers)
                else:
                    write(decks, options, staged, tool)
                out.append((final, staged, what))
        if wants_cricut:
            staged = tmpdir / "cricut"
            staged.mkdir()
            _cricut(decks, options, staged, pdftocairo() if tool is not None else None)
            out.append((stem.parent / f"{stem.name}-cricut", staged,
                        say(lang, "images Cricut Print Then Cut (à importer dans Design Space)",
                            "Cricut Print Then Cut images (upload to Design Space)")))
    except (OSError, RuntimeError, subprocess.CalledProcessError) as exc:
        detail = getattr(exc, "stderr", b"") or b""
        report.warning(Span(str(stem)), "png-failed",
                       f"the card images could not be rendered: {exc} "
                       f"{detail.decode('utf-8', 'replace').strip()}".strip(),
                       "check that pdftoppm works (pdftoppm -v) and that the disk has room")
        return []
    return out


def pdftocairo() -> str | None:
    """Path of the ``pdftocairo`` program (poppler-utils: PNG with transparency), or None."""
    return shutil.which("pdftocairo")


def _cricut(decks: Sequence[tuple[str, str, list[CardFace], CardBack | None, CardOptions]],
            options: KitOptions, folder: Path, tool: str | None) -> None:
    """Images to upload to Cricut Design Space for Print Then Cut: per card sheet,
    the Print Then Cut area (6.75 × 9.25 in, portrait or landscape like the
    sheet) at ``--dpi``, the cards where the kit's sheet has them, each cut to its
    rounded outline (``--corner-radius``) on a transparent ground, so Design Space
    finds every card's outline (it adds its own bleed and prints its own frame).
    Fronts only: Print Then Cut prints one side."""
    from authoring.pdf.canvas import pt
    from authoring.pdf.cutfile import CRICUT_AREA

    names: list[str] = []
    pdf = folder / "cricut.pdf"
    with PdfDocument(pdf, title="Cricut Print Then Cut") as doc:
        for key, _title, faces, _back, copt in decks:
            imp = copt.imposition()
            paper = imp.paper
            aw, ah = CRICUT_AREA if not paper.is_landscape else CRICUT_AREA[::-1]
            ox, oy = (paper.width - aw) / 2, (paper.height - ah) / 2
            area = Paper("cricut", aw, ah)
            slots = imp.slots()
            for first in range(0, len(faces), len(slots)):
                with doc.page(area, note=False) as c:
                    for face, slot in zip(faces[first:first + len(slots)], slots,
                                          strict=False):
                        trim = slot.trim.translate(-ox, -oy)
                        c.saveState()
                        path = c.beginPath()
                        path.roundRect(pt(trim.x), pt(trim.y), pt(trim.w), pt(trim.h),
                                       pt(options.corner_radius))
                        c.clipPath(path, stroke=0, fill=0)
                        draw_card_face(c, face, trim, trim, copt)
                        c.restoreState()
                names.append(f"{key}-sheet-{first // len(slots) + 1:02d}.png")
    if tool is None:
        return
    import os
    from concurrent.futures import ThreadPoolExecutor

    def run(n: int) -> None:
        prefix = folder / f".cricut-{n}"
        subprocess.run([tool, "-png", "-transp", "-r", str(options.png_dpi), "-singlefile",
                        "-f", str(n), "-l", str(n), str(pdf), str(prefix)],
                       check=True, capture_output=True)
        prefix.with_suffix(".png").rename(folder / names[n - 1])

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        list(pool.map(run, range(1, len(names) + 1)))
    pdf.unlink()


def write_singles(sections: Sequence[Section], options: KitOptions, path: Path) -> int:
    """Every card (copies included) on its own page of card size plus bleed, its
    back on the next page (print-shop order); returns the page count. The pages'
    TrimBox is the card, the BleedBox the whole page."""

    decks = _decks(sections)
    if not decks:
        return 0
    doc = PdfDocument(path, title="Project: Resistance — cartes à l'unité / single cards")
    with doc:
        for _key, _title, faces, back, copt in decks:
            b = copt.bleed
            paper = Paper("card", copt.card_width + 2 * b, copt.card_height + 2 * b)
            trim = Rect(b, b, copt.card_width, copt.card_height)
            full = paper.rect
            for face in faces:
                with doc.page(paper, trim=trim, bleed=full, note=False) as c:
                    draw_card_face(c, face, trim, full, copt)
                if back is not None:
                    with doc.page(paper, trim=trim, bleed=full, note=False) as c:
                        draw_card_back(c, back, trim, full, copt)
    return len(doc.pages)


def _pngs(decks: Sequence[tuple[str, str, list[CardFace], CardBack | None, CardOptions]],
          options: KitOptions, folder: Path, tool: str | None) -> None:
    """One page per distinct card face (and per deck back) with its bleed (69 × 94
    mm for a 63 × 88 mm card and 3 mm bleed, the size print-on-demand shops ask
    for), then PNGs."""

    names: list[str] = []
    index: list[dict[str, Any]] = []
    doc = PdfDocument(folder / "cards.pdf", title="Project: Resistance — cards")
    with doc:
        for key, _title, faces, back, copt in decks:
            b = copt.bleed
            paper = Paper("card", copt.card_width + 2 * b, copt.card_height + 2 * b)
            trim = Rect(b, b, copt.card_width, copt.card_height)
            bleed_box = paper.rect
            seen: dict[str, int] = {}
            order: list[CardFace] = []
            for f in faces:
                if f.name not in seen:
                    seen[f.name] = 0
                    order.append(f)
                seen[f.name] += 1
            for n, face in enumerate(order, start=1):
                with doc.page(paper, trim=trim, bleed=bleed_box, note=False) as c:
                    draw_card_face(c, face, trim, bleed_box, copt)
                name = f"{key}-{n:02d}-{_slug(face.name.rsplit(' ', 1)[-1])}.png"
                names.append(name)
                index.append({"file": name, "deck": key, "card": face.name,
                              "title": face.title, "copies": seen[face.name]})
            if back is not None:
                with doc.page(paper, trim=trim, bleed=bleed_box, note=False) as c:
                    draw_card_back(c, back, trim, bleed_box, copt)
                name = f"{key}-back.png"
                names.append(name)
                index.append({"file": name, "deck": key, "card": "back", "title": back.title,
                              "copies": 0})
    (folder / "index.json").write_text(json.dumps(index, indent=2, ensure_ascii=False) + "\n",
                                       "utf-8")
    if tool is None:
        return
    _rasterise(tool, folder / "cards.pdf", folder, names,
               ["-r", str(options.png_dpi)])
    (folder / "cards.pdf").unlink()


def _board_of(sections: Sequence[Section]) -> Any:
    return next((getattr(s, "board", None) for s in sections if s.part == "board"), None)


#: the sheets put on the TTS table as tiles: the counter tracks, character
#: sheets, scenario sheets and player aids (one image per page)
TTS_SHEET_PARTS = ("tracks", "characters", "scenario", "aids")
TTS_SHEET_PX = 1600  # a sheet image's longer side (A4 at about 190 dpi)
TTS_TOKEN_PX = 256
#: token categories (the first word of a token's name) put in a bag, with their names
TTS_BAGS = {"zone": ("Jetons Zone", "Zone tokens"), "recruit": ("Recrues", "Recruits"),
            "planning": ("Jetons Planification", "Planning tokens"),
            "soldier": ("Soldats", "Soldiers"), "officer": ("Officiers", "Officers"),
            "reputation": ("Cubes Réputation", "Reputation cubes")}


@dataclass(frozen=True)
class TtsToken:
    """One token for TTS: its id and name, picture files (front, back), shape and
    size."""

    name: str
    label: str
    face: str
    back: str
    shape: str  # "circle" or "square"
    size_mm: float


@dataclass(frozen=True)
class TtsSheet:
    """One page of the kit put on the table: its image and size in mm."""

    name: str
    image: str
    size_mm: tuple[float, float]


def _token_groups(sections: Sequence[Section]) -> list[tuple[str, float, list[Token]]]:
    """(shape, size mm, tokens) of every token section."""
    out = []
    for s in sections:
        grid = getattr(s, "grid", None)
        tokens = getattr(s, "tokens", None)
        if grid is not None and tokens:
            out.append((grid.shape, grid.size, list(tokens)))
    return out


def _sheet_pages(pages: Sequence[SectionInfo]) -> list[tuple[str, str, int, int]]:
    """(part, title, first page, last page) of the sections shown as sheets."""
    return [(p.part, p.title, p.first, p.last) for p in pages if p.part in TTS_SHEET_PARTS]


def _tts_tokens(groups: Sequence[tuple[str, float, list[Token]]], folder: Path
                ) -> tuple[list[TtsToken], Path | None, list[str]]:
    """One page per distinct token face and per back (its colour, plain: a
    recruit and a dummy look alike face down, R0.3) in ``tokens.pdf``; returns
    every token (copies included), the PDF and its pages' image names."""
    from authoring.pdf.canvas import colour, pt

    tokens: list[TtsToken] = []
    names: list[str] = []
    drawn: dict[str, str] = {}
    if not groups:
        return tokens, None, names
    pdf = folder / "tokens.pdf"
    with PdfDocument(pdf, title="TTS — tokens") as doc:
        for shape, size, group in groups:
            paper = Paper("token", size, size)
            r = size / 2

            def ground(c: Canvas, fill: str, shape: str = shape, r: float = r) -> None:
                c.setFillColor(colour(fill))
                if shape == "circle":
                    c.circle(pt(r), pt(r), pt(r), stroke=0, fill=1)
                else:
                    c.rect(0, 0, pt(2 * r), pt(2 * r), stroke=0, fill=1)

            for token in group:
                back_key = f"back {shape} {token.fill}"
                for key, is_back in ((token.name, False), (back_key, True)):
                    if key in drawn:
                        continue
                    drawn[key] = f"token-{_slug(key)}.png"
                    names.append(drawn[key])
                    with doc.page(paper, note=False) as c:
                        ground(c, token.fill)
                        if not is_back:
                            token.draw(c, r, r, r)
                tokens.append(TtsToken(token.name, token.label or token.name,
                                       drawn[token.name], drawn[back_key], shape, size))
    return tokens, pdf, names


def _tts(decks: Sequence[tuple[str, str, list[CardFace], CardBack | None, CardOptions]],
         options: KitOptions, folder: Path, tool: str | None, *, final: Path | None = None,
         board: Any = None, tokens: Sequence[tuple[str, float, list[Token]]] = (),
         sheets: Sequence[tuple[str, str, int, int]] = (), kit: bytes = b"",
         papers: Sequence[Paper] = ()) -> None:
    """Per deck: sheets of 10 × 7 cards (69 cards and the back) and a back image;
    the board as one image; one image per distinct token and per sheet page;
    ``tts.json`` indexes the decks and ``tts-object.json`` is a Tabletop Simulator
    saved object of it all (the decks with their backs and every copy, the board,
    the tokens in bags, the counter tracks and the sheets), its images named as
    ``file://`` addresses in ``final``, the folder they end up in."""

    manifest: list[dict[str, Any]] = []
    jobs: list[tuple[Path, list[str], list[str]]] = []
    for key, title, faces, back, copt in decks:
        cw, ch = copt.card_width, copt.card_height
        sheet_paper = Paper("tts", TTS_COLS * cw, TTS_ROWS * ch)
        chunks = [faces[i:i + TTS_PER_SHEET] for i in range(0, len(faces), TTS_PER_SHEET)]
        pdf = folder / f"{key}.pdf"
        names = [f"{key}-sheet-{k + 1}.png" for k in range(len(chunks))]
        with PdfDocument(pdf, title=f"TTS — {title}") as doc:
            for chunk in chunks:
                with doc.page(sheet_paper, note=False) as c:
                    for i, face in enumerate(chunk):
                        row, col = divmod(i, TTS_COLS)
                        trim = Rect(col * cw, (TTS_ROWS - 1 - row) * ch, cw, ch)
                        draw_card_face(c, face, trim, trim, copt)
                    if back is not None:
                        trim = Rect((TTS_COLS - 1) * cw, 0, cw, ch)
                        draw_card_back(c, back, trim, trim, copt)
            if back is not None:
                with doc.page(Paper("card", cw, ch), note=False) as c:
                    r = Rect(0, 0, cw, ch)
                    draw_card_back(c, back, r, r, copt)
        back_name = f"{key}-back.png" if back is not None else None
        jobs.append((pdf, names + ([back_name] if back_name else []),
                     [str(TTS_COLS * TTS_CARD_PX), str(TTS_ROWS * tts_card_height(cw, ch))]))
        manifest.append({
            "deck": key, "title": title, "cards": len(faces),
            "sheets": [{"file": n, "cards": len(chunk), "columns": TTS_COLS, "rows": TTS_ROWS}
                       for n, chunk in zip(names, chunks, strict=True)],
            "back": back_name,
            "size_px": [TTS_COLS * TTS_CARD_PX, TTS_ROWS * tts_card_height(cw, ch)],
            # each copy's place on its sheet (the sheets hold every copy)
            "card_ids": [n % TTS_PER_SHEET for n in range(len(faces))],
        })
    (folder / "tts.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n",
                                     "utf-8")
    board_name = None
    if board is not None:
        from authoring.pdf.poster import true_size_board

        board_name = "board.png"
        (folder / "board.pdf").write_bytes(true_size_board(board, options))
    tts_tokens, token_pdf, token_names = _tts_tokens(tokens, folder)
    tts_sheets: list[TtsSheet] = []
    sheet_pages: list[int] = []
    if kit and sheets:
        for part, title, first, last in sheets:
            for n in range(first, last + 1):
                image = f"sheet-{part}-{n - first + 1:02d}.png"
                label = title if first == last else f"{title} {n - first + 1}/{last - first + 1}"
                paper = papers[n - 1]
                tts_sheets.append(TtsSheet(label, image, (paper.width, paper.height)))
                sheet_pages.append(n)
    if options.tts_url:  # where they will be hosted: the names stay relative to it
        base = options.tts_url.rstrip("/") + "/"
    else:
        base = (final or folder).resolve().as_uri() + "/"
    saved = tts_saved_object(manifest, base, board_name,
                             board.spec.size if board is not None else None,
                             tokens=tts_tokens, sheets=tts_sheets, lang=options.lang)
    (folder / "tts-object.json").write_text(
        json.dumps(saved, indent=2, ensure_ascii=False) + "\n", "utf-8")
    if tool is None:
        return
    from concurrent.futures import ThreadPoolExecutor

    # every picture at once: the decks, the board, the tokens, the sheets
    work: list[Callable[[], None]] = []

    def deck(job: tuple[Path, list[str], list[str]]) -> None:
        pdf, names, (sx, sy) = job
        n_sheets = len(names) - (1 if names and names[-1].endswith("-back.png") else 0)
        _rasterise(tool, pdf, folder, names[:n_sheets], ["-scale-to-x", sx, "-scale-to-y", sy])
        if n_sheets < len(names):
            h = tts_card_height()
            _rasterise(tool, pdf, folder, names[n_sheets:],
                       ["-scale-to-x", str(TTS_CARD_PX), "-scale-to-y", str(h)],
                       first=n_sheets + 1)

    work += [lambda job=job: deck(job) for job in jobs]  # type: ignore[misc]
    if board_name is not None:
        work.append(lambda: _rasterise(tool, folder / "board.pdf", folder, [board_name],
                                       ["-scale-to", str(TTS_BOARD_PX)]))
    if token_pdf is not None:
        work.append(lambda: _rasterise(tool, token_pdf, folder, token_names,
                                       ["-scale-to", str(TTS_TOKEN_PX)]))
    kit_pdf = folder / "kit.pdf"
    if sheet_pages:
        kit_pdf.write_bytes(kit)
        for run in _runs(sheet_pages):  # a section's pages are consecutive
            images = [t.image for t, n in zip(tts_sheets, sheet_pages, strict=True) if n in run]
            work.append(lambda run=run, images=images: _rasterise(  # type: ignore[misc]
                tool, kit_pdf, folder, images, ["-scale-to", str(TTS_SHEET_PX)], first=run[0]))
    with ThreadPoolExecutor(max_workers=4) as pool:
        for future in [pool.submit(job) for job in work]:
            future.result()
    for pdf in [job[0] for job in jobs] + [folder / "board.pdf", kit_pdf,
                                           folder / "tokens.pdf"]:
        pdf.unlink(missing_ok=True)


def _runs(numbers: Sequence[int]) -> list[list[int]]:
    """Consecutive runs: [3, 4, 5, 9, 10] → [[3, 4, 5], [9, 10]].

    >>> _runs([3, 4, 5, 9, 10])
    [[3, 4, 5], [9, 10]]
    """
    out: list[list[int]] = []
    for n in numbers:
        if out and n == out[-1][-1] + 1:
            out[-1].append(n)
        else:
            out.append([n])
    return out


#: approximate size of a TTS object at scale 1, mm (a unit is about an inch; a
#: tile or board of scale 1 is about two units across)
TTS_MM_AT_SCALE_1 = 50.8
#: half the room the board takes around the table's centre, units (x, z): decks go
#: above it, tokens and bags below, sheets to its right, none on it
BOARD_HALF = (20.0, 15.0)


def tts_saved_object(manifest: Sequence[dict[str, Any]], base: str, board: str | None,
                     board_mm: tuple[float, float] | None, *,
                     tokens: Sequence[TtsToken] = (), sheets: Sequence[TtsSheet] = (),
                     lang: str = "fr") -> dict[str, Any]:
    """A Tabletop Simulator saved object (drop it in "Saved Objects"): one custom
    deck per deck, every copy a card (``CardID`` = sheet number × 100 + place on
    the sheet), the back hidden; the board as a custom board at its proportions;
    the tokens as round or square tiles (face and plain back), those of a kind
    that comes many at a time in a bag (zone tokens, recruits, soldiers …); each
    sheet page (counter tracks, characters, scenarios, aids) as a flat tile.

    >>> o = tts_saved_object([{"deck": "events", "title": "Events", "cards": 2,
    ...     "sheets": [{"file": "events-sheet-1.png", "cards": 2}], "back": "b.png",
    ...     "card_ids": [0, 0]}], "file:///k/", None, None)
    >>> [(d["Nickname"], d["DeckIDs"]) for d in o["ObjectStates"]]
    [('Events', [100, 100])]
    """
    objects: list[dict[str, Any]] = []
    sheet_no = 0
    for k, deck in enumerate(manifest):
        custom: dict[str, Any] = {}
        ids: list[int] = []
        firsts: dict[int, int] = {}
        for sheet in deck["sheets"]:
            sheet_no += 1
            custom[str(sheet_no)] = {
                "FaceURL": base + sheet["file"],
                "BackURL": base + (deck["back"] or sheet["file"]),
                "NumWidth": TTS_COLS, "NumHeight": TTS_ROWS,
                "BackIsHidden": True, "UniqueBack": False, "Type": 0}
            firsts[len(firsts)] = sheet_no
        for n, place in enumerate(deck["card_ids"]):
            ids.append(firsts[n // TTS_PER_SHEET] * 100 + place)
        cards = [{"Name": "Card", "Nickname": deck["title"], "CardID": cid,
                  "Transform": _transform(0, 0, flipped=True),
                  "CustomDeck": {str(cid // 100): custom[str(cid // 100)]},
                  "GUID": _guid(f"{deck['deck']}-{n}")} for n, cid in enumerate(ids)]
        objects.append({
            "Name": "DeckCustom", "Nickname": deck["title"], "Description": deck["deck"],
            "Transform": _transform(-BOARD_HALF[0] + 2.0 + 4.0 * k, BOARD_HALF[1] + 4.0,
                                    flipped=True),
            "DeckIDs": ids, "CustomDeck": custom, "ContainedObjects": cards,
            "Hands": False, "SidewaysCard": False, "GUID": _guid(deck["deck"])})
    if board is not None and board_mm is not None:
        w, h = board_mm
        objects.append({
            "Name": "Custom_Board", "Nickname": "Board",
            "Transform": {**_transform(0, 0), "scaleX": round(w / h, 4)},
            "CustomImage": {"ImageURL": base + board, "ImageSecondaryURL": "",
                            "WidthScale": 0.0},
            "Locked": True, "GUID": _guid("board")})
    objects += _token_objects(tokens, base, lang)
    # the sheets right of the board, in columns, each spaced by its own size
    x0, top = BOARD_HALF[0] + 3.0, BOARD_HALF[1]
    x, z, col_w = x0, top, 0.0
    for sheet in sheets:
        w, h = sheet.size_mm
        sw, sh = w / TTS_MM_AT_SCALE_1, h / TTS_MM_AT_SCALE_1
        uw, uh = 2 * sw, 2 * sh  # a tile of scale 1 is about two units across
        if z - uh < -top - 30.0:  # a column as tall as the board and more: the next one
            x, z, col_w = x + col_w + 1.0, top, 0.0
        objects.append(_tile(sheet.name, base + sheet.image, base + sheet.image, 0,
                             (sw, sh), round(x + uw / 2, 3), round(z - uh / 2, 3),
                             f"sheet-{sheet.image}", stackable=False))
        z -= uh + 1.0
        col_w = max(col_w, uw)
    return {"SaveName": "Project: Resistance", "GameMode": "", "Date": "", "Table": "",
            "Sky": "", "Note": "", "Rules": "", "LuaScript": "", "LuaScriptState": "",
            "XmlUI": "", "ObjectStates": objects, "TabStates": {}, "VersionNumber": ""}


def _tile(name: str, face: str, back: str, kind: int, size: tuple[float, float], x: float,
          z: float, key: str, *, stackable: bool = True) -> dict[str, Any]:
    """A custom tile (``kind`` 0 box, 2 circle) of ``size`` TTS scale (x, z)."""
    w, h = size
    return {"Name": "Custom_Tile", "Nickname": name,
            "Transform": {**_transform(x, z), "scaleX": round(w, 4), "scaleZ": round(h, 4)},
            "CustomImage": {"ImageURL": face, "ImageSecondaryURL": back, "ImageScalar": 1.0,
                            "WidthScale": 0.0,
                            "CustomTile": {"Type": kind, "Thickness": 0.1,
                                           "Stackable": stackable, "Stretch": True}},
            "GUID": _guid(key)}


def _token_objects(tokens: Sequence[TtsToken], base: str, lang: str) -> list[dict[str, Any]]:
    """Tokens as tiles; the kinds of :data:`TTS_BAGS` gathered in a bag each."""
    objects: list[dict[str, Any]] = []
    bags: dict[str, list[dict[str, Any]]] = {}
    loose = 0
    for n, t in enumerate(tokens):
        scale = t.size_mm / TTS_MM_AT_SCALE_1
        kind = t.name.split(" ", 1)[0]
        tile = _tile(t.label, base + t.face, base + t.back, 2 if t.shape == "circle" else 0,
                     (scale, scale), 0.0, 0.0, f"token-{n}-{t.name}")
        if kind in TTS_BAGS:
            bags.setdefault(kind, []).append(tile)
        else:  # below the board, off it, spaced by the token's size
            step = 2 * scale + 0.4
            tile["Transform"].update(posX=round(-BOARD_HALF[0] + step * (loose % 10), 3),
                                     posZ=round(-BOARD_HALF[1] - 3.0 - step * (loose // 10), 3))
            objects.append(tile)
            loose += 1
    for k, (kind, contents) in enumerate(bags.items()):
        fr, en = TTS_BAGS[kind]
        objects.append({"Name": "Bag", "Nickname": en if lang == "en" else fr,
                        "Description": f"{len(contents)}",
                        "Transform": _transform(BOARD_HALF[0] * 0.3 + 4.0 * k,
                                                -BOARD_HALF[1] - 4.0),
                        "ContainedObjects": contents, "GUID": _guid(f"bag-{kind}")})
    return objects


def _transform(x: float, z: float, *, flipped: bool = False) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": z, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if flipped else 0.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _guid(key: str) -> str:
    import hashlib

    return hashlib.sha1(key.encode("utf-8")).hexdigest()[:6]


def _rasterise(tool: str, pdf: Path, folder: Path, names: Sequence[str],
               args: Sequence[str], *, first: int = 1) -> None:
    """Rasterise pages ``first`` … ``first + len(names) - 1`` of ``pdf`` with
    pdftoppm, in parallel chunks (one per CPU), and name the images ``names``."""
    import os
    from concurrent.futures import ThreadPoolExecutor

    n = len(names)
    if n == 0:
        return
    workers = max(1, min(os.cpu_count() or 1, n))
    size = -(-n // workers)
    chunks = [(first + k, min(first + k + size, first + n) - 1) for k in range(0, n, size)]

    def run(chunk: tuple[int, int]) -> list[Path]:
        lo, hi = chunk
        prefix = folder / f".{pdf.stem}-{lo}"
        subprocess.run([tool, "-png", *args, "-f", str(lo), "-l", str(hi), str(pdf),
                        str(prefix)], check=True, capture_output=True)
        produced = sorted(folder.glob(f".{pdf.stem}-{lo}-*.png"),
                          key=lambda p: int(p.stem.rsplit("-", 1)[1]))
        if len(produced) != hi - lo + 1:
            raise RuntimeError(f"pdftoppm wrote {len(produced)} images for pages {lo}–{hi}")
        return produced

    with ThreadPoolExecutor(max_workers=workers) as pool:
        produced = [p for part in pool.map(run, chunks) for p in part]
    for src, name in zip(produced, names, strict=True):
        src.rename(folder / name)
