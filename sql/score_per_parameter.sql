-- score_per_parameter: one row per resolved higher-is-better score (model, benchmark, metric, setting, unit) and known parameter kind of its model.
-- depends: resolved_values, models

create or replace view score_per_parameter as

with

resolved as (
    select * from resolved_values
),

model_sizes as (
    select * from models
),

scores as (
    select model, benchmark, metric, setting, unit, value, n_values
    from resolved
    -- throughput is higher-is-better but no score; latency, cost and loss are lower-is-better
    where metric_kind = 'score' and is_higher_better
),

param_kinds as (
    select param_kind
    from (values ('total'), ('active'), ('non_embedding')) as kinds (param_kind)
),

model_params as (
    select
        model_sizes.model,
        param_kinds.param_kind,
        case param_kinds.param_kind
            when 'total' then model_sizes.total_params_b
            when 'active' then model_sizes.active_params_b
            when 'non_embedding' then model_sizes.non_embedding_params_b
        end as params_b
    from model_sizes
    cross join param_kinds
),

known_model_params as (
    select model, param_kind, params_b
    from model_params
    where params_b > 0
),

final as (
    select
        scores.benchmark,
        scores.metric,
        scores.setting,
        scores.unit,
        scores.model,
        known_model_params.param_kind,
        known_model_params.params_b,
        scores.value,
        scores.value / known_model_params.params_b as value_per_b_param,
        scores.n_values
    from scores
    inner join known_model_params on known_model_params.model = scores.model
)

select * from final;

comment on view score_per_parameter is 'One row per resolved higher-is-better score and known (positive) parameter kind of its model.';
comment on column score_per_parameter.benchmark is 'Canonical benchmark name.';
comment on column score_per_parameter.metric is 'Canonical name of a higher-is-better score metric (accuracy, pass@k, score, win_rate, ...).';
comment on column score_per_parameter.setting is 'Canonical configuration label, empty string when none.';
comment on column score_per_parameter.unit is 'Unit of value (% or NULL for a fraction or unitless score); rows of different units are never compared.';
comment on column score_per_parameter.model is 'Canonical model name.';
comment on column score_per_parameter.param_kind is 'Which parameter count params_b is: total, active or non_embedding.';
comment on column score_per_parameter.params_b is 'Parameter count of that kind in billions (always > 0).';
comment on column score_per_parameter.value is 'Resolved score: median over the descriptions giving it.';
comment on column score_per_parameter.value_per_b_param is 'value / params_b: score per billion parameters.';
comment on column score_per_parameter.n_values is 'Number of measurements the resolved score is the median of.';
