"""Password hashes: Argon2id, salted, verifiable, never containing the password; the
scrypt hashes stored before still verify and are marked for a new hash."""

import base64

import pytest

import db.passwords
from db.passwords import Argon2Cost, hash_password, needs_rehash, renewed, verify_password
from tests.factories import scrypt_hash

pytestmark = pytest.mark.real_hashing  # the real cost, also in the fast lane


def _unpadded(text: str) -> bytes:
    return base64.b64decode(text + "=" * (-len(text) % 4))


def test_a_hash_verifies_its_password_and_no_other() -> None:
    stored = hash_password("Geheim-Wort 7")
    assert verify_password("Geheim-Wort 7", stored)
    assert not verify_password("geheim-wort 7", stored)
    assert not verify_password("", stored)


def test_a_new_hash_is_argon2id_at_owasps_cost_with_a_fresh_salt() -> None:
    first, second = hash_password("pw"), hash_password("pw")
    empty, scheme, version, cost, salt, digest = first.split("$")
    assert (empty, scheme, version, cost) == ("", "argon2id", "v=19", "m=19456,t=2,p=1")
    assert len(_unpadded(salt)) == 16 and len(_unpadded(digest)) == 32
    assert first != second  # different salts
    assert verify_password("pw", second)
    assert not needs_rehash(first)


def test_the_hash_never_contains_the_password() -> None:
    for password in ("Zauberwort", "äöüß€", "correct horse battery staple"):
        stored = hash_password(password)
        assert password not in stored
        assert password.encode() not in _unpadded(stored.split("$")[-1])


def test_a_scrypt_hash_stored_before_verifies_and_needs_a_new_hash() -> None:
    stored = scrypt_hash("Alt-Wort 3", n=2**14)  # the cost the host stored it at
    assert verify_password("Alt-Wort 3", stored)
    assert not verify_password("alt-wort 3", stored)
    assert not verify_password("", stored)
    assert needs_rehash(stored)
    new = renewed("Alt-Wort 3", stored)
    assert new is not None and new.startswith("$argon2id$v=19$m=19456,t=2,p=1$")
    assert verify_password("Alt-Wort 3", new) and not needs_rehash(new)


def test_an_argon2id_hash_of_another_cost_needs_a_new_hash(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with monkeypatch.context() as cheaper:
        cheaper.setattr(db.passwords, "COST", Argon2Cost(memory_kib=8, time=1, parallelism=1))
        older = hash_password("pw")
    assert verify_password("pw", older)  # its own parameters, whatever the cost is now
    assert needs_rehash(older)
    assert renewed("pw", hash_password("pw")) is None


def test_renewed_takes_a_hash_made_ahead_for_the_same_stored_one() -> None:
    stored, ahead = scrypt_hash("pw"), hash_password("pw")
    assert renewed("pw", stored, {stored: ahead}) == ahead
    made = renewed("pw", stored, {"some other stored hash": ahead})
    assert made is not None and made != ahead and verify_password("pw", made)


def test_malformed_stored_values_never_verify() -> None:
    good, old = hash_password("pw"), scrypt_hash("pw")
    for stored in (
        "",
        "pw",
        "plain$pw",
        "$argon2id$",
        good.replace("argon2id", "argon2i", 1),
        good[:-8] + "!!!!!!!!",
        good.replace("m=19456", "m=abc"),
        good.replace("m=19456", "m=4"),
        good.replace("t=2", "t=0"),
        good.replace("v=19", "v=1"),
        good.rsplit("$", 1)[0] + "$",
        good + "$extra",
        old.replace("scrypt", "bcrypt", 1),
        old[:-8] + "!!!!!!!!",
        "scrypt$0$8$1$AAAA$AAAA",
        "scrypt$16384$8$1$AAAA$",
    ):
        assert not verify_password("pw", stored), stored
