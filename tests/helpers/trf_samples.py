"""TRF samples and the fixed-width record builder of tests/trf/test_trf.py."""

from __future__ import annotations


def record(
    number: int,
    name: str,
    points: str,
    rank: int,
    rounds: list[str],
    *,
    rating: str = "",
    sex: str = "",
    title: str = "",
    federation: str = "",
    fide_id: str = "",
    birth: str = "",
) -> str:
    """A 001 line with each field at its TRF-2026 position (1-based, right-aligned numbers)."""
    line = [" "] * (91 + 10 * len(rounds))

    def put(first: int, last: int, text: str, right: bool = False) -> None:
        width = last - first + 1
        text = text.rjust(width) if right else text.ljust(width)
        line[first - 1 : last] = list(text)

    put(1, 3, "001")
    put(5, 8, str(number), right=True)
    put(10, 10, sex)
    put(11, 13, title, right=True)
    put(15, 47, name)
    put(49, 52, rating, right=True)
    put(54, 56, federation)
    put(58, 68, fide_id, right=True)
    put(70, 79, birth, right=True)
    put(81, 84, points, right=True)
    put(86, 89, str(rank), right=True)
    for i, entry in enumerate(rounds):
        opponent, colour, result = entry.split(",") if entry else ("", "", "")
        put(92 + 10 * i, 95 + 10 * i, opponent, right=True)
        put(97 + 10 * i, 97 + 10 * i, colour)
        put(99 + 10 * i, 99 + 10 * i, result)
    return "".join(line).rstrip()


SWISS_MANAGER_TRF16 = "\n".join(
    [
        "012 Autumn Open 2025",
        "022 Oslo",
        "032 NOR",
        "042 2025/09/06",
        "052 2025/09/07",
        "062 6",
        "072 5",
        "092 Individual: Swiss-System",
        "102 IA Jane Doe",
        "122 90 min + 30 sec",
        "132" + " " * 88 + "25/09/06  25/09/06  25/09/07",
        record(
            1,
            "Hansen, Ola",
            "2.0",
            1,
            ["4,b,1", "2,w,1"],
            rating="2310",
            sex="m",
            title="m",
            federation="NOR",
            fide_id="1500010",
            birth="1985/03/12",
        ),
        record(
            2,
            "Berg, Kari",
            "1.0",
            3,
            ["5,w,1", "1,b,0", "0000,-,H"],
            rating="2205",
            sex="w",
            title="wf",
            federation="NOR",
            fide_id="1500020",
            birth="1990/01/01",
        ),
        record(
            3,
            "Dahl, Per",
            "1.0",
            3,
            ["6,b,=", "0000,-,H", "0000,-,-"],
            rating="2100",
            sex="m",
            federation="SWE",
            fide_id="1700030",
        ),
        record(
            4, "Eide, Lars", "1.0", 3, ["1,w,0", "6,b,+"], rating="2000", sex="m", federation="NOR"
        ),
        record(5, "Foss, Nina", "1.0", 3, ["2,b,0", "0000,-,U"], rating="1900", sex="w"),
        record(6, "Lie, Tor", "0.5", 6, ["3,w,=", "4,w,-"], sex="m"),
        "XXR 5",
        "XXC black1",
        "XXS W=1 D=0.5",
        "BBW  1.0",
        "",
    ]
)
