"""Options several commands share, each defined once."""

from __future__ import annotations

import click

from ratingbook.files.backends import BACKENDS, DEFAULT_BACKEND

__all__ = ["backend_option"]

#: ``--backend package|openpyxl``: how a workbook file is read and written. ``--engine`` is its
#: former name, still accepted.
backend_option = click.option(
    "--backend",
    "--engine",
    "backend",
    type=click.Choice(BACKENDS),
    default=DEFAULT_BACKEND,
    show_default=True,
    help="package: patch the file in place of rewriting it (fast; keeps charts, images, "
    "pivot tables and everything else); openpyxl: rewrite it with openpyxl (refuses "
    "--in-place when parts would be lost). --engine is the same option's former name.",
)
