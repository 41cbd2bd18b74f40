"""Dice every player can check: sealed before the orders, opened after the turn.

The scheme (docs/dice.md has it in full, with a worked example):

1. **Seal.** Before a turn opens the host draws a secret of at least 128 bits (written
   as lowercase hex) and publishes its SHA-256, the seal (:func:`seal`).
2. **Mix.** The turn's seed is the SHA-256 of a short text a player can type by hand:
   the scheme, the game, turn and step, the secret, and the SHA-256 of every seat's
   submission in seat order (``nmr`` for a seat that sent none) (:func:`seed_text`,
   :func:`dice_seed`). Nobody knows the dice before the last order is in, and the
   operator cannot pick them afterwards.
3. **Draw by name.** Every die of the engines goes through :meth:`Dice.roll`, which
   takes a label (``revolt P12``), the number of sides and the seats that may see the
   value. A roll's value depends on the seed, its label, how many rolls with the same
   label came before it in the turn (its index) and its sides only (:func:`draw_hash`,
   :func:`face`); the
   log of a turn is the list of :class:`Roll` in draw order.
4. **Reveal and verify.** After the turn the secret, the digests and each player's
   visible rolls are published (:class:`Reveal`); :func:`check_reveal` recomputes the
   seal, the seed and every roll and names the first that does not check.

Two other sources answer the same calls: :meth:`Dice.legacy`, the old
``random.Random`` of a turn, so that every turn stored before the sealed scheme replays
byte for byte, and :meth:`Dice.forced`, values given in advance (tests, a GM re-running
a disputed battle, a table that rolls its own dice). Pure: stdlib only, no I/O.
"""

from __future__ import annotations

import hashlib
import re
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, Final, Literal, Protocol, TypeVar

from engine.catalogs import load

TEXTS = load("engine")
"""The findings of a check, with the engine's shared texts."""

T = TypeVar("T")

SCHEME: Final = "pbem-dice v1"
"""The first line of every seed text; a change of the scheme changes it."""
NMR: Final = "nmr"
"""What a seat that sent no orders contributes to the seed text."""
SECRET_HEX_MIN: Final = 32
"""A secret has at least 128 bits: 32 hex digits."""
CHECK_HEX: Final = 8
"""A roll carries the first 8 hex digits of its hash, so that any changed byte of a
revealed roll (its label, index or sides) is noticed, not only a changed value."""

EVERYBODY: Final = "everybody"
"""``seen_by`` of a roll every player may see."""
PRIVATE: Final[frozenset[int]] = frozenset()
"""``seen_by`` of a roll no player may see before the game ends (the GM sees it)."""
SeenBy = frozenset[int] | Literal["everybody"]
"""The seats that may see a roll: a set of seats (empty: nobody but the GM) or
:data:`EVERYBODY`."""

_HEX = re.compile(r"[0-9a-f]+")
_DIGEST = re.compile(r"[0-9a-f]{64}")


class DiceError(ValueError):
    """A draw that cannot be made (a bad label or die, a forced value that does not fit, a
    named label used twice) or a seal, secret or seed of the wrong form; the message names
    the roll."""


def sha256_hex(text: str) -> str:
    """The SHA-256 of ``text`` (UTF-8) in lowercase hex, as ``sha256sum`` prints it."""
    return hashlib.sha256(text.encode()).hexdigest()


def seal(secret: str) -> str:
    """The seal of a turn: the SHA-256 of the secret's hex text (docs/dice.md, "Seal")."""
    if len(secret) < SECRET_HEX_MIN or not _HEX.fullmatch(secret):
        raise DiceError(
            f"a secret is at least {SECRET_HEX_MIN} lowercase hex digits, not {secret!r}"
        )
    return sha256_hex(secret)


def submission_digest(text: str) -> str:
    """The digest a seat's submission contributes to the seed: SHA-256 of its stored text."""
    return sha256_hex(text)


def seed_text(
    game: int, turn: int, step: int, secret: str, digests: Mapping[int, str | None]
) -> str:
    """The text whose SHA-256 is the turn's seed, one item a line (docs/dice.md, "Mix").

    ``digests`` maps every seat the turn executes to its submission's digest, or None
    when it sent none (NMR); the seats appear in seat order.
    """
    seal(secret)  # the same rule for the secret
    lines = [SCHEME, f"game {game} turn {turn} step {step}", f"secret {secret}"]
    for seat in sorted(digests):
        digest = digests[seat]
        if digest is not None and not _DIGEST.fullmatch(digest):
            raise DiceError(f"the digest of seat {seat} is not a SHA-256 in hex: {digest!r}")
        lines.append(f"seat {seat} {digest or NMR}")
    return "\n".join(lines) + "\n"


