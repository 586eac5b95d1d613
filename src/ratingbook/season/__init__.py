"""A season's rating list, below the workbook: its players and games, where they come from, who
is who, its rating periods, and the checks of what comes in. Pure: no spreadsheet library.

The modules, from the bottom up:

- :mod:`~ratingbook.season.names`: when two names are the same name, and when they only look
  alike (the rule near duplicates are reported by);
- :mod:`~ratingbook.season.model`: a source ref, a source's player, a season player, a game,
  an event, its fingerprint and its final ranking, a season's error;
- :mod:`~ratingbook.season.trf_source`: a TRF file, or a Swiss or round-robin event read from
  a book, as an event of the season;
- :mod:`~ratingbook.season.pgn_source`: a PGN file's games (python-chess) as events;
- :mod:`~ratingbook.season.aliases`: the officer's aliases, and the list players they merge;
- :mod:`~ratingbook.season.identity`: who is who (aliases, IDs, names; candidates);
- :mod:`~ratingbook.season.periods`: rating periods and late results;
- :mod:`~ratingbook.season.checks`: what a season refuses, every problem named;
- :mod:`~ratingbook.season.adding`: a season, and the sequence of adding events to it;
- :mod:`~ratingbook.season.event_names`: the name an added event is given (its source's
  title, told apart from the list's events; or the officer's);
- :mod:`~ratingbook.season.series_settings`: a season series' settings, their defaults and
  the values a series can use;
- :mod:`~ratingbook.season.series_categories`: a series category's players and their ranks;
- :mod:`~ratingbook.season.series`: a season series (a Grand Prix): each event's places (its
  own ranking, else game points), points per place or per score, the best N of M counted, a
  minimum, tie rules.
"""

from ratingbook.season.adding import Addition, Season, add_events, source_players
from ratingbook.season.checks import check_events
from ratingbook.season.identity import (
    Alias,
    Candidate,
    Decision,
    Match,
    Matching,
    MatchRule,
    Merge,
    match_players,
)
from ratingbook.season.model import (
    SeasonError,
    SeasonEvent,
    SeasonGame,
    SeasonPlayer,
    SourcePlayer,
    SourceRef,
    fingerprint,
    make_event,
)
from ratingbook.season.names import exact_name, given_first, likeness, name_words
from ratingbook.season.periods import (
    LateResult,
    Period,
    PeriodLength,
    cut_periods,
    event_periods,
    late_result,
    rated_games,
)
from ratingbook.season.pgn_source import read_pgn
from ratingbook.season.series import SeriesRow, SeriesStandings, series_standings
from ratingbook.season.series_settings import (
    SeriesScoring,
    SeriesSettingError,
    SeriesSettings,
    SeriesTie,
    SharedPlaces,
)
from ratingbook.season.trf_source import read_trf, read_trf_bytes, season_event_from_swiss

__all__ = [
    "Addition",
    "Alias",
    "Candidate",
    "Decision",
    "LateResult",
    "Match",
    "MatchRule",
    "Matching",
    "Merge",
    "Period",
    "PeriodLength",
    "Season",
    "SeasonError",
    "SeasonEvent",
    "SeasonGame",
    "SeasonPlayer",
    "SeriesRow",
    "SeriesScoring",
    "SeriesSettingError",
    "SeriesSettings",
    "SeriesStandings",
    "SeriesTie",
    "SharedPlaces",
    "SourcePlayer",
    "SourceRef",
    "add_events",
    "check_events",
    "cut_periods",
    "event_periods",
    "exact_name",
    "fingerprint",
    "given_first",
    "late_result",
    "likeness",
    "make_event",
    "match_players",
    "name_words",
    "rated_games",
    "read_pgn",
    "read_trf",
    "read_trf_bytes",
    "season_event_from_swiss",
    "series_standings",
    "source_players",
]
