"""A game's title, as its GM names it (issue 25: ``pbem gm edit --title``).

Create Date: 2026-11-28 04:20:00
"""

import sqlalchemy as sa

from db.migrations.changes import AddColumns, reversible

revision: str = "0007"
down_revision: str | None = "0006"

upgrade, downgrade = reversible(AddColumns("game", {"title": sa.Text()}))
