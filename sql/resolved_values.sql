-- resolved_values: one row per (model, benchmark, metric, setting, unit); a NULL unit is a group of its own.
-- depends: measurements

create or replace view resolved_values as

with

measured as (
    select * from measurements
),

resolved as (
    select
        model,
        benchmark,
        metric,
        setting,
        unit,
        median(value) as value,
        count(*) as n_values,
        count(distinct source) as n_sources,
        min(value) as min_value,
        max(value) as max_value,
        metric_kind,
        is_higher_better
    from measured
    -- metric_kind and is_higher_better depend on metric alone: grouping by them keeps the grain
    group by model, benchmark, metric, setting, unit, metric_kind, is_higher_better
),

final as (
    select
        model,
        benchmark,
        metric,
        setting,
        unit,
        value,
        n_values,
        n_sources,
        min_value,
        max_value,
        metric_kind,
        is_higher_better
    from resolved
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
