"""Password hashing for players and GMs: Argon2id (argon2-cffi), scrypt still read.

A new hash is Argon2id's PHC string, ``$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>``:
OWASP's Password Storage Cheat Sheet's first choice with its parameters (19 MiB, two
passes, one lane), stronger than the scrypt used before (n = 2^14, below OWASP's 2^17)
and cheaper to check (docs/performance.md, "Argon2id"). Hash values stored before,
``scrypt$<n>$<r>$<p>$<salt b64>$<hash b64>``, keep verifying, so nobody is locked out;
:func:`needs_rehash` tells the places that check a password (intake's player and GM
checks) to store :func:`hash_password` of it instead, once it verified. The parameters
travel with each hash, so they can be raised later the same way. The clear text is never
stored or logged.
"""

import base64
import hashlib
import hmac
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError

SALT_BYTES = 16
HASH_BYTES = 32
ARGON2ID = "$argon2id$"
"""How an Argon2id hash begins; any other stored value is read as scrypt."""


@dataclass(frozen=True)
class Argon2Cost:
    """Argon2id's cost: memory in KiB, passes over it, lanes."""

    memory_kib: int
    time: int
    parallelism: int


COST = Argon2Cost(memory_kib=19456, time=2, parallelism=1)
"""The cost of a new hash (OWASP's first recommendation); a stored hash of another cost
is hashed anew at the next successful check (:func:`needs_rehash`)."""

_SCRYPT_MAXMEM = 64 * 1024 * 1024
"""Room for the scrypt hash values stored before (n = 2^14, r = 8: 128·n·r bytes needed) and a
few doublings of ``n``."""


@cache
def _hasher(cost: Argon2Cost) -> PasswordHasher:
    return PasswordHasher(
        time_cost=cost.time,
        memory_cost=cost.memory_kib,
        parallelism=cost.parallelism,
        hash_len=HASH_BYTES,
        salt_len=SALT_BYTES,
        type=Type.ID,
    )


def hash_password(password: str) -> str:
    """A salted Argon2id hash of ``password`` at :data:`COST`, in its PHC string."""
    return _hasher(COST).hash(password)


def verify_password(password: str, stored: str) -> bool:
    """Whether ``password`` matches ``stored`` (Argon2id, or scrypt stored before); false
    for a malformed stored value."""
    if not stored.startswith(ARGON2ID):
        return _verify_scrypt(password, stored)
    try:
        # The hash's own parameters are used, whatever COST is now.
        return _hasher(COST).verify(stored, password)
    except (VerificationError, InvalidHashError):
        # A mismatch, or a string Argon2 cannot read (or refuses the parameters of).
        return False


def _verify_scrypt(password: str, stored: str) -> bool:
    """A hash of the form stored before Argon2id: ``scrypt$n$r$p$salt$hash``."""
    try:
        scheme, n, r, p, salt_b64, digest_b64 = stored.split("$")
        if scheme != "scrypt":
            return False
        salt = base64.b64decode(salt_b64, validate=True)
        expected = base64.b64decode(digest_b64, validate=True)
        actual = hashlib.scrypt(
            password.encode("utf-8"),
            salt=salt,
            n=int(n),
            r=int(r),
            p=int(p),
            maxmem=_SCRYPT_MAXMEM,
            dklen=len(expected),
        )
    except ValueError:
        # Wrong field count, bad base64, bad numbers or parameters scrypt refuses.
        return False
    return hmac.compare_digest(actual, expected)


def needs_rehash(stored: str) -> bool:
    """Whether ``stored``, once a password verified against it, should be replaced by
    :func:`hash_password` of that password: it is scrypt, or Argon2id of another cost
    (or salt or hash length) than :data:`COST`. Cheap: the string is only read."""
    if not stored.startswith(ARGON2ID):
        return True
    try:
        return _hasher(COST).check_needs_rehash(stored)
    except (InvalidHashError, ValueError):
        return True


def renewed(password: str, stored: str, ready: Mapping[str, str] | None = None) -> str | None:
    """The hash to store instead of ``stored`` now that ``password`` verified against it,
    or None when it is current (:func:`needs_rehash`). ``ready``: new hash values made ahead,
    outside the write transaction, by :func:`verify_ahead` (stored hash → new one)."""
    if not needs_rehash(stored):
        return None
    made = ready.get(stored) if ready is not None else None
    return made if made is not None else hash_password(password)


class VerifiedCache:
    """Recently verified credentials, so that a player's tenth mail of a burst does not
    pay the hash again: bounded, expiring, and never holding a password.

    An entry is an HMAC-SHA256, under a random key made when the process starts and kept
    only in its memory, of the stored hash (salt and parameters included) and the
    password. Only successes are kept: a wrong password always costs a full check. A
    changed password has a new stored hash, so its old entries never match again. Whoever
    reads the memory learns nothing a dump of the stored hash values would not tell.
    """

    def __init__(self, *, size: int = 4096, seconds: float = 900.0) -> None:
        self._key = secrets.token_bytes(32)
        self._size = size
        self._seconds = seconds
        self._entries: OrderedDict[bytes, float] = OrderedDict()
        self._lock = threading.Lock()  # verification runs in worker threads

    def _tag(self, password: str, stored: str) -> bytes:
        message = stored.encode("utf-8") + b"\0" + password.encode("utf-8")
        return hmac.new(self._key, message, hashlib.sha256).digest()

    def known(self, password: str, stored: str) -> bool:
        """Whether :meth:`verify` would answer at once: a recent success is cached."""
        tag = self._tag(password, stored)
        with self._lock:
            expires = self._entries.get(tag)
            if expires is None or expires <= time.monotonic():
                return False
            self._entries.move_to_end(tag)
            return True

    def verify(self, password: str, stored: str) -> bool:
        """:func:`verify_password`, answered from the cache for a recent success."""
        if self.known(password, stored):
            return True
        tag = self._tag(password, stored)
        now = time.monotonic()
        if not verify_password(password, stored):
            return False
        with self._lock:
            self._entries[tag] = now + self._seconds
            self._entries.move_to_end(tag)
            while len(self._entries) > self._size:
                self._entries.popitem(last=False)
        return True

    def clear(self) -> None:
        """Forget every entry."""
        with self._lock:
            self._entries.clear()


VERIFIED = VerifiedCache()
"""The process's cache of verified credentials (see :class:`VerifiedCache`)."""


def verify_password_cached(password: str, stored: str) -> bool:
    """:func:`verify_password` through the process's :data:`VERIFIED` cache."""
    return VERIFIED.verify(password, stored)


def verify_ahead(password: str, stored: str, ready: dict[str, str]) -> bool:
    """:func:`verify_password_cached`, and on success the new hash :func:`renewed` will
    want made now into ``ready[stored]`` when ``stored`` needs one: intake's read-ahead
    runs this in a thread of its own, so that the write transaction finds both answers
    made (argon2-cffi, like ``hashlib.scrypt``, releases the GIL while it works)."""
    if not VERIFIED.verify(password, stored):
        return False
    if needs_rehash(stored):
        ready[stored] = hash_password(password)
    return True
