-- resolved_values: one row per (model, benchmark, metric, setting, unit); a NULL unit is a group of its own.
-- depends:

create or replace view resolved_values as

with

resolved as (
    select * from fact_resolved
),

model_dim as (
    select model_id, model from dim_model
),

benchmark_dim as (
    select benchmark_id, benchmark, is_figure_scoped from dim_benchmark
),

metric_dim as (
    select metric_id, metric, kind as metric_kind, is_higher_better from dim_metric
),

config_dim as (
    select config_id, setting from dim_config
),

final as (
    select
        model_dim.model,
        benchmark_dim.benchmark,
        metric_dim.metric,
        config_dim.setting,
        resolved.unit,
        resolved.value,
        resolved.n_values,
        resolved.n_sources,
        resolved.min_value,
        resolved.max_value,
        metric_dim.metric_kind,
        metric_dim.is_higher_better,
        benchmark_dim.is_figure_scoped as figure_scoped
    from resolved
    inner join model_dim on model_dim.model_id = resolved.model_id
    inner join benchmark_dim on benchmark_dim.benchmark_id = resolved.benchmark_id
    inner join metric_dim on metric_dim.metric_id = resolved.metric_id
    inner join config_dim on config_dim.config_id = resolved.config_id
)

select * from final;

comment on view resolved_values is 'One row per (model, benchmark, metric, setting, unit): the median of the values the descriptions give; values in different units are never resolved together.';
comment on column resolved_values.model is 'Canonical model name.';
comment on column resolved_values.benchmark is 'Canonical benchmark name.';
comment on column resolved_values.metric is 'Canonical metric name.';
comment on column resolved_values.setting is 'Canonical configuration label, empty string when none.';
comment on column resolved_values.unit is 'Unit of the values, NULL when the figures give none (a group of its own).';
comment on column resolved_values.value is 'Resolved value: median of the values of the group (mean of the two middle values for an even count).';
comment on column resolved_values.n_values is 'Number of measurements in the group.';
comment on column resolved_values.n_sources is 'Number of distinct descriptions giving a value for the group.';
comment on column resolved_values.min_value is 'Smallest value of the group.';
comment on column resolved_values.max_value is 'Largest value of the group.';
comment on column resolved_values.metric_kind is 'Kind of the metric: score, throughput, latency, cost, loss or other.';
comment on column resolved_values.is_higher_better is 'True when a higher value of the metric is better.';
comment on column resolved_values.figure_scoped is 'True when the benchmark is one a figure does not name (named after the figure''s title, scoped to that figure).';
