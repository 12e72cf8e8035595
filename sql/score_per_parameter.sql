-- score_per_parameter: one row per resolved higher-is-better score (model, benchmark, metric, setting, unit) and known parameter kind of its model.
-- depends:

create or replace view score_per_parameter as

with

resolved as (
    select * from fact_resolved
),

score_metrics as (
    -- throughput is higher-is-better but no score; latency, cost and loss are lower-is-better
    select metric_id, metric from dim_metric where kind = 'score' and is_higher_better
),

model_dim as (
    select model_id, model, total_params_b, active_params_b, non_embedding_params_b from dim_model
),

benchmark_dim as (
    select benchmark_id, benchmark from dim_benchmark
),

config_dim as (
    select config_id, setting from dim_config
),

param_kinds as (
    select param_kind
    from (values ('total'), ('active'), ('non_embedding')) as kinds (param_kind)
),

known_model_params as (
    select model_id, param_kind, params_b
    from (
        select
            model_dim.model_id,
            param_kinds.param_kind,
            case param_kinds.param_kind
                when 'total' then model_dim.total_params_b
                when 'active' then model_dim.active_params_b
                when 'non_embedding' then model_dim.non_embedding_params_b
            end as params_b
        from model_dim
        cross join param_kinds
    ) as model_params
    where params_b > 0
),

scores as (
    select resolved.*, score_metrics.metric
    from resolved
    inner join score_metrics on score_metrics.metric_id = resolved.metric_id
),

final as (
    select
        benchmark_dim.benchmark,
        scores.metric,
        config_dim.setting,
        scores.unit,
        model_dim.model,
        known_model_params.param_kind,
        known_model_params.params_b,
        scores.value,
        scores.value / known_model_params.params_b as value_per_b_param,
        scores.n_values,
        scores.model_id,
        scores.benchmark_id,
        scores.metric_id,
        scores.config_id
    from scores
    inner join known_model_params on known_model_params.model_id = scores.model_id
    inner join model_dim on model_dim.model_id = scores.model_id
    inner join benchmark_dim on benchmark_dim.benchmark_id = scores.benchmark_id
    inner join config_dim on config_dim.config_id = scores.config_id
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
comment on column score_per_parameter.model_id is 'Key of the model in dim_model.';
comment on column score_per_parameter.benchmark_id is 'Key of the benchmark in dim_benchmark.';
comment on column score_per_parameter.metric_id is 'Key of the metric in dim_metric.';
comment on column score_per_parameter.config_id is 'Key of the setting in dim_config.';
