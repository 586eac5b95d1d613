"""The ``Swiss Settings`` sheet of a Swiss event: its setting names and what each one means.

The one home of the settings: their names (and other spellings), their defaults and choices
(``Rounds``, ``Start Date``, ``Tie-breaks``, ``Pairing``, ``Points``, ``Auto-pair``,
``First Colour``, ``Event``, ``Unrated Rating``, and the TRF tournament records ``City``,
``Federation``, ``End Date``, ``Chief Arbiter``, ``Deputy Arbiter``, ``Time Control``,
``Round Dates``, and ``Notes``; the initial order's ``Rating Method`` and ``Equal Order``;
an event over 30 days' ``Over 30 Days`` and ``Rating Periods`` (their rules:
:mod:`ratingbook.events.long_event`); FIDE mode's ``FIDE Mode``, ``Manual Pairing`` and
``Confirm``) and written back (:func:`settings_values`, for a book built from a TRF file),
which settings cannot go together, and which FIDE tie-break edition the start date selects.
Reading the sheet's ``Setting`` / ``Value`` rows is
:mod:`ratingbook.workbook.sheets.settings_rows`. Pure.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from ratingbook.core import fields
from ratingbook.errors import InvalidValueError, Location
from ratingbook.events.codes import (
    NATIONAL,
    RATING_KINDS,
    Scoring,
    scoring_problem,
    tiebreak_problem,
)
from ratingbook.events.periods import OVER_30_DAYS, RATING_PERIODS, TIEBREAK_RATING, RatingPeriod
from ratingbook.events.tournament_rating import (
    EQUAL_ORDER_SPELLINGS,
    FIDE,
    METHOD_SPELLINGS,
    NAME,
    InitialOrder,
)

__all__ = [
    "ACCELERATION_NONE",
    "ACCELERATION_SPELLINGS",
    "BAKU",
    "BLANK_MEANS",
    "CONFIRM",
    "CUSTOM_LIST",
    "CUSTOM_LIST_INTO",
    "DOUBLE_ROUND_ROBIN",
    "DUTCH",
    "END_OF_EVENT",
    "EQUAL_ORDER_SPELLINGS",
    "MANUAL_PAIRING",
    "METHOD_SPELLINGS",
    "PAIRING_SPELLINGS",
    "RATED_SPELLINGS",
    "RECORD_TEXTS",
    "ROUND_ROBIN",
    "RULES_2026_FROM",
    "SETTING_NAMES",
    "SETTING_ORDER",
    "UNRATED_AVERAGE",
    "SwissSettings",
    "check_combination",
    "date_value",
    "settings_values",
]

#: FIDE C.07 (2024) art. 17 / the 2026 edition: events starting on or after this date are
#: scored under the 2026 tie-break rules, earlier ones under the 2024 rules (gacrux decides).
RULES_2026_FROM = _dt.date(2026, 3, 1)


# --- settings ----------------------------------------------------------------------------------

#: The pairing systems (the ``Pairing`` setting): the FIDE Dutch Swiss (C.04.3), and the round
#: robins of the Berger tables (C.05 Annex 1), each pair meeting once or twice.
DUTCH = "Dutch"
ROUND_ROBIN = "Round Robin"
DOUBLE_ROUND_ROBIN = "Double Round Robin"
PAIRING_SPELLINGS = {
    "dutch": DUTCH,
    "fide dutch": DUTCH,
    "fide_dutch": DUTCH,
    "swiss": DUTCH,
    "round robin": ROUND_ROBIN,
    "round-robin": ROUND_ROBIN,
    "roundrobin": ROUND_ROBIN,
    "berger": ROUND_ROBIN,
    "all-play-all": ROUND_ROBIN,
    "double round robin": DOUBLE_ROUND_ROBIN,
    "double round-robin": DOUBLE_ROUND_ROBIN,
    "double roundrobin": DOUBLE_ROUND_ROBIN,
}
#: The ``Acceleration`` setting: none, or Baku (C.04.5.1; C.04.7 art. 1 from 2026).
ACCELERATION_NONE = "None"
BAKU = "Baku"
ACCELERATION_SPELLINGS = {
    "none": ACCELERATION_NONE,
    "no": ACCELERATION_NONE,
    "off": ACCELERATION_NONE,
    "baku": BAKU,
    "baku acceleration": BAKU,
}
#: The ``Unrated Rating`` setting's word for its second method: the average of the rated players.
UNRATED_AVERAGE = "Average"
#: The ``FIDE Rated`` setting: the rating list the event counts for, "" for none.
RATED_SPELLINGS = {
    **{kind.casefold(): kind for kind in RATING_KINDS},
    **{"no": "", "none": "", "off": "", "yes": "Standard"},
}


#: The settings of a custom rating list (Q117); the rating it may fill, by spelling, is
#: :data:`ratingbook.events.codes.CUSTOM_INTO_SPELLINGS`.
CUSTOM_LIST = "Custom List"
CUSTOM_LIST_INTO = "Custom List Into"


@dataclass(frozen=True, slots=True)
class SwissSettings:
    """The ``Swiss Settings`` sheet. Empty ``tiebreaks`` means the seed's own order."""

    rounds: int | None = None
    start_date: _dt.date | None = None
    tiebreaks: tuple[str, ...] = ()
    pairing: str = DUTCH
    scoring: Scoring = field(default_factory=Scoring)
    auto_pair: bool = True
    first_colour: str = "white"  # of the top seed in round 1 (TRF 152)
    event_name: str = ""
    #: The rating an unrated player counts as in ARO, TPR, PTP, APRO, APPO and RTNG, as the
    #: event's regulations set it. None: those tie-breaks are left empty for the whole field
    #: when any player is unrated, as FIDE's TieBreakServer (gacrux) does.
    unrated_rating: int | None = None
    #: ``Unrated Rating`` says ``Average``: an unrated player counts as the average rating of
    #: the event's rated players (:func:`ratingbook.fide.gacrux.tiebreaks.unrated_as`).
    unrated_average: bool = False
    #: The tournament records a rating report carries (TRF 022, 032, 052, 102, 112, 122): kept
    #: from an imported file and written back on export.
    city: str = ""
    federation: str = ""
    end_date: _dt.date | None = None
    chief_arbiter: str = ""
    deputy_arbiter: str = ""
    time_control: str = ""
    #: Each round's date as the event's records give it (TRF 132), informational.
    round_dates: tuple[str, ...] = ()
    #: What an import noted about the event's records (a date it could not read, ...).
    notes: str = ""
    #: Where the settings' rows are, for errors about them (Pairing, Acceleration, Rounds).
    places: Mapping[str, Location] = field(default_factory=dict, compare=False, repr=False)
    #: Baku acceleration (FIDE C.04.5.1): virtual points for pairing only.
    acceleration: str = ACCELERATION_NONE
    #: The FIDE rating list the event is rated for (Standard, Rapid, Blitz), or "" for none:
    #: then no rating report and no Rtg+/- or Rp columns.
    rated: str = ""
    #: ``Rating Method``: which of a player's ratings orders the field (FIDE, National, FIDON,
    #: NIDOF, HBFN; :mod:`ratingbook.events.tournament_rating`).
    rating_method: str = FIDE
    #: ``Equal Order``: what orders players of equal rating and title (Name, FIDE ID, Lots).
    equal_order: str = NAME
    #: ``Over 30 Days``: the event lasts more than 30 days, so it is rated in periods (FIDE's
    #: checklist Q210; :mod:`ratingbook.events.long_event`).
    over_30_days: bool = False
    #: ``Rating Periods``: the rounds of each period and its list's month (empty: one period).
    rating_periods: tuple[RatingPeriod, ...] = ()
    #: ``Tie-break Rating``: the period whose ratings the rating tie-breaks use (1: the first,
    #: C.07 art. 10's default; checklist Q214-216).
    tiebreak_period: int = 1
    #: The FIDE rating list file (TXT or XML, zipped or not) Excel's Update Players reads, as
    #: typed: a path, relative to the workbook's folder or absolute. Nothing else reads it.
    rating_list: str = ""
    #: ``Custom List``: a rating list of the organiser's own (a CSV file, FIDE's checklist
    #: Q117) Excel's Update from Custom List reads, as typed (a path, relative to the
    #: workbook's folder or absolute); ``Custom List Into``: the column it fills (National
    #: rating by default, or the manual one). The command line takes them as arguments.
    custom_list: str = ""
    custom_list_into: str = NATIONAL
    #: The end-of-event settings as typed, by name (issue 27): ``Prize Sharing``, ``Prize
    #: Step``, ``One Prize Each`` (read by :func:`ratingbook.events.prize_rules.prize_settings`),
    #: ``Norm Games``, ``Norm Exemption`` and ``Non-FIDE Federations`` (by
    #: :mod:`ratingbook.fide.rules.norm_event`).
    end_of_event: Mapping[str, object] = field(default_factory=dict, compare=False)
    # --- FIDE mode (issue #25; see ratingbook.events.fide_mode) ---
    #: FIDE mode: every change logged, warnings that cannot be switched off (on by default).
    fide_mode: bool = True
    #: The manual-pairing phase: "Round N" while round N is paired by hand, "End" to close it.
    manual_pairing: str = ""
    #: xlwings Server/Lite: the act confirmed (no message box there); consumed by the run.
    confirm: str = ""

    @property
    def round_robin(self) -> bool:
        """A round robin (single or double), paired by the Berger tables (C.05 Annex 1)."""
        return self.pairing in (ROUND_ROBIN, DOUBLE_ROUND_ROBIN)

    @property
    def cycles(self) -> int:
        """How many times each pair meets in a round robin: 1, or 2 for a double one."""
        return 2 if self.pairing == DOUBLE_ROUND_ROBIN else 1

    @property
    def lots_seed(self) -> str:
        """What the event's lots are drawn from: its name and start date, ``name|YYYY-MM-DD``
        (either may be empty)."""
        date = self.start_date.isoformat() if self.start_date else ""
        return f"{self.event_name}|{date}"

    @property
    def initial_order(self) -> InitialOrder:
        """How the start numbers' initial order is made (C.04.2 art. 2.2)."""
        return InitialOrder(self.rating_method, self.equal_order, self.lots_seed)

    @property
    def rules_edition(self) -> str:
        """Which FIDE tie-break rules apply: "2024" before 2026-03-01, else "2026"."""
        if self.start_date is not None and self.start_date < RULES_2026_FROM:
            return "2024"
        return "2026"


