"""The warehouse schema, defined once.

Every table of the DuckDB warehouse is declared here; Alembic migrations in
``schema/migrations`` create exactly these tables (a test compares the two), and the
loader writes through them. Views are not here: they live in ``sql/``, one per file.

Layers, by prefix:
- ``document``, ``extracted_value``, ``skipped_value``: what each description file
  yielded, per document, before warehouse-wide identity resolution. This is the
  incremental cache: an unchanged document is never parsed again.
- ``dim_*`` and ``fact_measurement``: the star, rebuilt from the cache whenever any
  document changed, so that model identity is resolved over the whole warehouse.
- ``refresh_run``: one row per refresh, for auditing.

Units are column suffixes (``_b`` = billions of parameters); booleans start ``is_``.
Integer keys come from sequences (DuckDB has no SERIAL/IDENTITY).
"""

from __future__ import annotations

import sqlalchemy as sa

from benchdb.schema.portable import is_finite

metadata = sa.MetaData()

document_id_seq = sa.Sequence("document_id_seq", metadata=metadata)
refresh_run_id_seq = sa.Sequence("refresh_run_id_seq", metadata=metadata)

DOCUMENT_STATUSES = ("loaded", "empty", "failed", "stale", "removed")

refresh_run = sa.Table(
    "refresh_run",
    metadata,
    sa.Column("run_id", sa.Integer, refresh_run_id_seq, server_default=refresh_run_id_seq.next_value(),
              primary_key=True),
    sa.Column("started_at", sa.DateTime, nullable=False),
    sa.Column("finished_at", sa.DateTime),
    sa.Column("status", sa.String, nullable=False),
    sa.Column("source_root", sa.String),
    sa.Column("documents_seen", sa.Integer, nullable=False, server_default="0"),
    sa.Column("documents_new", sa.Integer, nullable=False, server_default="0"),
    sa.Column("documents_changed", sa.Integer, nullable=False, server_default="0"),
    sa.Column("documents_unchanged", sa.Integer, nullable=False, server_default="0"),
    sa.Column("documents_removed", sa.Integer, nullable=False, server_default="0"),
    sa.Column("documents_failed", sa.Integer, nullable=False, server_default="0"),
    sa.Column("measurements_added", sa.Integer, nullable=False, server_default="0"),
    sa.Column("measurements_removed", sa.Integer, nullable=False, server_default="0"),
    sa.Column("benchdb_version", sa.String),
    sa.Column("schema_revision", sa.String),
    sa.Column("measurements_total", sa.Integer, comment="measurements in the warehouse after the run"),
    sa.Column("duration_s", sa.Double, comment="wall-clock seconds until publication"),
    sa.Column("allow_shrink", sa.Boolean, comment="the run was allowed to drop many measurements"),
    comment="One row per refresh of the warehouse.",
)

document = sa.Table(
    "document",
    metadata,
    sa.Column("document_id", sa.Integer, document_id_seq, server_default=document_id_seq.next_value(),
              primary_key=True),
    sa.Column("path", sa.String, nullable=False, unique=True,
              comment="path relative to the source folder, with forward slashes"),
    sa.Column("content_sha256", sa.String, nullable=False),
    sa.Column("size_bytes", sa.BigInteger, nullable=False),
    sa.Column("status", sa.String, nullable=False),
    sa.Column("error", sa.String),
    sa.Column("error_line", sa.Integer),
    sa.Column("figure_title", sa.String),
    sa.Column("chart_kind", sa.String),
    sa.Column("values_extracted", sa.Integer, nullable=False, server_default="0"),
    sa.Column("values_skipped", sa.Integer, nullable=False, server_default="0"),
    sa.Column("first_seen_run", sa.Integer),
    sa.Column("last_loaded_run", sa.Integer),
    sa.CheckConstraint("status IN ('loaded', 'empty', 'failed', 'stale', 'removed')", name="ck_document_status"),
    comment="One row per description file the warehouse has seen.",
)

document_stat = sa.Table(
    "document_stat",
    metadata,
    sa.Column("path", sa.String, primary_key=True, comment="path relative to the source folder"),
    sa.Column("size_bytes", sa.BigInteger, nullable=False),
    sa.Column("mtime_ns", sa.BigInteger, nullable=False),
    sa.Column("content_sha256", sa.String, nullable=False),
    comment="File size and modification time when each document was last hashed: unchanged ones are not re-read.",
)

