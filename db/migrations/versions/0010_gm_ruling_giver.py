"""Who gave a GM's ruling and how: his address and the way it came (mail, the web
page, the command line), for the GM's workbench (issue 24). Rulings kept before have
neither.

Create Date: 2026-11-28 09:30:00
"""

import sqlalchemy as sa

from db.migrations.changes import AddColumns, reversible

revision: str = "0010"
down_revision: str | None = "0009"

upgrade, downgrade = reversible(
    AddColumns("gm_ruling", {"given_by": sa.Text(), "given_via": sa.Text()})
)
