-- param_conflicts: one row per (model, parameter kind) whose name and figures, or several figures, disagree.
-- depends: models

create or replace view param_conflicts as

with

evidence as (
    select * from model_param
),

model_dim as (
    select * from dim_model
),

sources as (
    select * from dim_source
),

by_kind as (
    select
        model_id,
        param_kind,
        max(case when origin = 'name' then params_b end) as name_params_b,
        median(case when origin = 'figure' then params_b end) as figure_median_params_b,
        min(case when origin = 'figure' then params_b end) as figure_min_params_b,
        max(case when origin = 'figure' then params_b end) as figure_max_params_b,
        count(*) filter (where origin = 'figure') as n_figure_values,
        string_agg(distinct sources.source, ', ' order by sources.source) as figure_sources
    from evidence
    left join sources on sources.source_id = evidence.source_id
    group by model_id, param_kind
),

final as (
    select
        model_dim.model,
        by_kind.param_kind,
        by_kind.name_params_b,
        by_kind.figure_median_params_b,
        by_kind.figure_min_params_b,
        by_kind.figure_max_params_b,
        by_kind.n_figure_values,
        by_kind.figure_sources,
        case
            when by_kind.name_params_b is not null then by_kind.name_params_b
            else by_kind.figure_median_params_b
        end as resolved_params_b
    from by_kind
    inner join model_dim on model_dim.model_id = by_kind.model_id
    where model_dim.model in (select model from models)
      and (
        (by_kind.name_params_b is not null and by_kind.n_figure_values > 0
            and abs(by_kind.figure_max_params_b - by_kind.name_params_b) > 1e-9 * greatest(1, by_kind.name_params_b)
            or (by_kind.name_params_b is not null and by_kind.n_figure_values > 0
                and abs(by_kind.figure_min_params_b - by_kind.name_params_b) > 1e-9 * greatest(1, by_kind.name_params_b)))
        or by_kind.figure_max_params_b - by_kind.figure_min_params_b > 1e-9 * greatest(1, by_kind.figure_max_params_b)
      )
)

select * from final;

comment on view param_conflicts is 'One row per model and parameter kind where the size in the name and the figures disagree, or figures disagree with each other; the name wins, else the median of the figures.';
comment on column param_conflicts.model is 'canonical model name';
comment on column param_conflicts.param_kind is 'total, active or non_embedding';
comment on column param_conflicts.name_params_b is 'count stated by a size token in the name, in billions (NULL when the name states none)';
comment on column param_conflicts.figure_median_params_b is 'median of the counts figures plot for the model, in billions';
comment on column param_conflicts.figure_min_params_b is 'smallest count a figure plots';
comment on column param_conflicts.figure_max_params_b is 'largest count a figure plots';
comment on column param_conflicts.n_figure_values is 'how many figure values there are';
comment on column param_conflicts.figure_sources is 'descriptions whose figures plot the model';
comment on column param_conflicts.resolved_params_b is 'the count the warehouse uses (models view)';