def dice_seed(
    game: int, turn: int, step: int, secret: str, digests: Mapping[int, str | None]
) -> str:
    """The turn's seed: SHA-256 of :func:`seed_text` (``sha256sum`` of that text)."""
    return sha256_hex(seed_text(game, turn, step, secret, digests))


def draw_hash(seed: str, label: str, index: int, sides: int) -> str:
    """The SHA-256 (hex) behind one roll: of ``seed:index:sides:label``."""
    return sha256_hex(f"{seed}:{index}:{sides}:{label}")


def face(digest: str, sides: int) -> int:
    """The value 1..sides a roll's hash (:func:`draw_hash`) gives: 1 + the hash as a
    256-bit number, modulo sides.

    Only SHA-256 and integer arithmetic: the same in every Python version. The values
    are equally likely up to a difference of at most sides/2^256.
    """
    return 1 + int(digest, 16) % sides


@dataclass(frozen=True)
class Roll:
    """One die of a turn, as the log records it."""

    label: str
    """What the die decides, e.g. ``revolt P12`` (docs/dice.md lists them per game)."""
    index: int
    """How many rolls with the same label came before it in the turn."""
    sides: int
    value: int
    """1..sides."""
    seen_by: SeenBy
    check: str = ""
    """The first hex digits of :func:`draw_hash` (empty unless drawn from a seed)."""
    forced: bool = False
    """The value was given (:meth:`Dice.forced`), not drawn."""

    def visible_to(self, seat: int) -> bool:
        """Whether ``seat``'s printout may show the roll (seat 0, the GM, sees every roll)."""
        if isinstance(self.seen_by, frozenset):
            return seat == 0 or seat in self.seen_by
        return True

    def describe(self) -> str:
        """``"revolt P12" #0 d4 = 3``: how messages name the roll."""
        return f'"{self.label}" #{self.index} d{self.sides} = {self.value}'

    def to_json(self) -> dict[str, Any]:
        """The roll in a reveal (docs/dice.md, "The reveal as JSON")."""
        out: dict[str, Any] = {
            "label": self.label,
            "index": self.index,
            "sides": self.sides,
            "value": self.value,
            "check": self.check,
            "seen_by": sorted(self.seen_by) if isinstance(self.seen_by, frozenset) else EVERYBODY,
        }
        if self.forced:
            out["forced"] = True
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Roll:
        """Inverse of :meth:`to_json`."""
        seen = data["seen_by"]
        return cls(
            label=str(data["label"]),
            index=int(data["index"]),
            sides=int(data["sides"]),
            value=int(data["value"]),
            seen_by=EVERYBODY if seen == EVERYBODY else frozenset(int(s) for s in seen),
            check=str(data.get("check", "")),
            forced=bool(data.get("forced", False)),
        )


class _Source(Protocol):
    """Where the values of a :class:`Dice` come from."""

    def value(self, label: str, index: int, sides: int) -> tuple[int, str]:
        """The roll's value and its check digits (empty when not drawn from a seed)."""
        ...


class _Sealed:
    """Values from a seed (the sealed scheme)."""

    def __init__(self, seed: str) -> None:
        if not _DIGEST.fullmatch(seed):
            raise DiceError(f"a seed is a SHA-256 in lowercase hex, not {seed!r}")
        self.seed = seed

    def value(self, label: str, index: int, sides: int) -> tuple[int, str]:
        digest = draw_hash(self.seed, label, index, sides)
        return face(digest, sides), digest[:CHECK_HEX]


class _Legacy:
    """Values from the turn's ``random.Random`` as the engines drew them before the sealed
    scheme: roll = 1 + randrange(sides), so ``below`` is ``randrange`` and ``choose`` is
    ``choice`` call for call (CPython: ``randint(a, b)`` is ``randrange(a, b + 1)`` is
    ``a + _randbelow(b - a + 1)``, ``choice(s)`` is ``s[_randbelow(len(s))]``)."""

    def __init__(self, rng: Random) -> None:
        self.rng = rng

    def value(self, label: str, index: int, sides: int) -> tuple[int, str]:
        return 1 + self.rng.randrange(sides), ""