#: The FIDE-mode settings a run consumes, as spelt on the sheet.
CONFIRM = "Confirm"
MANUAL_PAIRING = "Manual Pairing"

# The setting names (and spellings) of the `Swiss Settings` sheet: one home.
SETTING_NAMES: Mapping[str, str] = {
    "rounds": "Rounds",
    "number of rounds": "Rounds",
    "start date": "Start Date",
    "start": "Start Date",
    "tie-breaks": "Tie-breaks",
    "tiebreaks": "Tie-breaks",
    "tie breaks": "Tie-breaks",
    "pairing": "Pairing",
    "points": "Points",
    "auto-pair": "Auto-pair",
    "autopair": "Auto-pair",
    "auto pair": "Auto-pair",
    "first colour": "First Colour",
    "first color": "First Colour",
    "event": "Event",
    "event name": "Event",
    "tournament": "Event",
    "city": "City",
    "place": "City",
    "federation": "Federation",
    "end date": "End Date",
    "end": "End Date",
    "chief arbiter": "Chief Arbiter",
    "deputy arbiter": "Deputy Arbiter",
    "deputy chief arbiter": "Deputy Arbiter",
    "time control": "Time Control",
    "rate of play": "Time Control",
    "unrated rating": "Unrated Rating",
    "rating of unrated players": "Unrated Rating",
    "unrated": "Unrated Rating",
    "acceleration": "Acceleration",
    "accelerated pairings": "Acceleration",
    "round dates": "Round Dates",
    "dates of rounds": "Round Dates",
    "notes": "Notes",
    "note": "Notes",
    "fide rated": "FIDE Rated",
    "fide rating": "FIDE Rated",
    "rated": "FIDE Rated",
    "rating method": "Rating Method",
    "tournament rating": "Rating Method",
    "equal order": "Equal Order",
    "equal rating order": "Equal Order",
    "over 30 days": OVER_30_DAYS,
    "more than 30 days": OVER_30_DAYS,
    "event over 30 days": OVER_30_DAYS,
    "rating periods": RATING_PERIODS,
    "periods": RATING_PERIODS,
    "tie-break rating": TIEBREAK_RATING,
    "tiebreak rating": TIEBREAK_RATING,
    "rating list": "Rating List",
    "rating list file": "Rating List",
    "fide rating list": "Rating List",
    "custom list": CUSTOM_LIST,
    "custom rating list": CUSTOM_LIST,
    "custom list into": CUSTOM_LIST_INTO,
    # The end of an event (issue 27): prizes and title norms.
    "prize sharing": "Prize Sharing",
    "prize step": "Prize Step",
    "one prize each": "One Prize Each",
    "norm games": "Norm Games",
    "norm exemption": "Norm Exemption",
    "non-fide federations": "Non-FIDE Federations",
    "non fide federations": "Non-FIDE Federations",
    "fide mode": "FIDE Mode",
    "manual pairing": MANUAL_PAIRING,
    "confirm": CONFIRM,
    "confirmation": CONFIRM,
    # The results desk's (issue 36), read by the desk: the event's rules ignore it.
    "desk confirms": "Desk Confirms",
}
END_OF_EVENT = (
    "Prize Sharing",
    "Prize Step",
    "One Prize Each",
    "Norm Games",
    "Norm Exemption",
    "Non-FIDE Federations",
)
SETTING_ORDER = (
    "Event",
    "Rounds",
    "Start Date",
    "Tie-breaks",
    "Pairing",
    "Acceleration",
    "FIDE Rated",
    "Rating List",
    CUSTOM_LIST,
    CUSTOM_LIST_INTO,
    "Rating Method",
    "Equal Order",
    OVER_30_DAYS,
    RATING_PERIODS,
    TIEBREAK_RATING,
    "Points",
    "Auto-pair",
    "First Colour",
    "Unrated Rating",
    "City",
    "Federation",
    "End Date",
    "Chief Arbiter",
    "Deputy Arbiter",
    "Time Control",
    "Round Dates",
    "Notes",
    *END_OF_EVENT,
    "FIDE Mode",
    MANUAL_PAIRING,
    CONFIRM,
    "Desk Confirms",
)
#: The text settings that are tournament records of TRF, by attribute of :class:`SwissSettings`.
RECORD_TEXTS: Mapping[str, str] = {
    "City": "city",
    "Federation": "federation",
    "Chief Arbiter": "chief_arbiter",
    "Deputy Arbiter": "deputy_arbiter",
    "Time Control": "time_control",
    "Notes": "notes",
}


