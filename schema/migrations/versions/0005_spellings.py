"""model_spelling and benchmark_spelling: how each written name resolved.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-22

Keeping the resolution lets a refresh that changed a few documents patch the star instead
of rebuilding it, when no name's resolution moved. Derived data: the next refresh fills it.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create model_spelling and benchmark_spelling."""
    op.create_table(
        "model_spelling",
        sa.Column("model_name", sa.String, primary_key=True, comment="a model name as written, annotations removed"),
        sa.Column("model_id", sa.Integer, sa.ForeignKey("dim_model.model_id"), nullable=False),
        comment="One row per written model name: the canonical model it resolved to.",
    )
    op.create_table(
        "benchmark_spelling",
        sa.Column("benchmark_name", sa.String, nullable=False),
        sa.Column("is_figure_scoped", sa.Boolean, nullable=False),
        sa.Column("path", sa.String, nullable=False, comment="the document for a figure-scoped name, '' otherwise"),
        sa.Column("benchmark_id", sa.Integer, sa.ForeignKey("dim_benchmark.benchmark_id"), nullable=False),
        sa.PrimaryKeyConstraint("benchmark_name", "is_figure_scoped", "path", name="pk_benchmark_spelling"),
        comment="One row per written benchmark name (per document when figure-scoped): its canonical benchmark.",
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("benchmark_spelling")
    op.drop_table("model_spelling")