class _Forced:
    """Values given in draw order, each with the label it must have (or None: any)."""

    def __init__(self, rolls: Iterable[tuple[str | None, int]]) -> None:
        self.left = deque(rolls)
        self.used = 0

    def value(self, label: str, index: int, sides: int) -> tuple[int, str]:
        number = self.used + 1
        if not self.left:
            raise DiceError(
                f'roll {number} ("{label}" #{index}, d{sides}) has no forced value: '
                f"only {self.used} were given"
            )
        want, value = self.left.popleft()
        self.used = number
        if want is not None and want != label:
            raise DiceError(f'forced roll {number} is for "{want}", but the turn rolls "{label}"')
        if not 1 <= value <= sides:
            raise DiceError(f'forced roll {number} ("{label}") is {value}, not 1..{sides}')
        return value, ""


class Dice:
    """The dice of one turn: every draw of an engine goes through :meth:`roll`.

    Made by :meth:`sealed` (from a seed, :func:`dice_seed`), :meth:`legacy` or
    :meth:`forced`, which answer the same calls. :attr:`log` is every roll in draw order.
    """

    def __init__(self, source: _Source) -> None:
        self._source = source
        self._log: list[Roll] = []
        self._count: dict[str, int] = {}
        self._named: set[str] = set()

    @classmethod
    def sealed(cls, seed: str) -> Dice:
        """Dice drawn from a turn's seed (:func:`draw_hash`, :func:`face`): the sealed scheme."""
        return cls(_Sealed(seed))

    @classmethod
    def legacy(cls, rng: Random) -> Dice:
        """Dice from ``rng`` exactly as the engines used it before sealed dice: the turns
        stored before them replay byte for byte."""
        return cls(_Legacy(rng))

    @classmethod
    def forced(cls, rolls: Iterable[tuple[str | None, int]]) -> Dice:
        """Dice whose values are given: ``(label, value)`` in draw order, label None to
        take the value whatever the roll. A wrong label, a value outside the die or too few
        values raise :class:`DiceError` naming the roll; the log marks the rolls forced."""
        return cls(_Forced(rolls))

    @property
    def seed(self) -> str | None:
        """The seed of sealed dice; None for legacy and forced dice."""
        return self._source.seed if isinstance(self._source, _Sealed) else None

    @property
    def log(self) -> tuple[Roll, ...]:
        """Every roll so far, in draw order."""
        return tuple(self._log)

    def roll(self, label: str, sides: int, *, seen_by: SeenBy) -> int:
        """The value 1..sides of the next die with this label; the one drawing function."""
        if not label or label != label.strip() or not label.isprintable():
            raise DiceError(f"a roll's label is printable text on one line, not {label!r}")
        if sides < 1:
            raise DiceError(f'roll "{label}" has {sides} sides')
        if label in self._named:
            raise DiceError(f'roll "{label}" is a named draw and cannot be rolled again')
        index = self._count.get(label, 0)
        value, check = self._source.value(label, index, sides)
        self._count[label] = index + 1
        forced = isinstance(self._source, _Forced)
        self._log.append(Roll(label, index, sides, value, seen_by, check, forced))
        return value

    def below(self, label: str, n: int, *, seen_by: SeenBy) -> int:
        """0..n-1 (where the engines used ``randrange(n)``): a die of n sides, less one."""
        return self.roll(label, n, seen_by=seen_by) - 1

    def choose(self, label: str, items: Sequence[T], *, seen_by: SeenBy) -> T:
        """One of ``items`` (where the engines used ``choice``): the die's value-th item."""
        if not items:
            raise DiceError(f'roll "{label}" chooses from nothing')
        return items[self.below(label, len(items), seen_by=seen_by)]

    def named(self, label: str, sides: int, *, seen_by: SeenBy) -> int:
        """A draw that depends on the seed and its label only, whenever it comes: for
        rulings that may come in any order. Its label must be unique in the turn."""
        if label in self._count:
            raise DiceError(f'named roll "{label}": the label was rolled before in this turn')
        value = self.roll(label, sides, seen_by=seen_by)
        self._named.add(label)
        return value


@dataclass(frozen=True)
class BadRoll:
    """The first roll of a reveal that does not check, and why."""

    roll: Roll
    position: int
    """Its place among the rolls checked, from 0: the rolls before it check."""
    reason: Literal["index", "sides", "forced", "value", "check"]
    expected: int
    """The index the roll should have (reason ``index``) or its value from the seed."""

    def message(self, lang: str) -> str:
        """What is wrong with the roll, in ``lang``."""
        return TEXTS.say(
            lang,
            f"dice.bad.{self.reason}",
            roll=self.roll.describe(),
            index=self.roll.index,
            expected=self.expected,
            check=repr(self.roll.check),
        )


