"""${message}

Create Date: ${create_date}
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
% if imports:
${imports}
% endif

revision: str = ${repr(up_revision)}
down_revision: str | Sequence[str] | None = ${repr(down_revision)}
% if branch_labels:
branch_labels: str | Sequence[str] | None = ${repr(branch_labels)}
% endif
% if depends_on:
depends_on: str | Sequence[str] | None = ${repr(depends_on)}
% endif


def upgrade() -> None:
    """Upgrade the schema."""
    ${upgrades if upgrades else "pass"}


def downgrade() -> None:
    """Downgrade the schema."""
    ${downgrades if downgrades else "pass"}
