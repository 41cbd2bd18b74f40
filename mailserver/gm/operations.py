"""The game master's operations at the database level (issue 5, item 1), in one place
for the front ends.

The mail front end (``mailserver.gm.mail``) and the CLI (``pbem gm``) call these. Every
function works inside the caller's transaction and never sends mail itself: mails go in
the outbox. A mistake of the GM raises :class:`GmError` with a plain explanation. The
operations live by job: a new game (:mod:`~mailserver.gm.games`), its settings changed
or the game deleted (:mod:`~mailserver.gm.editing`), the course of a
running one (:mod:`~mailserver.gm.running`), the seats (:mod:`~mailserver.gm.seats`),
the players' mail (:mod:`~mailserver.gm.messages`) and the status
(:mod:`~mailserver.gm.status`).
"""

from __future__ import annotations

from mailserver.gm.editing import GameEdit, delete_game, edit_game, option_value
from mailserver.gm.games import SeatSpec, create_game, new_gm_password, start_game
from mailserver.gm.lookup import GmError
from mailserver.gm.messages import forward_secret, publish_news, resend_printout
from mailserver.gm.running import (
    drafts,
    pause,
    postpone,
    preview,
    process_now,
    publish,
    record_report,
    release_hold,
    resume,
    set_deadline,
)
from mailserver.gm.seats import (
    add_standby,
    deposit,
    drop_player,
    new_seat_password,
    replace_player,
)
from mailserver.gm.status import status, verify_gm

__all__ = [
    "GameEdit",
    "GmError",
    "SeatSpec",
    "add_standby",
    "create_game",
    "delete_game",
    "deposit",
    "drafts",
    "drop_player",
    "edit_game",
    "forward_secret",
    "new_gm_password",
    "new_seat_password",
    "option_value",
    "pause",
    "postpone",
    "preview",
    "process_now",
    "publish",
    "publish_news",
    "record_report",
    "release_hold",
    "replace_player",
    "resend_printout",
    "resume",
    "set_deadline",
    "start_game",
    "status",
    "verify_gm",
]
