"""A combat's days by mail (Strategie 6.2): the GM rules one round, the winner goes on
four days later and meets who waits further on its path, and the replay rebuilds the
published month from state, orders and rulings."""

from __future__ import annotations

from sqlalchemy import Engine

from tests.life.helpers import address
from tests.wdw.test_by_mail import gm_mail, publish_month, two_realms_ruled


def test_the_winner_of_a_one_round_combat_goes_on_and_meets_later(db_engine: Engine) -> None:
    # Isyrial's riders (102, range 5 on the road) enter 1/19, 1/20, 1/21, 1/22 on days
    # 6, 12, 18, 24; Tharn's 101 waits in 1/21 from day 10, its other units in 1/22.
    game_id = two_realms_ruled(db_engine, "102 KA 1/19 1/20 1/21 1/22\n", "101 KV 1/21\n")
    # Every round possible (days 18 to 30): the riders never leave 1/21.
    reply = gm_mail(db_engine, "Entscheid\nK1 Sieger A; Verluste keine\nEnde\n")
    assert "Nichts ist mehr offen" in reply
    # One round (days 18 to 22): they go on, enter 1/22 on day 28 and meet Tharn there.
    reply = gm_mail(db_engine, "Entscheid\nK1 Sieger A; Runden 1; Verluste 2/101 -200\nEnde\n")
    assert "Noch offen (1): K2 Kampf in 1/22" in reply
    assert "Nichts ist mehr offen" in gm_mail(
        db_engine, "Entscheid\nK2 Sieger keiner; Verluste keine\nEnde\n"
    )
    printouts = publish_month(db_engine, game_id)
    assert "Einheit 102 zieht nach 1/22." in printouts[address(1)]
    assert "Kampf in 1/21: gewonnen." in printouts[address(1)]
    assert "Einheit 101 verliert 200 (1800 übrig)." in printouts[address(2)]
