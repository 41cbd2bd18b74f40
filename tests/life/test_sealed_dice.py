"""Sealed dice through the host (docs/dice.md): a game played by mail whose printouts
carry the next turn's seal and each seat's reveal, which ``pbem dice verify`` checks; no
printout gives away a secret early or a roll its reader may not see; the replay check
reproduces sealed turns, and turns without dice inputs replay with legacy dice."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session, col, delete, select
from typer.testing import CliRunner

from db import repo
from db.models import DiceSecret, OutboxKind, Player, TurnSnapshot
from db.session import transaction
from engine.dice import seal
from mailserver.app.cli.main import app as pbem
from mailserver.outbound.smtp import Attachment
from mailserver.turns.evaluate import replay_check
from mailserver.web import views
from tests.life.helpers import START, create_and_start, deadline, game_of, outbox, run, send_orders

RESEARCH = "\nForschung 1 PP für FM\n"
"""A research order: a die only the researcher sees (docs/dice.md, Ashes)."""


def play_turns(engine: Engine, turns: int = 1) -> int:
    """Game 227 (JSON twins on) with turns 1.. run on every seat's orders but seat 4's
    (NMR), each researching with one PP: a roll its seat sees."""
    game_id, passwords = create_and_start(engine, options={"printout_json": True})
    for _ in range(turns):
        when = deadline(engine, game_id)
        for seat, password in passwords.items():
            if seat != 4:
                sent = when - timedelta(days=1)
                send_orders(engine, game_id, seat, password, now=sent, extra=RESEARCH)
        assert run(engine, game_id, when).status == "done"
    return game_id


def twins(session: Session, turn: int) -> dict[int, dict[str, Any]]:
    """Seat -> the JSON twin mailed with its printout of ``turn``."""
    found = {}
    for row in outbox(session, OutboxKind.PRINTOUT, turn):
        files = [Attachment.from_json(a) for a in row.attachments or []]
        data = next(f.data for f in files if f.filename.endswith(".json"))
        player = session.get(Player, row.player_id)
        assert player is not None
        found[player.seat] = json.loads(data)
    return found


def verify(path: Path, *args: str) -> Any:
    return CliRunner().invoke(pbem, ["dice", "verify", str(path), "--lang", "en", *args])


def test_a_printouts_json_twin_verifies_and_a_flipped_byte_names_the_roll(
    db_engine: Engine, tmp_path: Path
) -> None:
    game_id = play_turns(db_engine, turns=2)
    with Session(db_engine) as session:
        by_seat = twins(session, 2)
    seat, twin = max(by_seat.items(), key=lambda item: len(item[1]["dice"]["reveal"]["rolls"]))
    rolls = twin["dice"]["reveal"]["rolls"]
    assert rolls, "no seat saw a roll: the test proves nothing"
    path = tmp_path / "twin.json"
    path.write_text(json.dumps(twin))
    good = verify(path)
    assert good.exit_code == 0, good.output
    n = len(rolls)
    assert good.output.strip() == ("the one roll checks" if n == 1 else f"all {n} rolls check")
    # One hex digit of the last roll's check digits changed: that roll, and only it, fails.
    last = rolls[-1]
    last["check"] = ("0" if last["check"][0] != "0" else "1") + last["check"][1:]
    path.write_text(json.dumps(twin))
    bad = verify(path, "--json")
    assert bad.exit_code == 1
    answer = json.loads(bad.output)
    assert answer["ok"] is False and answer["bad_roll"]["label"] == last["label"]
    assert f'"{last["label"]}" #{last["index"]}' in answer["message"]
    assert game_id and seat


def test_a_printouts_text_verifies_and_shows_the_seal_the_turn_before_published(
    db_engine: Engine, tmp_path: Path
) -> None:
    game_id = play_turns(db_engine, turns=2)
    with Session(db_engine) as session:
        before = {r.player_id: r.body for r in outbox(session, OutboxKind.PRINTOUT, 1)}
        rows = outbox(session, OutboxKind.PRINTOUT, 2)
        published = seal(repo.dice_secret(session, game_id, 2) or "?")
    seen = 0
    for row in rows:
        # Turn 1's printout published the seal that turn 2's reveal names.
        assert f" 2: {published}\n" in before[row.player_id]  # "Dice seal turn 2: …"
        assert f": {published}\n" in row.body  # "Seal: …" of the reveal
        path = tmp_path / f"printout-{row.player_id}.txt"
        path.write_text(row.body)
        checked = verify(path)
        assert checked.exit_code == 0, checked.output
        seen += row.body.count(" (d2) [")
    assert seen, "no printout showed a roll: the test proves nothing"
    # A value changed in the text: the verdict names that roll.
    row = next(r for r in rows if " (d2) [" in r.body)
    line = next(x for x in row.body.splitlines() if " (d2) [" in x)
    label, _, rest = line.partition(" #")
    index, _, value = rest.partition(": ")
    wrong = line.replace(f": {value[0]} (d2)", f": {3 - int(value[0])} (d2)")
    path.write_text(row.body.replace(line, wrong))
    bad = verify(path)
    assert bad.exit_code == 1
    assert bad.output.startswith(f'roll "{label}" #{index} d2 = {3 - int(value[0])}')


def test_the_acknowledgement_shows_the_digest_the_reveal_shows_and_salt_changes_it(
    db_engine: Engine,
) -> None:
    game_id, passwords = create_and_start(db_engine, options={"printout_json": True})
    when = deadline(db_engine, game_id)
    acks = []
    for words in ("Sonnenblume", "Mond"):
        extra = f"\nSalz: {words}\n"
        send_orders(db_engine, game_id, 1, passwords[1], now=when - timedelta(days=1), extra=extra)
        with Session(db_engine) as session:
            acks.append(outbox(session, OutboxKind.ACK)[-1].body)
    digests = [re.findall(r"^  ([0-9a-f]{64})$", ack, re.MULTILINE) for ack in acks]
    assert all(len(found) == 1 for found in digests), acks
    assert digests[0] != digests[1]  # the salt is in the submission, so in its digest
    assert "Salz für die Würfel: Mond" in acks[1]
    assert "Prüfsumme dieser Abgabe für die Würfel von Runde 1" in acks[1]
    for seat in (2, 3, 4):
        send_orders(db_engine, game_id, seat, passwords[seat], now=when - timedelta(days=1))
    assert run(db_engine, game_id, when).status == "done"
    with Session(db_engine) as session:
        submission = repo.latest_submission(session, game_id, 1, 1)
        assert submission is not None and "Salz: Mond" in submission.raw_text
        # The salt went to the host, not the game: no order of the stored submission.
        assert submission.orders and all(o["kind"] != "salt" for o in submission.orders)
        assert twins(session, 1)[1]["dice"]["reveal"]["submissions"][0] == {
            "seat": 1,
            "digest": digests[1][0],
        }


def test_verify_refuses_what_is_no_reveal_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "junk.json"
    path.write_text("{not json")
    plain = verify(path)
    assert plain.exit_code == 2 and "Traceback" not in plain.output
    assert len(plain.output.strip().splitlines()) == 1
    as_json = verify(path, "--json")
    assert as_json.exit_code == 2 and json.loads(as_json.output)["ok"] is False
    missing = verify(tmp_path / "nothing.json", "--json")
    assert missing.exit_code == 2 and "error" in json.loads(missing.output)


def test_no_printout_of_a_turn_holds_the_next_turns_secret(db_engine: Engine) -> None:
    game_id = play_turns(db_engine)
    with Session(db_engine) as session:
        game = game_of(session, game_id)
        for turn in (0, 1):
            secret = repo.dice_secret(session, game_id, turn + 1)
            assert secret is not None
            mails = outbox(session, turn=turn)
            assert mails
            sealed = f"{seal(secret)}"
            assert all(secret not in (m.body + json.dumps(m.attachments)) for m in mails)
            for seat in (1, 2, 3, 4):
                page = views.printout(session, game, seat, turn, "de") or ""
                assert sealed in page and secret not in page
            assert all(sealed in m.body for m in mails if m.kind == OutboxKind.PRINTOUT)
        # Turn 1's own secret is revealed after it ran.
        revealed = repo.dice_secret(session, game_id, 1) or "?"
        assert all(revealed in t["dice"]["reveal"]["secret"] for t in twins(session, 1).values())


def test_a_private_roll_is_in_no_players_reveal(db_engine: Engine) -> None:
    game_id = play_turns(db_engine, turns=2)
    with Session(db_engine) as session:
        whole = repo.dice_reveal(session, game_id, 2)
        assert whole is not None
        private = {r["label"] for r in whole["rolls"] if r["seen_by"] == []}
        assert private, "turn 2 rolled no private die: the test proves nothing"
        for seat, twin in twins(session, 2).items():
            labels = {r["label"] for r in twin["dice"]["reveal"]["rolls"]}
            assert not labels & private, seat
            assert all(seat in r["seen_by"] for r in twin["dice"]["reveal"]["rolls"])
        for row in outbox(session, OutboxKind.PRINTOUT, 2):
            assert not any(f"{label} #" in row.body for label in private)


def test_replay_check_reproduces_a_sealed_turn_and_needs_its_dice(db_engine: Engine) -> None:
    game_id = play_turns(db_engine)
    with Session(db_engine) as session:
        snapshot = repo.load_snapshot(session, game_id, 1)
        assert snapshot is not None and snapshot.inputs is not None
        dice = snapshot.inputs["dice"]
        assert dice["secret"] == repo.dice_secret(session, game_id, 1)
        assert dice["digests"]["4"] is None and dice["digests"]["1"] is not None
        assert replay_check(session, game_id, 1)
    # The same turn replayed without its dice inputs draws legacy dice: no longer the same.
    with transaction(db_engine) as session:
        row = session.exec(select(TurnSnapshot).where(TurnSnapshot.turn == 1)).one()
        row.inputs = {k: v for k, v in (row.inputs or {}).items() if k != "dice"}
        session.add(row)
    with Session(db_engine) as session:
        assert not replay_check(session, game_id, 1)


def test_a_game_started_before_sealed_dice_keeps_legacy_dice_for_that_turn(
    db_engine: Engine,
) -> None:
    game_id, passwords = create_and_start(db_engine, options={"printout_json": True})
    with transaction(db_engine) as session:  # as if started before the host sealed dice
        session.exec(delete(DiceSecret).where(col(DiceSecret.game_id) == game_id))
    for seat, password in passwords.items():
        send_orders(db_engine, game_id, seat, password, now=START)
    assert run(db_engine, game_id, deadline(db_engine, game_id)).status == "done"
    with Session(db_engine) as session:
        snapshot = repo.load_snapshot(session, game_id, 1)
        assert snapshot is not None and "dice" not in (snapshot.inputs or {})
        assert replay_check(session, game_id, 1)
        assert repo.dice_reveal(session, game_id, 1) is None
        # The next turn is sealed: its seal goes out, no reveal of this one.
        nxt = repo.dice_secret(session, game_id, 2)
        assert nxt is not None
        for twin in twins(session, 1).values():
            assert twin["dice"] == {"next_seal": {"turn": 2, "seal": seal(nxt)}, "reveal": None}
