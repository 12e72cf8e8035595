"""Plausibility of values, reference parameter counts as evidence, setting values as rows.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23

- fact_measurement.implausible_reason: why a value is outside what its unit or metric
  allows (a percent above 100, a negative throughput), NULL when plausible.
- model_param accepts origin 'reference' (the reference data's count, the last fallback).
  DuckDB can change no CHECK constraint in place, so the table (derived data, referenced
  by no foreign key) is rebuilt with its rows; the next refresh rebuilds the star anyway,
  as after every new revision, and adds the reference rows.
- config_value: one row per key=value pair of a setting label, with the value as a number.

Plain Alembic operations only (add/drop column, create/drop table), so the revision runs
on any SQL database; fact_measurement is referenced by no foreign key, so DuckDB lets it
add and drop the column in place.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _create_model_param(origins: tuple[str, ...], origin_comment: str, table_comment: str) -> None:
    allowed = ", ".join(f"'{o}'" for o in origins)
    op.create_table(
        "model_param",
        sa.Column("model_id", sa.Integer, sa.ForeignKey("dim_model.model_id"), nullable=False),
        sa.Column("param_kind", sa.String, nullable=False),
        sa.Column("origin", sa.String, nullable=False, comment=origin_comment),
        sa.Column("params_b", sa.Double, nullable=False),
        sa.Column("source_id", sa.Integer, sa.ForeignKey("dim_source.source_id")),
        sa.Column("source_line", sa.Integer),
        sa.Column("quote", sa.String),
        sa.CheckConstraint("param_kind IN ('total', 'active', 'non_embedding')", name="ck_model_param_kind"),
        sa.CheckConstraint(f"origin IN ({allowed})", name="ck_model_param_origin"),
        comment=table_comment,
    )


_COLUMNS = ("model_id", "param_kind", "origin", "params_b", "source_id", "source_line", "quote")


def _rebuild_model_param(origins: tuple[str, ...], origin_comment: str, table_comment: str) -> None:
    """Recreate model_param with `origins` allowed, keeping its rows of those origins."""
    old = sa.table("model_param", *(sa.column(c) for c in _COLUMNS))
    kept = [dict(row._mapping) for row in op.get_bind().execute(
        sa.select(old).where(old.c.origin.in_(origins))).all()]
    op.drop_table("model_param")
    _create_model_param(origins, origin_comment, table_comment)
    if kept:
        op.bulk_insert(sa.table("model_param", *(sa.column(c) for c in _COLUMNS)), kept)


def upgrade() -> None:
    """Add implausible_reason, rebuild model_param for reference evidence, create config_value."""
    op.add_column("fact_measurement", sa.Column(
        "implausible_reason", sa.String,
        comment="why the value is outside what its unit or metric allows, NULL when plausible"))
    _rebuild_model_param(
        ("name", "figure", "reference"), "name | figure | reference",
        "One row per piece of parameter-count evidence for a model (its name, a figure's axis, the reference data).")
    op.create_table(
        "config_value",
        sa.Column("config_id", sa.Integer, sa.ForeignKey("dim_config.config_id"), nullable=False),
        sa.Column("setting_key", sa.String, nullable=False, comment="key of one key=value pair of the setting label"),
        sa.Column("value_text", sa.String, nullable=False, comment="the value as the label writes it"),
        sa.Column("value_number", sa.Double, comment="the value as a number, NULL when it is not one"),
        sa.PrimaryKeyConstraint("config_id", "setting_key", name="pk_config_value"),
        comment="One row per key=value pair of a configuration (setting) label.",
    )


def downgrade() -> None:
    """Drop config_value, rebuild model_param as 0005 had it, drop implausible_reason."""
    op.drop_table("config_value")
    _rebuild_model_param(
        ("name", "figure"), "name | figure",
        "One row per piece of parameter-count evidence for a model (its name, or a figure's axis).")
    op.drop_column("fact_measurement", "implausible_reason")
