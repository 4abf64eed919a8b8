"""Print-and-play output: the kit as PDF pages and cut files.

- :mod:`authoring.pdf.layout` — pure millimetre arithmetic: paper sizes, card
  imposition with bleed and crop marks, duplex backs, poster tiling, token grids,
  page-note placement. No ReportLab; every number is testable.
- :mod:`authoring.pdf.canvas` — a reproducible ReportLab document in mm: shipped
  DejaVu fonts (embedded), TrimBox/BleedBox, the print-at-100 % note and 50 mm
  test bar, the ``CutContour`` spot colour, atomic writing; ``draw_poster``
  (a large drawing over overlapping pages, with an assembly page).
- :mod:`authoring.pdf.text` — ``**bold**`` markup, wrapping, shrink-to-fit.
- :mod:`authoring.pdf.cards` — generic card faces and backs on sheets
  (``draw_card_sheets``), duplex calibration page (``draw_calibration``), token
  sheets (``draw_token_sheets``). Each ``draw_*`` draws into an open
  :class:`~authoring.pdf.canvas.PdfDocument` (the kit's); its ``render_*``
  twin writes a file of its own.
- :mod:`authoring.pdf.cutfile` — perforation cut files (SVG in mm, CutContour PDF).

This package imports nothing heavy; import the submodule you need (the CLI does
so lazily, so ``resistance --help`` never loads ReportLab).
"""
