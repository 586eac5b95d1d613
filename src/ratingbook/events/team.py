"""A team competition: teams with their rosters in board order, matches and board results.

This module alone decides what a team event is and the arithmetic of a competition's own
scoring, which FIDE leaves to "the rules of the competition" (C.04.6 art. 1.2):

- a team's **rating** is the average of the ratings of its top boards (``Rating Boards``
  boards of the roster, by default every board of a match), rounded half up; unrated players
  are left out of the average;
- the **team pairing numbers** (C.04.6 art. 1.1.1: "each team must have a different TPN")
  rank the teams by that rating, highest first, and keep the organiser's order (the order of
  the ``Teams`` sheet) between equal ratings; the players' **start numbers** (a TRF file's
  ``001`` numbers) go team by team in that order, each roster in board order;
- a **board's colours**: board 1's colour for the team named first in the match, alternating
  down the boards (TRF-2026 record 352, ``WBWB...``);
- a **match result** comes from its boards: each team's game points (a forfeit win counts
  as a win, a board without a player of one side is a forfeit win for the other), and match
  points by comparing them (default 2 / 1 / 0). A pairing-allocated bye is a **drawn** match
  (C.04.6 art. 1.4): the draw's match points and half the boards' game points.

Every bad input the issue lists is found here (:func:`check_team_event`), each a line naming
its sheet, row and column, all of them at once. Pure: no spreadsheet library, no gacrux.
"""

from __future__ import annotations

import datetime as _dt
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from ratingbook.core import fields
from ratingbook.core.counts import many
from ratingbook.core.results import Result
from ratingbook.core.rules import twice_in_round
from ratingbook.errors import Location, Problems, RatingbookError

__all__ = [
    "GAME_POINTS",
    "BoardGame",
    "MatchScore",
    "Team",
    "TeamError",
    "TeamEvent",
    "TeamMatch",
    "TeamPlayer",
    "TeamSettings",
    "board_colours",
    "check_team_event",
    "match_score",
    "team_rating",
]

#: Colour models of C.04.6 art. 1.7 (the ``Colour Preferences`` setting).
COLOUR_MODELS = ("Type A", "Type B", "None")
#: The main score of C.04.6 art. 1.2.1 (the ``Main Score`` setting).
MAIN_SCORES = ("Match Points", "Game Points")
#: How each board's players are ranked for the board prizes (the ``Board Prize Order``
#: setting; the rule itself is :mod:`ratingbook.reports.board_prizes`'): by performance rating
#: (ECU B.7.1, the European Team Championship's) or by percentage.
BOARD_PRIZE_ORDERS = ("Performance", "Percentage")
#: The systems: C.04.6, and round robins over the Berger tables (C.05 Annex 1).
TEAM_SYSTEMS = ("Team Swiss", "Round Robin", "Double Round Robin")
#: Our default order of team tie-breaks (FIDE C.07 codes, computed by gacrux): the other score
#: (game points when match points rank), the Olympiad's Sonneborn-Berger (opponents' match
#: points times the game points scored against them, the lowest cut), then the direct
#: encounter.
DEFAULT_TEAM_TIEBREAKS = ("MPVGP", "EMGSB/C1", "EDE")


class TeamError(RatingbookError):
    """A team event that cannot be read, paired or ranked as it stands."""


@dataclass(frozen=True, slots=True)
class TeamSettings:
    """The competition's rules: system, rounds, boards, scores, colours, tie-breaks, and the
    day it starts (None: not given)."""

    event_name: str = "Team event"
    system: str = "Team Swiss"
    rounds: int | None = None
    boards: int = 4
    main_score: str = "Match Points"
    match_win: Fraction = Fraction(2)
    match_draw: Fraction = Fraction(1)
    match_loss: Fraction = Fraction(0)
    colours: str = "Type A"
    tiebreaks: tuple[str, ...] = DEFAULT_TEAM_TIEBREAKS
    rating_boards: int | None = None
    fide_rated: bool = False
    start_date: _dt.date | None = None
    #: The main score recorded when round 1 was paired (changing it later is an error).
    main_score_at_round_1: str | None = None
    #: The board prizes: the order (:data:`BOARD_PRIZE_ORDERS`) and the games a player must
    #: have played on a board to be ranked there (None: 70 % of the rounds counted).
    board_prize_order: str = "Performance"
    board_prize_games: int | None = None
    #: The ``Confirm`` setting: the acts of the run it confirms, by name (``Correction round
    #: 2``), where nobody can be asked (xlwings Server and Lite); emptied once used.
    confirm: str = ""
    places: Mapping[str, Location] = field(default_factory=dict, compare=False, repr=False)

    @property
    def round_robin(self) -> bool:
        return self.system != "Team Swiss"

    @property
    def cycles(self) -> int:
        return 2 if self.system == "Double Round Robin" else 1

    @property
    def game_points_rank(self) -> bool:
        return self.main_score == "Game Points"


