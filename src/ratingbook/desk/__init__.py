"""The results desk's core (issue 36), no HTTP: players report results, the arbiter accepts
them, and released results go into the book through the session, once each.

- :mod:`~ratingbook.desk.model`: the values (:class:`Pairing`, :class:`QueueItem`,
  :data:`Status`, :class:`Ack`, :class:`TakeOutcome`, :class:`DeskError`, and
  :func:`board_name`, how a board is named);
- :mod:`~ratingbook.desk.desk`: :class:`Desk`, the one object a front end asks.
"""

from ratingbook.desk.desk import CAMP, Desk
from ratingbook.desk.model import (
    READY,
    STATUSES,
    Ack,
    Decider,
    DeskError,
    Kind,
    Pairing,
    QueueItem,
    Report,
    Side,
    Status,
    TakeOutcome,
    board_name,
    decider,
)

__all__ = [
    "CAMP",
    "READY",
    "STATUSES",
    "Ack",
    "Decider",
    "Desk",
    "DeskError",
    "Kind",
    "Pairing",
    "QueueItem",
    "Report",
    "Side",
    "Status",
    "TakeOutcome",
    "board_name",
    "decider",
]
