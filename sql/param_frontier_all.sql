-- param_frontier_all: one row per score_per_parameter row (benchmark, metric, setting, unit, model, param_kind), flagged when on the Pareto frontier; figure-scoped benchmarks and reference parameter counts included.
-- depends: score_per_parameter

create or replace view param_frontier_all as

with

scored as (
    select * from score_per_parameter
),

keyed as (
    -- a NULL unit is a group of its own: give it a key that joins.
    -- documented: the count comes from the documents (a name or a figure), not the reference data
    select *, coalesce(unit, '') as unit_key, params_source is distinct from 'reference' as is_documented from scored
),

size_groups as (
    -- best score at each parameter count of a frontier group, over all rows and over documented rows
    select
        benchmark_id, metric_id, config_id, unit_key, param_kind, params_b,
        max(value) as best_value_same_size,
        max(value) filter (where is_documented) as best_documented_same_size
    from keyed
    group by benchmark_id, metric_id, config_id, unit_key, param_kind, params_b
),

running as (
    -- best score among strictly smaller models: a running max over the sizes before this one
    -- (max ignores the NULL of a size with no documented row)
    select
        *,
        max(best_value_same_size) over smaller as best_value_with_fewer_params,
        max(best_documented_same_size) over smaller as best_documented_with_fewer_params
    from size_groups
    window smaller as (
        partition by benchmark_id, metric_id, config_id, unit_key, param_kind
        order by params_b asc
        rows between unbounded preceding and 1 preceding
    )
),

compared as (
    select
        keyed.*,
        running.best_value_with_fewer_params,
        running.best_value_same_size,
        running.best_documented_with_fewer_params,
        running.best_documented_same_size
    from keyed
    inner join running using (benchmark_id, metric_id, config_id, unit_key, param_kind, params_b)
),

final as (
    select
        benchmark,
        metric,
        setting,
        unit,
        model,
        param_kind,
        params_b,
        value,
        value_per_b_param,
        n_values,
        -- dominated by a smaller model scoring at least as much, or an equal-sized one scoring more;
        -- exact duplicates (same size, same score) both stay on the frontier
        coalesce(best_value_with_fewer_params < value, true)
            and value >= best_value_same_size as on_frontier,
        -- the same test among the rows whose count the documents give (NULL for a reference count)
        case when is_documented then
            coalesce(best_documented_with_fewer_params < value, true)
                and value >= best_documented_same_size
        end as on_documented_frontier,
        params_source,
        figure_scoped
    from compared
)

select * from final;

comment on view param_frontier_all is 'Every row of score_per_parameter with on_frontier: Pareto frontier of score against parameter count per (benchmark, metric, setting, unit, param_kind), figure-scoped benchmarks and counts from the reference data included; param_frontier is its default selection.';
comment on column param_frontier_all.benchmark is 'Canonical benchmark name.';
comment on column param_frontier_all.metric is 'Canonical name of a higher-is-better score metric.';
comment on column param_frontier_all.setting is 'Canonical configuration label, empty string when none.';
comment on column param_frontier_all.unit is 'Unit of value (% or NULL); frontiers never mix units.';
comment on column param_frontier_all.model is 'Canonical model name.';
comment on column param_frontier_all.param_kind is 'Which parameter count params_b is: total, active or non_embedding.';
comment on column param_frontier_all.params_b is 'Parameter count of that kind in billions (always > 0).';
comment on column param_frontier_all.value is 'Resolved score: median over the descriptions giving it.';
comment on column param_frontier_all.value_per_b_param is 'value / params_b: score per billion parameters.';
comment on column param_frontier_all.n_values is 'Number of measurements the resolved score is the median of.';
comment on column param_frontier_all.on_frontier is 'True when no other row of this view in the same (benchmark, metric, setting, unit, param_kind) has params_b <= and value >= with at least one strict; exact ties are all on the frontier.';
comment on column param_frontier_all.on_documented_frontier is 'The same test among the rows whose count comes from a name or a figure (params_source not reference), as param_frontier flags them; NULL for a count from the reference data.';
comment on column param_frontier_all.params_source is 'Where params_b came from: name, figure or reference.';
comment on column param_frontier_all.figure_scoped is 'True when the benchmark is one a figure does not name (named after the figure''s title); param_frontier leaves these out.';
