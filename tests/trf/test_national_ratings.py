"""A TRF's national ratings and tournament-rating method, written and read back: record 172
("172 NOR FIDON") and a record per player whose code is the federation, in the 001 layout up
to the rating, as FIDE's TieBreakServer (gacrux) reads them; checked with gacrux's own reader
(the rating it gives each competitor by the method) and ratingbook's import."""

from __future__ import annotations

from gacrux.trf2json import trf2json
from tests.helpers.trf_samples import record

from ratingbook.events.event import SwissEvent, SwissPlayer
from ratingbook.events.settings import SwissSettings
from ratingbook.events.tournament_rating import FIDE, FIDON, NIDOF
from ratingbook.trf.exporter import export_trf
from ratingbook.trf.importer import import_trf

# Ann FIDE 1900, national 2050; Bob national 2000 only; Cat FIDE 2010 only.
PLAYERS = (
    SwissPlayer("Ann, A", 1900, national_rating=2050, sex="w"),
    SwissPlayer("Bob, B", None, national_rating=2000, sex="m"),
    SwissPlayer("Cat, C", 2010, sex="w"),
)


def exported(method: str, federation: str = "NOR") -> str:
    settings = SwissSettings(rounds=3, federation=federation, rating_method=method)
    return export_trf(SwissEvent(PLAYERS, (), settings))


def gacrux_ratings(text: str) -> dict[str, int | None]:
    reader = trf2json()
    reader.parse_file(text, 0)
    tournament = reader.get_tournament(1)
    profiles = reader.all_pids()
    out = {}
    for competitor in tournament["competitors"]:
        profile = profiles[competitor["profileId"]]
        rating = competitor["rating"]
        out[profile["lastName"]] = rating["rating"] if rating else None
    return out


def test_the_records_are_written_as_gacrux_reads_them() -> None:
    text = exported(FIDON)
    lines = text.splitlines()
    assert "172 NOR FIDON" in lines
    # Start numbers by FIDON: Cat 2010 (1), Bob 2000 (2), Ann 1900 (3).
    national = [line for line in lines if line.startswith("NOR ")]
    assert [(n[4:8], n[9], n[14:47].strip(), n[48:52]) for n in national] == [
        ("   2", "m", "Bob, B", "2000"),
        ("   3", "w", "Ann, A", "2050"),
    ]
    # gacrux's FIDON: the FIDE rating if any, otherwise the national one.
    assert gacrux_ratings(text) == {"Ann": 1900, "Bob": 2000, "Cat": 2010}
    # NIDOF: the national rating if any, otherwise FIDE.
    assert gacrux_ratings(exported(NIDOF)) == {"Ann": 2050, "Bob": 2000, "Cat": 2010}


def test_the_ratings_and_the_method_come_back_on_import() -> None:
    imported = import_trf(exported(NIDOF))
    assert imported.event.settings.rating_method == NIDOF
    got = {p.name: (p.rating, p.national_rating) for p in imported.event.players}
    assert got == {"Ann, A": (1900, 2050), "Bob, B": (None, 2000), "Cat, C": (2010, None)}
    assert not [w for w in imported.warnings if "national" in w]


def test_without_a_federation_or_anything_national_nothing_is_written() -> None:
    assert "172 " not in exported(FIDON, federation="")
    plain = SwissEvent((SwissPlayer("Cat, C", 2010),), (), SwissSettings(federation="NOR"))
    assert "172 " not in export_trf(plain)
    assert exported(FIDE).count("172 NOR FIDE\n") == 1  # national ratings, FIDE method


def test_a_method_or_a_record_ratingbook_cannot_use_is_a_warning() -> None:
    text = "\n".join(
        [
            "012 Odd",
            "172 NOR LBFN",
            record(1, "Ann, A", "0.0", 1, [], rating="1900"),
            f"NOR {1:>4} w{'':>3} {'Ann, A':<33} 2050",
            f"NOR {7:>4} m{'':>3} {'Nobody':<33} 1800",
            "",
        ]
    )
    imported = import_trf(text)
    assert imported.event.settings.rating_method == FIDE
    assert imported.event.players[0].national_rating == 2050
    assert (
        "line 2: tournament rating method 'LBFN' is not one ratingbook offers: FIDE "
        "ratings used" in imported.warnings
    )
    assert (
        "line 5: national rating record with no player or no rating (columns 5-8, 49-52): "
        "not used" in imported.warnings
    )
