"""The results desk's defences, with no HTTP in them: the arbiter's password (hashed with
scrypt), one-time form tokens (against forged cross-site forms and replayed requests), a rate
per client address, and the lockout after wrong passwords.

The web pages (:mod:`ratingbook.server.app`) apply them; each is a plain object a test drives
with its own clock.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "PASSWORD_MIN",
    "FormTokens",
    "Lockout",
    "RateLimit",
    "check_password",
    "hash_password",
    "is_laptop",
    "password_problem",
]

#: The shortest password the arbiter may set: with the lockout (at most
#: :attr:`Lockout.overall` guesses from the whole network per window) eight characters take
#: longer to guess than any event lasts.
PASSWORD_MIN = 8

# scrypt's cost: n=2**14, r=8 takes 16 MiB and some 50 ms a guess on a laptop (RFC 7914's
# interactive-login figures), so that a stolen store's hash is slow to guess too.
_SCRYPT_N, _SCRYPT_R, _SCRYPT_P = 2**14, 8, 1
_SCRYPT_MEMORY = 64 * 1024 * 1024


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def password_problem(password: str) -> str | None:
    """Why ``password`` cannot be the arbiter's (None: it can)."""
    if len(password) < PASSWORD_MIN:
        return f"the arbiter's password needs at least {PASSWORD_MIN} characters"
    return None


