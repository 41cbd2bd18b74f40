"""The helps of the command groups that load when they run (:mod:`.groups`): the groups
list them before loading, the groups' own modules when they run; both import them from
here, so no group module imports the loader that imports it."""

from __future__ import annotations

from mailserver.common.catalog import say

HELP_MARKUP = None
"""typer's help style of every ``pbem`` group: click's plain help. typer's rich panels put
``<bool>`` in the type column of every flag (``--json <bool>``, ``--help <bool>``) as if
it took a value; the plain help names a flag alone (``--json``, ``--embedded /
--no-embedded``) and a value's type as before (``--turns <int>``)."""
GM_HELP = "Game master commands (docs/gm-commands.md). " + say("en", "cli_outbox_note")
"""The help of ``pbem gm`` (listed before the group is loaded)."""
DICE_HELP = "Sealed dice (docs/dice.md)."
"""The help of ``pbem dice``."""


def kind_help(title: str) -> str:
    """The help of ``pbem KIND``, from the kind's title."""
    return f"{title} offline: new game, evaluate a turn, printouts."