def verify(seed: str, rolls: Iterable[Roll]) -> BadRoll | None:
    """The first roll that does not come from ``seed``, or None when all check.

    Each roll is checked alone from (seed, label, index, sides), so a player can check the
    rolls he sees; the rolls of one label must have the indices 0, 1, 2 ... in order.
    """
    seen: dict[str, int] = {}
    for position, roll in enumerate(rolls):
        expected_index = seen.get(roll.label, 0)
        seen[roll.label] = expected_index + 1
        if roll.index != expected_index:
            return BadRoll(roll, position, "index", expected_index)
        if roll.sides < 1:
            return BadRoll(roll, position, "sides", 0)
        digest = draw_hash(seed, roll.label, roll.index, roll.sides)
        value = face(digest, roll.sides)
        if roll.forced:
            return BadRoll(roll, position, "forced", value)
        if roll.value != value:
            return BadRoll(roll, position, "value", value)
        if roll.check != digest[:CHECK_HEX]:
            return BadRoll(roll, position, "check", value)
    return None


@dataclass(frozen=True)
class Reveal:
    """What the printout after a turn publishes of its dice (docs/dice.md, "Reveal")."""

    game: int
    turn: int
    step: int
    seal: str
    """The seal published before the turn."""
    secret: str
    digests: Mapping[int, str | None]
    """Per seat the digest of its submission, None for NMR."""
    rolls: tuple[Roll, ...]
    """The rolls the reader may see, in draw order."""
    seed: str = ""
    """The seed as the host computed it (empty: not given, only recomputed)."""

    def to_json(self) -> dict[str, Any]:
        """The reveal as its JSON object (docs/dice.md, "The reveal as JSON")."""
        return {
            "scheme": SCHEME,
            "game": self.game,
            "turn": self.turn,
            "step": self.step,
            "seal": self.seal,
            "secret": self.secret,
            "submissions": [
                {"seat": seat, "digest": self.digests[seat]} for seat in sorted(self.digests)
            ],
            "seed": self.seed,
            "rolls": [r.to_json() for r in self.rolls],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Reveal:
        """Inverse of :meth:`to_json`; :class:`DiceError` for another scheme or a missing
        item."""
        if data.get("scheme") != SCHEME:
            raise DiceError(f"not a reveal of {SCHEME!r}: scheme {data.get('scheme')!r}")
        try:
            return cls(
                game=int(data["game"]),
                turn=int(data["turn"]),
                step=int(data["step"]),
                seal=str(data["seal"]),
                secret=str(data["secret"]),
                digests={
                    int(s["seat"]): None if s["digest"] is None else str(s["digest"])
                    for s in data["submissions"]
                },
                rolls=tuple(Roll.from_json(r) for r in data["rolls"]),
                seed=str(data.get("seed", "")),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise DiceError(f"the reveal lacks or misspells {error}") from error


@dataclass(frozen=True)
class Verdict:
    """The outcome of :func:`check_reveal`."""

    ok: bool
    rolls: int
    """The rolls that check: all of them when ``ok``, else those before the first that
    does not (0 when the seal or the seed fails)."""
    key: str
    """The finding, a text of the engine's catalog: every roll checks, or the first thing
    that does not."""
    values: Mapping[str, object] = field(default_factory=dict)
    bad: BadRoll | None = None
    """The first roll that does not check, if it is a roll."""

    def message(self, lang: str = "en") -> str:
        """The finding in ``lang``."""
        if self.bad is not None:
            return self.bad.message(lang)
        return TEXTS.say(lang, self.key, **self.values)


def check_reveal(reveal: Reveal) -> Verdict:
    """Check a reveal as a player can: the secret against the seal, the seed from the
    secret and the digests, then every roll (:func:`verify`)."""
    try:
        sealed = seal(reveal.secret)
        seed = dice_seed(reveal.game, reveal.turn, reveal.step, reveal.secret, reveal.digests)
    except DiceError as error:
        return Verdict(False, 0, "dice.malformed", {"error": error})
    if sealed != reveal.seal:
        return Verdict(False, 0, "dice.seal_mismatch", {"sealed": sealed, "seal": reveal.seal})
    if reveal.seed and reveal.seed != seed:
        return Verdict(False, 0, "dice.seed_mismatch", {"given": reveal.seed, "seed": seed})
    bad = verify(seed, reveal.rolls)
    if bad is not None:
        return Verdict(False, bad.position, f"dice.bad.{bad.reason}", bad=bad)
    n = len(reveal.rolls)
    return Verdict(True, n, "dice.all_check" if n != 1 else "dice.one_checks", {"n": n})