extracted_value = sa.Table(
    "extracted_value",
    metadata,
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

extracted_param = sa.Table(
    "extracted_param",
    metadata,
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

skipped_value = sa.Table(
    "skipped_value",
    metadata,
    sa.Column("document_id", sa.Integer, nullable=False),
    sa.Column("ordinal", sa.Integer, nullable=False),
    sa.Column("source_line", sa.Integer),
    sa.Column("quote", sa.String),
    sa.Column("reason", sa.String, nullable=False),
    sa.Column("detail", sa.String),
    sa.PrimaryKeyConstraint("document_id", "ordinal", name="pk_skipped_value"),
    comment="One row per thing the extractor saw but did not load, with the reason.",
)

dim_model = sa.Table(
    "dim_model",
    metadata,
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

dim_benchmark = sa.Table(
    "dim_benchmark",
    metadata,
    sa.Column("benchmark_id", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("benchmark", sa.String, nullable=False, unique=True),
    sa.Column("is_figure_scoped", sa.Boolean, nullable=False,
              comment="the figure names no benchmark; this one belongs to that figure only"),
    sa.Column("is_known", sa.Boolean, nullable=False),
    comment="One row per canonical benchmark.",
)

dim_metric = sa.Table(
    "dim_metric",
    metadata,
    sa.Column("metric_id", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("metric", sa.String, nullable=False, unique=True),
    sa.Column("is_higher_better", sa.Boolean, nullable=False),
    sa.Column("kind", sa.String, nullable=False, comment="score | throughput | latency | cost | other"),
    comment="One row per canonical metric, with its direction.",
)

dim_config = sa.Table(
    "dim_config",
    metadata,
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

config_value = sa.Table(
    "config_value",
    metadata,
    sa.Column("config_id", sa.Integer, sa.ForeignKey("dim_config.config_id"), nullable=False),
    sa.Column("setting_key", sa.String, nullable=False, comment="key of one key=value pair of the setting label"),
    sa.Column("value_text", sa.String, nullable=False, comment="the value as the label writes it"),
    sa.Column("value_number", sa.Double, comment="the value as a number, NULL when it is not one"),
    sa.PrimaryKeyConstraint("config_id", "setting_key", name="pk_config_value"),
    comment="One row per key=value pair of a configuration (setting) label.",
)

dim_source = sa.Table(
    "dim_source",
    metadata,
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

fact_measurement = sa.Table(
    "fact_measurement",
    metadata,
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
    sa.Column("implausible_reason", sa.String,
              comment="why the value is outside what its unit or metric allows, NULL when plausible"),
    sa.CheckConstraint(is_finite(sa.column("value")), name="ck_fact_measurement_finite"),
    comment="One row per value read from a description.",
)

model_spelling = sa.Table(
    "model_spelling",
    metadata,
    sa.Column("model_name", sa.String, primary_key=True, comment="a model name as written, annotations removed"),
    sa.Column("model_id", sa.Integer, sa.ForeignKey("dim_model.model_id"), nullable=False),
    comment="One row per written model name: the canonical model it resolved to.",
)

benchmark_spelling = sa.Table(
    "benchmark_spelling",
    metadata,
    sa.Column("benchmark_name", sa.String, nullable=False),
    sa.Column("is_figure_scoped", sa.Boolean, nullable=False),
    sa.Column("path", sa.String, nullable=False, comment="the document for a figure-scoped name, '' otherwise"),
    sa.Column("benchmark_id", sa.Integer, sa.ForeignKey("dim_benchmark.benchmark_id"), nullable=False),
    sa.PrimaryKeyConstraint("benchmark_name", "is_figure_scoped", "path", name="pk_benchmark_spelling"),
    comment="One row per written benchmark name (per document when figure-scoped): its canonical benchmark.",
)

fact_resolved = sa.Table(
    "fact_resolved",
    metadata,
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

model_param = sa.Table(
    "model_param",
    metadata,
    sa.Column("model_id", sa.Integer, sa.ForeignKey("dim_model.model_id"), nullable=False),
    sa.Column("param_kind", sa.String, nullable=False),
    sa.Column("origin", sa.String, nullable=False, comment="name | figure | reference"),
    sa.Column("params_b", sa.Double, nullable=False),
    sa.Column("source_id", sa.Integer, sa.ForeignKey("dim_source.source_id")),
    sa.Column("source_line", sa.Integer),
    sa.Column("quote", sa.String),
    sa.CheckConstraint("param_kind IN ('total', 'active', 'non_embedding')", name="ck_model_param_kind"),
    sa.CheckConstraint("origin IN ('name', 'figure', 'reference')", name="ck_model_param_origin"),
    comment="One row per piece of parameter-count evidence for a model (its name, a figure's axis, the reference data).",
)

#: Star tables, rebuilt from the cache in this order (referenced before referencing).
STAR_TABLES = (dim_model, dim_benchmark, dim_metric, dim_config, config_value, dim_source, model_spelling,
               benchmark_spelling, fact_measurement, fact_resolved, model_param)
