"""The rows of ``Swiss Players`` and ``Swiss Games``: what each column of a row means.

This module decides how a player row (``Name``, ``Rating`` (the FIDE rating), ``FIDE ID``,
``Title``, ``Federation``, ``Birth``, ``Sex``, ``Withdrawn``, ``No.``, ``National ID``, ``K``,
``National Rating``, ``Manual Rating``, ``Half-Point Bye``, ``Tie-break Value``) and a game
row (``Round``, ``Board``, ``White``, ``Black``, ``Result``, or the seed's ``White Points`` /
``Black Points``, and the start numbers ``White No.`` / ``Black No.``) are read into the model
of :mod:`ratingbook.events.event`, and how the model is written back as cells by column (a book
built from a TRF file, a new round). Every bad row is reported, each naming its sheet row and
column; the checks across rows are :func:`ratingbook.events.event.check_event`.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping, Sequence
from fractions import Fraction

from ratingbook.core import fields
from ratingbook.core.cells import (
    BOARD,
    FIDE_ID,
    RATING,
    ROUND,
    START_NUMBER,
    Bounds,
    flag,
    is_blank,
    number,
    score,
    text,
    whole_number,
)
from ratingbook.core.results import Result, parse_swiss_result
from ratingbook.core.rules import check_players, known_player, listed_twice, player_spellings
from ratingbook.core.tables import Row
from ratingbook.errors import InvalidValueError, Location, Problems, RatingbookError
from ratingbook.events.codes import K_VALUES
from ratingbook.events.event import (
    BYE,
    SwissEntry,
    SwissEvent,
    SwissPlayer,
    check_event,
    normalise_title,
)
from ratingbook.events.settings import SwissSettings
from ratingbook.events.start_order import Numbering, RecordedNumber, number_players
from ratingbook.workbook.sheets.schemas import PERIOD_RATING_COLUMNS

__all__ = [
    "SEX_CELLS",
    "birth_cell",
    "build_event",
    "entry_cells",
    "player_cells",
    "read_entry",
    "read_player",
    "sex_cell",
    "sex_value",
]

#: How ``Swiss Players`` spells each sex (the template's ``Sex`` dropdown, FIDE's rating list's
#: M and F), by the letter the model holds (TRF's ``m`` and ``w``; :func:`sex_value` reads
#: ``M``, ``F``, ``W`` and TRF's letters, in either case, back to it).
SEX_CELLS: Mapping[str, str] = {"m": "M", "w": "F"}


def sex_cell(sex: str) -> str | None:
    """The ``Sex`` cell of the model's letter ``sex`` (:data:`SEX_CELLS`; None when empty)."""
    return SEX_CELLS.get(sex, sex) or None


def _optional_number(row: Row, column: str, what: str, low: int, bounds: Bounds) -> int | None:
    value = row.get(column)
    if is_blank(value):
        return None
    number = whole_number(value, row.where, column, what)
    bounds.check(number, value, row.where, column)
    if number < low:
        raise InvalidValueError(f"{number!r} is out of range; expected {what}", row.where, column)
    return number


#: The word ``Withdrawn`` adds to the round for a player expelled (``4 expelled``).
EXPELLED = "expelled"


def _withdrawal(row: Row) -> tuple[int | None, bool]:
    """``Withdrawn``: the first round not played, and whether the player was expelled (the
    round with the word ``expelled`` before or after it: ``4 expelled``, ``expelled 4``)."""
    value = row.get("Withdrawn")
    what = f"the first round not played (1 or more), or e.g. '4 {EXPELLED}'"
    if isinstance(value, str) and EXPELLED in value.casefold():
        rest = value.casefold().replace(EXPELLED, " ").replace("from round", " ").split()
        if len(rest) != 1:
            raise InvalidValueError(f"{value!r}: expected {what}", row.where, "Withdrawn")
        cells = Row({"Withdrawn": rest[0]}, row.where)
        return _optional_number(cells, "Withdrawn", what, 1, ROUND), True
    return _optional_number(row, "Withdrawn", what, 1, ROUND), False


def _birth(value: object) -> str:
    if isinstance(value, _dt.datetime):
        value = value.date()
    if isinstance(value, _dt.date):
        return value.strftime("%Y/%m/%d")
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else " ".join(str(value).split())


def birth_cell(birth: str) -> int | _dt.date | str | None:
    """A player's ``Birth`` as the cell a user types (what :func:`_birth` reads back): a year
    a number, a ``YYYY/MM/DD`` date (TRF's form) a date, anything else the text as it is."""
    if not birth:
        return None
    if birth.isdigit():
        return int(birth)
    try:
        return _dt.datetime.strptime(birth, "%Y/%m/%d").date()
    except ValueError:
        return birth


def sex_value(row: Row) -> str:
    """A row's ``Sex``: ``m`` or ``w`` (``M``, ``F`` and ``W`` in either case; ``f`` read as
    ``w``), or empty."""
    sex = text(row.get("Sex"), row.where, "Sex", required=False)
    if sex and sex.casefold() not in ("m", "w", "f"):
        raise InvalidValueError(
            f"{sex!r}: expected M, F or W (any case), or empty", row.where, "Sex"
        )
    return {"f": "w"}.get(sex.casefold(), sex.casefold())