@dataclass(frozen=True, slots=True)
class TeamPlayer:
    """A player on a team's roster: ``board`` is the roster position (reserves after the
    match boards)."""

    name: str
    team: str
    board: int
    rating: int | None = None
    fide_id: int | None = None
    where: Location | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Team:
    """A team and its roster, in board order."""

    name: str
    players: tuple[TeamPlayer, ...]
    where: Location | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """A match of a round: ``white`` has White on board 1; ``black`` None is the
    pairing-allocated bye of ``white``."""

    round: int
    table: int
    white: str
    black: str | None
    where: Location | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class BoardGame:
    """One board of a match: the players (None: nobody sat there) and the result."""

    round: int
    table: int
    board: int
    white: str | None
    black: str | None
    result: Result | None
    where: Location | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A match's outcome for its two teams: game points and match points (``None`` while a
    board has no result)."""

    white_games: Fraction
    black_games: Fraction
    white_match: Fraction | None
    black_match: Fraction | None
    complete: bool
    forfeited: bool = False


@dataclass(frozen=True, slots=True)
class TeamEvent:
    """A team competition: its teams, settings, the matches paired and the boards played."""

    teams: tuple[Team, ...]
    settings: TeamSettings
    matches: tuple[TeamMatch, ...] = ()
    games: tuple[BoardGame, ...] = ()

    def team(self, name: str) -> Team:
        for team in self.teams:
            if team.name == name:
                return team
        raise KeyError(name)

    def player_team(self) -> dict[str, str]:
        return {p.name: t.name for t in self.teams for p in t.players}

    @property
    def paired_rounds(self) -> int:
        return max((m.round for m in self.matches), default=0)

    def round_matches(self, number: int) -> list[TeamMatch]:
        return sorted((m for m in self.matches if m.round == number), key=lambda m: m.table)

    def match_games(self, match: TeamMatch) -> list[BoardGame]:
        return sorted(
            (g for g in self.games if g.round == match.round and g.table == match.table),
            key=lambda g: g.board,
        )

    def pairing_numbers(self) -> dict[str, int]:
        """C.04.6 art. 1.1.1: teams by rating (highest first), the sheet's order between
        equals."""
        order = sorted(
            enumerate(self.teams),
            key=lambda it: (-(team_rating(it[1], self.settings) or 0), it[0]),
        )
        return {team.name: n for n, (_, team) in enumerate(order, start=1)}

    def start_numbers(self) -> dict[str, int]:
        """Each player's start number (a TRF file's ``001`` number, the number the Event Log
        names a board by): team by team in pairing-number order, each roster in board
        order."""
        tpn = self.pairing_numbers()
        numbers: dict[str, int] = {}
        for team in sorted(self.teams, key=lambda t: tpn[t.name]):
            for player in team.players:
                numbers[player.name] = len(numbers) + 1
        return numbers

    def lineup(self, team: str) -> list[TeamPlayer]:
        """The players a pairing puts on the boards: the roster's first ``boards``."""
        return list(self.team(team).players[: self.settings.boards])

    def scores(self, upto: int | None = None) -> dict[str, tuple[Fraction, Fraction]]:
        """Each team's match points and game points over the rounds up to ``upto``."""
        totals = {t.name: (Fraction(0), Fraction(0)) for t in self.teams}
        for match in self.matches:
            if upto is not None and match.round > upto:
                continue
            score = match_score(self, match)
            mp, gp = totals[match.white]
            totals[match.white] = (mp + (score.white_match or 0), gp + score.white_games)
            if match.black is not None:
                mp, gp = totals[match.black]
                totals[match.black] = (mp + (score.black_match or 0), gp + score.black_games)
        return totals


def team_rating(team: Team, settings: TeamSettings) -> int | None:
    """The average rating of the team's top boards, rounded half up (None: nobody rated)."""
    top = settings.rating_boards or settings.boards
    ratings = [p.rating for p in team.players[:top] if p.rating]
    if not ratings:
        return None
    average = Fraction(sum(ratings), len(ratings))
    return int(average + Fraction(1, 2))


def board_colours(boards: int) -> str:
    """TRF-2026 record 352: the first-named team's colour on each board, ``WBWB...``."""
    return "".join("W" if b % 2 == 0 else "B" for b in range(boards))


def first_team_is_white(board: int) -> bool:
    """Whether the team with White on board 1 has White on ``board`` (1-based)."""
    return board % 2 == 1


