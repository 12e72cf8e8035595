-- param_frontier: one row per score_per_parameter row (benchmark, metric, setting, unit, model, param_kind), flagged when on the Pareto frontier.
-- depends: score_per_parameter

create or replace view param_frontier as

with

scored as (
    select * from score_per_parameter
),

keyed as (
    -- a NULL unit is a group of its own: give it a key that joins
    select *, coalesce(unit, '') as unit_key from scored
),

size_groups as (
    -- best score at each parameter count of a frontier group
    select benchmark_id, metric_id, config_id, unit_key, param_kind, params_b, max(value) as best_value_same_size
    from keyed
    group by benchmark_id, metric_id, config_id, unit_key, param_kind, params_b
),

running as (
    -- best score among strictly smaller models: a running max over the sizes before this one
    select
        *,
        max(best_value_same_size) over (
            partition by benchmark_id, metric_id, config_id, unit_key, param_kind
            order by params_b asc
            rows between unbounded preceding and 1 preceding
        ) as best_value_with_fewer_params
    from size_groups
),

compared as (
    select keyed.*, running.best_value_with_fewer_params, running.best_value_same_size
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
            and value >= best_value_same_size as on_frontier
    from compared
)

select * from final;

comment on view param_frontier is 'The rows of score_per_parameter with on_frontier: Pareto frontier of score against parameter count per (benchmark, metric, setting, unit, param_kind).';
comment on column param_frontier.benchmark is 'Canonical benchmark name.';
comment on column param_frontier.metric is 'Canonical name of a higher-is-better score metric.';
comment on column param_frontier.setting is 'Canonical configuration label, empty string when none.';
comment on column param_frontier.unit is 'Unit of value (% or NULL); frontiers never mix units.';
comment on column param_frontier.model is 'Canonical model name.';
comment on column param_frontier.param_kind is 'Which parameter count params_b is: total, active or non_embedding.';
comment on column param_frontier.params_b is 'Parameter count of that kind in billions (always > 0).';
comment on column param_frontier.value is 'Resolved score: median over the descriptions giving it.';
comment on column param_frontier.value_per_b_param is 'value / params_b: score per billion parameters.';
comment on column param_frontier.n_values is 'Number of measurements the resolved score is the median of.';
comment on column param_frontier.on_frontier is 'True when no other model in the same (benchmark, metric, setting, unit, param_kind) has params_b <= and value >= with at least one strict; exact ties are all on the frontier.';
