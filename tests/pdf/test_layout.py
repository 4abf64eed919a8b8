"""Layout arithmetic in mm: card positions, mirrored backs, crop marks, tiles, tokens."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from authoring.pdf.layout import (
    A4,
    LETTER,
    Imposition,
    LayoutError,
    Paper,
    Rect,
    Segment,
    TokenGrid,
    behind,
    behind_point,
    find_note_band,
    max_grid,
    paper_named,
    place_cards,
    tile_poster,
)


def test_cards_are_63_by_88_and_centred_on_a4() -> None:
    imp = Imposition(A4)
    slots = imp.slots()
    assert len(slots) == 9
    assert all((s.trim.w, s.trim.h) == (63.0, 88.0) for s in slots)
    assert imp.grid_trim == Rect(10.5, 16.5, 189.0, 264.0)
    assert imp.grid_bleed == Rect(7.5, 13.5, 195.0, 270.0)
    # row 0 is the top row, col 0 the left column
    assert [(s.row, s.col, s.trim.x, s.trim.y) for s in slots[:4]] == [
        (0, 0, 10.5, 192.5), (0, 1, 73.5, 192.5), (0, 2, 136.5, 192.5), (1, 0, 10.5, 104.5)]
    # centred: equal margins left/right and top/bottom
    g = imp.grid_trim
    assert g.left == pytest.approx(A4.width - g.right)
    assert g.bottom == pytest.approx(A4.height - g.top)


def test_cards_centred_on_letter() -> None:
    imp = Imposition(LETTER)
    assert imp.grid_trim == Rect(13.45, 7.7, 189.0, 264.0)
    assert imp.slots()[8].trim == Rect(139.45, 7.7, 63.0, 88.0)


def test_bleed_is_full_outside_and_split_between_cards() -> None:
    slots = Imposition(A4).slots()
    # butted cards: top-left card bleeds 3 mm left and up, nothing toward neighbours
    assert slots[0].bleed == Rect(7.5, 192.5, 66.0, 91.0)
    # centre card: no bleed at all (all four neighbours present)
    assert slots[4].bleed == slots[4].trim
    with_gap = Imposition(A4, gap=2.0, bleed=3.0)
    s = with_gap.slots()
    assert s[4].bleed == s[4].trim.expand(1.0)  # half the gap
    for a in s:
        for b in s:
            assert a is b or not a.bleed.overlaps(b.bleed)


def test_partial_sheet_gives_full_bleed_toward_empty_slots() -> None:
    slots = Imposition(A4).slots(occupied=7)
    assert slots[4].bleed == Rect(73.5, 101.5, 63.0, 91.0)  # nothing below slot 4
    assert slots[6].bleed == Rect(7.5, 13.5, 69.0, 91.0)  # nothing right of slot 6


def test_long_edge_back_mirrors_left_right() -> None:
    imp = Imposition(A4)
    backs = imp.back_slots("long")
    assert backs[0].trim == Rect(136.5, 192.5, 63.0, 88.0)  # top-right on the back page
    assert backs[2].trim == Rect(10.5, 192.5, 63.0, 88.0)
    assert backs[3].trim == Rect(136.5, 104.5, 63.0, 88.0)


def test_short_edge_back_mirrors_top_bottom() -> None:
    imp = Imposition(LETTER)
    backs = imp.back_slots("short")
    fronts = imp.slots()
    assert backs[0].trim == fronts[6].trim  # top-left front, bottom-left back
    assert backs[0].trim == Rect(13.45, 7.7, 63.0, 88.0)


@pytest.mark.parametrize("paper", [A4, LETTER])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_every_back_lands_behind_its_front_when_the_sheet_is_flipped(paper, duplex) -> None:
    """Flip the back page over (the same map as the printer uses) and each back
    covers exactly its front, bleed included."""
    imp = Imposition(paper, gap=1.0)
    for front, back in zip(imp.slots(), imp.back_slots(duplex), strict=True):
        assert behind(paper, duplex, back.trim) == front.trim
        assert behind(paper, duplex, back.bleed) == front.bleed


def test_back_offset_shifts_the_back_page_only() -> None:
    imp = Imposition(A4)
    plain = imp.back_slots("long")
    shifted = imp.back_slots("long", (1.5, -0.5))
    assert shifted[0].trim == Rect(138.0, 192.0, 63.0, 88.0)
    assert all(s.trim == p.trim.translate(1.5, -0.5) for s, p in zip(shifted, plain, strict=True))
    trim, bleed = imp.back_grid("long", (1.5, -0.5))
    assert trim == Rect(12.0, 16.0, 189.0, 264.0)
    assert bleed == Rect(9.0, 13.0, 195.0, 270.0)


def test_behind_point_and_none() -> None:
    assert behind_point(A4, "long", 35, 262) == (175.0, 262)
    assert behind_point(A4, "short", 35, 262) == (35, 35.0)
    with pytest.raises(LayoutError):
        behind(A4, "none", Rect(0, 0, 1, 1))


@given(x=st.floats(0, 150), y=st.floats(0, 200), w=st.floats(1, 60), h=st.floats(1, 90),
       duplex=st.sampled_from(["long", "short"]))
def test_flip_is_its_own_inverse(x: float, y: float, w: float, h: float, duplex) -> None:
    r = Rect(round(x, 3), round(y, 3), round(w, 3), round(h, 3))
    back = behind(A4, duplex, behind(A4, duplex, r))
    assert back.x == pytest.approx(r.x) and back.y == pytest.approx(r.y)
    assert (back.w, back.h) == (r.w, r.h)


def test_crop_marks_outside_the_grid_and_never_cross_a_bleed_box() -> None:
    imp = Imposition(A4)
    marks = imp.crop_marks()
    # 4 vertical cut lines × (bottom, top) + 4 horizontal × (left, right)
    assert len(marks) == 16
    assert marks[0] == Segment(10.5, 12.5, 10.5, 8.5)
    assert marks[1] == Segment(10.5, 284.5, 10.5, 288.5)
    # issue 14: the side marks ran 6.5 → 2.5 mm, into the 5 mm border a printer cannot
    # print; outside the bleed only 1.5 mm is printable, so they sit over the outer
    # bleed (cut away with it), 0.5 mm from the card, with a white halo
    assert Segment(10.0, 104.5, 6.0, 104.5, over_art=True) in marks
    assert all(m.length == 4.0 for m in marks)
    for m in marks:
        for s in imp.slots():
            assert not m.crosses(s.trim)
            if not m.over_art:
                assert not m.crosses(s.bleed)


@pytest.mark.parametrize("paper", [A4, LETTER], ids=["a4", "letter"])
def test_every_crop_mark_lies_in_the_printable_area_on_every_side(paper: Paper) -> None:
    """Issue 14 acceptance: on A4 and Letter every mark lies ≥ 5 mm from the edge,
    and each side of the sheet still has its marks (no side left uncut)."""
    imp = Imposition(paper)
    printable = paper.rect.inset(5.0)
    marks = imp.crop_marks()
    for m in marks:
        assert printable.contains_point(m.x0, m.y0) and printable.contains_point(m.x1, m.y1), m
        assert m.length >= 2.0
    xs, ys = imp.cut_lines()
    vertical = [m for m in marks if m.x0 == m.x1]
    horizontal = [m for m in marks if m.y0 == m.y1]
    assert sorted({m.x0 for m in vertical}) == list(xs)
    assert sorted({m.y0 for m in horizontal}) == list(ys)
    assert len(vertical) == 2 * len(xs) and len(horizontal) == 2 * len(ys)
    assert imp.issues() == ()


@given(bleed=st.floats(0, 3), gap=st.floats(0, 3), offset=st.floats(0, 2),
       length=st.floats(0.5, 6))
def test_crop_marks_never_cross_bleed_property(bleed: float, gap: float, offset: float,
                                               length: float) -> None:
    imp = Imposition(LETTER, bleed=round(bleed, 2), gap=round(gap, 2),
                     mark_offset=round(offset, 2), mark_length=round(length, 2))
    printable = LETTER.rect.inset(imp.printable_margin)
    for m in imp.crop_marks():
        assert printable.contains_point(m.x0, m.y0) and printable.contains_point(m.x1, m.y1)
        assert all(not m.crosses(s.trim) for s in imp.slots())
        assert m.over_art or all(not m.crosses(s.bleed) for s in imp.slots())


def test_gap_doubles_the_cut_lines() -> None:
    xs, ys = Imposition(A4, gap=2.0, bleed=1.0).cut_lines()
    assert xs == (8.5, 71.5, 73.5, 136.5, 138.5, 201.5)
    assert len(ys) == 6


def test_a_side_with_no_room_for_crop_marks_is_reported() -> None:
    assert Imposition(A4).issues() == ()
    assert Imposition(LETTER).issues() == ()  # over the outer bleed (issue 14)
    # an 8 mm unprintable border on Letter leaves no room above or below the cards
    (issue,) = Imposition(LETTER, printable_margin=8.0).issues()
    assert issue.code == "pdf-crop-marks-unprintable"
    assert "no crop mark fits on the bottom, top sides outside the 8 mm border" in issue.message


def test_layout_that_does_not_fit_is_refused_with_reason() -> None:
    assert Imposition(A4, bleed=3.0, gap=6.0).grid_bleed == Rect(1.5, 7.5, 207.0, 282.0)
    with pytest.raises(LayoutError, match="need 213 × 288 mm; A4 is 210 × 297 mm"):
        Imposition(A4, bleed=3.0, gap=9.0)
    with pytest.raises(LayoutError, match="4 × 3 cards"):
        Imposition(A4, rows=4)
    with pytest.raises(LayoutError, match="positive"):
        Imposition(A4, card_width=0)


def test_note_band_avoids_grid_and_marks() -> None:
    imp = Imposition(A4)
    band = find_note_band(A4, imp.obstacles(), imp.crop_marks())
    assert band is not None and band.rotation == 0
    assert band.rect == Rect(79.0, 5.0, 52.0, 5.0)  # on the 5 mm printable margin
    letter = Imposition(LETTER)
    # Letter leaves no band outside the bleed within the 5 mm margin; the page then
    # accepts one that only keeps off the cards (trims), over the outer bleed
    assert find_note_band(LETTER, letter.obstacles(), letter.crop_marks()) is None
    side = find_note_band(LETTER, (letter.grid_trim.expand(0.5),), letter.crop_marks())
    assert side is not None and side.rotation == 90
    assert side.rect == Rect(5.0, 113.7, 5.0, 52.0)
    for m in letter.crop_marks():
        assert not m.crosses(side.rect.expand(1.0))
    full = find_note_band(A4, (A4.rect.inset(1.0),))
    assert full is None


def test_place_cards_pages_and_sides() -> None:
    p = place_cards(10, Imposition(A4), "long")
    assert len(p) == 20
    assert [(q.page, q.side) for q in p if q.index == 9] == [(3, "front"), (4, "back")]
    assert {q.page for q in p} == {1, 2, 3, 4}
    # no duplex printer: the back pages stay, laid out for turning the sheet by hand
    single = place_cards(10, Imposition(A4), "none")
    assert [(q.page, q.side, q.trim) for q in single] == [
        (q.page, q.side, q.trim) for q in p]
    fronts = place_cards(10, Imposition(A4), "none", backs=False)
    assert {q.side for q in fronts} == {"front"} and {q.page for q in fronts} == {1, 2}
    short = place_cards(2, Imposition(A4), "short")
    assert [(q.page, q.side, q.rotated) for q in short] == [
        (1, "front", False), (1, "front", False), (2, "back", True), (2, "back", True)]


def test_fold_over_pairs_touch_at_the_fold_with_no_cut_there() -> None:
    """--duplex fold: a card's front left of the fold and its back right of it,
    touching (no gap, no bleed, no crop mark at the fold); the gutter between pairs."""
    imp = Imposition(A4.landscape(), rows=2, cols=4, gap=2.0, fold=True)
    assert imp.cards_per_page == 4 and imp.per_page == 8
    assert imp.grid_trim == Rect(21.5, 16.0, 254.0, 178.0)  # 4 × 63 + 2, 2 × 88 + 2
    assert imp.fold_lines() == (84.5, 212.5)
    xs, _ = imp.cut_lines()
    assert xs == (21.5, 147.5, 149.5, 275.5)  # no cut at a fold
    p = place_cards(5, imp)
    front, back = p[0], p[1]
    assert (front.side, back.side, front.page, back.page) == ("front", "back", 1, 1)
    assert front.trim.right == back.trim.left == 84.5
    assert front.bleed.right == front.trim.right and back.bleed.left == back.trim.left
    assert front.bleed.left == front.trim.left - 3.0 and not back.rotated
    assert [(q.index, q.side, q.page) for q in p if q.index == 4] == [
        (4, "front", 2), (4, "back", 2)]
    assert {m.x0 for m in imp.crop_marks() if m.x0 == m.x1}.isdisjoint(imp.fold_lines())
    with pytest.raises(LayoutError, match="even number of columns"):
        Imposition(A4, cols=3, fold=True)


def test_paper_names_and_max_grid() -> None:
    assert paper_named(" Letter ") == LETTER and paper_named("b5") is None
    assert A4.landscape().width == 297.0 and A4.landscape().portrait() == A4
    assert max_grid(A4, 63, 88, bleed=0, margin=10) == (3, 3)
    assert max_grid(A4, 20, 20, bleed=1.5, gap=3, margin=12) == (11, 8)


def test_poster_tiling_of_the_board() -> None:
    t = tile_poster(600, 450, A4, overlap=10, margin=10)
    assert (t.rows, t.cols, len(t.tiles)) == (2, 4, 8)
    assert not t.paper.is_landscape
    a1, a2, b1 = t.tile(0, 0), t.tile(0, 1), t.tile(1, 0)
    assert a1.label == "A1" and b1.label == "B1"
    assert a1.source == Rect(0.0, 220.0, 157.5, 230.0)
    assert a2.source == Rect(147.5, 220.0, 157.5, 230.0)
    assert b1.source == Rect(0.0, 0.0, 157.5, 230.0)
    assert a1.placement == Rect(10.0, 57.0, 157.5, 230.0)
    # neighbours share exactly the overlap; the tiles cover the poster
    assert a1.source.right - a2.source.left == 10.0
    assert b1.source.top - a1.source.bottom == 10.0
    assert t.tile(1, 3).source.right == 600.0 and t.tile(0, 3).source.top == 450.0
    assert t.seams() == ((147.5, 295.0, 442.5), (230.0,))
    assert "page 6 = B2: x 147.5–305 mm, y 0–230 mm" in t.page_map()


def test_poster_alignment_ticks_meet_at_the_seam() -> None:
    t = tile_poster(600, 450, A4)
    a1, a2 = t.tile(0, 0), t.tile(0, 1)
    # A1 lies under the seam x = 147.5: its ticks end there; A2's start there
    under = [m for m in t.alignment_marks(a1) if m.y0 == m.y1]
    over = [m for m in t.alignment_marks(a2) if m.y0 == m.y1 and m.x0 == a2.placement.x]
    assert len(under) == 3 and len(over) == 3
    for u, o in zip(under, over, strict=True):
        # same poster point: page → poster on each tile
        assert u.x1 - a1.placement.x + a1.source.x == 147.5
        assert o.x0 - a2.placement.x + a2.source.x == 147.5
        assert u.y1 - a1.placement.y + a1.source.y == o.y0 - a2.placement.y + a2.source.y
    assert len(t.crop_marks(a1)) == 8


def test_poster_orientation_auto_prefers_fewer_pages() -> None:
    assert len(tile_poster(280, 200, A4).tiles) == 2  # portrait 2 × 1, landscape 2 × 2
    t = tile_poster(260, 180, A4)
    assert t.paper.is_landscape and len(t.tiles) == 1
    assert tile_poster(100, 100, A4).tiles[0].source == Rect(0.0, 0.0, 100.0, 100.0)
    with pytest.raises(LayoutError):
        tile_poster(100, 100, A4, margin=110)


def test_token_grid_circles_and_squares() -> None:
    g = TokenGrid(A4, size=20, shape="circle", bleed=1.5, gap=3, margin=12)
    assert (g.rows, g.cols, g.per_page) == (11, 8, 88)
    slots = g.slots(90)
    assert slots[88].page == 1 and slots[88].trim == slots[0].trim
    assert slots[0].trim == Rect(14.5, 253.5, 20.0, 20.0)
    assert slots[0].bleed == Rect(13.0, 252.0, 23.0, 23.0)
    cuts = g.cuts(slots[:2])
    assert [(c.cx, c.cy, c.r) for c in cuts.circles] == [(24.5, 263.5, 10.0), (47.5, 263.5, 10.0)]
    sq = TokenGrid(A4, size=25, shape="square", bleed=1.0, gap=0, margin=12)
    sc = sq.cuts(sq.slots(3))
    assert len(sc.lines) == (sq.cols + 1) + (sq.rows + 1)
    assert not sc.circles
    with pytest.raises(LayoutError):
        TokenGrid(A4, size=300)


def test_landscape_sheet_backs_turn_over_the_long_edge() -> None:
    """A landscape card sheet (2 × 4 cards on A4 that way) printed long-edge: the
    sheet turns over its long edge, the horizontal one, so each back sits at the
    front's x, y mirrored — on a part-filled last sheet too, where mirroring x would
    put the backs behind empty slots."""
    from authoring.pdf.cards import CardOptions, card_placements

    options = CardOptions(paper=A4.landscape(), rows=2, cols=4, gap=2.0)
    paper = options.imposition().paper
    assert paper.is_landscape and (options.rows, options.cols) == (2, 4)
    placed = card_placements(3, options)  # one part-filled sheet: the top row's first three
    fronts = [p for p in placed if p.side == "front"]
    backs = [p for p in placed if p.side == "back"]
    assert len(fronts) == len(backs) == 3
    for f, b in zip(fronts, backs, strict=True):
        assert b.trim.x == pytest.approx(f.trim.x, abs=1e-3)
        assert b.trim.y == pytest.approx(paper.height - f.trim.top, abs=1e-3)
