"""The realms of a running game by name, for a message addressed to one (``Geheim an
Tharn: …``, docs/orders-wdw.md "Messages"): a kind whose players rule named realms gets
them from its engine's ``names(state).rulers`` (by seat)."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from lark import Token

from grammar.lark_errors import TEXTS, LineError, Messages


def _fold(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold().strip()


class RealmNames:
    """The realms' names of a game, case-insensitive, and whose seat each is."""

    def __init__(self, rulers: Mapping[int, str]) -> None:
        self.rulers = {seat: name for seat, name in sorted(rulers.items()) if name}
        self.seats = {_fold(name): seat for seat, name in self.rulers.items()}

    def seat(self, tok: Token) -> int:
        """The seat of the realm ``tok`` names; :class:`LineError` (naming every realm's
        seat: "Tharn ist Spieler 2") for a name no realm has."""
        seat = self.seats.get(_fold(str(tok)))
        if seat is None:
            raise LineError.at(tok, self.unknown(str(tok)))
        return seat

    def unknown(self, name: str) -> Messages:
        """Why ``name`` names nobody, with every realm and its seat."""
        known = {
            lang: ", ".join(
                TEXTS.say(lang, "reader.realm_is_seat", realm=realm, seat=seat)
                for seat, realm in self.rulers.items()
            )
            for lang in TEXTS.languages
        }
        return TEXTS.every("reader.no_realm_called", name=name, known=known)
