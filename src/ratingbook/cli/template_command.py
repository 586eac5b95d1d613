"""``ratingbook template``: the ready-to-use workbooks."""

from __future__ import annotations

from pathlib import Path

import click

from ratingbook.cli.reporting import fail, reports_input_errors
from ratingbook.files.disk import check_output_path

__all__ = ["template_command"]


class _TemplateKind(click.Choice[str]):
    """One of :data:`ratingbook.templates.KINDS`, looked up only when a template is written or
    help is shown: importing the templates loads openpyxl, which the other commands do without."""

    def __init__(self) -> None:
        super().__init__((), case_sensitive=False)

    @property
    def choices(self) -> tuple[str, ...]:
        from ratingbook.templates import KINDS

        return (*KINDS, ALL)

    @choices.setter
    def choices(self, value: tuple[str, ...]) -> None:
        """Ignored: the kinds are ratingbook.templates.KINDS."""


#: ``ratingbook template all``: every kind at once, as FOLDER/KIND.xlsx.
ALL = "all"


@click.command("template")
@click.argument("kind", type=_TemplateKind())
@click.option(
    "-o",
    "--output",
    type=click.Path(path_type=str),
    help="Where to write the workbook (an .xlsx name). Default: KIND.xlsx in this folder.",
)
@click.option(
    "--out-dir",
    type=click.Path(path_type=str),
    metavar="DIR",
    help="With KIND all: the folder to write DIR/KIND.xlsx into.",
)
@click.option(
    "--check",
    is_flag=True,
    help="With KIND all: write nothing; exit 1 naming each DIR/KIND.xlsx that is missing or "
    "out of date (how the bundled workbook_templates/ are checked).",
)
@click.option("--force", is_flag=True, help="Replace an existing file.")
@reports_input_errors
def template_command(
    kind: str, output: str | None, out_dir: str | None, check: bool, force: bool
) -> None:
    """Write a ready-to-use workbook of KIND (all: one of each kind, into --out-dir DIR).

    It holds an Instructions sheet, the input sheets as Excel tables with sample data (already
    recalculated) and dropdowns for results. An existing file is never replaced without --force.
    """
    # Imported here so the other commands start without loading openpyxl.
    from ratingbook.templates import KINDS, stale_templates, write_template

    if kind.casefold() != ALL:
        if out_dir is not None or check:
            fail("--out-dir and --check go with KIND all; use -o PATH for one template")
        target = Path(output if output is not None else f"{kind}.xlsx")
        if check_output_path(target) and not force:
            fail(f"{str(target)!r} already exists; use --force to replace it")
        write_template(kind, target, overwrite=force)
        click.echo(f"wrote {target} ({kind} template)")
        return
    if output is not None or out_dir is None:
        fail("template all writes DIR/KIND.xlsx for every kind: give --out-dir DIR, not -o")
    if check:
        stale = stale_templates(out_dir)
        for path in stale:
            click.echo(f"out of date: {path}")
        if stale:
            raise SystemExit(1)
        click.echo(f"up to date: {', '.join(f'{k}.xlsx' for k in KINDS)} in {out_dir}")
        return
    for each in KINDS:
        target = Path(out_dir) / f"{each}.xlsx"
        if check_output_path(target) and not force:
            fail(f"{str(target)!r} already exists; use --force to replace it")
    for each in KINDS:
        path = write_template(each, Path(out_dir) / f"{each}.xlsx", overwrite=force)
        click.echo(f"wrote {path} ({each} template)")
