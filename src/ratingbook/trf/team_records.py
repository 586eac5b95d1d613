"""A team event as a TRF-2026 file, and back: the one home of the team records' columns.

Written (:func:`export_team_trf`), and read again (:func:`import_team_trf`) so that a round
trip keeps the event:

- ``012`` event name, ``042`` start date, ``062`` players, ``082`` teams, ``142`` rounds
  (else ``XXR``, else as many as ``132`` has round dates: :data:`records.ROUNDS_RECORDS`),
  ``152`` board 1's colour for the first team in round 1 (``W``), ``162`` game points
  (1, ½, 0);
- ``192`` the encoded type: ``FIDE_TEAM_<TYPEA|TYPEB>_<MP|GP>_<GP|MP>`` (``FIDE_TEAM_MP_GP``
  and friends without colour preferences) for C.04.6, ``FIDE_TEAM_ROUNDROBIN`` /
  ``FIDE_TEAM_DOUBLEROUNDROBIN`` for the round robins;
- ``212`` the tie-breaks, main score first (``MPTS`` or ``GPTS``: read as the main score where
  record 192 does not give it, a round robin's);
- ``352`` board colours of the first-named team (``WBWB``), ``362`` match points
  (``362 TW 2.0   TD 1.0   TL 0.0``: :mod:`ratingbook.trf.team_codes`);
- ``###`` lines for the settings TRF-2026 has no record for (``Rating Boards``, ``FIDE
  Rated``, ``Main Score at Round 1``, a round robin's ``Colour Preferences``) where the book
  does not leave them at their defaults, and for the order of the ``Teams`` sheet where it is
  not the pairing numbers' (:mod:`ratingbook.trf.setting_comments`);
- ``001`` one per player, numbered team by team in pairing-number order and board order:
  columns as the individual file (see :mod:`ratingbook.trf.records`), one entry per round:
  opponent's number, colour, result; a board without an opponent is ``0000 - +`` (won by
  forfeit) and a player who did not sit at the board has no entry; the players on the boards of a
  team with the pairing-allocated bye have ``0000 - U`` in a round that has results (their
  points, 81-84, leave it out: the bye's points are record 320's);
- ``310`` one per team: pairing number (5-7), name (9-40), match points (55-60), game points
  (61-67), rank (69-71), then the players' numbers in board order from column 74, 5 apart;
- ``330`` a match a team did not come to: ``330 +- RRR WWW BBB`` (the letters White team
  first, then the round and both teams' pairing numbers);
- ``300`` a match whose boards are not the rosters' order (an empty seat, a reserve above a
  regular player): each team's players in board order, ``0`` for the empty board (``300 RRR
  TTT OOO pppp pppp ...``); without it a match's boards are its teams' players in roster order;
- ``320`` the pairing-allocated byes: match points (5-8), game points (10-13), then per round
  the team's pairing number (3 wide, 4 apart, from column 15).

Pure.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from ratingbook.core.results import Result
from ratingbook.errors import Location
from ratingbook.events.team import (
    GAME_POINTS,
    BoardGame,
    Team,
    TeamEvent,
    TeamMatch,
    TeamPlayer,
    TeamSettings,
    board_colours,
    match_score,
)
from ratingbook.trf.records import (
    GAME_LETTERS,
    GAME_READINGS,
    NAME_WIDTH,
    ROUNDS_RECORDS,
    TrfError,
    read_date,
    record_code,
    round_date_fields,
    rounds_record,
)
from ratingbook.trf.setting_comments import (
    read_team_setting_lines,
    read_teams_order,
    team_setting_lines,
    teams_order_line,
)
from ratingbook.trf.team_codes import (
    match_points_of_record,
    match_points_record,
    settings_of_code,
    team_code,
)
from ratingbook.trf.team_entries import Player, check_games, most_games
from ratingbook.trf.team_matches import board_orders, forfeited_matches

__all__ = [
    "export_team_trf",
    "import_team_trf",
    "player_numbers",
    "read_team_trf",
    "stated_team_ranks",
    "team_code",
]


def player_numbers(event: TeamEvent) -> dict[str, int]:
    """Start numbers: team by team in pairing-number order, each in board order
    (:meth:`~ratingbook.events.team.TeamEvent.start_numbers`, their one home)."""
    return event.start_numbers()


#: Record 212's first code: the main score.
_MAIN_CODES = {"Match Points": "MPTS", "Game Points": "GPTS"}


def _half(value: Fraction, width: int) -> str:
    return f"{float(value):{width}.1f}"


def _entries(event: TeamEvent, numbers: Mapping[str, int]) -> dict[str, dict[int, str]]:
    entries: dict[str, dict[int, str]] = {}
    for game in event.games:
        for me, other, colour in (
            (game.white, game.black, "w"),
            (game.black, game.white, "b"),
        ):
            if me is None or game.result is None:
                if me is not None:
                    opponent = numbers.get(other or "", 0)
                    entries.setdefault(me, {})[game.round] = f"  {opponent:>4} {colour}  "
                continue
            letters = GAME_LETTERS[game.result]
            letter = letters[0] if colour == "w" else letters[1]
            if other is None:
                entries.setdefault(me, {})[game.round] = f"  0000 - {letter}"
            else:
                entries.setdefault(me, {})[game.round] = f"  {numbers[other]:>4} {colour} {letter}"
    return entries


def _player_points(event: TeamEvent) -> dict[str, Fraction]:
    points: dict[str, Fraction] = {}
    for game in event.games:
        if game.result is None:
            continue
        won = GAME_POINTS[game.result]
        for name, value in ((game.white, won[0]), (game.black, won[1])):
            if name is not None:
                points[name] = points.get(name, Fraction(0)) + value
    return points


def export_team_trf(
    event: TeamEvent, *, upto: int | None = None, ranks: Mapping[str, int] = {}
) -> str:
    """The event as TRF-2026 text (rounds after ``upto`` left out)."""
    if upto is not None:
        event = TeamEvent(
            event.teams,
            event.settings,
            tuple(m for m in event.matches if m.round <= upto),
            tuple(g for g in event.games if g.round <= upto),
        )
    s = event.settings
    numbers = player_numbers(event)
    tpn = event.pairing_numbers()
    lines = [f"012 {s.event_name}"]
    if s.start_date:
        lines.append(f"042 {s.start_date:%Y/%m/%d}")
    lines.append(f"062 {len(numbers)}")
    lines.append(f"082 {len(event.teams)}")
    lines.append(f"092 Team: {'Round Robin' if s.round_robin else 'Swiss'} System")
    if s.rounds:
        lines.append(f"142 {s.rounds}")
    lines.append("152 W")
    # P: a board of the team with the pairing-allocated bye scores as a drawn board, so its
    # players' U entries add up to record 320's game points (a drawn match, C.04.6 art. 1.4).
    lines.append("162  W 1.0    D 0.5    L 0.0    P 0.5")
    lines.append(f"192 {team_code(s)}")
    lines.append(f"212 {_MAIN_CODES[s.main_score]} {' '.join(s.tiebreaks)}".rstrip())
    lines.append(f"352 {board_colours(s.boards)}")
    lines.append(match_points_record(s))
    lines.extend(team_setting_lines(s))  # TRF-2026 has no record for them
    lines.extend(teams_order_line([tpn[team.name] for team in event.teams]))
    # A bye counts once its round has a result on some board: gacrux (as TRF-2026 says)
    # leaves out a bye of a round not played yet.
    played = {g.round for g in event.games if g.result is not None}
    entries = _entries(event, numbers)
    points = _player_points(event)
    # Sharly-Chess's bbpPairings fork finds a team's pairing-allocated bye on its board-1
    # player's ``U`` (without it, it reads a zero-point bye); gacrux takes "U on every board",
    # each worth record 162's P in the player's points (81-84).
    for bye in event.matches:
        if bye.black is None and bye.round in played:
            for player in event.team(bye.white).players[: s.boards]:
                entries.setdefault(player.name, {})[bye.round] = "  0000 - U"
                points[player.name] = points.get(player.name, Fraction(0)) + Fraction(1, 2)
    rounds = event.paired_rounds
    for team in sorted(event.teams, key=lambda t: tpn[t.name]):
        for player in team.players:
            if len(player.name) > NAME_WIDTH:
                raise TrfError(
                    f"player {player.name!r} has a name longer than {NAME_WIDTH} characters, "
                    "which TRF cannot hold"
                )
            line = (
                f"001 {numbers[player.name]:>4}      {player.name:<{NAME_WIDTH}} "
                f"{player.rating or 0:>4}     {player.fide_id or 0:>11} {'':>10} "
                f"{_half(points.get(player.name, Fraction(0)), 4)} {0:>4}"
            )
            mine = entries.get(player.name, {})
            last = max(mine, default=0)
            line += "".join(mine.get(r, "          ") for r in range(1, last + 1))
            lines.append(line.rstrip())
    counted = TeamEvent(
        event.teams,
        event.settings,
        tuple(m for m in event.matches if m.black is not None or m.round in played),
        event.games,
    )
    scores = counted.scores()
    for team in sorted(event.teams, key=lambda t: tpn[t.name]):
        mp, gp = scores[team.name]
        players = " ".join(f"{numbers[p.name]:>4}" for p in team.players)
        lines.append(
            f"310 {tpn[team.name]:>3} {team.name[:32]:<32} {'':<5} {0:>6} "
            f"{_half(mp, 6)} {_half(gp, 6)} {ranks.get(team.name, 0):>3}  {players}"
        )
    byes = [m for m in event.matches if m.black is None]
    if byes:
        bye_score = match_score(event, byes[0])
        per_round = {m.round: tpn[m.white] for m in byes}
        lines.append(
            f"320 {_half(bye_score.white_match or Fraction(0), 4)} "
            f"{_half(bye_score.white_games, 4)}"
            + "".join(f" {per_round.get(r, 0):>3}" for r in range(1, rounds + 1))
        )
    # By round, then pairing number: the file does not say in which order the matches were.
    lines.extend(sorted(forfeited_matches(event, tpn)))
    lines.extend(sorted(board_orders(event, tpn, numbers)))
    return "\n".join(lines) + "\n"


# --- reading ----------------------------------------------------------------------------------


def _numbers(text: str, line_no: int, what: str) -> list[int]:
    """The whole numbers of a record's list (``47   48   49``)."""
    try:
        return [int(token) for token in text.split()]
    except ValueError:
        raise TrfError(
            f"{what} in {text.strip()!r} is not a number", Location(line=line_no)
        ) from None


