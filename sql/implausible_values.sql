-- implausible_values: one row per measurement whose value is outside what its unit or metric allows.
-- depends: measurements

create or replace view implausible_values as

with

measured as (
    select * from measurements
),

final as (
    select
        source,
        source_line,
        quote,
        model,
        benchmark,
        metric,
        setting,
        value,
        unit,
        implausible_reason as reason,
        figure_title,
        metric_kind
    from measured
    where not is_plausible
)

select * from final;

comment on view implausible_values is 'One row per measurement whose value is outside what its unit or metric allows (a percent above 100 or below 0, a fraction above 1 among fractions, a share metric above 100, a negative throughput, latency or cost). The values stay loaded and resolved; filter on measurements.is_plausible to leave them out.';
comment on column implausible_values.source is 'Path of the description relative to the source folder.';
comment on column implausible_values.source_line is '1-based line the value was read from.';
comment on column implausible_values.quote is 'That line as written.';
comment on column implausible_values.model is 'Canonical model name.';
comment on column implausible_values.benchmark is 'Canonical benchmark name.';
comment on column implausible_values.metric is 'Canonical metric name.';
comment on column implausible_values.setting is 'Canonical configuration label, empty string when none.';
comment on column implausible_values.value is 'The value as loaded.';
comment on column implausible_values.unit is 'Unit of value, NULL when the figure gives none.';
comment on column implausible_values.reason is 'percent outside 0-100 (unit %); fraction outside 0-1 (unitless or %, while at least two other values of the metric and benchmark in the same figure panel, and all of them, lie within 0-1); below the metric minimum / above the metric maximum (outside what the metric can be on any scale: 0-100 for shares such as accuracy or pass@k, at least 0 for throughput, latency, cost, memory; seeds/reference/metric_ranges.csv).';
comment on column implausible_values.figure_title is 'Title of the figure the value belongs to, when the description gives one.';
comment on column implausible_values.metric_kind is 'Kind of the metric: score, throughput, latency, cost or other.';
