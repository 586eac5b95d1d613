"""FIDE's table 8.1.2 (Rating Regulations, Handbook B.02) and the 400-point rule of 8.3.1, typed
from the Handbook for the tests' own expected values: nothing here imports ratingbook or gacrux.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence

__all__ = ["TABLE_8_1_2", "fide_change", "half_away", "pd"]

#: B.02 table 8.1.2: the upper end of each band of rating differences D and the higher-rated
#: player's scoring probability PD in hundredths (the lower-rated player's is 100 - PD); from
#: 736 on PD is 1.00.
TABLE_8_1_2 = (
    (3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57), (61, 58),
    (68, 59), (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65), (121, 66),
    (129, 67), (137, 68), (145, 69), (153, 70), (162, 71), (170, 72), (179, 73), (188, 74),
    (197, 75), (206, 76), (215, 77), (225, 78), (235, 79), (245, 80), (256, 81), (267, 82),
    (278, 83), (290, 84), (302, 85), (315, 86), (328, 87), (344, 88), (357, 89), (374, 90),
    (391, 91), (411, 92), (432, 93), (456, 94), (484, 95), (517, 96), (559, 97), (619, 98),
    (735, 99),
)  # fmt: skip
_UPPER = [upper for upper, _ in TABLE_8_1_2]


def pd(own: int, opponent: int, *, cap: bool = True) -> int:
    """The player's expected score in hundredths: table 8.1.2, the difference counted as at most
    400 when ``cap`` (8.3.1: "A difference in rating of more than 400 points shall be counted
    for rating purposes as though it were a difference of 400 points")."""
    difference = abs(own - opponent)
    if cap:
        difference = min(difference, 400)
    band = bisect.bisect_left(_UPPER, difference)
    higher = 100 if band == len(TABLE_8_1_2) else TABLE_8_1_2[band][1]
    return higher if own >= opponent else 100 - higher


def half_away(x: float) -> int:
    """8.3.4: to the nearest whole number, 0.5 away from zero."""
    return math.floor(abs(x) + 0.5) * (1 if x >= 0 else -1)


def fide_change(own: int, k: int, games: Sequence[tuple[int, float]], *, cap: bool = True) -> int:
    """8.3.2 and 8.3.4: K x the sum of (score - PD) over a rating period, rounded once, 0.5
    away from zero (worked in hundredths: exact)."""
    hundredths = sum(round(score * 100) - pd(own, opponent, cap=cap) for opponent, score in games)
    whole, rest = divmod(abs(k * hundredths), 100)
    return (whole + (rest >= 50)) * (1 if hundredths >= 0 else -1)
