-- param_conflicts: one row per (model, parameter kind, conflict): name and figures (or several figures) disagree, or the counts are impossible together.
-- depends: models, parameter_counts

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

counts as (
    select * from parameter_counts
),

disagreements as (
    select
        by_kind.model_id,
        by_kind.param_kind,
        case
            when by_kind.name_params_b is not null and by_kind.n_figure_values > 0
                and greatest(abs(by_kind.figure_max_params_b - by_kind.name_params_b),
                             abs(by_kind.figure_min_params_b - by_kind.name_params_b))
                    > 1e-9 * greatest(1, by_kind.name_params_b)
                then 'name and figures disagree'
            when by_kind.figure_max_params_b - by_kind.figure_min_params_b
                    > 1e-9 * greatest(1, by_kind.figure_max_params_b)
                then 'figures disagree'
        end as conflict
    from by_kind
),

impossible as (
    -- counts that cannot all be right: more active or non-embedding parameters than parameters,
    -- or a count that is not positive
    select model_id, 'active' as param_kind, 'active > total' as conflict
    from model_dim
    where active_params_b > total_params_b + 1e-9 * greatest(1, total_params_b)
    union all
    select model_id, 'non_embedding', 'non_embedding > total'
    from model_dim
    where non_embedding_params_b > total_params_b + 1e-9 * greatest(1, total_params_b)
    union all
    select model_id, param_kind, 'not positive'
    from counts
    where params_b <= 0
),

problems as (
    select model_id, param_kind, conflict from disagreements where conflict is not null
    union all
    select model_id, param_kind, conflict from impossible
),

final as (
    select
        model_dim.model,
        problems.param_kind,
        by_kind.name_params_b,
        by_kind.figure_median_params_b,
        by_kind.figure_min_params_b,
        by_kind.figure_max_params_b,
        coalesce(by_kind.n_figure_values, 0) as n_figure_values,
        by_kind.figure_sources,
        counts.params_b as resolved_params_b,
        problems.conflict,
        counts.params_source as resolved_source,
        model_dim.total_params_b
    from problems
    inner join model_dim on model_dim.model_id = problems.model_id
    left join by_kind on by_kind.model_id = problems.model_id and by_kind.param_kind = problems.param_kind
    left join counts on counts.model_id = problems.model_id and counts.param_kind = problems.param_kind
    where model_dim.model in (select model from models)
)

select * from final;

comment on view param_conflicts is 'One row per model, parameter kind and conflict: the size in the name and the figures disagree, or figures disagree with each other (the name wins, else the median of the figures, else the reference data), or the resolved counts are impossible together (more active or non-embedding parameters than parameters, a count not above 0).';
comment on column param_conflicts.model is 'canonical model name';
comment on column param_conflicts.param_kind is 'total, active or non_embedding';
comment on column param_conflicts.name_params_b is 'count stated by a size token in the name, in billions (NULL when the name states none)';
comment on column param_conflicts.figure_median_params_b is 'median of the counts figures plot for the model, in billions';
comment on column param_conflicts.figure_min_params_b is 'smallest count a figure plots';
comment on column param_conflicts.figure_max_params_b is 'largest count a figure plots';
comment on column param_conflicts.n_figure_values is 'how many figure values there are (0 when none)';
comment on column param_conflicts.figure_sources is 'descriptions whose figures plot the model';
comment on column param_conflicts.resolved_params_b is 'the count the warehouse uses (models view)';
comment on column param_conflicts.conflict is 'the kind of problem: name and figures disagree, figures disagree, active > total, non_embedding > total, not positive';
comment on column param_conflicts.resolved_source is 'where resolved_params_b came from: name, figure or reference';
comment on column param_conflicts.total_params_b is 'the model''s resolved total count, in billions (what active > total and non_embedding > total compare with)';
