"""Initial warehouse schema: cache, star and refresh-run tables, with their key sequences.

Revision ID: 0001
Revises:
Create Date: 2026-11-22

Hand-written to match schema/tables.py as of this revision (tests/test_migrations.py checks
that upgrading gives the same DuckDB catalog as metadata.create_all). Values are spelled out
rather than imported from tables.py, so this revision keeps its meaning when tables.py moves on.

DuckDB keeps no constraint names: the names below appear in the DDL only, and DuckDB lists
them as <table>_<columns>_check/_key/_pkey/_fkey.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# is_finite renders isfinite(value) on DuckDB (the DDL this revision always had) and an
# equivalent check on PostgreSQL, where isfinite() takes no DOUBLE.
from benchdb.schema.portable import is_finite

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_SEQUENCES = ("document_id_seq", "refresh_run_id_seq")

# Referenced tables before referencing ones; downgrade drops them in reverse.
_TABLES = (
    "refresh_run",
    "document",
    "extracted_value",
    "extracted_param",
    "skipped_value",
    "dim_model",
    "dim_benchmark",
    "dim_metric",
    "dim_config",
    "dim_source",
    "fact_measurement",
    "model_param",
)


def _count(name: str) -> sa.Column[int]:
    """A NOT NULL integer counter starting at 0."""
    return sa.Column(name, sa.Integer, nullable=False, server_default="0")


def upgrade() -> None:
    """Create the sequences, then every table of the warehouse."""
    for name in _SEQUENCES:
        op.execute(sa.schema.CreateSequence(sa.Sequence(name)))

    op.create_table(
        "refresh_run",
        sa.Column("run_id", sa.Integer, server_default=sa.text("nextval('refresh_run_id_seq')"),
                  primary_key=True, autoincrement=False),
        sa.Column("started_at", sa.DateTime, nullable=False),
        sa.Column("finished_at", sa.DateTime),
        sa.Column("status", sa.String, nullable=False),
        sa.Column("source_root", sa.String),
        _count("documents_seen"),
        _count("documents_new"),
        _count("documents_changed"),
        _count("documents_unchanged"),
        _count("documents_removed"),
        _count("documents_failed"),
        _count("measurements_added"),
        _count("measurements_removed"),
        sa.Column("benchdb_version", sa.String),
        sa.Column("schema_revision", sa.String),
        comment="One row per refresh of the warehouse.",
    )

    op.create_table(
        "document",
        sa.Column("document_id", sa.Integer, server_default=sa.text("nextval('document_id_seq')"),
                  primary_key=True, autoincrement=False),
        sa.Column("path", sa.String, nullable=False, unique=True,
                  comment="path relative to the source folder, with forward slashes"),
        sa.Column("content_sha256", sa.String, nullable=False),
        sa.Column("size_bytes", sa.BigInteger, nullable=False),
        sa.Column("status", sa.String, nullable=False),
        sa.Column("error", sa.String),
        sa.Column("error_line", sa.Integer),
        sa.Column("figure_title", sa.String),
        sa.Column("chart_kind", sa.String),
        _count("values_extracted"),
        _count("values_skipped"),
        sa.Column("first_seen_run", sa.Integer),
        sa.Column("last_loaded_run", sa.Integer),
        sa.CheckConstraint("status IN ('loaded', 'empty', 'failed', 'stale', 'removed')",
                           name="ck_document_status"),
        comment="One row per description file the warehouse has seen.",
    )

    op.create_table(
        "extracted_value",
        sa.Column("document_id", sa.Integer, nullable=False),
        sa.Column("ordinal", sa.Integer, nullable=False, comment="position of the value in its document"),
        sa.Column("panel", sa.String, nullable=False, server_default="",
                  comment="panel or sub-chart of the figure, '' for a single chart"),
        sa.Column("source_line", sa.Integer, nullable=False),
        sa.Column("quote", sa.String, nullable=False),
        sa.Column("model_as_written", sa.String, nullable=False),
        sa.Column("model_name", sa.String, nullable=False, comment="as written, annotations removed"),
        sa.Column("benchmark_as_written", sa.String),
        sa.Column("benchmark_name", sa.String, nullable=False,
                  comment="benchmark after reference lookup; figure-scoped name when the figure names none"),
        sa.Column("is_figure_scoped", sa.Boolean, nullable=False),
        sa.Column("metric", sa.String, nullable=False),
        sa.Column("setting", sa.String, nullable=False, server_default=""),
        sa.Column("value", sa.Double, nullable=False),
        sa.Column("unit", sa.String),
        sa.Column("is_approximate", sa.Boolean, nullable=False),
        sa.PrimaryKeyConstraint("document_id", "ordinal", name="pk_extracted_value"),
        comment="One row per value read from a document, names as written (cache of the extract and transform).",
    )

    op.create_table(
        "extracted_param",
        sa.Column("document_id", sa.Integer, nullable=False),
        sa.Column("ordinal", sa.Integer, nullable=False),
        sa.Column("model_name", sa.String, nullable=False),
        sa.Column("param_kind", sa.String, nullable=False),
        sa.Column("params_b", sa.Double, nullable=False),
        sa.Column("source_line", sa.Integer, nullable=False),
        sa.Column("quote", sa.String, nullable=False),
        sa.PrimaryKeyConstraint("document_id", "ordinal", name="pk_extracted_param"),
        sa.CheckConstraint("param_kind IN ('total', 'active', 'non_embedding')", name="ck_extracted_param_kind"),
        comment="One row per parameter count a figure plots for a model (x position on a parameter axis).",
    )

    op.create_table(
        "skipped_value",
        sa.Column("document_id", sa.Integer, nullable=False),
        sa.Column("ordinal", sa.Integer, nullable=False),
        sa.Column("source_line", sa.Integer),
        sa.Column("quote", sa.String),
        sa.Column("reason", sa.String, nullable=False),
        sa.Column("detail", sa.String),
        sa.PrimaryKeyConstraint("document_id", "ordinal", name="pk_skipped_value"),
        comment="One row per thing the extractor saw but did not load, with the reason.",
    )

    op.create_table(
        "dim_model",
        sa.Column("model_id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("model", sa.String, nullable=False, unique=True, comment="canonical model name"),
        sa.Column("family", sa.String),
        sa.Column("total_params_b", sa.Double),
        sa.Column("active_params_b", sa.Double),
        sa.Column("non_embedding_params_b", sa.Double),
        sa.Column("reference_total_params_b", sa.Double, comment="from seeds reference data, not used by frontiers"),
        sa.Column("reference_active_params_b", sa.Double),
        sa.Column("is_known", sa.Boolean, nullable=False, comment="listed in the reference data"),
        comment="One row per canonical model.",
    )

    op.create_table(
        "dim_benchmark",
        sa.Column("benchmark_id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("benchmark", sa.String, nullable=False, unique=True),
        sa.Column("is_figure_scoped", sa.Boolean, nullable=False,
                  comment="the figure names no benchmark; this one belongs to that figure only"),
        sa.Column("is_known", sa.Boolean, nullable=False),
        comment="One row per canonical benchmark.",
    )

    op.create_table(
        "dim_metric",
        sa.Column("metric_id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("metric", sa.String, nullable=False, unique=True),
        sa.Column("is_higher_better", sa.Boolean, nullable=False),
        sa.Column("kind", sa.String, nullable=False, comment="score | throughput | latency | cost | other"),
        comment="One row per canonical metric, with its direction.",
    )

    op.create_table(
        "dim_config",
        sa.Column("config_id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("setting", sa.String, nullable=False, unique=True, comment="canonical label, '' for none"),
        sa.Column("kv_budget", sa.Double),
        sa.Column("thinking_budget", sa.Double),
        sa.Column("batch_size", sa.Double),
        sa.Column("method", sa.String),
        sa.Column("precision", sa.String),
        sa.Column("difficulty", sa.String),
        sa.Column("other_settings", sa.String, comment="remaining key=value pairs"),
        comment="One row per configuration (setting) label.",
    )

    op.create_table(
        "dim_source",
        sa.Column("source_id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("document_id", sa.Integer, sa.ForeignKey("document.document_id"), nullable=False),
        sa.Column("source", sa.String, nullable=False),
        sa.Column("content_sha256", sa.String, nullable=False),
        sa.Column("figure_title", sa.String),
        sa.Column("chart_kind", sa.String),
        sa.Column("panel", sa.String, nullable=False),
        sa.UniqueConstraint("document_id", "panel", name="uq_dim_source_document_panel"),
        comment="One row per figure panel of a description document.",
    )

    op.create_table(
        "fact_measurement",
        sa.Column("measurement_id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("source_id", sa.Integer, sa.ForeignKey("dim_source.source_id"), nullable=False),
        sa.Column("model_id", sa.Integer, sa.ForeignKey("dim_model.model_id"), nullable=False),
        sa.Column("benchmark_id", sa.Integer, sa.ForeignKey("dim_benchmark.benchmark_id"), nullable=False),
        sa.Column("metric_id", sa.Integer, sa.ForeignKey("dim_metric.metric_id"), nullable=False),
        sa.Column("config_id", sa.Integer, sa.ForeignKey("dim_config.config_id"), nullable=False),
        sa.Column("value", sa.Double, nullable=False),
        sa.Column("unit", sa.String),
        sa.Column("source_line", sa.Integer, nullable=False),
        sa.Column("quote", sa.String, nullable=False),
        sa.Column("is_approximate", sa.Boolean, nullable=False),
        sa.Column("model_as_written", sa.String, nullable=False),
        sa.Column("benchmark_as_written", sa.String),
        sa.CheckConstraint(is_finite(sa.column("value")), name="ck_fact_measurement_finite"),
        comment="One row per value read from a description.",
    )

    op.create_table(
        "model_param",
        sa.Column("model_id", sa.Integer, sa.ForeignKey("dim_model.model_id"), nullable=False),
        sa.Column("param_kind", sa.String, nullable=False),
        sa.Column("origin", sa.String, nullable=False, comment="name | figure"),
        sa.Column("params_b", sa.Double, nullable=False),
        sa.Column("source_id", sa.Integer, sa.ForeignKey("dim_source.source_id")),
        sa.Column("source_line", sa.Integer),
        sa.Column("quote", sa.String),
        sa.CheckConstraint("param_kind IN ('total', 'active', 'non_embedding')", name="ck_model_param_kind"),
        sa.CheckConstraint("origin IN ('name', 'figure')", name="ck_model_param_origin"),
        comment="One row per piece of parameter-count evidence for a model (its name, or a figure's axis).",
    )


def downgrade() -> None:
    """Drop every table, referencing before referenced, then the sequences."""
    for name in reversed(_TABLES):
        op.drop_table(name)
    for name in _SEQUENCES:
        op.execute(sa.schema.DropSequence(sa.Sequence(name)))