def read_player(row: Row) -> SwissPlayer:
    """One ``Swiss Players`` row."""
    name = text(row.get("Name"), row.where, "Name")
    if name.upper() == BYE:
        raise InvalidValueError(f"{name!r} is reserved for bye rows", row.where, "Name")
    sex = sex_value(row)
    withdrawn, expelled = _withdrawal(row)
    federation = text(row.get("Federation"), row.where, "Federation", required=False).upper()
    if len(federation) > 3:
        raise InvalidValueError(
            f"{federation!r}: expected a three-letter FIDE federation code", row.where, "Federation"
        )
    return SwissPlayer(
        name=name,
        rating=_optional_number(row, "Rating", "a rating (a whole number, 0 or more)", 0, RATING),
        fide_id=_optional_number(row, "FIDE ID", "a FIDE ID (a whole number)", 1, FIDE_ID),
        title=normalise_title(text(row.get("Title"), row.where, "Title", required=False)),
        federation=federation,
        birth=_birth(row.get("Birth")),
        sex=sex,
        withdrawn=withdrawn,
        expelled=expelled,
        where=row.where,
        number=_optional_number(row, "No.", "a start number (1 or more)", 1, START_NUMBER),
        national_id=text(row.get("National ID"), row.where, "National ID", required=False),
        k=_k_factor(row),
        national_rating=_optional_number(
            row, "National Rating", "a rating (a whole number, 0 or more)", 0, RATING
        ),
        manual_rating=_optional_number(
            row, "Manual Rating", "a rating (a whole number, 0 or more)", 0, RATING
        ),
        # empty: eligible, as every player is unless the organiser says otherwise
        no_half_point_bye=not is_blank(row.get("Half-Point Bye"))
        and not flag(row.get("Half-Point Bye"), row.where, "Half-Point Bye"),
        tiebreak_value=_tiebreak_value(row),
        period_ratings=_period_ratings(row),
    )


def _tiebreak_value(row: Row) -> Fraction | None:
    """``Tie-break Value``: a number the arbiter typed (a play-off's score, a place), exact."""
    value = row.get("Tie-break Value")
    if is_blank(value):
        return None
    what = "a number (a play-off's score, or a place given by hand: 1, 2, ...)"
    typed = number(value, row.where, "Tie-break Value", what)
    return Fraction(str(typed))


def _period_ratings(row: Row) -> tuple[int | None, ...]:
    """``Rating 2``, ``Rating 3``, ... as far as one is filled (an event over 30 days)."""
    ratings = [
        _optional_number(row, name, "a rating (a whole number, 0 or more)", 0, RATING)
        for name in PERIOD_RATING_COLUMNS
    ]
    while ratings and ratings[-1] is None:
        ratings.pop()
    return tuple(ratings)


def _k_factor(row: Row) -> int | None:
    value = row.get("K")
    if is_blank(value):
        return None
    k = whole_number(value, row.where, "K", "a K factor: 40, 20 or 10")
    if k not in K_VALUES:
        raise InvalidValueError(
            f"K {k} is not one of FIDE's values (B.02 8.3.3): 40, 20 or 10", row.where, "K"
        )
    return k


def _result_from_points(row: Row) -> Result | None:
    """The seed's ``White Points`` / ``Black Points`` columns as a result, when Result is empty."""
    wv, bv = row.get("White Points"), row.get("Black Points")
    blank = [is_blank(v) for v in (wv, bv)]
    if all(blank):
        return None
    wh = int(2 * score(wv, row.where, "White Points"))
    bh = int(2 * score(bv, row.where, "Black Points"))
    table = {
        (2, 0): Result.WHITE_WINS,
        (0, 2): Result.BLACK_WINS,
        (1, 1): Result.DRAW,
    }
    result = table.get((wh, bh))
    if result is None:
        raise InvalidValueError(
            f"points {wv!r} and {bv!r} are not a game result (1 0, 0 1 or ½ ½); "
            "write a forfeit in Result (+/-, -/+, -/-)",
            row.where,
            "Black Points",
        )
    return result


def read_entry(row: Row, names: Mapping[str, str]) -> SwissEntry:
    """One ``Swiss Games`` row; ``names`` is the players'
    :func:`~ratingbook.core.rules.player_spellings`."""
    round_number = whole_number(
        row.get("Round"), row.where, "Round", "a round number", bounds=ROUND
    )
    board_value = row.get("Board")
    board = None
    if not is_blank(board_value):
        board = whole_number(board_value, row.where, "Board", "a board number", bounds=BOARD)

    def player(column: str) -> str:
        return known_player(text(row.get(column), row.where, column), names, row.where, column)

    white = player("White")
    black_text = text(row.get("Black"), row.where, "Black")
    bye_row = black_text.upper() == BYE
    black = None if bye_row else player("Black")
    if black is not None:
        check_players(white, black, row.where)
    result = parse_swiss_result(
        row.get("Result"), row.where, bye_row=bye_row, adjourned=True, penalties=True
    )
    if result is None and not bye_row:
        result = _result_from_points(row)
    return SwissEntry(round_number, board, white, black, result, row.where)