def hash_password(password: str, *, salt: bytes | None = None) -> str:
    """The stored form of ``password``: ``scrypt$n$r$p$salt$hash`` (the salt random)."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.scrypt(
        password.encode("utf-8"),
        salt=salt,
        n=_SCRYPT_N,
        r=_SCRYPT_R,
        p=_SCRYPT_P,
        maxmem=_SCRYPT_MEMORY,
        dklen=32,
    )
    return f"scrypt${_SCRYPT_N}${_SCRYPT_R}${_SCRYPT_P}${_b64(salt)}${_b64(digest)}"


def check_password(password: str, stored: str) -> bool:
    """Whether ``password`` is the one ``stored`` (:func:`hash_password`'s form) was made of;
    False for a stored text of any other form (no password set)."""
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        expected = _unb64(digest)
        found = hashlib.scrypt(
            password.encode("utf-8"),
            salt=_unb64(salt),
            n=int(n),
            r=int(r),
            p=int(p),
            maxmem=_SCRYPT_MEMORY,
            dklen=len(expected),
        )
    except ValueError:
        return False
    return hmac.compare_digest(found, expected)


def is_laptop(address: str) -> bool:
    """Whether ``address`` is the desk's own machine as its browser reaches it
    (``127.0.0.1``, ``::1``): the one place the overall lockout never closes."""
    return address in ("127.0.0.1", "::1")


Redeemed = Literal["ok", "forged", "expired", "used"]


class FormTokens:
    """One-time tokens, one in each form the desk serves. A token is bound to a purpose (the
    arbiter's session, or the code a player opened), signed with a secret made when the desk
    starts, good for :attr:`max_age` seconds, and good once: a form sent twice, or a request
    replayed, is refused the second time. A page from before a restart needs reloading (the
    secret is new)."""

    def __init__(
        self,
        *,
        max_age: float = 4 * 3600,
        clock: Callable[[], float] = time.monotonic,
        secret: bytes | None = None,
    ) -> None:
        self.max_age = max_age
        self._clock = clock
        self._secret = secret if secret is not None else secrets.token_bytes(32)
        self._used: dict[str, float] = {}
        self._lock = threading.Lock()

    def _mac(self, purpose: str, nonce: str, expires: int) -> str:
        message = f"{purpose}|{nonce}|{expires}".encode()
        return _b64(hmac.new(self._secret, message, hashlib.sha256).digest()[:18])

    def issue(self, purpose: str) -> str:
        """A new token for a form of ``purpose``."""
        nonce = secrets.token_urlsafe(12)
        expires = int(self._clock() + self.max_age)
        return f"{nonce}.{expires}.{self._mac(purpose, nonce, expires)}"

    def redeem(self, token: str, purpose: str) -> Redeemed:
        """Spend ``token`` for ``purpose``: "ok" once; "forged" when this desk did not make it
        for that purpose, "expired", or "used" when it was spent before."""
        try:
            nonce, expires_text, mac = token.split(".")
            expires = int(expires_text)
        except ValueError:
            return "forged"
        if not hmac.compare_digest(mac, self._mac(purpose, nonce, expires)):
            return "forged"
        now = self._clock()
        if expires < now:
            return "expired"
        with self._lock:
            # Spent tokens are kept until they would have expired anyway: the memory is
            # bounded by the forms served in max_age.
            for old in [n for n, until in self._used.items() if until < now]:
                del self._used[old]
            if nonce in self._used:
                return "used"
            self._used[nonce] = expires
        return "ok"


@dataclass
class _Bucket:
    tokens: float
    at: float


class RateLimit:
    """At most :attr:`burst` requests at once from one address, refilled at :attr:`per_second`
    (a token bucket per address); the oldest addresses are forgotten past
    :attr:`addresses`, so that the memory stays bounded whoever sends."""

    def __init__(
        self,
        *,
        burst: int = 40,
        per_second: float = 4.0,
        addresses: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.burst = burst
        self.per_second = per_second
        self.addresses = addresses
        self._clock = clock
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()
        self._lock = threading.Lock()

    def wait(self, address: str) -> float:
        """Take one request for ``address``: 0 when it may go on, else the seconds to wait."""
        now = self._clock()
        with self._lock:
            bucket = self._buckets.pop(address, None) or _Bucket(float(self.burst), now)
            bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.per_second)
            bucket.at = now
            self._buckets[address] = bucket
            while len(self._buckets) > self.addresses:
                self._buckets.popitem(last=False)
            if bucket.tokens >= 1:
                bucket.tokens -= 1
                return 0.0
            return (1 - bucket.tokens) / self.per_second


class Lockout:
    """The lockout after wrong passwords. One address with :attr:`per_address` wrong passwords
    in :attr:`window` seconds may not try again for :attr:`window` seconds, even with the right
    one; :attr:`overall` wrong passwords from all addresses together close the sign-in to every
    address but the desk's own machine (:func:`is_laptop`), so that changing address does not
    buy more guesses, and the arbiter at the laptop still signs in. The laptop itself waits
    :attr:`laptop_window` seconds only after its own wrong passwords: the arbiter who mistypes
    there is never shut out for long, and a program on the laptop guessing gets a few slow
    (scrypt) guesses a minute."""

    def __init__(
        self,
        *,
        per_address: int = 5,
        overall: int = 50,
        window: float = 15 * 60,
        laptop_window: float = 60,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_address = per_address
        self.overall = overall
        self.window = window
        self.laptop_window = laptop_window
        self._clock = clock
        self._failures: list[tuple[float, str]] = []
        self._lock = threading.Lock()

    def _recent(self, now: float) -> list[tuple[float, str]]:
        self._failures = [(at, who) for at, who in self._failures if now - at < self.window]
        return self._failures

    def locked(self, address: str) -> float:
        """The seconds ``address`` must wait before it may try a password (0: it may now)."""
        now = self._clock()
        with self._lock:
            recent = self._recent(now)
            laptop = is_laptop(address)
            window = min(self.window, self.laptop_window) if laptop else self.window
            mine = [at for at, who in recent if who == address and now - at < window]
            if len(mine) >= self.per_address:
                return mine[-self.per_address] + window - now
            if len(recent) >= self.overall and not laptop:
                return recent[-self.overall][0] + self.window - now
            return 0.0

    def failed(self, address: str) -> None:
        """A wrong password from ``address``."""
        now = self._clock()
        with self._lock:
            self._recent(now).append((now, address))
