"""Password hashing for players and GMs (scrypt from the standard library).

A stored hash reads ``scrypt$<n>$<r>$<p>$<salt b64>$<hash b64>``; the parameters travel
with it, so they can be raised later without invalidating the ones stored. The clear text is
never stored or logged.
"""

import base64
import hashlib
import hmac
import secrets

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
