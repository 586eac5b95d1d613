"""The worked examples of the seeds (../shared/seeds/), shared by the tests that replay them.

Copied from the seed documents, never produced by our engine.
"""

from ratingbook.swiss import player_result

# seed 000, the contest's example input (the four tournaments) and output.
CRIKEY_INPUT = """\
4
2 1
alice 76.91
bob 76.36
alice bob lost 20 15
2 2
alice 55.55
bob 55.55
alice bob drew 10 30
bob alice drew 20 20
2 1
alice 94.26
bob 96.00
alice bob won 10 10
3 2
alice 52.55
bob 55.55
fred 80.00
alice bob drew 10 30
fred fred lost 27 50
"""
CRIKEY_OUTPUT = """\
Ratings after Tournament 1:
bob 79.08
alice 74.19
Ratings after Tournament 2:
alice 55.61
bob 55.49
Ratings after Tournament 3:
bob 95.13
alice 95.13
Ratings after Tournament 4:
fred 80.00
bob 55.55
alice 52.55
"""

# seed 003, file.in and file.out.
ELO_SERIES_INPUT = "32 1613 1609\n0\n0.5\n0.5\n0\n0\n0\n"
ELO_SERIES_OUTPUT = "1613 1609\n1597 1625\n1598 1624\n1599 1623\n1584 1638\n1570 1652\n1558 1664\n"

# seed 004, the example tournament and its table (tab-separated, as printed in the seed).
SWISS_INPUT = """\
Anna
Bob
Charlotte
Daniel
Erik
Femke

Anna Femke 1 0
Bob Erik 0 1
Charlotte Daniel 0.5 0.5

Erik Anna 1 0
Femke Charlotte 0.5 0.5
Daniel Bob 1 0

Daniel Erik 0.5 0.5
Charlotte Anna 1 0
Bob Femke 1 0
"""
SWISS_TABLE = (
    "\tpt\trp\tSB\tb\n"
    "1 Erik\t2.5\t4.0\t3.00\t2\n"
    "2 Daniel\t2.0\t5.5\t3.25\t1\n"
    "3 Charlotte\t2.0\t3.5\t2.25\t1\n"
    "4 Anna\t1.0\t5.0\t0.50\t2\n"
    "5 Bob\t1.0\t5.0\t0.50\t1\n"
    "6 Femke\t0.5\t4.0\t1.00\t2\n"
)

# seed 004, the list determine_output must return, exactly as the seed prints it.
SWISS_RESULTS = [
    player_result(name="Erik", points=2.5, resistance_points=4.0, sonnenborn_berger=3.00, black=2),
    player_result(
        name="Daniel", points=2.0, resistance_points=5.5, sonnenborn_berger=3.25, black=1
    ),
    player_result(
        name="Charlotte", points=2.0, resistance_points=3.5, sonnenborn_berger=2.25, black=1
    ),
    player_result(name="Anna", points=1.0, resistance_points=5.0, sonnenborn_berger=0.50, black=2),
    player_result(name="Bob", points=1.0, resistance_points=5.0, sonnenborn_berger=0.50, black=1),
    player_result(name="Femke", points=0.5, resistance_points=4.0, sonnenborn_berger=1.00, black=2),
]