def date_value(value: object, where: Location | None = None, column: str | None = None) -> _dt.date:
    """A date: a date cell, Excel's serial day number, or text such as 2026-03-14."""
    if isinstance(value, _dt.datetime):
        return value.date()
    if isinstance(value, _dt.date):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool) and 1 <= value < 2958466:
        # A date cell read without its format: Excel's serial day number (1900 date system).
        return _dt.date(1899, 12, 30) + _dt.timedelta(days=int(value))
    if isinstance(value, str):
        cleaned = value.strip().replace("/", "-").replace(".", "-")
        try:
            # "2026-04-11", or with a time of day as a date cell may arrive from xlwings
            return _dt.date.fromisoformat(cleaned[:10] if cleaned[10:11] in ("T", " ") else cleaned)
        except ValueError:
            pass
    raise InvalidValueError(f"{value!r} is not a date; expected e.g. 2026-03-14", where, column)


def check_combination(settings: SwissSettings) -> None:
    """Settings that cannot go together, each an error at its cell."""
    for code in settings.tiebreaks:
        problem = tiebreak_problem(code, round_robin=settings.round_robin)
        if problem:
            raise InvalidValueError(problem, settings.places.get("Tie-breaks"), fields.VALUE)
    if settings.acceleration == BAKU and settings.round_robin:
        raise InvalidValueError(
            f"Baku acceleration is for Swiss events; a {settings.pairing.lower()} is paired by "
            "the Berger tables, which need none: set Acceleration to None",
            settings.places.get("Acceleration"),
            fields.VALUE,
        )
    if settings.rating_periods and not settings.over_30_days:
        raise InvalidValueError(
            "Rating Periods are for an event over 30 days: set Over 30 Days to On, or clear "
            "Rating Periods",
            settings.places.get(RATING_PERIODS),
            fields.VALUE,
        )
    if settings.tiebreak_period > max(len(settings.rating_periods), 1):
        raise InvalidValueError(
            f"Tie-break Rating Period {settings.tiebreak_period}: the event has "
            f"{len(settings.rating_periods) or 1} rating period(s) (Rating Periods)",
            settings.places.get(TIEBREAK_RATING),
            fields.VALUE,
        )
    s = settings.scoring
    problem = scoring_problem(s) if settings.fide_mode else ""
    if problem:  # outside FIDE mode the event's own rules may say otherwise
        raise InvalidValueError(
            f"Points {_points_text(s.win)} {_points_text(s.draw)} {_points_text(s.pairing_bye)}: "
            f"{problem} (set FIDE Mode to Off for such an event)",
            settings.places.get("Points"),
            fields.VALUE,
        )
    if settings.acceleration == BAKU and (s.win != 2 * s.draw):
        raise InvalidValueError(
            "Baku acceleration needs a points system where a win is worth two draws (FIDE "
            f"C.04.7 art. 1.1); Points gives {s.win} for a win and {s.draw} for a draw",
            settings.places.get("Acceleration"),
            fields.VALUE,
        )


