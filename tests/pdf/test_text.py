"""Card text: bold markup, wrapping, shrink-to-fit."""

from __future__ import annotations

from authoring.pdf.text import Run, fit_line, fit_text, parse_markup, wrap


def test_markup_bold_runs_and_paragraphs() -> None:
    assert parse_markup("a **b** c\nd") == [
        [Run("a "), Run("b", True), Run(" c")], [Run("d")]]
    assert parse_markup("prix **3") == [[Run("prix **3")]]  # unpaired marker stays literal


def test_wrap_keeps_words_and_french_punctuation_together() -> None:
    lines, ok = wrap("Gagnez **2** cubes de réputation « vite » puis : ici !", 55, 9)
    assert ok
    assert [line.text for line in lines] == [
        "Gagnez 2 cubes de réputation", "« vite » puis : ici !"]
    assert all(line.width <= 55 for line in lines)
    assert lines[0].runs[1] == Run("2", True)


def test_fit_text_shrinks_before_giving_up() -> None:
    short = fit_text("Une ligne.", 50, 30)
    assert (short.size, short.fits, len(short.lines)) == (9.0, True, 1)
    medium = fit_text("Un texte moyen qui tient en plus petit. " * 9, 50, 30)
    assert medium.fits and 6.0 <= medium.size < 9.0
    assert medium.height <= 30
    absurd = fit_text("Beaucoup trop de texte. " * 200, 50, 30)
    assert not absurd.fits and absurd.size == 6.0
    assert absurd.needed_lines > len(absurd.lines)
    assert absurd.lines[-1].text.endswith("…")
    assert absurd.lines[-1].width <= 50


def test_a_word_wider_than_the_box_does_not_fit() -> None:
    fitted = fit_text("Anticonstitutionnellement" * 3, 20, 50)
    assert not fitted.fits


def test_fit_line() -> None:
    assert fit_line("Élan", 40, "DejaVuSans-Bold", max_size=11, min_size=7) == (11, True)
    size, ok = fit_line("Un très très long titre de carte", 40, "DejaVuSans-Bold",
                        max_size=11, min_size=7)
    assert not ok and size == 7
