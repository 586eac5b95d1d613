"""FIDE's rating lists read as a stream: the files in tests/data/rating_lists are written in
FIDE's exact formats (the header and column positions of the TXT lists as FIDE's download page
and files give them, lines of real players as published; the XML list's elements), zipped here
as FIDE ships them. Expected values are what the files' lines say."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from ratingbook.errors import RatingbookError
from ratingbook.fide.rules.rating_list import ListedPlayer, scan_rating_list
from ratingbook.files.rating_list_file import open_rating_list

LISTS = Path(__file__).resolve().parents[1] / "data" / "rating_lists"
STANDARD = LISTS / "standard_jan23.txt"
COMBINED = LISTS / "players_list_foa.txt"
XML = LISTS / "players_list_xml_foa.xml"
WANTED = {703303, 4804929, 48701955, 419214, 5045886}


def scan(path: Path, kind: str = "Standard", wanted: set[int] = WANTED) -> dict[int, ListedPlayer]:
    with open_rating_list(path) as stream:
        return scan_rating_list(stream, wanted, kind).found


def test_the_single_txt_list() -> None:
    found = scan(STANDARD)
    # "4804929  A-ALI, Sali Abbas Abdulzahra  IRQ F  WFM WFM  1876 13 20 2001 w"
    assert found[4804929] == ListedPlayer(
        4804929, "A-ALI, Sali Abbas Abdulzahra", "IRQ", "w", "WFM", 1876, 20, 2001, 4
    )
    assert (found[703303].title, found[703303].rating, found[703303].k) == ("GM", 2738, 10)
    assert (found[5045886].title, found[5045886].sex, found[5045886].birth_year) == ("", "m", 1964)
    assert 419214 not in found and 25121731 not in found  # not on the list / not wanted


@pytest.mark.parametrize(
    ("kind", "rating", "k"), [("Standard", 2676, 10), ("Rapid", 2700, 10), ("Blitz", 2738, 10)]
)
def test_the_combined_txt_list_and_the_xml_list(kind: str, rating: int, k: int) -> None:
    # Leko's line: SRtng 2676 SK 10, RRtng 2700 Rk 10, BRtng 2738 BK 10, born 1979.
    for path in (COMBINED, XML):
        leko = scan(path, kind)[703303]
        assert (leko.name, leko.federation, leko.rating, leko.k, leko.birth_year) == (
            "Leko, Peter", "HUN", rating, k, 1979
        )  # fmt: skip


def test_a_player_without_a_rating_on_that_list_is_unrated() -> None:
    # Leko is on the single standard list only; 25121731 is not wanted. In the combined
    # list A-ALI has no rapid rating and no standard one would be asked for a standard list.
    assert scan(STANDARD)[703303].rating_from == ""
    assert scan(COMBINED, "Standard")[4804929].rating == 1876


def test_the_effective_rating_is_the_standard_one_where_rapid_or_blitz_is_missing() -> None:
    """B.02 (2024) 7.2.1: "If an unrated player has a standard rating at the beginning of a
    rapid or blitz tournament, their standard rating is used for rating calculation"."""
    # A-ALI: SRtng 1876, no RRtng, BRtng 1850 (combined TXT line 3).
    ali = scan(COMBINED, "Rapid")[4804929]
    assert (ali.rating, ali.rating_from) == (1876, "Standard")
    assert scan(COMBINED, "Blitz")[4804929].rating == 1850  # rated in blitz: his own
    assert scan(COMBINED, "Blitz")[4804929].rating_from == ""
    # 419214 in the XML: <rating>1736, <rapid_rating>1587, <blitz_rating> empty.
    blitz = scan(XML, "Blitz")[419214]
    assert (blitz.rating, blitz.rating_from) == (1736, "Standard")
    assert scan(XML, "Rapid")[419214].rating == 1587


def test_the_month_of_a_single_txt_list_is_read_from_its_header() -> None:
    with open_rating_list(STANDARD) as stream:
        assert scan_rating_list(stream, WANTED, "Standard").month == "JAN23"
    with open_rating_list(COMBINED) as stream:
        assert scan_rating_list(stream, WANTED, "Standard").month == ""  # it does not say


def test_a_zip_as_fide_ships_it(tmp_path: Path) -> None:
    archive = tmp_path / "standard_rating_list.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.write(STANDARD, "standard_rating_list.txt")
    assert scan(archive) == scan(STANDARD)


