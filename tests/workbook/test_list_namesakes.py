"""Two players of one name on a rating list (issue 35, stop 44's second user test): the
Bunratty Major and Minor each have a Michael O'Connell, with FIDE IDs 1236 (Major, player
51) and 12190 (Minor, player 9), read from the files' 001 lines. The second is a new player
like any other, given name first, and the near duplicates say what keeps the two apart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ratingbook.season import read_trf_bytes
from ratingbook.session import AddEvents, Session
from ratingbook.templates import build_template
from ratingbook.templates.writer import TemplateBook

TRF = Path(__file__).resolve().parents[1] / "data" / "trf"
MAJOR = TRF / "icu_bunratty-major_2011.tab"
MINOR = TRF / "icu_bunratty-minor_2011.tab"


def _rows(book: TemplateBook, sheet: str) -> list[dict[str, Any]]:
    rows = book.read_values(sheet)
    return [dict(zip(rows[0], row, strict=False)) for row in rows[1:]]


def test_a_namesake_is_written_given_name_first_and_told_apart_by_his_fide_id() -> None:
    for path, line in (
        (MAJOR, "O'Connell, Michael                   0 WES        1236"),
        (MINOR, "O'Connell, Michael                   0 CHA       12190"),
    ):
        assert line in path.read_text(encoding="utf-8-sig")
    book = TemplateBook(build_template("ratinglist"))
    summaries: list[str] = []
    for path in (MAJOR, MINOR):
        event = read_trf_bytes(path.read_bytes(), path.name)
        summaries += Session(book).run(AddEvents((event,))).summary
    players = {p["FIDE ID"]: p for p in _rows(book, "List Players")}
    first, second = players[1236], players[12190]
    assert (first["Name"], second["Name"]) == ("Michael O'Connell", "Michael O'Connell")
    said = "\n".join(summaries)
    assert f"Michael O'Connell (ID {second['ID']})" in said
    assert "O'Connell, Michael" not in said
    listed = {row["ID"]: row["Name"] for row in _rows(book, "Season List")}
    assert listed[second["ID"]] == listed[first["ID"]] == "Michael O'Connell"
    pairs = [
        row
        for row in _rows(book, "Near Duplicates")
        if {row["ID"], row["Other ID"]} == {first["ID"], second["ID"]}
    ]
    assert [row["Why"] for row in pairs] == ["the same name; FIDE IDs differ (1236 and 12190)"]