#: White's and Black's game points for each board result.
GAME_POINTS: Mapping[Result, tuple[Fraction, Fraction]] = {
    Result.WHITE_WINS: (Fraction(1), Fraction(0)),
    Result.BLACK_WINS: (Fraction(0), Fraction(1)),
    Result.DRAW: (Fraction(1, 2), Fraction(1, 2)),
    Result.WHITE_WINS_BY_FORFEIT: (Fraction(1), Fraction(0)),
    Result.BLACK_WINS_BY_FORFEIT: (Fraction(0), Fraction(1)),
    Result.DOUBLE_FORFEIT: (Fraction(0), Fraction(0)),
}


def match_score(event: TeamEvent, match: TeamMatch) -> MatchScore:
    """The match's game points and match points, from its boards.

    A bye is a drawn match (C.04.6 art. 1.4): the draw's match points and half the boards.
    A match all of whose boards one team forfeited is a forfeited match: the winner gets the
    win's match points, the loser the loss's.
    """
    s = event.settings
    if match.black is None:
        return MatchScore(Fraction(s.boards, 2), Fraction(0), s.match_draw, None, True)
    first = second = Fraction(0)
    complete = True
    forfeits = {True: 0, False: 0}
    games = event.match_games(match)
    for game in games:
        if game.result is None:
            complete = False
            continue
        white, black = GAME_POINTS[game.result]
        ahead = first_team_is_white(game.board)
        first += white if ahead else black
        second += black if ahead else white
        if game.result in (Result.WHITE_WINS_BY_FORFEIT, Result.BLACK_WINS_BY_FORFEIT):
            winner_white = game.result is Result.WHITE_WINS_BY_FORFEIT
            forfeits[winner_white == ahead] += 1
    if not games:
        complete = False
    if not complete:
        return MatchScore(first, second, None, None, False)
    if first > second:
        mp = (s.match_win, s.match_loss)
    elif first < second:
        mp = (s.match_loss, s.match_win)
    else:
        mp = (s.match_draw, s.match_draw)
    forfeited = len(games) > 0 and (forfeits[True] == len(games) or forfeits[False] == len(games))
    return MatchScore(first, second, mp[0], mp[1], True, forfeited)


# --- checks ------------------------------------------------------------------------------------


def _problem(problems: Problems, text: str, where: Location | None, column: str | None) -> None:
    problems.append(TeamError(text, where, column))


def _check_rosters(event: TeamEvent, problems: Problems) -> None:
    seen: dict[str, str] = {}
    names = Counter(t.name for t in event.teams)
    for team in event.teams:
        if names[team.name] > 1 and team.where is not None:
            _problem(problems, f"team {team.name!r} is listed twice", team.where, fields.TEAM)
        boards = sorted(p.board for p in team.players)
        for player in team.players:
            if player.name in seen and seen[player.name] != team.name:
                _problem(
                    problems,
                    f"player {player.name!r} is already on team {seen[player.name]!r}; "
                    "a player plays for one team only",
                    player.where,
                    fields.PLAYER,
                )
            elif player.name in seen:
                _problem(
                    problems,
                    f"player {player.name!r} is listed twice on team {team.name!r}",
                    player.where,
                    fields.PLAYER,
                )
            seen.setdefault(player.name, team.name)
        counts = Counter(boards)
        for player in team.players:
            if counts[player.board] > 1:
                _problem(
                    problems,
                    f"board {player.board} of team {team.name!r} is given to more than one "
                    "player; the board order has each board once",
                    player.where,
                    fields.BOARD,
                )
                counts[player.board] = 1  # said once
        expected = list(range(1, len(set(boards)) + 1))
        if sorted(set(boards)) != expected:
            missing = sorted(set(range(1, max(boards, default=0) + 1)) - set(boards))
            where = team.players[-1].where if team.players else team.where
            _problem(
                problems,
                f"the board order of team {team.name!r} has a gap: no player on board "
                f"{', '.join(map(str, missing))}",
                where,
                fields.BOARD,
            )


def _check_matches(event: TeamEvent, problems: Problems) -> None:
    names = {t.name for t in event.teams}
    playing: dict[tuple[int, str], TeamMatch] = {}
    for match in event.matches:
        for column, team in ((fields.WHITE_TEAM, match.white), (fields.BLACK_TEAM, match.black)):
            if team is not None and team not in names:
                _problem(problems, f"unknown team {team!r}", match.where, column)
        if match.black == match.white:
            _problem(
                problems, f"team {match.white!r} cannot play itself", match.where, fields.BLACK_TEAM
            )
            continue
        for column, team in ((fields.WHITE_TEAM, match.white), (fields.BLACK_TEAM, match.black)):
            if team is None:
                continue
            other = playing.get((match.round, team))
            if other is not None:
                _problem(
                    problems,
                    f"team {team!r} already plays in round {match.round} (match {other.table})",
                    match.where,
                    column,
                )
            playing[(match.round, team)] = match
    if event.settings.round_robin and event.settings.rounds is not None:
        table = len(event.teams) + len(event.teams) % 2 - 1
        most = table * event.settings.cycles
        if event.settings.rounds > most:
            _problem(
                problems,
                f"a {event.settings.system.lower()} of {len(event.teams)} teams has "
                f"{most} rounds in the Berger tables, not {event.settings.rounds}",
                event.settings.places.get("Rounds"),
                fields.VALUE,
            )