def _period_text(period: RatingPeriod) -> str:
    rounds = f"{period.first}-{period.last}" if period.last != period.first else str(period.first)
    return f"{rounds} {period.month}".strip()


def _points_text(value: Fraction) -> str:
    return str(int(value)) if value.denominator == 1 else str(float(value))


#: What a blank setting means, where a word says it better than "(empty)" (the event log's
#: sentence about a change, e.g. "FIDE Rated No" -> "FIDE Rated Standard").
BLANK_MEANS = {
    "FIDE Rated": next(k for k, v in RATED_SPELLINGS.items() if not v).capitalize(),  # "No"
    "Acceleration": ACCELERATION_NONE,
    TIEBREAK_RATING: "First",
}


def settings_values(settings: SwissSettings) -> dict[str, object]:
    """The settings as ``Swiss Settings`` values by setting name (what
    :func:`~ratingbook.workbook.sheets.settings_rows.read_settings` reads back to the same
    settings)."""
    s = settings.scoring
    # Dates as dates (a datetime would be written with a time of day, "2010-09-24 0:00:00"):
    # the book shows them as the templates do, yyyy-mm-dd.
    return {
        "Event": settings.event_name or None,
        "Rounds": settings.rounds,
        "Start Date": settings.start_date,
        "Tie-breaks": " ".join(settings.tiebreaks) or None,
        "Pairing": settings.pairing,
        "Acceleration": (
            None if settings.acceleration == ACCELERATION_NONE else settings.acceleration
        ),
        "FIDE Rated": settings.rated or None,
        "Rating List": settings.rating_list or None,
        CUSTOM_LIST: settings.custom_list or None,
        CUSTOM_LIST_INTO: (
            None if settings.custom_list_into == NATIONAL else settings.custom_list_into.title()
        ),
        "Rating Method": None if settings.rating_method == FIDE else settings.rating_method,
        "Equal Order": None if settings.equal_order == NAME else settings.equal_order,
        OVER_30_DAYS: "On" if settings.over_30_days else None,
        RATING_PERIODS: ", ".join(_period_text(p) for p in settings.rating_periods) or None,
        TIEBREAK_RATING: (
            f"Period {settings.tiebreak_period}" if settings.tiebreak_period > 1 else None
        ),
        "Points": " ".join(_points_text(p) for p in (s.win, s.draw, s.pairing_bye)),
        "Auto-pair": "On" if settings.auto_pair else "Off",
        "First Colour": settings.first_colour.capitalize(),
        "Unrated Rating": UNRATED_AVERAGE if settings.unrated_average else settings.unrated_rating,
        **{name: getattr(settings, attribute) or None for name, attribute in RECORD_TEXTS.items()},
        "End Date": settings.end_date,
        "Round Dates": ", ".join(settings.round_dates) or None,
        "FIDE Mode": "On" if settings.fide_mode else "Off",
        **settings.end_of_event,  # as typed (a TRF import: as its ``###`` lines give them)
    }