def player_cells(player: SwissPlayer, number: int) -> dict[str, object]:
    """A player as the cells of a ``Swiss Players`` row, by column (what :func:`read_player`
    reads back), with the start number ``number``."""
    return {
        "No.": number,
        "Name": player.name,
        "Rating": player.rating,
        "FIDE ID": player.fide_id,
        "Title": player.title or None,
        "Federation": player.federation or None,
        "Birth": birth_cell(player.birth),
        "Sex": sex_cell(player.sex),
        "Withdrawn": (
            f"{player.withdrawn} {EXPELLED}"
            if player.expelled and player.withdrawn
            else player.withdrawn
        ),
        "National ID": player.national_id or None,
        "K": player.k,
        "National Rating": player.national_rating,
        "Manual Rating": player.manual_rating,
        "Half-Point Bye": "No" if player.no_half_point_bye else None,
        "Tie-break Value": _cell_number(player.tiebreak_value),
        **dict(zip(PERIOD_RATING_COLUMNS, player.period_ratings, strict=False)),
    }


def _cell_number(value: Fraction | None) -> int | float | None:
    if value is None:
        return None
    return int(value) if value.denominator == 1 else float(value)


def entry_cells(entry: SwissEntry, numbers: Mapping[str, int]) -> dict[str, object]:
    """A row as the cells of ``Swiss Games``, by column (what :func:`read_entry` reads back),
    with the start numbers the players have (``numbers``)."""
    return {
        "Round": entry.round,
        "Board": entry.board,
        "White": entry.white,
        "Black": BYE if entry.black is None else entry.black,
        "Result": None if entry.result is None else entry.result.value,
        "White No.": numbers[entry.white],
        "Black No.": None if entry.black is None else numbers[entry.black],
    }


def build_event(
    player_rows: Sequence[Row], game_rows: Sequence[Row], settings: SwissSettings | None = None
) -> SwissEvent:
    """Read and check a whole event from the rows of its sheets; every bad row is reported
    (one :class:`~ratingbook.errors.InputErrors` when there are several)."""
    problems = Problems()
    players: list[SwissPlayer] = []
    seen: dict[str, Location] = {}
    for row in player_rows:
        try:
            player = read_player(row)
            if player.name in seen:
                raise InvalidValueError(
                    listed_twice(player.name, also_row=seen[player.name].row), row.where, "Name"
                )
        except RatingbookError as error:
            problems.append(error)
            _still_named(row, seen)
            continue
        seen[player.name] = row.where
        players.append(player)
    # A player whose row has a bad cell is still that player for Swiss Games: only the bad cell
    # is a problem, not each of the player's games.
    names = player_spellings(seen)
    entries: list[SwissEntry] = []
    recorded: dict[str, RecordedNumber] = {}
    for row in game_rows:
        try:
            entry = read_entry(row, names)
            _record_numbers(row, entry, recorded)
        except RatingbookError as error:
            problems.append(error)
            continue
        entries.append(entry)
    numbering: Numbering | None = None
    try:
        order = (settings or SwissSettings()).initial_order
        paired = max((e.round for e in entries), default=0)
        numbering = number_players(players, recorded, order, paired)
    except RatingbookError as error:
        problems.append(error)
    problems.check()
    event = SwissEvent(tuple(players), tuple(entries), settings or SwissSettings(), numbering)
    check_event(event)
    return event


def _still_named(row: Row, seen: dict[str, Location]) -> None:
    """The name of a ``Swiss Players`` row another cell of which does not read, added to
    ``seen`` when it is a name (not empty, not BYE, not a name listed before)."""
    try:
        name = text(row.get("Name"), row.where, "Name")
    except RatingbookError:
        return
    if name.upper() != BYE:
        seen.setdefault(name, row.where)


def _record_numbers(row: Row, entry: SwissEntry, recorded: dict[str, RecordedNumber]) -> None:
    """The start numbers a game row records (``White No.``, ``Black No.``, written by ratingbook
    when it pairs), added to ``recorded``; two rows recording different numbers for one player
    are an error naming the later cell."""
    columns = (("White No.", fields.WHITE_NUMBER), ("Black No.", fields.BLACK_NUMBER))
    for (column, key), name in zip(columns, entry.players(), strict=False):
        number = _optional_number(row, column, "a start number (1 or more)", 1, START_NUMBER)
        if number is None:
            continue
        earlier = recorded.get(name)
        if earlier is not None and earlier.number != number:
            at = f"row {earlier.where.row}" if earlier.where and earlier.where.row else "earlier"
            raise InvalidValueError(
                f"{name!r} is recorded as start number {number} here but {earlier.number} in "
                f"{at}; a player keeps one start number (after changing a board's players, "
                "clear its White No. and Black No.: ratingbook writes them)",
                row.where,
                column,
            )
        recorded.setdefault(name, RecordedNumber(number, row.where, key))
