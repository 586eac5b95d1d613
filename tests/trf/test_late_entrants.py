"""A blank round in a TRF file is "not paired that round", never a silent withdrawal.

The pairing engines' convention (JaVaFo, bbpPairings, gacrux): a player is paired in a round
unless the file gives him an entry for it. Two real files show what reading a blank as a
withdrawal did: Kilkenny Masters 2011 (player 34, Mitchell, entered late: blank in round 1,
played round 2) and Karl-Mala 2005 (player 276, Henrich, blank in round 1, played from round 2).

Each file is cut back to the state before round 2 by this test's own fixed-column editor (FIDE's
TRF layout: round r's field at columns 92+10(r-1) to 99+10(r-1)): the round-1 fields kept, the
001 totals cleared, and for round 2 what the arbiter knew before pairing it (a player the file
shows with no game in round 2 gets ``0000 - Z``; a requested bye is kept). The expected facts
come from the files: who played round 2, and how many boards.
"""

from __future__ import annotations

from tests.helpers.paths import ROOT

from ratingbook.core.encoding import decode_legacy
from ratingbook.core.results import Result
from ratingbook.fide.gacrux import pair_next_round
from ratingbook.trf.importer import import_trf

DATA = ROOT / "tests" / "data" / "trf"


def _field(line: str, round_number: int) -> tuple[str, str]:
    """(opponent, result letter) of a 001 line's round field, as written."""
    start = 91 + 10 * (round_number - 1)
    field = line[start : start + 8].ljust(8)
    return field[:4].strip(), field[7]


def before_round_2(name: str) -> tuple[str, dict[int, int], int]:
    """The file as it stood before round 2 (see the module text), the start numbers paired in
    the file's round 2 (number -> opponent), and the file's number of rounds."""
    text = decode_legacy((DATA / name).read_bytes()).lstrip("\ufeff")
    lines: list[str] = []
    opponents: dict[int, int] = {}
    rounds = 0
    for line in text.splitlines():
        if not line.startswith("001"):
            lines.append(line)
            continue
        rounds = max(rounds, (len(line.rstrip()) - 90 + 9) // 10)
        number = int(line[4:8])
        opponent, letter = _field(line, 2)
        kept = line[:80] + "    " + line[84:99]  # the total cleared, round 1 kept
        if opponent and opponent != "0000" and int(opponent) > 0:
            opponents[number] = int(opponent)  # a game in round 2: to be paired
        elif letter in ("H", "F", "Z"):
            kept = kept.ljust(99) + f"  0000 - {letter}"  # a bye asked for
        elif letter != "U":
            kept = kept.ljust(99) + "  0000 - Z"  # not there in round 2
        lines.append(kept.rstrip())
    lines.append(f"XXR {rounds}")
    return "\n".join(lines) + "\n", opponents, rounds


def test_kilkenny_pairs_the_late_entrant_in_round_2_on_17_boards() -> None:
    """34 players, all in round 2 (the file: 17 games, no bye): 17 boards, no pairing-allocated
    bye, and a warning naming Mitchell and round 1 (before: withdrawn, 16 boards and a bye)."""
    text, opponents, rounds = before_round_2("icu_kilkenny-masters_2011.tab")
    assert rounds == 6 and len(opponents) == 34
    imported = import_trf(text)
    event = imported.event
    mitchell = event.player("Mitchell,Jack")
    assert mitchell.withdrawn is None
    assert (1, "Mitchell,Jack", Result.ZERO_POINT_BYE) in {
        (e.round, e.white, e.result) for e in event.entries
    }
    (warning,) = [w for w in imported.warnings if "Mitchell" in w]
    assert warning.startswith("line 41: player 34 'Mitchell,Jack' has no entry in round 1")
    assert "not as a withdrawal; included when round 2 and later are paired" in warning
    rows = pair_next_round(event)
    assert len([e for e in rows if e.black is not None]) == 17
    assert all(e.black is not None for e in rows)
    numbers = event.start_numbers()
    assert {numbers[n] for e in rows for n in e.players()} == set(opponents)


def test_karl_mala_pairs_in_round_2_every_player_the_file_shows_playing_it() -> None:
    """Henrich (276) has no round-1 entry and played round 2: he is paired, with a warning,
    and the players paired are exactly those the file shows with a game in round 2 (141
    boards, no bye). The pairs themselves are not the file's: Karl-Mala 2005 was not paired by
    today's Dutch rules."""
    text, opponents, _ = before_round_2("karl-mala-gedenkturnier_2005_frankfurt.trf")
    imported = import_trf(text)
    assert [w for w in imported.warnings if "Henrich" in w] == [
        "line 289: player 276 'Henrich,Gerhard' has no entry in round 1, already paired: read "
        "as not paired (a zero-point absence), not as a withdrawal; included when round 2 and "
        "later are paired"
    ]
    rows = pair_next_round(imported.event)
    numbers = imported.event.start_numbers()
    assert len(rows) == len(opponents) // 2 == 141
    assert {numbers[n] for e in rows for n in e.players()} == {
        n if n < 284 else n - 1
        for n in opponents  # the spielfrei dummy (284) left out
    }


def test_a_finished_events_trailing_blanks_read_as_withdrawn_with_a_warning() -> None:
    """Kilkenny as played (6 rounds, no 142/XXR): Graham (33) and Mitchell (34) have no entry
    in rounds 3-6, the last rounds: read as withdrawn from round 3, each with a warning."""
    imported = import_trf(decode_legacy((DATA / "icu_kilkenny-masters_2011.tab").read_bytes()))
    withdrawn = {p.name: p.withdrawn for p in imported.event.players if p.withdrawn}
    assert withdrawn == {"Graham,Andrew": 3, "Mitchell,Jack": 3}
    for name in withdrawn:
        assert any(
            name in w and "from round 3 to the last round" in w and "withdrawn from round 3" in w
            for w in imported.warnings
        )
