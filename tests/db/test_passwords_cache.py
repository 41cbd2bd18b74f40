"""The cache of verified credentials (intake's head start on the password check)."""

from __future__ import annotations

import pytest

import db.passwords
from db.passwords import VerifiedCache, hash_password, verify_ahead
from tests.factories import QUICK_HASHING, scrypt_hash


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The passwords that went through the hash (cheap parameters for the test)."""
    monkeypatch.setattr(db.passwords, "COST", QUICK_HASHING)
    seen: list[str] = []
    real = db.passwords.verify_password

    def counting(password: str, stored: str) -> bool:
        seen.append(password)
        return real(password, stored)

    monkeypatch.setattr(db.passwords, "verify_password", counting)
    return seen


def test_only_successes_are_cached_and_nothing_in_clear(calls: list[str]) -> None:
    stored = hash_password("geheim")
    cache = VerifiedCache()
    assert cache.verify("geheim", stored) and cache.verify("geheim", stored)
    assert calls == ["geheim"]  # the second answer came from the cache
    assert not cache.verify("falsch", stored) and not cache.verify("falsch", stored)
    assert calls.count("falsch") == 2  # a wrong password always costs the hash
    assert all(b"geheim" not in tag for tag in cache._entries)


def test_the_cache_is_bounded_expires_and_follows_a_new_hash(calls: list[str]) -> None:
    first, second, third = (hash_password(p) for p in ("a1", "b2", "c3"))
    cache = VerifiedCache(size=2)
    for password, stored in (("a1", first), ("b2", second), ("c3", third)):
        assert cache.verify(password, stored)
    assert len(cache._entries) == 2
    changed = hash_password("a1")  # the same password hashed anew: a new salt
    assert cache.verify("a1", changed) and not cache.verify("b2", changed)
    expiring = VerifiedCache(seconds=0.0)
    calls.clear()
    assert expiring.verify("a1", first) and expiring.verify("a1", first)
    assert calls == ["a1", "a1"]  # expired at once: verified again


def test_known_tells_a_cached_success_without_checking(calls: list[str]) -> None:
    stored = hash_password("geheim")
    cache = VerifiedCache()
    assert not cache.known("geheim", stored)
    assert not cache.verify("falsch", stored) and not cache.known("falsch", stored)
    assert cache.verify("geheim", stored) and cache.known("geheim", stored)
    assert calls == ["falsch", "geheim"]  # known() itself never ran the hash
    assert not VerifiedCache(seconds=0.0).known("geheim", stored)


def test_verify_ahead_makes_the_new_hash_only_for_an_old_one(calls: list[str]) -> None:
    old, current = scrypt_hash("geheim"), hash_password("geheim")
    ready: dict[str, str] = {}
    assert not verify_ahead("falsch", old, ready) and ready == {}
    assert verify_ahead("geheim", current, ready) and ready == {}
    assert verify_ahead("geheim", old, ready) and list(ready) == [old]
    assert ready[old].startswith("$argon2id$") and db.passwords.verify_password(
        "geheim", ready[old]
    )
