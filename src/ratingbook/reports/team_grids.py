"""A team event as neutral tables: the team standings (match points, game points, tie-breaks),
the team crosstable, each team's board-by-board results, the board prizes (each board's
players as :mod:`ratingbook.reports.board_prizes` ranks them) and the pairing list of a round.

Every figure comes from the model (:mod:`ratingbook.events.team`) or from gacrux (through
:mod:`ratingbook.fide`); the sheets, printouts and web pages only render these grids.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from ratingbook.core.results import Result
from ratingbook.events.event import RoundState
from ratingbook.events.team import (
    MatchScore,
    TeamEvent,
    TeamMatch,
    first_team_is_white,
    match_score,
    team_rating,
)
from ratingbook.fide.gacrux.team_tiebreaks import TeamStandings, team_standings
from ratingbook.reports.board_prizes import board_prizes, rule_sentences
from ratingbook.reports.names import BOARD_PRIZES, TEAM_STANDINGS
from ratingbook.reports.stages import counted_text, stage_text
from ratingbook.reports.tables import SheetGrid, centred_columns

__all__ = [
    "board_prizes_grid",
    "board_results_grid",
    "round_pairings_grid",
    "team_crosstable_grid",
    "team_round_state",
    "team_stage",
    "team_standings_grid",
]


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def _points(value: Fraction) -> str:
    """Game points as a captain writes them: ``2½``, ``½``, ``3``."""
    whole, half = divmod(value * 2, 2)
    text = str(int(whole)) if whole or not half else ""
    return text + ("½" if half else "")


def team_round_state(event: TeamEvent, counted: int) -> RoundState:
    """Where a team event stands when its tables count rounds 1 to ``counted`` (the team
    standings' ``after_round``): a result is a match with every board's result."""
    current = counted + 1 if event.paired_rounds > counted else None
    matches = [m for m in event.matches if m.black is not None]
    done = [m for m in matches if match_score(event, m).complete]
    return RoundState(
        counted=counted,
        paired=event.paired_rounds,
        current=current,
        games=sum(1 for m in matches if m.round == current),
        results=sum(1 for m in done if m.round == current),
        later=sum(1 for m in done if current and m.round > current),
        waiting=sum(1 for m in matches if m.round <= counted and m not in done),
    )


def team_stage(event: TeamEvent, standings: TeamStandings) -> str:
    """What the team tables count, in words (:func:`~ratingbook.reports.stages.stage_text`)."""
    return stage_text(team_round_state(event, standings.after_round))


def team_standings_grid(event: TeamEvent, standings: TeamStandings) -> SheetGrid:
    """Rank, pairing number, team, rating, match points, game points, the tie-breaks."""
    numbers = event.pairing_numbers()
    header = ("Rank", "No.", "Team", "Rating", "MP", "GP", *standings.codes)
    rows = []
    for line in standings.lines:
        rating = team_rating(event.team(line.team), event.settings)
        rows.append(
            [
                line.rank,
                numbers[line.team],
                line.team,
                rating,
                _number(line.match_points),
                _number(line.game_points),
                *(_number(v) for v in line.values),
            ]
        )
    main = "match points" if not event.settings.game_points_rank else "game points"
    return SheetGrid(
        TEAM_STANDINGS,
        header,
        rows,
        widths={2: 24},
        note=(
            f"{counted_text(standings.after_round)}, ranked on {main}, then "
            f"{', '.join(standings.codes) or 'nothing'}"
        ),
        title=f"Team standings {team_stage(event, standings)}",
        centred=frozenset({0, 1, 3, 4, 5, *range(6, len(header))}) | centred_columns(header),
    )


def _forfeit_signs(event: TeamEvent, match: TeamMatch, score: MatchScore) -> tuple[str, str]:
    """The forfeit marks of a match that was not played, as an individual crosstable writes
    a game's (``+`` won, ``-`` lost): a team that did not come (every board forfeited to the
    other), or nobody on either side (every board ``-/-``); none for a played match."""
    games = event.match_games(match)
    if score.forfeited:
        return ("+", "-") if score.white_games > score.black_games else ("-", "+")
    if games and all(g.result is Result.DOUBLE_FORFEIT for g in games):
        return ("-", "-")
    return ("", "")


def team_crosstable_grid(event: TeamEvent, standings: TeamStandings) -> SheetGrid:
    """A row per team in standings order, with its pairing number (``No.``); each round: the
    opponent's pairing number (unique, where ranks may be shared), board 1's colour (``w``/``b``),
    a forfeited match's mark (``+`` won, ``-`` lost, as an individual crosstable marks a
    forfeit) and the game points scored (``3w 2½``, ``8w+ 4``; the score only of a round the
    standings count); a bye is ``bye`` with its game points (``bye 2``), so a row adds up to its
    GP."""
    numbers = event.pairing_numbers()
    rounds = max(event.paired_rounds, event.settings.rounds or 0)
    cells: dict[str, dict[int, str]] = {t.name: {} for t in event.teams}
    for match in event.matches:
        score = match_score(event, match)
        # A score shows once the standings count its round, so a row adds up to its GP.
        counted = score.complete and match.round <= standings.after_round
        if match.black is None:
            cells[match.white][match.round] = (
                f"bye {_points(score.white_games)}" if counted else "bye"
            )
            continue
        mine = _points(score.white_games) if counted else ""
        theirs = _points(score.black_games) if counted else ""
        plus, minus = _forfeit_signs(event, match, score) if counted else ("", "")
        cells[match.white][match.round] = f"{numbers[match.black]}w{plus} {mine}".strip()
        cells[match.black][match.round] = f"{numbers[match.white]}b{minus} {theirs}".strip()
    header = ("Rank", "No.", "Team", *(f"R{r}" for r in range(1, rounds + 1)), "MP", "GP")
    rows = [
        [
            line.rank,
            numbers[line.team],
            line.team,
            *(cells[line.team].get(r) for r in range(1, rounds + 1)),
            _number(line.match_points),
            _number(line.game_points),
        ]
        for line in standings.lines
    ]
    return SheetGrid(
        "Team Crosstable",
        header,
        rows,
        widths={2: 24},
        note="opponent's pairing number, board 1's colour, + or - for a forfeited match, "
        "game points; bye and its game points",
        title=f"Team crosstable {team_stage(event, standings)}",
        centred=frozenset({0, 1, *range(3, len(header))}) | centred_columns(header),
    )


def _player_rows(
    event: TeamEvent,
) -> list[tuple[str, int, int, str, str, str, Result | None, bool]]:
    """(team, round, board, player, colour, opponent, result, scored-from-White's-side)."""
    rows = []
    for match in event.matches:
        if match.black is None:
            continue
        for game in event.match_games(match):
            ahead = first_team_is_white(game.board)
            for team, white_side in ((match.white, ahead), (match.black, not ahead)):
                me = game.white if white_side else game.black
                other = game.black if white_side else game.white
                rows.append(
                    (
                        team,
                        match.round,
                        game.board,
                        me or "(no player)",
                        "w" if white_side else "b",
                        other or "(no player)",
                        game.result,
                        white_side,
                    )
                )
    return rows


_SCORE_TEXT: Mapping[tuple[Result, bool], str] = {
    (Result.WHITE_WINS, True): "1",
    (Result.WHITE_WINS, False): "0",
    (Result.BLACK_WINS, True): "0",
    (Result.BLACK_WINS, False): "1",
    (Result.DRAW, True): "½",
    (Result.DRAW, False): "½",
    (Result.WHITE_WINS_BY_FORFEIT, True): "+",
    (Result.WHITE_WINS_BY_FORFEIT, False): "-",
    (Result.BLACK_WINS_BY_FORFEIT, True): "-",
    (Result.BLACK_WINS_BY_FORFEIT, False): "+",
    (Result.DOUBLE_FORFEIT, True): "-",
    (Result.DOUBLE_FORFEIT, False): "-",
}


def board_results_grid(event: TeamEvent) -> SheetGrid:
    """Each team's board-by-board results: team, round, board, player, colour, opponent,
    score (``1 ½ 0``, ``+``/``-`` for forfeits)."""
    rows = [
        [team, rnd, board, me, colour, other, _SCORE_TEXT.get((result, side)) if result else None]
        for team, rnd, board, me, colour, other, result, side in sorted(
            _player_rows(event), key=lambda r: (r[0], r[1], r[2])
        )
    ]
    header = ("Team", "Round", "Board", "Player", "Colour", "Opponent", "Score")
    return SheetGrid(
        "Board Results",
        header,
        rows,
        widths={0: 22, 3: 24, 5: 24},
        note="each team's boards, round by round",
        title="Board-by-board results",
        centred=frozenset({1, 2, 4, 6}) | centred_columns(header),
    )


def board_prizes_grid(event: TeamEvent, standings: TeamStandings | None = None) -> SheetGrid:
    """Each board's players as :mod:`ratingbook.reports.board_prizes` ranks them: rank (empty:
    too few games), player, team, the games played over the board, their points, percentage
    and FIDE performance, the forfeits apart (``Unplayed``); then the rule in sentences.
    ``standings``: the team standings (computed when not given), whose rounds the figures
    count, so that a board's score and the team table agree on what was played, and whose
    ranks break the last tie."""
    standings = team_standings(event) if standings is None else standings
    ranks = {line.team: line.rank for line in standings.lines}
    prizes = board_prizes(event, standings.after_round, ranks)
    rows: list[list[object]] = [
        [
            line.board,
            line.rank,
            line.player,
            line.team,
            line.games,
            _number(line.points),
            None if line.percent is None else round(float(line.percent), 1),
            line.performance,
            line.unplayed,
        ]
        for line in prizes.lines
    ]
    table = len(rows)
    if rows:
        rows += [[None, None, s, *[None] * 6] for s in rule_sentences(prizes)]
    header = (
        "Board", "Rank", "Player", "Team", "Games", "Points", "%", "Performance", "Unplayed"
    )  # fmt: skip
    order = prizes.order.lower()
    return SheetGrid(
        BOARD_PRIZES,
        header,
        rows,
        number_formats={6: "0.0"},
        widths={2: 24, 3: 22},
        note=f"each board's players ranked by {order}, from {prizes.minimum} games played",
        title=f"Board prizes {counted_text(standings.after_round)}",
        centred=frozenset({0, 1, 4, 5, 6, 7, 8}) | centred_columns(header),
        sentences=frozenset(range(table, len(rows))),
    )


def round_pairings_grid(event: TeamEvent, number: int) -> SheetGrid:
    """A round's matches as the captains read them: table, the two teams (the first has White
    on board 1), then each board's players and result; no row before round 1 is paired
    (``number`` 0: an unpaired round 1's old pairings are not left on the sheet)."""
    rows: list[list[object]] = []
    for match in event.round_matches(number):
        if match.black is None:
            rows.append([match.table, None, match.white, "bye (a drawn match)", None])
            continue
        score = match_score(event, match)
        result = (
            f"{_points(score.white_games)}-{_points(score.black_games)}" if score.complete else None
        )
        rows.append([match.table, None, match.white, match.black, result])
        for game in event.match_games(match):
            letters = game.result.value if game.result else None
            white, black = game.white or "(no player)", game.black or "(no player)"
            rows.append([None, game.board, white, black, letters])
    header = ("Match", "Board", "White", "Black", "Result")
    return SheetGrid(
        "Team Pairings",
        header,
        rows,
        widths={2: 24, 3: 24},
        note=f"round {number}: {len(event.round_matches(number))} matches"
        if number
        else "no round paired yet",
        title=f"Round {number} pairings" if number else "Pairings: no round paired yet",
        centred=frozenset({0, 1, 4}) | centred_columns(header),
    )