def test_a_zip_without_one_list_says_what_it_holds(tmp_path: Path) -> None:
    archive = tmp_path / "other.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("readme.pdf", b"%PDF")
    with pytest.raises(RatingbookError, match=r"holds readme.pdf: expected one FIDE rating list"):
        scan(archive)


def test_a_file_that_is_no_fide_list_is_refused_at_line_1(tmp_path: Path) -> None:
    bad = tmp_path / "list.txt"
    bad.write_text("Name;Rating\nLeko;2738\n", encoding="utf-8")
    with pytest.raises(RatingbookError, match=r"line 1.*not one of FIDE's rating lists"):
        scan(bad)


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def test_every_problem_of_a_wanted_players_line_is_named(tmp_path: Path) -> None:
    lines = lines_of(STANDARD)
    # line 5 (Leko): K 15; line 4 (A-ALI): rating "18x6"; Leko listed again on line 7.
    lines[4] = lines[4][:123] + "15 " + lines[4][126:]
    lines[3] = lines[3][:113] + "18x6  " + lines[3][119:]
    lines.append(lines_of(STANDARD)[4])
    bad = tmp_path / "list.txt"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(RatingbookError) as caught:
        scan(bad)
    text = str(caught.value)
    assert "line 5: K 15 is not one of FIDE's values 40, 20 or 10 (columns 124-126)" in text
    assert "line 4: rating '18x6' is not a whole number (columns 114-119)" in text
    assert "line 7: FIDE ID 703303 is listed twice (also on line 5)" in text


def test_a_problem_on_a_line_nobody_asked_for_does_not_matter(tmp_path: Path) -> None:
    lines = lines_of(STANDARD)
    lines[1] = lines[1][:123] + "15 " + lines[1][126:]  # 25121731, not wanted
    ok = tmp_path / "list.txt"
    ok.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert 703303 in scan(ok)


def test_the_xml_list_is_read_with_defusedxml() -> None:
    # An entity expansion ("billion laughs") is refused, never expanded.
    bomb = b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><playerslist>&a;</playerslist>'
    with pytest.raises(RatingbookError, match=r"not one of FIDE's XML rating lists.*(?i:entit)"):
        scan_rating_list(io.BytesIO(bomb), {1}, "Standard")


def test_a_broken_xml_file_names_its_line() -> None:
    broken = b'<?xml version="1.0"?>\n<playerslist>\n<player><fideid>1</fideid>\n</playerslist>'
    with pytest.raises(
        RatingbookError, match=r"line 3.*XML rating lists: a <player> is never closed"
    ):
        scan_rating_list(io.BytesIO(broken), {1}, "Standard")


def test_a_player_that_is_not_well_formed_names_its_line_and_keeps_the_parsers_error() -> None:
    """The parser's own error stays the cause: what a bug report needs."""
    broken = b'<?xml version="1.0"?>\n<playerslist>\n<player><fideid>1</fideid><name>A</nam>'
    broken += b"</player>\n</playerslist>"
    with pytest.raises(
        RatingbookError, match=r"^line 3: .*XML rating lists: mismatched tag"
    ) as got:
        scan_rating_list(io.BytesIO(broken), {1}, "Standard")
    assert type(got.value.__cause__).__name__ == "ParseError"


def test_a_long_xml_list_is_read_across_its_chunks() -> None:
    # 8,000 players of ~500 bytes each, one per line after two lines of prolog: the list is
    # read in 1 MB chunks, so players straddle chunk ends; every wanted one is found, on its line.
    player = (
        "<player><fideid>{}</fideid><name>P, {}</name><country>ENG</country><sex>M</sex>"
        "<title></title><w_title></w_title><o_title></o_title><foa_title></foa_title>"
        "<rating>{}</rating><games>0</games><k>20</k><birthday>1990</birthday><flag></flag>"
        + " " * 230
        + "</player>\n"
    )
    text = (
        '<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n'
        + "".join(player.format(100000 + i, i, 1400 + i % 1000) for i in range(8000))
        + "</playerslist>\n"
    )
    wanted = set(range(100000, 108000, 97))
    result = scan_rating_list(io.BytesIO(text.encode()), wanted, "Standard")
    assert result.players == 8000 and set(result.found) == wanted
    for fide_id, listed in result.found.items():
        i = fide_id - 100000
        assert (listed.rating, listed.line) == (1400 + i % 1000, i + 3)
