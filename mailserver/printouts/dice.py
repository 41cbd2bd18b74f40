"""The dice in a printout (docs/dice.md, "Reveal"): the seal of the next turn, and the
reveal of the turn just evaluated, filtered to the rolls the reader may see.

The turn run builds a :class:`DiceView` (it knows the secret, the digests and the rolls)
and the printout, its JSON twin and the page render it for each seat. A roll goes only
to the seats :meth:`engine.dice.Roll.visible_to` names, until the game ends: then every
roll of the last turn goes to everybody.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from sqlmodel import Session

from db import repo
from db.models import Game, GameStatus
from engine.dice import EVERYBODY, DiceError, Reveal, Roll, seal
from mailserver.common.catalog import languages, say, text, wrap


@dataclass(frozen=True)
class DiceView:
    """What the printouts of one turn show of the dice."""

    turn: int
    next_seal: str | None = None
    """The seal of turn ``turn + 1``; None when there is none (the game is over, or it
    started before sealed dice)."""
    reveal: Reveal | None = None
    """The turn's whole reveal, every roll; None for a turn with legacy dice (or turn 0)."""
    final: bool = False
    """The game is over: every roll goes to everybody."""
    _blocks: dict[tuple[tuple[bool, ...], str], tuple[str, ...]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    """The text blocks made so far, by the rolls shown and the language: a turn's seats
    mostly see the same rolls, and writing the block for each of them was about 5 % of
    the turn run's own processor time (docs/performance.md)."""
    _seen: dict[int, tuple[bool, ...]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    """Which rolls each seat sees, by seat: its text block and its JSON twin both ask."""
    _reveals: dict[tuple[bool, ...], Reveal] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    """The reveals made so far, by the rolls shown (a frozen value: shared safely).
    Filtering the rolls anew for each printout's text and JSON twin was a third of
    a printout's own processor time in the turn run."""
    _texts: dict[tuple[bool, ...], str] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    """:meth:`json_text` made so far, by the rolls shown: written anew for every seat it
    was a seventh of the turn run's printouts (docs/performance.md, "The marks of a burst")."""

    def reveal_for(self, seat: int) -> Reveal | None:
        """The reveal ``seat`` may read: only its visible rolls (all of them at the end)."""
        if self.reveal is None or self.final:
            return self.reveal
        shown = self._shown(seat)
        reveal = self._reveals.get(shown)
        if reveal is None:
            rolls = tuple(r for r, seen in zip(self.reveal.rolls, shown, strict=True) if seen)
            reveal = self._reveals[shown] = replace(self.reveal, rolls=rolls)
        return reveal

    def lines(self, seat: int, lang: str) -> list[str]:
        """The compact block of the text printout: the next seal, then the reveal with
        one line per roll as ``label #index: value (d6) [check]``. Complete enough to be
        checked from the text alone (:func:`reveal_from_text` reads it back)."""
        shown = self._shown(seat)
        block = self._blocks.get((shown, lang))
        if block is None:
            block = self._blocks[(shown, lang)] = tuple(self._lines(seat, lang))
        return list(block)

    def _shown(self, seat: int) -> tuple[bool, ...]:
        """Which of the reveal's rolls ``seat`` sees (what its block depends on)."""
        if self.reveal is None or self.final:
            return ()
        shown = self._seen.get(seat)
        if shown is None:
            shown = self._seen[seat] = tuple(r.visible_to(seat) for r in self.reveal.rolls)
        return shown

    def _lines(self, seat: int, lang: str) -> list[str]:
        lines: list[str] = []
        if self.next_seal is not None:
            lines.append(say(lang, "dice_seal", turn=self.turn + 1, seal=self.next_seal))
        reveal = self.reveal_for(seat)
        if reveal is None:
            return lines
        if lines:
            lines.append("")
        head = "dice_head_step" if reveal.step else "dice_head"
        lines += [
            say(lang, head, turn=reveal.turn, step=reveal.step, game=reveal.game),
            say(lang, "dice_sealed", seal=reveal.seal),
            say(lang, "dice_secret", secret=reveal.secret),
        ]
        for number, digest in sorted(reveal.digests.items()):
            shown = digest if digest is not None else say(lang, "dice_nmr")
            lines.append(say(lang, "dice_submission", seat=number, digest=shown))
        lines.append(say(lang, "dice_seed", seed=reveal.seed))
        if self.final:
            lines.append(wrap(say(lang, "dice_all_rolls")))
        rolls = [say(lang, _roll_key(r), **_roll_values(r)) for r in reveal.rolls]
        lines += rolls or [say(lang, "dice_no_rolls")]
        lines.append(wrap(say(lang, "dice_verify_hint")))
        return lines

    def json(self, seat: int) -> dict[str, Any]:
        """The dice in the JSON twin: ``next_seal`` (``{"turn", "seal"}`` or null) and
        ``reveal`` (:meth:`engine.dice.Reveal.to_json`, or null)."""
        reveal = self.reveal_for(seat)
        return {
            "next_seal": None
            if self.next_seal is None
            else {"turn": self.turn + 1, "seal": self.next_seal},
            "reveal": None if reveal is None else reveal.to_json(),
        }

    def json_text(self, seat: int, write: Callable[[dict[str, Any]], str]) -> str:
        """:meth:`json` written by ``write`` (the twin's JSON writer), once per rolls shown:
        the seats that see the same rolls get the same text."""
        shown = self._shown(seat)
        made = self._texts.get(shown)
        if made is None:
            made = self._texts[shown] = write(self.json(seat))
        return made


def dice_view(session: Session, game: Game, turn: int) -> DiceView:
    """What the printouts of ``turn`` show of the dice, from what the host kept: the seal
    of the next turn if its secret is drawn, the turn's reveal if it was sealed; in a
    finished game every roll (docs/dice.md, "Reveal")."""
    game_id = game.id or 0
    final = game.status == GameStatus.FINISHED
    secret = None if final else repo.dice_secret(session, game_id, turn + 1)
    kept = repo.dice_reveal(session, game_id, turn)
    return known_dice_view(game, turn, secret, None if kept is None else Reveal.from_json(kept))


def known_dice_view(
    game: Game, turn: int, next_secret: str | None, reveal: Reveal | None
) -> DiceView:
    """:func:`dice_view` from the secret of the next turn and the turn's reveal where they
    are known already (the turn run drew and kept them: reading them back cost two
    queries a run)."""
    final = game.status == GameStatus.FINISHED
    return DiceView(
        turn,
        next_seal=None if final or next_secret is None else seal(next_secret),
        reveal=reveal,
        final=final,
    )


def _roll_key(roll: Roll) -> str:
    return "dice_roll_forced" if roll.forced else "dice_roll"


def _roll_values(roll: Roll) -> dict[str, object]:
    return {
        "label": roll.label,
        "index": roll.index,
        "value": roll.value,
        "sides": roll.sides,
        "check": roll.check,
    }


# ------------------------------------------------------------ reading the block back

_HEX = r"[0-9a-f]+"
_FIELDS = {
    "turn": r"\d+",
    "step": r"\d+",
    "game": r"\d+",
    "seat": r"\d+",
    "index": r"\d+",
    "value": r"\d+",
    "sides": r"\d+",
    "seal": _HEX,
    "secret": _HEX,
    "seed": _HEX,
    "check": _HEX,
    "digest": _HEX,
    "label": r".+?",
}
_SINGLES = {"seal": "dice_sealed", "secret": "dice_secret", "seed": "dice_seed"}
"""The block's lines of one value each, by the value's name."""
_QUOTE = re.compile(r"^(\s*>)+ ?")
"""The marks of a quoted printout (a player pastes a reply)."""


def _pattern(lang: str, key: str, **fields: str) -> re.Pattern[str]:
    """The catalog text ``key`` in ``lang`` as a pattern that matches a whole line, each
    placeholder a named group."""
    parts = re.split(r"\{(\w+)\}", text(lang, key))
    return re.compile(
        "".join(
            re.escape(part) if i % 2 == 0 else f"(?P<{part}>{fields.get(part, _FIELDS[part])})"
            for i, part in enumerate(parts)
        )
    )


@dataclass
class _Block:
    """What the lines of one reveal block said so far."""

    head: Mapping[str, str]
    found: dict[str, str] = field(default_factory=dict)
    digests: dict[int, str | None] = field(default_factory=dict)
    rolls: list[Roll] = field(default_factory=list)

    def reveal(self) -> Reveal:
        missing = [k for k in ("seal", "secret", "seed") if k not in self.found]
        if missing:
            raise DiceError(f"the block of the dice lacks its line {missing[0]!r}")
        return Reveal(
            game=int(self.head["game"]),
            turn=int(self.head["turn"]),
            step=int(self.head.get("step") or 0),
            seal=self.found["seal"],
            secret=self.found["secret"],
            digests=self.digests,
            rolls=tuple(self.rolls),
            seed=self.found["seed"],
        )


def reveal_from_text(printout: str) -> Reveal | None:
    """The reveal in a text printout: the block :meth:`DiceView.lines` wrote, in any of
    the host's languages, also quoted (``> ``); None when the text has none.
    :class:`engine.dice.DiceError` for a block that lacks a line a check needs."""
    lines = [_QUOTE.sub("", line).rstrip() for line in printout.splitlines()]
    for lang in languages():
        heads = [_pattern(lang, "dice_head"), _pattern(lang, "dice_head_step")]
        for at, line in enumerate(lines):
            head = next((m for p in heads if (m := p.fullmatch(line))), None)
            if head is not None:
                return _read_block(lang, head.groupdict(), lines[at + 1 :])
    return None


def _read_block(lang: str, head: Mapping[str, str], lines: list[str]) -> Reveal:
    """The reveal of the lines after a block's head, up to the first empty line; lines
    the block holds for people only (the hint, "no rolls") are passed over."""
    nmr = re.escape(say(lang, "dice_nmr"))
    singles = {name: _pattern(lang, key) for name, key in _SINGLES.items()}
    submission = _pattern(lang, "dice_submission", digest=f"{_HEX}|{nmr}")
    rolls = {False: _pattern(lang, "dice_roll"), True: _pattern(lang, "dice_roll_forced")}
    block = _Block(head)
    for line in lines:
        if not line:
            break
        if m := submission.fullmatch(line):
            digest = m["digest"]
            block.digests[int(m["seat"])] = digest if re.fullmatch(_HEX, digest) else None
            continue
        for name, single in singles.items():
            if m := single.fullmatch(line):
                block.found[name] = m[name]
        for forced, pattern in rolls.items():
            if m := pattern.fullmatch(line):
                block.rolls.append(
                    Roll(
                        label=m["label"],
                        index=int(m["index"]),
                        sides=int(m["sides"]),
                        value=int(m["value"]),
                        seen_by=EVERYBODY,  # a text printout shows no audience
                        check="" if forced else m["check"],
                        forced=forced,
                    )
                )
    return block.reveal()
