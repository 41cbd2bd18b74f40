"""The month's newspaper (design §8 "Segmentsüberblick"): the GM's notices and the
realms' articles, to every realm, without their authors."""

from __future__ import annotations

from engine.core import NEUTRAL, Article
from tests.wdw.helpers import GAME, month_of, sample


def test_the_gms_notices_and_the_realms_articles_are_the_months_newspaper() -> None:
    orders = {
        0: [Article(line=1, text="Der Winter kommt früh.")],
        1: [Article(line=2, text="Isyrial grüßt Tharn.\nZweite Zeile.")],
        2: [Article(line=3, text="  ")],
    }
    after = month_of(sample(), orders)
    assert after.news == ["Der Winter kommt früh.", "Isyrial grüßt Tharn.\nZweite Zeile."]
    for seat in (1, 2, NEUTRAL):
        lines = GAME.printout(after, seat, "de").splitlines()
        start = lines.index("--- Segmentsüberblick: die Zeitung ---")
        assert lines[start + 1 : start + 5] == [
            "Der Winter kommt früh.",
            "",
            "Isyrial grüßt Tharn.",
            "Zweite Zeile.",
        ]
        assert GAME.report_data(after, seat, "de")["news"] == after.news
    assert "--- Segment overview: the newspaper ---" in GAME.printout(after, 1, "en")
    assert month_of(after, {}).news == []
