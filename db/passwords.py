"""Password hashing for players and GMs (scrypt from the standard library).

A stored hash reads ``scrypt$<n>$<r>$<p>$<salt b64>$<hash b64>``; the parameters travel
with it, so they can be raised later without invalidating the ones stored. The clear text is
never stored or logged.
"""

import base64
import hashlib
import hmac
import secrets
import threading
import time
from collections import OrderedDict

SCRYPT_N = 2**14
SCRYPT_R = 8
SCRYPT_P = 1
SALT_BYTES = 16
HASH_BYTES = 32
_MAXMEM = 64 * 1024 * 1024
"""Room for the parameters above and a few doublings of ``n`` (128·n·r bytes needed)."""


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int, length: int) -> bytes:
    return hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=n, r=r, p=p, maxmem=_MAXMEM, dklen=length
    )


def hash_password(password: str) -> str:
    """A salted scrypt hash of ``password`` in the stored format."""
    salt = secrets.token_bytes(SALT_BYTES)
    digest = _scrypt(password, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P, HASH_BYTES)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${_b64(salt)}${_b64(digest)}"


def verify_password(password: str, stored: str) -> bool:
    """Whether ``password`` matches ``stored``; false for a malformed stored value."""
    try:
        scheme, n, r, p, salt_b64, digest_b64 = stored.split("$")
        if scheme != "scrypt":
            return False
        salt = base64.b64decode(salt_b64, validate=True)
        expected = base64.b64decode(digest_b64, validate=True)
        actual = _scrypt(password, salt, int(n), int(r), int(p), len(expected))
    except ValueError:
        # Wrong field count, bad base64, bad numbers or parameters scrypt refuses.
        return False
    return hmac.compare_digest(actual, expected)


class VerifiedCache:
    """Recently verified credentials, so that a player's tenth mail of a burst does not
    pay scrypt again: bounded, expiring, and never holding a password.

    An entry is an HMAC-SHA256, under a random key made when the process starts and kept
    only in its memory, of the stored hash (salt and parameters included) and the
    password. Only successes are kept: a wrong password always costs a full scrypt. A
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