def _team_record(line: str) -> tuple[int, str, int, list[int]]:
    """A 310 record read: pairing number (5-7), name (9-40), the rank it states (69-71; 0
    where empty or not a number) and the players' numbers in board order (from column 74, 5
    apart): the one reading of the record's columns."""
    rank = line[68:71].strip()
    ids = [int(line[i : i + 4]) for i in range(73, len(line), 5) if line[i : i + 4].strip()]
    return int(line[4:7]), line[8:40].rstrip(), int(rank) if rank.isdigit() else 0, ids


def stated_team_ranks(text: str) -> dict[str, int]:
    """The rank each team's 310 record states (columns 69-71), by team name; a team whose
    rank is empty or 0 states none."""
    ranks = {}
    for line in text.splitlines():
        if record_code(line) == "310":
            _, name, rank, _ = _team_record(line)
            if rank:
                ranks[name] = rank
    return ranks


def import_team_trf(text: str) -> TeamEvent:
    """A team event from TRF-2026 text written by :func:`export_team_trf` or another program
    that writes the team records of the module text (or TRF-16's 013 records)."""
    return read_team_trf(text)[0]


def read_team_trf(text: str) -> tuple[TeamEvent, list[str]]:
    """:func:`import_team_trf`'s event, and a line for each thing the file gives that the
    event holds otherwise (board colours against the team rules' alternation, a ``###``
    setting whose value does not read)."""
    noted: list[str] = []
    line_of: dict[int, int] = {}
    settings: dict[str, object] = {}
    players: dict[int, Player] = {}
    teams: list[tuple[int, str, list[int]]] = []
    byes: dict[int, int] = {}
    orders_nos: dict[tuple[int, int], list[int]] = {}
    forfeited_nos: dict[int, list[tuple[int, int]]] = {}
    comments: list[tuple[int, str]] = []
    boards = dated = 0
    main_first: str | None = None  # record 212's main score
    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n")
        code = record_code(line)  # None: no record (a ruler of column numbers)
        body = line[4:].strip()
        if code == "012":
            settings["event_name"] = body
        elif code == "042":
            settings["start_date"] = read_date(body)
        elif code in ROUNDS_RECORDS and rounds_record(body) is not None:
            settings["rounds"] = rounds_record(body)
        elif code == "132":  # a date for each round (records.ROUNDS_RECORDS)
            dated = len(round_date_fields(line))
        elif code == "192":
            settings.update(settings_of_code(body.upper()))
        elif code == "212":
            codes = body.replace(",", " ").split()
            settings["tiebreaks"] = tuple(c for c in codes if c not in ("MPTS", "GPTS", "PTS"))
            main_first = next((m for m, c in _MAIN_CODES.items() if codes[:1] == [c]), None)
        elif code == "352":
            boards = len(body)
        elif code == "362":
            try:
                settings.update(match_points_of_record(line[3:]))
            except ValueError as problem:
                raise TrfError(f"record 362: {problem}", Location(line=line_no)) from None
        elif code == "001":
            number = int(line[4:8])
            name = line[14:47].rstrip()
            rating = int(line[48:52].strip() or 0) or None
            fide_id = int(line[57:68].strip() or 0) or None
            rounds: dict[int, tuple[int, str, str]] = {}
            for r, i in enumerate(range(91, len(line), 10), start=1):
                field_text = line[i : i + 8]
                if not field_text.strip():
                    continue
                opponent = int(field_text[0:4].strip() or 0)
                rounds[r] = (opponent, field_text[5:6], field_text[7:8])
            players[number] = (name, rating, fide_id, rounds)
            line_of[number] = line_no
        elif code == "013":  # TRF-16's team record: the name, then the players' numbers
            ids = _numbers(line[36:], line_no, "a team member's start number")
            teams.append((len(teams) + 1, line[4:36].rstrip(), ids))
        elif code == "310":
            tpn_no, team_name, _, ids = _team_record(line)
            teams.append((tpn_no, team_name, ids))
        elif code == "300":
            order = [int(line[k : k + 4].strip() or 0) for k in range(16, len(line), 5)]
            orders_nos[(int(line[4:7]), int(line[8:11]))] = order
        elif code == "330":
            white_no, black_no = int(line[11:14]), int(line[15:18])
            forfeited_nos.setdefault(int(line[7:10]), []).append((white_no, black_no))
        elif code == "###":
            comments.append((line_no, line))
        elif code == "320":
            for r, i in enumerate(range(14, len(line), 4), start=1):
                team_no = int(line[i : i + 3].strip() or 0)
                if team_no:
                    byes[r] = team_no
    # A file whose record 320 names no teams (Sharly-Chess's bbpPairings fork writes its points
    # only) gives a pairing-allocated bye as ``U`` on the team's board-1 player.
    for tpn_no, _, ids in teams:
        first = players.get(ids[0]) if ids else None
        for r, (opponent, _, letter) in (first[3] if first else {}).items():
            if not opponent and letter.upper() == "U":
                byes.setdefault(r, tpn_no)
    team_of_number: dict[int, str] = {}
    built: list[Team] = []
    unknown = [(team_name, pid) for _, team_name, ids in teams for pid in ids if pid not in players]
    if unknown:
        listed = "; ".join(f"{team!r} lists start number {pid}" for team, pid in unknown)
        raise TrfError(f"a team lists a player the file does not have (no 001 record): {listed}")
    # The Teams sheet's order where a line gives it, else the pairing numbers'.
    sheet_order = read_teams_order(comments, [n for n, _, _ in teams], noted) or []
    for _, team_name, ids in sorted(teams, key=lambda t: (_place(sheet_order, t[0]), t)):
        roster = []
        for board, pid in enumerate(ids, start=1):
            name, rating, fide_id, _ = players[pid]
            roster.append(TeamPlayer(name, team_name, board, rating, fide_id))
            team_of_number[pid] = team_name
        built.append(Team(team_name, tuple(roster)))
    tpn_team = {n: name for n, name, _ in teams}
    by_team = {(r, tpn_team[t]): order for (r, t), order in orders_nos.items()}
    forfeited = {
        r: [(tpn_team[w], tpn_team[b]) for w, b in pairs] for r, pairs in forfeited_nos.items()
    }
    check_games(players, line_of)
    met = {(n, o) for n, p in players.items() for o, _, _ in p[3].values() if o}
    teamless = sorted({n for pair in met for n in pair} - set(team_of_number))
    if teamless:
        named = ", ".join(f"{n} ({players[n][0]})" if n in players else str(n) for n in teamless)
        raise TrfError(
            f"start number{'s' * (len(teamless) > 1)} {named} played but no team record "
            "(310 or 013) lists them: every player of a team event belongs to a team"
        )
    # Without a 352 record (TRF-16 files), a match has as many boards as the most games two
    # teams played in one round.
    boards = boards or most_games(players, team_of_number)
    matches, games = _rounds(
        players, team_of_number, tpn_team, byes, by_team, forfeited, boards, noted
    )
    if boards:
        settings["boards"] = boards
    if main_first and "main_score" not in settings:  # a round robin's record 192 has none
        settings["main_score"] = main_first
    for name, value in read_team_setting_lines(comments, noted).items():
        settings.setdefault(name, value)  # record 192's colour model before the line's
    if dated and "rounds" not in settings:  # the Armstrong Cup's 11 dates (issue 34)
        settings["rounds"] = dated
    team_settings = TeamSettings(**settings)  # type: ignore[arg-type]
    return TeamEvent(tuple(built), team_settings, matches, games), noted


