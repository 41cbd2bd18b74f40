"""Password hashes: scrypt, salted, verifiable, never containing the password."""

import base64

import pytest

from db.passwords import hash_password, verify_password

pytestmark = pytest.mark.real_scrypt  # the real parameters, also in the fast lane


def test_a_hash_verifies_its_password_and_no_other() -> None:
    stored = hash_password("Geheim-Wort 7")
    assert verify_password("Geheim-Wort 7", stored)
    assert not verify_password("geheim-wort 7", stored)
    assert not verify_password("", stored)


def test_the_hash_has_the_documented_format_and_a_fresh_salt() -> None:
    first, second = hash_password("pw"), hash_password("pw")
    scheme, n, r, p, salt, digest = first.split("$")
    assert (scheme, n, r, p) == ("scrypt", "16384", "8", "1")
    assert len(base64.b64decode(salt)) == 16 and len(base64.b64decode(digest)) == 32
    assert first != second  # different salts
    assert verify_password("pw", second)


def test_the_hash_never_contains_the_password() -> None:
    for password in ("Zauberwort", "äöüß€", "correct horse battery staple"):
        stored = hash_password(password)
        assert password not in stored
        assert password.encode() not in base64.b64decode(stored.split("$")[-1])


def test_malformed_stored_values_never_verify() -> None:
    good = hash_password("pw")
    for stored in (
        "",
        "pw",
        "plain$pw",
        good.replace("scrypt", "bcrypt", 1),
        good[:-8] + "!!!!!!!!",
        "scrypt$0$8$1$AAAA$AAAA",
        "scrypt$16384$8$1$AAAA$",
    ):
        assert not verify_password("pw", stored)
