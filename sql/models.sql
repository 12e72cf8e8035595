-- models: one row per canonical model that has at least one measurement.
-- depends: measurements, parameter_counts

create or replace view models as

with

measured as (
    select * from measurements
),

model_dim as (
    select * from dim_model
),

param_sources as (
    select
        model_id,
        max(case when param_kind = 'total' then params_source end) as total_params_source,
        max(case when param_kind = 'active' then params_source end) as active_params_source,
        max(case when param_kind = 'non_embedding' then params_source end) as non_embedding_params_source
    from parameter_counts
    group by model_id
),

measurement_counts as (
    select
        model,
        count(*) as n_measurements,
        count(distinct source) as n_sources,
        count(distinct benchmark) as n_benchmarks
    from measured
    group by model
),

final as (
    select
        model_dim.model,
        model_dim.total_params_b,
        model_dim.active_params_b,
        model_dim.non_embedding_params_b,
        model_dim.family,
        model_dim.reference_total_params_b,
        model_dim.reference_active_params_b,
        model_dim.is_known,
        measurement_counts.n_measurements,
        measurement_counts.n_sources,
        measurement_counts.n_benchmarks,
        param_sources.total_params_source,
        param_sources.active_params_source,
        param_sources.non_embedding_params_source
    from model_dim
    inner join measurement_counts on measurement_counts.model = model_dim.model
    left join param_sources on param_sources.model_id = model_dim.model_id
)

select * from final;

comment on view models is 'One row per canonical model that has at least one measurement, with its parameter counts in billions.';
comment on column models.model is 'Canonical model name.';
comment on column models.total_params_b is 'Total parameters in billions: from the name, else the median of figure axes, else the reference data (total_params_source says which); NULL when unknown.';
comment on column models.active_params_b is 'Activated parameters per token in billions (mixture-of-experts), resolved like total_params_b; NULL when unknown.';
comment on column models.non_embedding_params_b is 'Non-embedding parameters in billions (from the name or figures), NULL when unknown.';
comment on column models.family is 'Model family (e.g. Qwen, Llama), NULL when unknown.';
comment on column models.reference_total_params_b is 'Total parameters in billions in the reference data shipped with benchdb; the count used when neither the name nor a figure gives one.';
comment on column models.reference_active_params_b is 'Activated parameters in billions in the reference data shipped with benchdb; the count used when neither the name nor a figure gives one.';
comment on column models.is_known is 'True when the model is listed in the reference data.';
comment on column models.n_measurements is 'Number of measurements of the model.';
comment on column models.n_sources is 'Number of distinct descriptions that measure the model.';
comment on column models.n_benchmarks is 'Number of distinct benchmarks the model is measured on.';
comment on column models.total_params_source is 'Where total_params_b came from: name, figure or reference; NULL when unknown.';
comment on column models.active_params_source is 'Where active_params_b came from: name, figure or reference; NULL when unknown.';
comment on column models.non_embedding_params_source is 'Where non_embedding_params_b came from: name or figure; NULL when unknown.';
