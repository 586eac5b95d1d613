"""Random events written as TRF files (``ratingbook generate``): Swiss events (Dutch, C.04.3)
and round robins (Berger tables, C.05 Annex 1) here, team Swiss events (C.04.6) in
:mod:`ratingbook.fide.gacrux.team_generator`. Made as gacrux's
tournament generator (``gacrux.tournamentgenerator``) makes them, with what the checklist asks
(C.02, Q16-39) that it does not: byes as a number or a share of the players each round,
forfeits, the unusual results ½-0, 0-½ and 0-0, a tie-break list with the ranks it gives, and
a seed that makes every file again byte for byte.

What serves of gacrux: its event structure (``gacrux.chessjson``), its model of a game's result
by the two ratings (``gacrux.drawresult.prob``), its Dutch engine (C.04.3, on the fast path of
:mod:`ratingbook.fide.fast`), Baku acceleration as its generator sets it (C.04.5.1, 250
records), its tie-breaks (C.07) for the ranks, and its TRF writer (``gacrux.trf2json``). Each
round: the requested byes are drawn and written (``H`` or ``Z``), the rest paired (a round
robin by its table: the player the table leaves out has its bye, ``U`` worth 0), each game's
result drawn. Results are gacrux's letters per player (``W``/``D``/``L``, ``Z`` for a forfeit
loss, ``P`` the pairing-allocated bye), so ½-0 is ``D`` against ``L``.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from gacrux.chessjson import chessjson
from gacrux.drawresult import drawresult
from gacrux.gacruxexeptions import GacruxNoLegalPairing
from gacrux.pairingberger import pairing_berger
from gacrux.tiebreak import tiebreak
from gacrux.trf2json import trf2json

from ratingbook.errors import RatingbookError
from ratingbook.events.codes import tiebreak_problem
from ratingbook.events.event import round_robin_rounds
from ratingbook.fide.fast.compact_edges import compact_storage
from ratingbook.fide.fast.fast_dutch import dutch_engine

__all__ = ["SYSTEMS", "Generation", "game_letters", "generate_trf"]

#: ``--system``'s values: what each pairs by.
SYSTEMS = {
    "dutch": "a Swiss event, the Dutch system (C.04.3)",
    "roundrobin": "a round robin, the Berger tables (C.05 Annex 1)",
    "double": "a double round robin, the Berger tables twice (C.05 Annex 1)",
    "team": "a team Swiss (C.04.6): --players teams of --boards boards",
}

#: The date every generated event starts on: under C.07's 2026 rules (from 2026-03-01).
START = dt.date(2026, 4, 1)
#: Each unusual result, as White's and Black's letters: ½-0, 0-½, 0-0 (played games).
UNUSUAL = (("D", "L"), ("L", "D"), ("L", "L"))
#: gacrux's model of results, without its constructor (which seeds Python's global random):
#: ``prob`` reads nothing of the instance.
_MODEL: Any = drawresult.__new__(drawresult)


@dataclass(frozen=True, slots=True)
class Generation:
    """What to generate: ``system`` one of :data:`SYSTEMS`; ``byes`` each round a number of
    players (1 or more) or a share of them (under 1), half-point byes three times in four and
    zero-point byes otherwise; ``forfeits`` and ``unusual`` shares of the games; ``baku``
    acceleration; ``tiebreaks`` the list written (212) and ranked by; ``seed`` makes it
    repeatable. A team event has ``players`` teams of ``boards`` boards and ``match_win``
    match points for a won match (a draw 1, a loss 0)."""

    system: str = "dutch"
    players: int = 30
    rounds: int = 7
    byes: float = 0.0
    forfeits: float = 0.0
    unusual: float = 0.0
    baku: bool = False
    tiebreaks: tuple[str, ...] = ("BH/C1", "BH", "SB")
    seed: int = 1
    name: str = ""
    boards: int = 4
    match_win: int = 2

    @property
    def round_robin(self) -> bool:
        return self.system in ("roundrobin", "double")

    def check(self) -> None:
        """Refuse what cannot be generated, naming the option."""
        if self.system not in SYSTEMS:
            raise RatingbookError(f"--system {self.system}: one of {', '.join(SYSTEMS)}")
        if self.players < 2:
            raise RatingbookError(f"--players {self.players}: at least 2 players")
        if self.round_robin:
            self._check_round_robin()
        if self.system == "team":
            self._check_team()
        if not 1 <= self.rounds <= 99:
            raise RatingbookError(f"--rounds {self.rounds}: 1 to 99 rounds")
        for option, share in (("--forfeits", self.forfeits), ("--unusual", self.unusual)):
            if not 0 <= share <= 1:
                raise RatingbookError(f"{option} {share:g}: a share from 0 to 1 (or 0% to 100%)")
        if self.forfeits + self.unusual > 1:
            raise RatingbookError("--forfeits and --unusual share more than all the games")
        if self.byes < 0 or (self.byes >= 1 and self.byes != int(self.byes)):
            raise RatingbookError(f"--byes {self.byes:g}: a number of players or a share")
        if self.bye_count() > self.players - 2:
            raise RatingbookError(f"--byes {self.byes:g}: leaves fewer than 2 players to pair")

    def _check_round_robin(self) -> None:
        cycles = 2 if self.system == "double" else 1
        table = round_robin_rounds(self.players, cycles)
        if self.rounds != table:
            raise RatingbookError(
                f"--rounds {self.rounds}: a {SYSTEMS[self.system].split(',')[0][2:]} of "
                f"{self.players} players has {table} rounds"
            )
        for option, asked in (("--byes", self.byes), ("--baku", self.baku)):
            if asked:
                raise RatingbookError(f"{option}: a round robin's table pairs every round")
        for code in self.tiebreaks:
            problem = tiebreak_problem(code, round_robin=True)
            if problem:
                raise RatingbookError(f"--tiebreaks: {problem}")

    def _check_team(self) -> None:
        if not 1 <= self.boards <= 14:  # TRF-2026's record 310 holds 14 players
            raise RatingbookError(f"--boards {self.boards}: 1 to 14 boards")
        if self.rounds > self.players - 1 + self.players % 2:
            raise RatingbookError(
                f"--rounds {self.rounds}: {self.players} teams meet each other within "
                f"{self.players - 1 + self.players % 2} rounds"
            )
        for option, asked in (("--byes", self.byes), ("--unusual", self.unusual)):
            if asked:
                raise RatingbookError(
                    f"{option}: not in a team event (its teams have no requested byes, and its "
                    "boards no ½-0, 0-½ or 0-0)"
                )
        if self.baku:
            raise RatingbookError("--baku: not in a team event")
        if self.match_win not in (2, 3):
            raise RatingbookError(f"--match-win {self.match_win}: 2 or 3 match points")

    def bye_count(self) -> int:
        """How many players ask for a bye each round."""
        return int(self.byes) if self.byes >= 1 else round(self.byes * self.players)


def _score(tournament: dict[str, Any], letter: str) -> Decimal:
    value: Any = letter
    while isinstance(value, str):  # gacrux's score system names a letter by another
        value = tournament["scoreSystem"]["game"][value]
    return Decimal(value)


def _game(rnd: int, white: int, w: str, black: int | None, b: str | None, played: bool) -> Any:
    return {
        "id": 0,
        "round": rnd,
        "white": {"cid": white, "result": w},
        "black": None if black is None else {"cid": black, "result": b},
        "played": played,
        "rated": played and black is not None,
    }


def _baku(tournament: dict[str, Any], rounds: int) -> None:
    """Baku acceleration as gacrux's generator sets it (C.04.5.1): group A the first
    2 x ceil(n/4) players, 1 virtual point in the first half of the accelerated rounds, ½
    in the second."""
    present = [c["cid"] for c in tournament["competitors"] if c["present"]]
    last = present[((len(present) + 3) // 4) * 2 - 1]
    ends = [0, (rounds + 3) // 4, (rounds + 1) // 2]
    for part, points in ((1, "1.0"), (2, "0.5")):
        tournament["accelerated"]["values"].append(
            {
                "matchPoints": Decimal(points) * 2,
                "gamePoints": Decimal(points),
                "firstRound": ends[part - 1] + 1,
                "lastRound": ends[part],
                "firstCompetitor": 1,
                "lastCompetitor": last,
            }
        )


def game_letters(rng: random.Random, g: Generation, rw: int, rb: int) -> tuple[str, str, bool]:
    """White's and Black's letters and whether the game was played."""
    draw = rng.random()
    if draw < g.forfeits:
        return ("W", "Z", False) if rng.random() < 0.5 else ("Z", "W", False)
    if draw < g.forfeits + g.unusual:
        w, b = rng.choice(UNUSUAL)
        return w, b, True
    win, level, _ = _MODEL.prob(rw, rb)
    draw = rng.random()
    if draw < win:
        return "W", "L", True
    return ("D", "D", True) if draw < win + level else ("L", "W", True)


def _rank(tournament: dict[str, Any], rounds: int, codes: tuple[str, ...]) -> None:
    """Each player's rank by points and ``codes`` (C.07, gacrux's tie-breaks, as
    ``gacrux.tiebreakchecker`` writes them back into a file)."""
    swiss = "berger" not in tournament["pairingSystem"]
    params = {
        "tiebreak": ["PTS", *codes],
        "check": False,
        **({"swiss": True} if swiss else {"pre_determined": True}),
        "experimental": [],
        "verbose": 0,
        "unrated": None,
    }
    engine = tiebreak(tournament, rounds, params)
    result = engine.compute_tiebreaks(tournament, params)
    ranks = {c["cid"]: c["rank"] for c in result["competitors"]}
    for competitor in tournament["competitors"]:
        competitor["rank"] = ranks[competitor["cid"]]
    tournament["rankOrder"] = ["PTS", *codes]


def generate_trf(g: Generation) -> str:
    """One random event as TRF-2026 text (gacrux's writer), the same for the same ``g``."""
    g.check()
    if g.system == "team":
        raise ValueError("a team event is team_generator.generate_team_trf's")
    rng = random.Random(g.seed)
    ch = chessjson()
    tournament = ch.add_tournament(1, False, g.rounds)
    ch.get_event()["eventInfo"] = {
        "fullName": g.name or f"ratingbook generate, seed {g.seed}",
        "site": "",
        "federation": "FID",
        "startDate": START.isoformat(),
        "endDate": START.isoformat(),
    }
    tournament["topColor"] = "w"
    tournament["accelerated"] = {"name": g.baku, "values": []}
    tournament["pairingSystem"] = ["dutch"]
    if g.round_robin:
        tournament["pairingSystem"] = [
            "berger",
            "fide",
            *(["double"] if g.system == "double" else []),
        ]
        tournament["maxMeets"] = 2 if g.system == "double" else 1
        tournament["numRounds"] = g.rounds
        # The player the table leaves out has the table's bye (``U``, as gacrux's checker
        # reads a round robin's round), worth nothing: "162 ... P 0.0".
        tournament["scoreSystem"]["game"]["P"] = Decimal("0.0")
    ratings = sorted((2400 - 25 * i + rng.randint(-60, 60) for i in range(g.players)), reverse=True)
    for cid, rating in enumerate(ratings, start=1):
        profile = ch.create_profile(0, f"Player {cid:04d}", "Generated", "", "FID")
        # gacrux's profile says "u" (its unknown) whatever it is given; TRF-2026's 001 column
        # 10 holds m or w only and may stay blank (not mandatory): the sex is not known.
        ch.get_profile(profile)["sex"] = ""
        tournament["competitors"].append(
            {
                "cid": cid,
                "profileId": profile,
                "present": True,
                "gamePoints": Decimal("0.0"),
                "orgrank": cid,
                "rank": cid,
                "rating": {"list": "FIDE", "rating": rating},
            }
        )
    competitors = {c["cid"]: c for c in tournament["competitors"]}
    params = {"experimental": [], "verbose": 0, "top_color": " "}
    for rnd in range(1, g.rounds + 1):
        tournament["currentRound"] = rnd
        asking = set(rng.sample(sorted(competitors), g.bye_count()))
        for cid, competitor in competitors.items():
            competitor["present"] = cid not in asking
            if cid in asking:
                letter = "D" if rng.random() < 0.75 else "Z"
                ch.append_result(tournament["gameList"], _game(rnd, cid, letter, None, None, False))
                competitor["gamePoints"] += _score(tournament, letter)
        if g.baku and rnd == 1:
            _baku(tournament, g.rounds)
        try:
            if g.round_robin:
                brackets = pairing_berger(tournament, rnd, params).compute_pairing(False, 0)
            else:
                with compact_storage():
                    brackets = dutch_engine(tournament, rnd, params).compute_pairing(False, 0)
        except GacruxNoLegalPairing as fault:
            raise RatingbookError(
                f"seed {g.seed}: round {rnd} cannot be paired under the Dutch rules (C.04.3): "
                f"{fault}; ask for fewer rounds, more players or fewer byes"
            ) from fault
        pairs = sorted((p for b in brackets for p in b.get("pairs", [])), key=lambda p: p["board"])
        for pair in pairs:
            white, black = int(pair["w"]), int(pair["b"] or 0)
            if not black and g.round_robin:  # the table leaves the player out: no points
                ch.append_result(tournament["gameList"], _game(rnd, white, "P", None, None, True))
                continue
            if not black:
                ch.append_result(tournament["gameList"], _game(rnd, white, "P", None, None, True))
                competitors[white]["gamePoints"] += _score(tournament, "P")
                continue
            rw = competitors[white]["rating"]["rating"]
            rb = competitors[black]["rating"]["rating"]
            w, b, played = game_letters(rng, g, rw, rb)
            ch.append_result(tournament["gameList"], _game(rnd, white, w, black, b, played))
            competitors[white]["gamePoints"] += _score(tournament, w)
            competitors[black]["gamePoints"] += _score(tournament, b)
    for competitor in competitors.values():
        competitor["present"] = True
    _rank(tournament, g.rounds, g.tiebreaks)
    text: str = trf2json().output_file(ch.get_event(), 1, 0)
    return text
