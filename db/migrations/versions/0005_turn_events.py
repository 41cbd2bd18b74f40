"""The engine's events kept with each turn's snapshot (a finished game's final report is
made from the ``game_over`` event there, not by evaluating the last turn again).

Create Date: 2026-12-03 10:00:00
"""

import sqlalchemy as sa

from db.migrations.changes import AddColumns, reversible

revision: str = "0005"
down_revision: str | None = "0004"

upgrade, downgrade = reversible(AddColumns("turn_snapshot", {"events": sa.JSON()}))
