"""A month with KT questions by mail (Tab. 6.1-1, D7): the GM's ``E`` answers move the
units, the GM changes his mind and answers in another order than the items came, and
the replay rebuilds the published month from state, orders and rulings."""

from __future__ import annotations

from sqlalchemy import Engine
from sqlmodel import Session

from db import repo
from tests.life.helpers import address
from tests.wdw.test_by_mail import gm_mail, publish_month, two_realms_ruled


def test_e_answers_in_any_order_give_the_month_the_replay_rebuilds(db_engine: Engine) -> None:
    # Isyrial's 101 attacks along the road to 1/21 (days 10, 20, 30); Tharn's 101 (KT)
    # comes to 1/20 on day 20, its 102 (KT) waits in 1/21 from day 10.
    game_id = two_realms_ruled(
        db_engine, "101 KA 1/19 1/20 1/21\n", "101 KT 1/21 1/20\n102 KT 1/21\n"
    )
    # Tharn's 101 does not give way: a combat in 1/20, and 1/21 is never reached.
    reply = gm_mail(db_engine, "Entscheid\nE1 B überlegen\nEnde\n")
    assert "Noch offen (1): K1 Kampf in 1/20" in reply
    # Now it gives way: Isyrial goes on and meets Tharn's 102 in 1/21 (E2, then K1).
    reply = gm_mail(db_engine, "Entscheid\nE1 A überlegen\nEnde\n")
    assert "Noch offen (2): E2 Begegnung in 1/21 — A überlegen K1 Kampf in 1/21" in reply
    # The combat first, then the question that keeps it.
    answers = "K1 Sieger A; Verluste 2/102 -500\nE2 B überlegen\n"
    assert "Nichts ist mehr offen" in gm_mail(db_engine, f"Entscheid\n{answers}Ende\n")
    printouts = publish_month(db_engine, game_id)
    assert "Einheit 101 zieht nach 1/21." in printouts[address(1)]
    assert "Kampf in 1/21: gewonnen." in printouts[address(1)]
    tharn = printouts[address(2)]
    assert "Einheit 102 verliert 500 (1000 übrig)." in tharn
    assert "Einheit 102 zieht sich nach 1/22 zurück." in tharn  # the way it came
    assert "Einheit 101 zieht sich nach" in tharn  # before the combat, in 1/20
    with Session(db_engine) as session:
        # The later E1 replaced the first; the combat's ruling came before E2's.
        assert [r.item for r in repo.gm_rulings(session, game_id, 1)] == ["E1", "K1", "E2"]
