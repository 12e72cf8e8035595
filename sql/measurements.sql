-- measurements: one row per value read from a description (one row per fact_measurement row).
-- depends:

create or replace view measurements as

with

facts as (
    select * from fact_measurement
),

source_dim as (
    select * from dim_source
),

model_dim as (
    select * from dim_model
),

benchmark_dim as (
    select * from dim_benchmark
),

metric_dim as (
    select * from dim_metric
),

config_dim as (
    select * from dim_config
),

final as (
    select
        source_dim.source,
        facts.source_line,
        facts.quote,
        model_dim.model,
        facts.model_as_written,
        benchmark_dim.benchmark,
        metric_dim.metric,
        config_dim.setting,
        facts.value,
        facts.unit,
        facts.is_approximate,
        source_dim.panel,
        source_dim.figure_title,
        source_dim.chart_kind,
        facts.benchmark_as_written,
        benchmark_dim.is_figure_scoped as is_benchmark_figure_scoped,
        metric_dim.kind as metric_kind,
        metric_dim.is_higher_better,
        facts.measurement_id,
        facts.implausible_reason is null as is_plausible,
        facts.implausible_reason,
        config_dim.kv_budget,
        config_dim.thinking_budget,
        config_dim.batch_size,
        config_dim.method,
        config_dim.precision,
        config_dim.difficulty
    from facts
    inner join source_dim on source_dim.source_id = facts.source_id
    inner join model_dim on model_dim.model_id = facts.model_id
    inner join benchmark_dim on benchmark_dim.benchmark_id = facts.benchmark_id
    inner join metric_dim on metric_dim.metric_id = facts.metric_id
    inner join config_dim on config_dim.config_id = facts.config_id
)

select * from final;

comment on view measurements is 'One row per value read from a description, with canonical names; raw values, never resolved (see resolved_values for medians).';
comment on column measurements.source is 'Path of the description relative to the source folder, e.g. 003_77dacddbf98a353e.txt.';
comment on column measurements.source_line is '1-based line of the description the value was read from.';
comment on column measurements.quote is 'Text of that line, as written.';
comment on column measurements.model is 'Canonical model name.';
comment on column measurements.model_as_written is 'The model name exactly as the description writes it.';
comment on column measurements.benchmark is 'Canonical benchmark name; when the figure names none, a benchmark of that figure only, named after its title (is_benchmark_figure_scoped).';
comment on column measurements.metric is 'Canonical metric name: accuracy, pass@k, score, throughput, latency, cost, win_rate, ...';
comment on column measurements.setting is 'Canonical configuration label (key=value pairs ordered by key), empty string when the figure states none.';
comment on column measurements.value is 'The number, in the unit the figure uses (percent stays 0-100, a fraction stays 0-1).';
comment on column measurements.unit is 'Unit of value (%, tokens/s, s, tokens, ...), NULL when the figure gives none.';
comment on column measurements.is_approximate is 'True when the description states the value as approximate (~, about).';
comment on column measurements.panel is 'Panel or sub-chart of the figure, empty string for a single chart.';
comment on column measurements.figure_title is 'Title of the figure the value belongs to, when the description gives one.';
comment on column measurements.chart_kind is 'Kind of chart the description describes (bar, line, scatter, ...), when known.';
comment on column measurements.benchmark_as_written is 'The benchmark name exactly as the description writes it, NULL when it names none.';
comment on column measurements.is_benchmark_figure_scoped is 'True when the figure names no benchmark and the benchmark belongs to that figure only.';
comment on column measurements.metric_kind is 'Kind of the metric: score, throughput, latency, cost, loss or other.';
comment on column measurements.is_higher_better is 'True when a higher value of the metric is better.';
comment on column measurements.measurement_id is 'Key of the underlying fact_measurement row; stable only within one refresh.';
comment on column measurements.is_plausible is 'False when the value is outside what its unit or metric allows (a percent above 100, a fraction above 1, a negative throughput); the value is kept as written. See implausible_values.';
comment on column measurements.implausible_reason is 'Why the value is implausible: percent outside 0-100, fraction outside 0-1, below the metric minimum, above the metric maximum; NULL when plausible.';
comment on column measurements.kv_budget is 'The setting''s kv_budget as a number, NULL when the setting has none (every key: setting_values).';
comment on column measurements.thinking_budget is 'The setting''s thinking_budget as a number, NULL when the setting has none.';
comment on column measurements.batch_size is 'The setting''s batch_size as a number, NULL when the setting has none.';
comment on column measurements.method is 'The setting''s method (e.g. SnapKV, FullKV), NULL when the setting has none.';
comment on column measurements.precision is 'The setting''s precision (e.g. BF16, INT4), NULL when the setting has none.';
comment on column measurements.difficulty is 'The setting''s difficulty level, NULL when the setting has none.';