def _check_games(event: TeamEvent, problems: Problems) -> None:
    by_key = {(m.round, m.table): m for m in event.matches}
    team_of = event.player_team()
    boards_seen: Counter[tuple[int, int]] = Counter()
    seated: dict[tuple[int, str], BoardGame] = {}  # a player has one board a round
    typed: dict[tuple[int, int, int], BoardGame] = {}  # and a match each board once
    boards = event.settings.boards
    for game in event.games:
        match = by_key.get((game.round, game.table))
        if match is None:
            _problem(
                problems,
                f"round {game.round} has no match {game.table} on sheet 'Team Matches'",
                game.where,
                fields.MATCH,
            )
            continue
        if match.black is None:
            _problem(problems, "a bye has no boards", game.where, fields.MATCH)
            continue
        boards_seen[(game.round, game.table)] += 1
        if boards_seen[(game.round, game.table)] == boards + 1:
            _problem(
                problems,
                f"match {game.table} of round {game.round} has more results than its "
                f"{many(boards, 'board')}",
                game.where,
                fields.BOARD,
            )
        if not 1 <= game.board <= boards:
            _problem(
                problems, f"board {game.board} is not one of 1-{boards}", game.where, fields.BOARD
            )
            continue
        earlier = typed.setdefault((game.round, game.table, game.board), game)
        if earlier is not game:
            _problem(
                problems,
                f"board {game.board} of match {game.table} in round {game.round} is given twice"
                + (
                    f" (also row {earlier.where.row})"
                    if earlier.where and earlier.where.row
                    else ""
                ),
                game.where,
                fields.BOARD,
            )
        white_team = match.white if first_team_is_white(game.board) else match.black
        black_team = match.black if white_team == match.white else match.white
        # The colours' names, said in a sentence; the fields are the rules' keys.
        for column, colour, player, team in (
            (fields.WHITE, "White", game.white, white_team),
            (fields.BLACK, "Black", game.black, black_team),
        ):
            if player is None:
                if game.result is not None and not _absent_ok(game.result, column):
                    _problem(
                        problems,
                        f"no {colour} player on board {game.board}: the result is a forfeit "
                        f"({'-/+' if column == fields.WHITE else '+/-'} or -/-)",
                        game.where,
                        fields.RESULT,
                    )
                continue
            first = seated.setdefault((game.round, player), game)
            if first is not game:
                row = first.where.row if first.where is not None else None
                _problem(
                    problems, twice_in_round(player, game.round, also_row=row), game.where, column
                )
            if team_of.get(player) != team:
                on = team_of.get(player)
                _problem(
                    problems,
                    f"{player!r} is not on the roster of {team!r}, which has {colour} on "
                    f"board {game.board}" + (f" (the player is on {on!r})" if on else ""),
                    game.where,
                    column,
                )


def _absent_ok(result: Result, column: str) -> bool:
    if column == fields.WHITE:
        return result in (Result.BLACK_WINS_BY_FORFEIT, Result.DOUBLE_FORFEIT)
    return result in (Result.WHITE_WINS_BY_FORFEIT, Result.DOUBLE_FORFEIT)


def check_main_score(settings: TeamSettings, paired_rounds: int, problems: Problems) -> None:
    """Changing the main score after round 1 is an error (C.04.6 art. 1.2.1: the rules of
    the competition state it before the event)."""
    before = settings.main_score_at_round_1
    if before and paired_rounds >= 1 and before != settings.main_score:
        _problem(
            problems,
            f"the main score was {before!r} when round 1 was paired; it cannot change to "
            f"{settings.main_score!r} during the event",
            settings.places.get("Main Score"),
            fields.VALUE,
        )


def check_team_event(event: TeamEvent) -> None:
    """Every problem of the event at once (an :class:`~ratingbook.errors.InputErrors`)."""
    problems = Problems()
    _check_rosters(event, problems)
    _check_matches(event, problems)
    _check_games(event, problems)
    check_main_score(event.settings, event.paired_rounds, problems)
    problems.check()
