"""Publishing again into the same folder (user test 48): the pages an earlier publish wrote
that this one does not are removed; a file the user put in the folder is kept.

The event: tests/cli/test_check_corrected.py's eight players and games, three rounds planned
(imported unchecked: what is paired is not this test's subject). Published after round 2,
one round is left, so the site has ``contenders.html``, "Who can still win before round 3".
Published again into the same folder once round 3 is played, the event is over: nobody can
still win anything, so that page is no longer written, and the old one (unlinked, but
reachable from a bookmark) must go.
"""

from __future__ import annotations

from pathlib import Path

from tests.cli.test_check_corrected import NAMES
from tests.helpers.cli import run
from tests.helpers.swiss_trf import swiss_trf

from ratingbook.web.site import RECORD


def _book(folder: Path, rounds: int) -> Path:
    """The event after ``rounds`` rounds of its three, as a workbook."""
    games = {
        1: [(1, 5, "1-0"), (6, 2, "0-1"), (3, 7, "1-0"), (8, 4, "0-1")],
        2: [(4, 1, "1-0"), (2, 3, "1-0"), (5, 8, "1-0"), (7, 6, "0-1")],
        3: [(4, 2, "="), (3, 5, "="), (6, 1, "="), (8, 7, "=")],
    }
    source = folder / f"after-{rounds}.trf"
    source.write_text(
        swiss_trf(
            "Republished Swiss",
            "2026/05/02",
            NAMES,
            {n: games[n] for n in range(1, rounds + 1)},
            planned=3,
            ratings=[2300 - 50 * n for n in range(1, 9)],
            fide_ids=[2000000 + n for n in range(1, 9)],
        )
    )
    book = folder / f"after-{rounds}.xlsx"
    done = run("trf", "import", source, "-o", book, "--no-check")
    assert done.returncode == 0, done.stderr
    return book


def test_a_publish_again_removes_the_pages_it_no_longer_writes_and_keeps_the_users(
    tmp_path: Path,
) -> None:
    site = tmp_path / "site"
    done = run("publish", _book(tmp_path, 2), "--out-dir", site)
    assert done.returncode == 0, done.stderr
    assert "Who can still win before round 3" in (site / "contenders.html").read_text("utf-8")
    # the user's own files beside the site: a page, and one named as a site's page could be
    (site / "notes.html").write_text("<p>Parking behind the hall</p>", encoding="utf-8")
    (site / "prizes.html").write_text("<p>Prize giving at six</p>", encoding="utf-8")

    done = run("publish", _book(tmp_path, 3), "--out-dir", site)
    assert done.returncode == 0, done.stderr
    assert not (site / "contenders.html").exists()
    assert "removed the out-of-date contenders.html" in done.stdout
    assert (site / "notes.html").read_text("utf-8") == "<p>Parking behind the hall</p>"
    assert (site / "prizes.html").read_text("utf-8") == "<p>Prize giving at six</p>"
    # the pages of the event's end: every round, a page per player, none out of date
    pages = {p.name for p in site.iterdir()} - {RECORD, "notes.html", "prizes.html"}
    assert pages == {
        "index.html", "crosstable.html", "players.html", "style.css",
        *(f"round-{n}.html" for n in (1, 2, 3)),
        *(f"player-{n}.html" for n in range(1, 9)),
    } | ({"norms.html"} & pages)  # fmt: skip


def test_a_record_naming_a_file_outside_the_folder_removes_nothing_there(tmp_path: Path) -> None:
    site, outside = tmp_path / "site", tmp_path / "keep.html"
    outside.write_text("mine", encoding="utf-8")
    site.mkdir()
    (site / RECORD).write_text("# edited by hand\n../keep.html\n", encoding="utf-8")
    done = run("publish", _book(tmp_path, 3), "--out-dir", site)
    assert done.returncode == 0, done.stderr
    assert outside.read_text("utf-8") == "mine"
