-- conflicts: one row per measurement of a (model, benchmark, metric, setting, unit) that several descriptions give different values for.
-- depends: measurements

create or replace view conflicts as

with

measured as (
    select * from measurements
),

groups as (
    select
        model,
        benchmark,
        metric,
        setting,
        unit,
        median(value) as median_value,
        min(value) as min_value,
        max(value) as max_value,
        count(*) as n_values,
        count(distinct source) as n_sources
    from measured
    -- a NULL unit is a group of its own, as in resolved_values: values in different units never conflict
    group by model, benchmark, metric, setting, unit
),

conflicting as (
    select *
    from groups
    -- given by more than one description, and not all the same number
    where n_sources > 1 and max_value > min_value
),

final as (
    select
        conflicting.model,
        conflicting.benchmark,
        conflicting.metric,
        conflicting.setting,
        conflicting.unit,
        measured.value,
        measured.source,
        measured.source_line,
        measured.quote,
        measured.model_as_written,
        measured.value - conflicting.median_value as deviation,
        conflicting.median_value,
        conflicting.min_value,
        conflicting.max_value,
        conflicting.max_value - conflicting.min_value as spread,
        case
            when conflicting.median_value <> 0
                then (conflicting.max_value - conflicting.min_value) / abs(conflicting.median_value)
        end as relative_spread,
        conflicting.n_values,
        conflicting.n_sources
    from conflicting
    inner join measured
        on measured.model = conflicting.model
        and measured.benchmark = conflicting.benchmark
        and measured.metric = conflicting.metric
        and measured.setting = conflicting.setting
        and measured.unit is not distinct from conflicting.unit
)

select * from final;

comment on view conflicts is 'One row per measurement of a (model, benchmark, metric, setting, unit) that two or more descriptions give different values for: every value with its source and quote, and the spread of the group. resolved_values uses the median.';
comment on column conflicts.model is 'Canonical model name.';
comment on column conflicts.benchmark is 'Canonical benchmark name.';
comment on column conflicts.metric is 'Canonical metric name.';
comment on column conflicts.setting is 'Canonical configuration label, empty string when none.';
comment on column conflicts.unit is 'Unit of the values, NULL when the figures give none (a group of its own; different units never conflict).';
comment on column conflicts.value is 'This measurement''s value, as the description gives it.';
comment on column conflicts.source is 'Path of the description giving this value, relative to the source folder.';
comment on column conflicts.source_line is '1-based line of the description the value was read from.';
comment on column conflicts.quote is 'Text of that line, as written.';
comment on column conflicts.model_as_written is 'The model name exactly as this description writes it.';
comment on column conflicts.deviation is 'value - median_value: how far this value is from the resolved value.';
comment on column conflicts.median_value is 'Median of the group''s values: the resolved value the views use.';
comment on column conflicts.min_value is 'Smallest value of the group.';
comment on column conflicts.max_value is 'Largest value of the group.';
comment on column conflicts.spread is 'max_value - min_value, in the unit of the values (always > 0).';
comment on column conflicts.relative_spread is 'spread / |median_value|, NULL when the median is 0.';
comment on column conflicts.n_values is 'Number of measurements in the group.';
comment on column conflicts.n_sources is 'Number of distinct descriptions giving a value for the group (always > 1).';