def _place(order: list[int], number: int) -> int:
    """A team's place in the Teams sheet's order (0 for all where the file gives none)."""
    return order.index(number) if order else 0


def _rounds(
    players: Mapping[int, Player],
    team_of: Mapping[int, str],
    tpn_team: Mapping[int, str],
    byes: Mapping[int, int],
    orders: Mapping[tuple[int, str], list[int]],
    forfeited: Mapping[int, list[tuple[str, str]]],
    boards: int,
    noted: list[str],
) -> tuple[tuple[TeamMatch, ...], tuple[BoardGame, ...]]:
    """The matches and boards the 001 entries give, round by round (records 300 place the
    boards of a match out of its rosters' order, records 330 name a match a team did not come
    to); what had to be read otherwise than the file says goes into ``noted``."""
    names = {n: p[0] for n, p in players.items()}
    roster_order = list(team_of)  # board order: the teams' records list their players so
    team_matches: list[TeamMatch] = []
    board_games: list[BoardGame] = []
    last = max((r for p in players.values() for r in p[3]), default=0)
    last = max(last, *forfeited, *byes, 0)
    for r in range(1, last + 1):
        entry = {n: p[3][r] for n, p in players.items() if r in p[3]}
        pairs: list[tuple[str, str]] = []
        for number, (opponent, _, _) in sorted(entry.items()):
            if opponent:
                pair = tuple(sorted((team_of[number], team_of[opponent])))
                if pair not in pairs:
                    pairs.append(pair)  # type: ignore[arg-type]
        first_of: dict[tuple[str, str], str] = {}
        for white, black in forfeited.get(r, []):
            pairs.append(tuple(sorted((white, black))))  # type: ignore[arg-type]
            first_of[tuple(sorted((white, black)))] = white  # type: ignore[index]
        for table, pair in enumerate(pairs, start=1):
            a, b = pair
            if (r, a) not in orders and (r, b) not in orders and pair not in first_of:
                match, games = _met(
                    r, table, (a, b), entry, team_of, roster_order, names, boards, noted
                )
                team_matches.append(match)
                board_games += games
                continue
            lists = {}
            for team, other in ((a, b), (b, a)):
                if (r, team) in orders:
                    lists[team] = [n or None for n in orders[(r, team)]]
                else:
                    lists[team] = [
                        n
                        for n in roster_order
                        if team_of[n] == team
                        and n in entry
                        and (entry[n][0] == 0 or team_of.get(entry[n][0]) == other)
                    ]
            first = first_of.get(pair)
            if first is None:
                for k, n in enumerate(lists[a], start=1):
                    if n is not None and entry[n][0]:
                        white_here = entry[n][1] == "w"
                        first = a if white_here == (k % 2 == 1) else b
                        break
            first = first or a
            second = b if first == a else a
            team_matches.append(TeamMatch(r, table, first, second))
            for k in range(1, max(len(lists[a]), len(lists[b])) + 1):
                mine = lists[first][k - 1] if k <= len(lists[first]) else None
                theirs = lists[second][k - 1] if k <= len(lists[second]) else None
                w_no, b_no = (mine, theirs) if k % 2 == 1 else (theirs, mine)
                result = _board_result(entry, w_no, b_no)
                board_games.append(
                    BoardGame(r, table, k, names.get(w_no or 0), names.get(b_no or 0), result)
                )
        if r in byes:
            table = len(pairs) + 1
            team_matches.append(TeamMatch(r, table, tpn_team[byes[r]], None))
    return tuple(team_matches), tuple(board_games)


