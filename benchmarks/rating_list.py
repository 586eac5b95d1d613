"""FIDE rating list import benchmark: ``ratingbook players update`` against a full-size list.

    python benchmarks/rating_list.py                  # 1,100,000 players, TXT and XML, zipped
    python benchmarks/rating_list.py --players 200000 # a smaller list

The lists are generated in FIDE's formats (the combined TXT list's fixed columns, the XML list's
elements), deterministically, zipped as FIDE ships them, and cached in
``$TMPDIR/ratingbook-bench-cache``. The book is an event of 300 players whose FIDE IDs are
spread over the whole list (the last one near its end, so the whole file is read).

Measured, each a fresh process: the whole command (``ratingbook players update BOOK
--rating-list LIST --dry-run``), wall seconds and the peak resident set size of the process,
read with ``getrusage(RUSAGE_CHILDREN)`` in a wrapper; and the same for a process that only
imports ratingbook (the floor). The list is streamed: the peak must not grow with the list.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from whole_command import whole_command

HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  "
    "WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
FEDS = ("ENG", "GER", "FRA", "IND", "USA", "NOR", "HUN", "ESP", "IRQ", "NED")


def _txt_line(rng: random.Random, fide_id: int) -> str:
    s, r, b = (rng.randint(1400, 2800) for _ in range(3))
    return (
        f"{fide_id:<15}{f'Player {fide_id}, Test':<61}{rng.choice(FEDS):<4}"
        f"{rng.choice('MF'):<4}{'':<5}{'':<5}{'':<15}{'':<4}{s:<6}{0:<4}{20:<3}{r:<6}{0:<4}"
        f"{20:<3}{b:<6}{0:<4}{20:<3}{rng.randint(1940, 2018):<6}"
    ).rstrip()


def _xml_player(rng: random.Random, fide_id: int) -> str:
    s, r, b = (rng.randint(1400, 2800) for _ in range(3))
    return (
        f"<player><fideid>{fide_id}</fideid><name>Player {fide_id}, Test</name>"
        f"<country>{rng.choice(FEDS)}</country><sex>{rng.choice('MF')}</sex><title></title>"
        "<w_title></w_title><o_title></o_title><foa_title></foa_title>"
        f"<rating>{s}</rating><games>0</games><k>20</k><rapid_rating>{r}</rapid_rating>"
        f"<rapid_games>0</rapid_games><rapid_k>20</rapid_k><blitz_rating>{b}</blitz_rating>"
        f"<blitz_games>0</blitz_games><blitz_k>20</blitz_k>"
        f"<birthday>{rng.randint(1940, 2018)}</birthday><flag></flag></player>\n"
    )


def make_lists(players: int, folder: Path) -> tuple[Path, Path]:
    txt_zip, xml_zip = folder / f"players_list_{players}.zip", folder / f"xml_{players}.zip"
    if not txt_zip.exists():
        rng = random.Random(1)
        with (
            zipfile.ZipFile(txt_zip, "w", zipfile.ZIP_DEFLATED) as z,
            z.open("players_list_foa.txt", "w") as out,
        ):
            out.write((HEADER + "\r\n").encode())
            for i in range(players):
                out.write((_txt_line(rng, 100_000 + i) + "\r\n").encode())
    if not xml_zip.exists():
        rng = random.Random(1)
        with (
            zipfile.ZipFile(xml_zip, "w", zipfile.ZIP_DEFLATED) as z,
            z.open("players_list_xml_foa.xml", "w") as out,
        ):
            out.write(b'<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n')
            for i in range(players):
                out.write(_xml_player(rng, 100_000 + i).encode())
            out.write(b"</playerslist>\n")
    return txt_zip, xml_zip


def make_book(players: int, path: Path) -> None:
    from ratingbook.templates import TemplateBook, build_template

    step = players // 300
    rows = {
        "Swiss Settings": [("Rounds", 9, None)],
        "Swiss Players": [
            {"Name": f"Player {n}", "FIDE ID": 100_000 + n * step + step - 1} for n in range(300)
        ],
        "Swiss Games": [],
    }
    TemplateBook(build_template("swiss", rows=rows, recalc=False)).save(path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1_100_000)
    args = parser.parse_args()
    cache = Path(
        os.environ.get(
            "RATINGBOOK_BENCH_CACHE", Path(tempfile.gettempdir()) / "ratingbook-bench-cache"
        )
    )
    cache.mkdir(parents=True, exist_ok=True)
    txt_zip, xml_zip = make_lists(args.players, cache)
    ratingbook = str(Path(sys.executable).with_name("ratingbook"))
    with tempfile.TemporaryDirectory() as tmp:
        book = Path(tmp) / "event.xlsx"
        make_book(args.players, book)
        floor = whole_command([sys.executable, "-c", "import ratingbook.cli.app"])
        print(
            f"floor (python + import ratingbook): {floor['seconds']:.2f} s, "
            f"{floor['peak_mb']:.0f} MB"
        )
        for label, path in (("TXT", txt_zip), ("XML", xml_zip)):
            size = path.stat().st_size / 1e6
            command = [ratingbook, "players", "update", str(book), "--rating-list", str(path)]
            run = whole_command([*command, "--dry-run"])
            print(
                f"{label} list, {args.players:,} players ({size:.0f} MB zipped), 300 looked up: "
                f"{run['seconds']:.2f} s, peak {run['peak_mb']:.0f} MB"
                + ("" if run["code"] == 0 else f" [exit {run['code']:.0f}]")
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
