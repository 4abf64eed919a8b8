"""``python -m authoring`` is the ``resistance`` command."""

from authoring.cli import main

main()
