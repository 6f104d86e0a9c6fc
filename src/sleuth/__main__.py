"""``python -m sleuth``: the same as the ``sleuth`` command."""

from sleuth.cli import main

main()
