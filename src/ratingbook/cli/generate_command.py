"""``ratingbook generate -o OUT``: random events written as TRF files (Swiss, round robin,
double round robin, team Swiss), for testing a pairing or standings checker (FIDE C.02, the
checklist's free generator).

Thin: the events are :mod:`ratingbook.fide.gacrux.generator`'s (gacrux's engines, its model of
results, its TRF writer; team files by ratingbook's team records). The same options and
``--seed`` write the same bytes.
"""

from __future__ import annotations

from pathlib import Path

import click

from ratingbook.cli.reporting import reports_input_errors
from ratingbook.errors import RatingbookError

__all__ = ["generate_command", "read_share"]


def read_share(text: str, option: str) -> float:
    """A share written ``10%`` or ``0.1``, or (for ``--byes``) a number of players ``3``."""
    spelled = text.strip()
    try:
        value = float(spelled[:-1]) / 100 if spelled.endswith("%") else float(spelled)
    except ValueError:
        raise RatingbookError(
            f"{option} {text!r}: a number, a share (0.1) or a percentage (10%)"
        ) from None
    if value < 0:
        raise RatingbookError(f"{option} {text!r}: not below 0")
    return value


#: ``--tiebreaks`` when not given, by ``--system``.
DEFAULT_TIEBREAKS = {
    "dutch": "BH/C1 BH SB",
    "roundrobin": "DE SB WIN",
    "double": "DE SB WIN",
    "team": "MPVGP EMGSB/C1 EDE",
}


@click.command("generate")
@click.option(
    "--system",
    type=click.Choice(["dutch", "roundrobin", "double", "team"]),
    default="dutch",
    show_default=True,
    help="dutch: a Swiss event (C.04.3); roundrobin, double: a round robin by the Berger "
    "tables, once or twice (C.05 Annex 1); team: a team Swiss (C.04.6).",
)
@click.option(
    "-o",
    "--output",
    required=True,
    metavar="OUT",
    help="The TRF file to write; with "
    "--count over 1, a folder (created) for event-0001.trf, event-0002.trf, ...",
)
@click.option(
    "--players", type=int, default=30, show_default=True, help="Players (teams for --system team)."
)
@click.option(
    "--rounds",
    type=int,
    default=None,
    help="Rounds: 7 for a Swiss; a round robin's table decides them.  [default: 7]",
)
@click.option(
    "--boards", type=int, default=4, show_default=True, help="Boards of a team (--system team)."
)
@click.option(
    "--match-win",
    type=click.IntRange(2, 3),
    default=2,
    show_default=True,
    help="Match points for a won match (--system team): 2 or 3; a draw 1, a loss 0.",
)
@click.option(
    "--byes",
    default="0",
    show_default=True,
    help="Requested byes each round: a number of players (3) or a share (10%); "
    "three in four half-point byes, the rest zero-point byes.",
)
@click.option(
    "--forfeits", default="0", show_default=True, help="The share of games forfeited (2%)."
)
@click.option(
    "--unusual",
    default="0",
    show_default=True,
    help="The share of games ending ½-0, 0-½ or 0-0 (1%).",
)
@click.option("--baku", is_flag=True, help="Baku acceleration (C.04.5.1).")
@click.option(
    "--tiebreaks",
    default=None,
    help="The tie-break list written (record 212) and ranked by (C.07).  [default: BH/C1 BH SB; "
    "a round robin DE SB WIN; a team event MPVGP EMGSB/C1 EDE]",
)
@click.option(
    "--seed",
    type=int,
    default=1,
    show_default=True,
    help="The same seed and options write the same file.",
)
@click.option(
    "--count",
    type=int,
    default=1,
    show_default=True,
    help="How many events (seeds SEED, SEED+1, ...).",
)
@reports_input_errors
def generate_command(
    system: str,
    output: str,
    players: int,
    rounds: int | None,
    boards: int,
    match_win: int,
    byes: str,
    forfeits: str,
    unusual: str,
    baku: bool,
    tiebreaks: str | None,
    seed: int,
    count: int,
) -> None:
    """Write random events as TRF-2026 files: a Swiss event (FIDE Dutch, C.04.3), a round
    robin or a double round robin (Berger tables) or a team Swiss (C.04.6), with the players,
    rounds, requested byes, forfeits, unusual results, Baku acceleration and tie-break list
    asked, each paired round by round by gacrux's engine and ranked by the list."""
    from ratingbook.events.codes import parse_tiebreaks
    from ratingbook.events.event import round_robin_rounds
    from ratingbook.events.team_settings import parse_team_tiebreaks
    from ratingbook.fide.gacrux.generator import Generation, generate_trf
    from ratingbook.fide.gacrux.team_generator import generate_team_trf
    from ratingbook.files.disk import atomic_save

    if count < 1:
        raise RatingbookError(f"--count {count}: at least 1")
    listed = DEFAULT_TIEBREAKS[system] if tiebreaks is None else tiebreaks
    codes = (
        parse_team_tiebreaks(listed, None, "--tiebreaks")
        if system == "team"
        else parse_tiebreaks(listed)
    )
    if rounds is None:
        cycles = {"roundrobin": 1, "double": 2}.get(system)
        rounds = round_robin_rounds(players, cycles) if cycles else 7
    made = [
        Generation(
            system=system,
            players=players,
            rounds=rounds,
            boards=boards,
            match_win=match_win,
            byes=read_share(byes, "--byes"),
            forfeits=read_share(forfeits, "--forfeits"),
            unusual=read_share(unusual, "--unusual"),
            baku=baku,
            tiebreaks=codes,
            seed=seed + n,
        )
        for n in range(count)
    ]
    for generation in made:
        generation.check()  # every option refused before anything is written
    folder = Path(output)
    if count > 1:
        folder.mkdir(parents=True, exist_ok=True)
    for n, generation in enumerate(made, start=1):
        target = folder / f"event-{n:04d}.trf" if count > 1 else folder
        text = (generate_team_trf if system == "team" else generate_trf)(generation)

        def write(temporary: str, text: str = text) -> None:
            Path(temporary).write_bytes(text.replace("\n", "\r\n").encode("utf-8"))

        atomic_save(target, write)
    what = f"{count} events in {output}" if count > 1 else output
    who = f"{players} teams of {boards} boards" if system == "team" else f"{players} players"
    click.echo(f"wrote {what} ({who}, {rounds} rounds, seed {seed})")
