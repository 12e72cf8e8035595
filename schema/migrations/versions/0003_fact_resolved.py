"""fact_resolved: the median per (model, benchmark, metric, setting, unit), built at refresh.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22

The frontier views read resolved values; aggregating them by integer keys once per refresh
keeps the views fast on tens of millions of measurements. The table is derived data: the
next refresh fills it (an upgraded warehouse's refresh rebuilds the star).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create fact_resolved."""
    op.create_table(
        "fact_resolved",
        sa.Column("resolved_id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("model_id", sa.Integer, sa.ForeignKey("dim_model.model_id"), nullable=False),
        sa.Column("benchmark_id", sa.Integer, sa.ForeignKey("dim_benchmark.benchmark_id"), nullable=False),
        sa.Column("metric_id", sa.Integer, sa.ForeignKey("dim_metric.metric_id"), nullable=False),
        sa.Column("config_id", sa.Integer, sa.ForeignKey("dim_config.config_id"), nullable=False),
        sa.Column("unit", sa.String),
        sa.Column("value", sa.Double, nullable=False, comment="median of the measurements of the group"),
        sa.Column("n_values", sa.Integer, nullable=False),
        sa.Column("n_sources", sa.Integer, nullable=False),
        sa.Column("min_value", sa.Double, nullable=False),
        sa.Column("max_value", sa.Double, nullable=False),
        comment="One row per (model, benchmark, metric, setting, unit): the resolved (median) value, built at refresh.",
    )


def downgrade() -> None:
    """Drop fact_resolved."""
    op.drop_table("fact_resolved")
