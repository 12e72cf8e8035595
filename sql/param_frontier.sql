-- param_frontier: one row per score_per_parameter row (benchmark, metric, setting, unit, model, param_kind) of a named benchmark whose parameter count the documents give, flagged when on the Pareto frontier.
-- depends: param_frontier_all

create or replace view param_frontier as

with

all_rows as (
    select * from param_frontier_all
),

final as (
    -- the default: benchmarks a figure names, and counts from a name or a figure; the frontier is
    -- recomputed among those rows (on_documented_frontier), so a reference count never dominates
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
        on_documented_frontier as on_frontier,
        params_source,
        figure_scoped
    from all_rows
    where not figure_scoped and params_source is distinct from 'reference'
)

select * from final;

comment on view param_frontier is 'The rows of score_per_parameter with on_frontier, for benchmarks a figure names and parameter counts the documents give (name or figure): Pareto frontier of score against parameter count per (benchmark, metric, setting, unit, param_kind). param_frontier_all adds figure-scoped benchmarks and counts from the reference data.';
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
comment on column param_frontier.on_frontier is 'True when no other model of this view in the same (benchmark, metric, setting, unit, param_kind) has params_b <= and value >= with at least one strict; exact ties are all on the frontier.';
comment on column param_frontier.params_source is 'Where params_b came from: name or figure (counts from the reference data are in param_frontier_all only).';
comment on column param_frontier.figure_scoped is 'Always false here: figure-scoped benchmarks are in param_frontier_all only.';
