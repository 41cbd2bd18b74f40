"""A player's choice of the files his printouts carry (the map, the JSON twin).

Create Date: 2026-12-02 10:00:00
"""

import sqlalchemy as sa

from db.migrations.changes import AddColumns, reversible

revision: str = "0004"
down_revision: str | None = "0003"

upgrade, downgrade = reversible(AddColumns("player", {"printout_files": sa.JSON()}))
