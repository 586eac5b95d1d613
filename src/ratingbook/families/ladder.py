"""The SCA ladder family: reads Camp Groups, Ladder Players and Ladder Games, plans the recalc.

This module alone decides how the ladder's sheets are read into the engine's values (which
columns are needed for active and inactive players, duplicate IDs and groups), which cells a
ladder recalc writes back (each active player's Rating and Permanent Rating) and what the
generated Ladder Standings and Rating History sheets hold. The rule itself is
:mod:`ratingbook.ladder`.
"""

from __future__ import annotations

from ratingbook import ladder
from ratingbook.book import GeneratedSheet, Plan, WriteBlock
from ratingbook.cells import flag, ladder_result, text, whole_number, whole_number_or_none
from ratingbook.errors import InvalidValueError
from ratingbook.families.sheets import Sheets, column_block, read
from ratingbook.rules import RECORD, competition_ranks
from ratingbook.schemas import (
    CAMP_GROUPS,
    LADDER_GAMES,
    LADDER_PLAYERS,
    LADDER_STANDINGS,
    RATING_HISTORY,
)
from ratingbook.tables import Table

__all__ = ["REQUIRED", "ladder_generated", "ladder_outcome", "ladder_result_blocks", "plan_ladder"]

REQUIRED = (LADDER_PLAYERS.sheet, LADDER_GAMES.sheet, CAMP_GROUPS.sheet)


def _read_ladder(
    sheets: Sheets,
) -> tuple[Table, list[ladder.LadderPlayer], dict[str, int], Table, list[ladder.LadderGame]]:
    groups_table = read(sheets, CAMP_GROUPS)
    groups: dict[str, int] = {}
    seen_groups: dict[str, int] = {}
    for row in groups_table.rows:
        group = text(row.get("Group"), row.where, "Group")
        key = ladder.group_key(group)
        if key in seen_groups:
            raise InvalidValueError(
                f"group {group!r} is listed twice (also row {seen_groups[key]})", row.where, "Group"
            )
        seen_groups[key] = row.where.row or 0
        groups[group] = whole_number(
            row.get("Initial Ladder Rating"),
            row.where,
            "Initial Ladder Rating",
            "a whole-number rating",
        )

    players_table = read(sheets, LADDER_PLAYERS)
    players: list[ladder.LadderPlayer] = []
    seen_ids: dict[int, int] = {}
    for row in players_table.rows:
        player_id = whole_number(row.get("ID"), row.where, "ID", "a whole-number player ID")
        if player_id in seen_ids:
            raise InvalidValueError(
                f"duplicate player ID {player_id!r} (also row {seen_ids[player_id]})",
                row.where,
                "ID",
            )
        seen_ids[player_id] = row.where.row or 0
        active = flag(row.get("Active"), row.where, "Active")
        start = (
            whole_number(row.get("StWkPerm"), row.where, "StWkPerm", "a whole-number rating")
            if active
            else None
        )
        group = text(row.get("Group"), row.where, "Group", required=active)
        # An inactive player's ratings are kept as they are; an active player's are rewritten.
        kept_permanent = None if active else whole_number_or_none(row.get("Permanent Rating"))
        kept_rating = None if active else whole_number_or_none(row.get("Rating"))
        players.append(
            ladder.LadderPlayer(
                id=player_id,
                name=text(row.get("Name"), row.where, "Name", required=False),
                group=group,
                active=active,
                start_permanent=start,
                permanent_rating=kept_permanent,
                rating=kept_rating,
                where=row.where,
            )
        )

    games_table = read(sheets, LADDER_GAMES)
    games = [
        ladder.LadderGame(
            white=whole_number(row.get("White"), row.where, "White", "a player ID"),
            black=whole_number(row.get("Black"), row.where, "Black", "a player ID"),
            result=ladder_result(row.get("Result"), row.where),
            where=row.where,
        )
        for row in games_table.rows
    ]
    return players_table, players, groups, games_table, games


def ladder_outcome(sheets: Sheets) -> tuple[Table, Table, ladder.LadderOutcome, dict[str, int]]:
    players_table, players, groups, games_table, games = _read_ladder(sheets)
    outcome = ladder.recalc_ladder(players, groups, games)
    return players_table, games_table, outcome, groups


def ladder_result_blocks(players_table: Table, outcome: ladder.LadderOutcome) -> list[WriteBlock]:
    weekly: dict[int, object] = {}
    permanent: dict[int, object] = {}
    for player in outcome.players:
        if player.active and player.where is not None and player.where.row is not None:
            weekly[player.where.row] = player.rating
            permanent[player.where.row] = player.permanent_rating
    blocks = [
        column_block(players_table, "Rating", weekly),
        column_block(players_table, "Permanent Rating", permanent),
    ]
    return [b for b in blocks if b is not None]


def ladder_generated(outcome: ladder.LadderOutcome, after: str) -> list[GeneratedSheet]:
    tally: dict[int, list[int]] = {p.id: [0, 0, 0] for p in outcome.players}
    for game, _ in outcome.history.ratings():
        white_column, black_column = RECORD[game.result]
        tally[game.white][white_column] += 1
        tally[game.black][black_column] += 1
    active = [p for p in outcome.players if p.active]
    active.sort(
        key=lambda p: (-(p.rating or 0), -(p.permanent_rating or 0), p.name.casefold(), p.id)
    )
    ranks = competition_ranks([p.rating for p in active])
    standings = GeneratedSheet(
        LADDER_STANDINGS,
        (
            "Rank",
            "ID",
            "Name",
            "Group",
            "Rating",
            "Permanent Rating",
            "Games",
            "Wins",
            "Draws",
            "Losses",
        ),
        [
            (
                rank,
                p.id,
                p.name,
                p.group,
                p.rating,
                p.permanent_rating,
                sum(tally[p.id]),
                *tally[p.id],
            )
            for rank, p in zip(ranks, active, strict=True)
        ],
        number_formats={4: "0", 5: "0"},
        widths={2: 24, 3: 14, 5: 17},
        after=after,
    )
    names = {p.id: p.name for p in outcome.players}
    history = GeneratedSheet(
        RATING_HISTORY,
        (
            "Game",
            "Games Row",
            "White ID",
            "White",
            "Black ID",
            "Black",
            "Result",
            "White Rating Before",
            "White Rating After",
            "Black Rating Before",
            "Black Rating After",
            "White Permanent Before",
            "White Permanent After",
            "Black Permanent Before",
            "Black Permanent After",
        ),
        [
            (
                n,
                game.where.row if game.where else None,
                game.white,
                names[game.white],
                game.black,
                names[game.black],
                f"({game.result.value})",
                *ratings,
            )
            for n, (game, ratings) in enumerate(outcome.history.ratings(), start=1)
        ],
        widths={3: 20, 5: 20},
        after=LADDER_STANDINGS,
    )
    return [standings, history]


def plan_ladder(sheets: Sheets) -> Plan:
    players_table, games_table, outcome, _ = ladder_outcome(sheets)
    return Plan(
        blocks=tuple(ladder_result_blocks(players_table, outcome)),
        sheets=tuple(ladder_generated(outcome, after=games_table.sheet)),
        summary=(
            f"ladder: {sum(p.active for p in outcome.players)} active players, "
            f"{len(outcome.history)} games replayed",
        ),
    )
