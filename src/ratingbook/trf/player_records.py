"""A TRF player record (001): its fixed columns read into a player and his round entries.

The record's layout is :mod:`ratingbook.trf.records`; this module reads one line of it, naming
the line and columns of every problem, and leaves the event's own checks to the importer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ratingbook.errors import Location, Problems
from ratingbook.events.event import (
    SwissPlayer,
    normalise_title,
)
from ratingbook.trf.records import (
    FIRST_ROUND,
    PLAYED_LETTERS,
    UNKNOWN_LETTERS,
    TrfError,
    is_bye_letter,
)

__all__ = [
    "PlayerRecord",
    "RoundField",
    "line_problem",
    "rank_in",
    "read_digits",
    "read_player_line",
]


@dataclass(frozen=True, slots=True)
class RoundField:
    """One round entry of a 001 record, as written."""

    opponent: int
    colour: str
    letter: str
    line: int
    column: int  # 1-based column of the opponent field

    @property
    def where(self) -> Location:
        return Location(line=self.line)

    def columns(self) -> str:
        return f"columns {self.column}-{self.column + 7}"


@dataclass(slots=True)
class PlayerRecord:
    number: int
    player: SwissPlayer
    rounds: dict[int, RoundField]
    declared: Fraction | None
    line: int
    notes: list[str] = field(default_factory=list)
    #: The rank the file gives (columns 86-89; None: blank, 0 or not a number).
    rank: int | None = None


def line_problem(text: str, line: int) -> TrfError:
    return TrfError(text, Location(line=line))


# --- the 001 record ------------------------------------------------------------------------------


def read_digits(text: str, line: int, what: str, problems: Problems) -> int | None:
    stripped = text.strip()
    if not stripped:
        return 0
    if not stripped.isdigit():
        problems.append(line_problem(f"{what} {stripped!r} is not a number", line))
        return None
    return int(stripped)


def read_player_line(
    line: str,
    line_no: int,
    problems: Problems,
    warnings: list[str],
    *,
    unrated: Problems | None = None,
) -> PlayerRecord | None:
    """A 001 record, or None with its problems added. With ``unrated`` the caller rates the
    games (a season's list): a result symbol TRF does not know goes there as a problem, not a
    guess, and the record is read on (as ``?``) so the file's other problems are found too."""
    padded = line.ljust(FIRST_ROUND)
    found = len(problems)
    number = read_digits(padded[4:8], line_no, "start number (columns 5-8)", problems)
    if number == 0:
        problems.append(line_problem("start number (columns 5-8) is empty", line_no))
    name = " ".join(padded[14:47].split())
    if not name:
        who = f"player {number}" if number else "the player"
        problems.append(line_problem(f"{who} has no name (columns 15-47)", line_no))
    rating = read_digits(padded[48:52], line_no, "rating (columns 49-52)", problems)
    fide_text = padded[57:68].strip()
    fide_id, national_id = None, ""
    if fide_text.isdigit():
        fide_id = int(fide_text) or None
    elif fide_text:
        national_id = fide_text
        warnings.append(
            f"line {line_no}: FIDE number (columns 58-68) {fide_text!r} of {name!r} is not a "
            "number: kept as the player's National ID"
        )
    sex = padded[9].strip().casefold()
    if sex not in ("", "m", "w", "f"):
        warnings.append(f"line {line_no}: sex (column 10) {padded[9]!r} is not m or w: left empty")
        sex = ""
    declared: Fraction | None = None
    points_text = padded[80:84].strip().replace(",", ".")
    if points_text:
        try:
            declared = Fraction(points_text)
        except (ValueError, ZeroDivisionError):
            warnings.append(
                f"line {line_no}: points (columns 81-84) {points_text!r} is not a number: the "
                "player's total is not checked"
            )
    rank_text = padded[85:89].strip()
    rank = rank_in(padded)
    if rank_text and not rank_text.isdigit():
        warnings.append(
            f"line {line_no}: rank (columns 86-89) {rank_text!r} is not a number: not used"
        )
    rounds: dict[int, RoundField] = {}
    for round_number, start in enumerate(range(FIRST_ROUND, len(line), 10), start=1):
        chunk = line[start : start + 8].ljust(8)
        if not chunk.strip():
            continue
        column = start + 1
        where = f"round {round_number} (columns {column}-{column + 7})"
        opponent = read_digits(chunk[0:4], line_no, f"{where}: opponent", problems)
        colour, letter = chunk[5].lower().replace(" ", "-"), chunk[7].upper()
        if colour not in "wb-":
            problems.append(line_problem(f"{where}: colour {chunk[5]!r} is not w, b or -", line_no))
        if opponent == 0 and not is_bye_letter(letter):
            problems.append(
                line_problem(f"{where}: {chunk[7]!r} is not a bye's result code", line_no)
            )
        elif opponent and letter in UNKNOWN_LETTERS:
            letter = "?"
        elif opponent and letter not in PLAYED_LETTERS and unrated is not None:
            # A rated list takes a result only as the file writes it: a guess would rate a game
            # nobody reported, or keep a played round out as "not played yet".
            letter = "?"
            unrated.append(
                line_problem(
                    f"{where}: result {chunk[7]!r} in column {column + 7} is not a TRF "
                    "result code (1, 0, =, +, -, W, D, L; ? or X for a game without a result "
                    "yet)",
                    line_no,
                )
            )
        elif opponent and letter not in PLAYED_LETTERS:
            # FIDE's checklist (Q166): a symbol the importer does not know is an unknown result
            # (TRF-2026's X, as an adjourned game), said, not a refusal of the file.
            warnings.append(
                f"line {line_no}, column {column + 7}: result {chunk[7]!r} of {where} is not a "
                "TRF-2026 result code: read as an unknown result (?, as an adjourned game: a "
                "draw for pairing until its result is entered)"
            )
            letter = "?"
        if opponent is not None:
            rounds[round_number] = RoundField(opponent, colour, letter, line_no, column)
    if len(problems) > found or number is None or rating is None:
        return None
    player = SwissPlayer(
        name=name,
        rating=rating or None,
        fide_id=fide_id,
        title=normalise_title(padded[10:13]),
        federation=padded[53:56].strip().upper(),
        birth=padded[69:79].strip(),
        sex={"f": "w"}.get(sex, sex),
        where=Location(line=line_no),
        number=number,
        national_id=national_id,
    )
    return PlayerRecord(number, player, rounds, declared, line_no, rank=rank)


def rank_in(padded: str) -> int | None:
    """The rank a player line states (columns 86-89): None when blank, 0 or not a number."""
    text = padded[85:89].strip()
    return int(text) if text.isdigit() and int(text) else None
