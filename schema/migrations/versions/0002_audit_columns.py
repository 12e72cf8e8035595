"""Audit columns: totals, duration and shrink permission per refresh run.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22

refresh_run is referenced by no foreign key, so DuckDB lets this revision add and drop
columns in place (tables that a foreign key references only accept ADD COLUMN).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the audit columns (nullable, so rows of earlier runs stay valid)."""
    op.add_column("refresh_run", sa.Column("measurements_total", sa.Integer,
                                           comment="measurements in the warehouse after the run"))
    op.add_column("refresh_run", sa.Column("duration_s", sa.Double, comment="wall-clock seconds until publication"))
    op.add_column("refresh_run", sa.Column("allow_shrink", sa.Boolean,
                                           comment="the run was allowed to drop many measurements"))


def downgrade() -> None:
    """Drop the audit columns."""
    op.drop_column("refresh_run", "allow_shrink")
    op.drop_column("refresh_run", "duration_s")
    op.drop_column("refresh_run", "measurements_total")
