"""``ratingbook addin``: the Excel add-in, written from the installed package."""

from __future__ import annotations

from pathlib import Path

import click

from ratingbook.cli.reporting import fail, reports_input_errors
from ratingbook.files.disk import atomic_save, check_output_path

__all__ = ["addin_command"]


@click.command("addin")
@click.option(
    "-o",
    "--output",
    type=click.Path(path_type=str),
    default="ratingbook.xlam",
    show_default=True,
    help="Where to write the add-in.",
)
@click.option("--force", is_flag=True, help="Replace the file if it already exists.")
@reports_input_errors
def addin_command(output: str, force: bool) -> None:
    """Write the Excel add-in (the Recalc Ratings button) that ships with ratingbook.

    Open it in Excel (File > Options > Add-ins > Excel Add-ins > Browse) to get the ratingbook
    tab. The file is the same one the repository's addin/ folder holds.
    """
    from ratingbook.excel.addin_file import addin_bytes

    target = Path(output)
    if target.suffix.lower() != ".xlam":
        fail(f"{output!r} is not an .xlam name; Excel opens add-ins by that extension")
    if check_output_path(target) and not force:
        fail(f"{output!r} already exists; use --force to replace it")
    data = addin_bytes()

    def write(temporary: str) -> None:
        Path(temporary).write_bytes(data)

    atomic_save(target, write)
    click.echo(f"wrote {output} (the ratingbook add-in, {len(data):,} bytes)")
