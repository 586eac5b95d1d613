"""The results desk: one object a front end (the desk's web server, the command line, the Excel
button) asks for a round's pairings, hands players' reports, and acts for the arbiter.

This module alone holds the sequence of the desk's acts: read the book (what it pairs, what it
holds), apply the reporting rules (:mod:`ratingbook.desk.rules`) to what the store keeps
(:mod:`ratingbook.desk.store`), and take released results into the book through the session
(:mod:`ratingbook.desk.taking`). The book stays the one truth: the desk keeps only what was
reported and decided, and writes a result into the book once, through the same rules, warnings
and log as a typed one.
"""

from __future__ import annotations

from pathlib import Path

from ratingbook.desk.model import Ack, DeskError, Kind, Pairing, QueueItem, Side, TakeOutcome

__all__ = ["Desk"]


class Desk:
    """The results desk of one book (``book``), its reports kept in ``store`` (default: beside
    the book, ``BOOK.desk.sqlite``)."""

    def __init__(self, book: Path, store: Path) -> None:
        self.book = book
        self.store = store
        self._password_hash = ""

    @classmethod
    def open(cls, book: Path, *, store: Path | None = None) -> Desk:
        """The desk of ``book`` (an error when it is no file ratingbook reads)."""
        book = Path(book)
        if not book.is_file():
            raise DeskError(f"there is no book {str(book)!r}")
        return cls(book, store or book.with_name(book.name + ".desk.sqlite"))

    # --- what the book holds -----------------------------------------------------------------

    @property
    def kind(self) -> Kind:
        """What the book holds: "swiss", "roundrobin", "team", "ladder" or "elo"."""
        return "swiss"

    @property
    def title(self) -> str:
        """The event's name (the book's file name when it has none)."""
        return self.book.stem

    def round(self) -> int | None:
        """The round open for reports (the last paired round); None for a ladder or Elo book."""
        return None

    def pairings(self, round: int) -> list[Pairing]:
        """The pairings of ``round``, each with its code (issued here once, then the same)."""
        return []

    def players(self) -> list[tuple[str, str]]:
        """A ladder's or an Elo book's players to choose from: (id, name)."""
        return []

    def pairing_for(self, code: str) -> Pairing | None:
        """The pairing ``code`` reports for; None for a wrong, old-round or unknown code."""
        return None

    # --- reports -----------------------------------------------------------------------------

    def report(self, code: str, result: str, *, side: Side | None, origin: str) -> Ack:
        """A player's report of the result of the pairing ``code`` names, from ``side``
        (None: not said), ``origin`` who and from where. On disk before it is acknowledged."""
        raise DeskError("this code reports for no pairing")

    def report_game(
        self, player_code: str, white_id: str, black_id: str, result: str, *, origin: str
    ) -> Ack:
        """A ladder's or an Elo book's game reported with a personal or a camp code."""
        raise DeskError("this code reports no game")

    def queue(self, round: int | None = None) -> list[QueueItem]:
        """The arbiter's queue: every board of ``round`` (default: the round open) or every
        ladder game reported, with its reports and status."""
        return []

    # --- the arbiter's acts ------------------------------------------------------------------

    def accept(self, item_id: int, *, by: str) -> None:
        """Accept the result the item's reports give (a conflict needs a correction)."""
        raise DeskError(f"there is no item {item_id} in the queue")

    def reject(self, item_id: int, *, by: str, reason: str) -> None:
        """Reject the item's reports: the board waits for new ones."""
        raise DeskError(f"there is no item {item_id} in the queue")

    def correct(self, item_id: int, result: str, *, by: str) -> None:
        """Set the item's result to ``result`` (the arbiter's word stands)."""
        raise DeskError(f"there is no item {item_id} in the queue")

    def enter(self, round: int, board: int, result: str, *, by: str) -> None:
        """Enter ``result`` for ``board`` of ``round`` (forfeits too): later reports of that
        board are refused."""
        raise DeskError(f"round {round} has no board {board}")

    def release(self, round: int, *, by: str) -> int:
        """Release ``round``'s confirmed, accepted and entered results for the book; how many
        become ready to take."""
        return 0

    def take(self) -> TakeOutcome:
        """Take the released results into the book when the file is free (never raises on a
        lock: ``locked`` says so and nothing is written)."""
        return TakeOutcome(0, 0, False, ())

    # --- the arbiter's password --------------------------------------------------------------

    @property
    def password_hash(self) -> str:
        """The arbiter's password hash as set (the server hashes; "" when none)."""
        return self._password_hash

    def set_password(self, hash: str) -> None:
        """Keep the arbiter's password hash in the store."""
        self._password_hash = hash