def _met(
    r: int,
    table: int,
    teams: tuple[str, str],
    entry: Mapping[int, tuple[int, str, str]],
    team_of: Mapping[int, str],
    roster_order: list[int],
    names: Mapping[int, str],
    size: int,
    noted: list[str],
) -> tuple[TeamMatch, list[BoardGame]]:
    """A match without a 300 record, from the games as played: each player of ``a`` who met a
    player of ``b`` on a board of his own (in ``a``'s roster order), then the players of either
    team with no opponent (a forfeit win, an absence). The team whose player had White on the
    first board comes first, and the colours alternate from there, as the team rules have them
    (C.04.6; a team event's boards hold no other colours): a file that follows the rules gives
    the boards the roster would; a file that does not (a league's TRF-16 file) keeps who
    played whom and each result, and a line in ``noted`` counts the boards whose colours it
    wrote the other way round."""
    a, b = teams
    met: list[tuple[int, int]] = [
        (n, entry[n][0])
        for n in roster_order
        if team_of[n] == a and n in entry and team_of.get(entry[n][0]) == b
    ]
    first = a if not met or entry[met[0][0]][1] != "b" else b
    second = b if first == a else a
    boards: list[tuple[int | None, int | None]] = []

    def seat(player: int, other: int | None) -> bool:
        """``player`` and ``other`` on the next board, White to the team the alternation gives
        it (``first`` on odd boards); whether ``player`` has White."""
        white = team_of[player] == (first if len(boards) % 2 == 0 else second)
        boards.append((player, other) if white else (other, player))
        return white

    turned = sum(entry[mine][1] != ("w" if seat(mine, theirs) else "b") for mine, theirs in met)
    # A forfeit is one board: TRF-16 gives the absent player "- -" and the one who came "- +",
    # neither naming the other; each such pair of the two teams shares a board.
    lone = [n for n in roster_order if team_of[n] in (a, b) and n in entry and not entry[n][0]]
    won = [n for n in lone if entry[n][2] == "+"]
    lost = [n for n in lone if entry[n][2] == "-"]
    for winner in won:
        loser = next((n for n in lost if team_of[n] != team_of[winner]), None)
        if loser is None or (size and len(boards) >= size):
            continue
        lost.remove(loser)
        seat(winner, loser)
        lone = [n for n in lone if n not in (winner, loser)]
    for n in lone:
        if size and len(boards) >= size:
            noted.append(
                f"round {r}, {a} - {b}: {names[n]}'s entry without an opponent "
                f"({entry[n][1]} {entry[n][2]}) has no board left (the match's {size} boards "
                "are taken): not placed on a board"
            )
            continue
        seat(n, None)
    if turned:
        noted.append(
            f"round {r}, {a} - {b}: the file gives {turned} board{'s' * (turned > 1)} the "
            "other colours than the team rules' alternation; written by the rules (who played "
            "whom and the results are the file's)"
        )
    games = [
        BoardGame(r, table, k, names.get(w or 0), names.get(bl or 0), _board_result(entry, w, bl))
        for k, (w, bl) in enumerate(boards, start=1)
    ]
    return TeamMatch(r, table, first, second), games


def _board_result(
    entry: Mapping[int, tuple[int, str, str]], white: int | None, black: int | None
) -> Result | None:
    if white and black:
        letters = (entry[white][2], entry[black][2])
        read = GAME_READINGS.get(letters) if letters[0].strip() else None
        # A team event keeps no adjourned game and no penalty's score (yet): an unknown result
        # ("?"), or ½-0, 0-½ and 0-0, is no result.
        return None if read is not None and (read.is_adjourned or read.is_penalty) else read
    if white:
        return _LONE.get(entry[white][2])
    if black:
        return _MIRROR.get(_LONE.get(entry[black][2], Result.DOUBLE_FORFEIT))
    return Result.DOUBLE_FORFEIT


#: A lone entry's letter: won by forfeit, or nothing.
_LONE = {"+": Result.WHITE_WINS_BY_FORFEIT, "-": Result.DOUBLE_FORFEIT}
_MIRROR = {
    Result.WHITE_WINS_BY_FORFEIT: Result.BLACK_WINS_BY_FORFEIT,
    Result.DOUBLE_FORFEIT: Result.DOUBLE_FORFEIT,
}
