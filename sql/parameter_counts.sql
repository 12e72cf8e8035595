-- parameter_counts: one row per (model, parameter kind) whose count is known, with where the count came from.
-- depends:

create or replace view parameter_counts as

with

model_dim as (
    select model_id, model, total_params_b, active_params_b, non_embedding_params_b from dim_model
),

evidence as (
    select * from model_param
),

measured_models as (
    -- a patched star may keep a model row whose values are gone: it is not shown
    select distinct model_id from fact_resolved
),

param_kinds as (
    select param_kind
    from (values ('total'), ('active'), ('non_embedding')) as kinds (param_kind)
),

resolved as (
    select model_id, model, param_kind, params_b
    from (
        select
            model_dim.model_id,
            model_dim.model,
            param_kinds.param_kind,
            case param_kinds.param_kind
                when 'total' then model_dim.total_params_b
                when 'active' then model_dim.active_params_b
                when 'non_embedding' then model_dim.non_embedding_params_b
            end as params_b
        from model_dim
        cross join param_kinds
    ) as model_params
    where params_b is not null
),

evidence_by_kind as (
    select
        model_id,
        param_kind,
        count(*) filter (where origin = 'name') as n_name_values,
        count(*) filter (where origin = 'figure') as n_figure_values,
        max(case when origin = 'reference' then params_b end) as reference_params_b
    from evidence
    group by model_id, param_kind
),

final as (
    select
        resolved.model,
        resolved.param_kind,
        resolved.params_b,
        -- the order in which the refresh resolves a count: the name wins, then the figures' median,
        -- then the reference data
        case
            when evidence_by_kind.n_name_values > 0 then 'name'
            when evidence_by_kind.n_figure_values > 0 then 'figure'
            when evidence_by_kind.reference_params_b is not null then 'reference'
        end as params_source,
        coalesce(evidence_by_kind.n_figure_values, 0) as n_figure_values,
        evidence_by_kind.reference_params_b,
        resolved.model_id
    from resolved
    inner join measured_models on measured_models.model_id = resolved.model_id
    left join evidence_by_kind
        on evidence_by_kind.model_id = resolved.model_id
        and evidence_by_kind.param_kind = resolved.param_kind
)

select * from final;

comment on view parameter_counts is 'One row per model with measurements and parameter kind whose count is known: the count the warehouse uses and where it came from (the name, the figures, or the reference data as a last fallback).';
comment on column parameter_counts.model is 'Canonical model name.';
comment on column parameter_counts.param_kind is 'total, active or non_embedding.';
comment on column parameter_counts.params_b is 'The count in billions, as in the models view.';
comment on column parameter_counts.params_source is 'Where the count came from: name (a size token in the model name), figure (median of the counts figures plot for the model) or reference (seeds/reference/models.csv, used only when neither the name nor a figure gives one).';
comment on column parameter_counts.n_figure_values is 'How many figure values give this kind for the model (0 when none).';
comment on column parameter_counts.reference_params_b is 'Count of this kind in the reference data shipped with benchdb, NULL when it has none.';
comment on column parameter_counts.model_id is 'Key of the model in dim_model.';
