-- throughput_frontier_all: one row per (model, benchmark, accuracy_metric, setting) where a resolved score and a resolved throughput share model, benchmark and setting; figure-scoped benchmarks included.
-- depends:

create or replace view throughput_frontier_all as

with

resolved as (
    select * from fact_resolved
),

metric_dim as (
    select metric_id, metric, kind, is_higher_better from dim_metric
),

model_dim as (
    select model_id, model from dim_model
),

benchmark_dim as (
    select benchmark_id, benchmark, is_figure_scoped from dim_benchmark
),

config_dim as (
    select config_id, setting from dim_config
),

accuracies as (
    select
        resolved.model_id,
        resolved.benchmark_id,
        resolved.config_id,
        resolved.metric_id as accuracy_metric_id,
        resolved.unit as accuracy_unit,
        resolved.value as accuracy
    from resolved
    inner join metric_dim on metric_dim.metric_id = resolved.metric_id
    -- higher-is-better scores only: latency, cost and loss never stand as accuracy
    where metric_dim.kind = 'score' and metric_dim.is_higher_better
),

throughputs as (
    select
        resolved.model_id,
        resolved.benchmark_id,
        resolved.config_id,
        resolved.metric_id as throughput_metric_id,
        resolved.unit as throughput_unit,
        resolved.value as throughput
    from resolved
    inner join metric_dim on metric_dim.metric_id = resolved.metric_id
    where metric_dim.kind = 'throughput' and metric_dim.is_higher_better
),

paired as (
    select
        accuracies.model_id,
        accuracies.benchmark_id,
        accuracies.accuracy_metric_id,
        accuracies.config_id,
        accuracies.accuracy,
        throughputs.throughput,
        accuracies.accuracy_unit,
        throughputs.throughput_unit,
        throughputs.throughput_metric_id
    from accuracies
    inner join throughputs
        on throughputs.model_id = accuracies.model_id
        and throughputs.benchmark_id = accuracies.benchmark_id
        and throughputs.config_id = accuracies.config_id
),

units_ranked as (
    -- the contract's grain is one row per (model, benchmark, accuracy_metric, setting): where one
    -- model and benchmark have scores in two units (a 0-1 fraction in one figure, a percent in
    -- another), the units with the most settings stand, and the others are left out, never compared
    select
        model_id,
        benchmark_id,
        accuracy_metric_id,
        accuracy_unit,
        throughput_metric_id,
        throughput_unit,
        row_number() over (
            partition by model_id, benchmark_id, accuracy_metric_id
            order by count(*) desc, accuracy_unit = '%' desc nulls last, accuracy_unit nulls last,
                throughput_unit nulls last, throughput_metric_id
        ) as unit_rank
    from paired
    group by model_id, benchmark_id, accuracy_metric_id, accuracy_unit, throughput_metric_id, throughput_unit
),

kept as (
    select paired.*
    from paired
    inner join units_ranked
        on units_ranked.model_id = paired.model_id
        and units_ranked.benchmark_id = paired.benchmark_id
        and units_ranked.accuracy_metric_id = paired.accuracy_metric_id
        and units_ranked.accuracy_unit is not distinct from paired.accuracy_unit
        and units_ranked.throughput_metric_id = paired.throughput_metric_id
        and units_ranked.throughput_unit is not distinct from paired.throughput_unit
    where units_ranked.unit_rank = 1
),

compared as (
    select
        *,
        -- best throughput among settings strictly more accurate: the frame starts after the peers
        max(throughput) over (
            partition by model_id, benchmark_id, accuracy_metric_id, accuracy_unit, throughput_metric_id,
                throughput_unit
            order by accuracy asc
            range between current row and unbounded following exclude group
        ) as best_throughput_more_accurate,
        -- best throughput among settings exactly as accurate, the current one included
        max(throughput) over (
            partition by model_id, benchmark_id, accuracy_metric_id, accuracy_unit, throughput_metric_id,
                throughput_unit, accuracy
        ) as best_throughput_as_accurate
    from kept
),

final as (
    select
        model_dim.model,
        benchmark_dim.benchmark,
        accuracy_metric.metric as accuracy_metric,
        config_dim.setting,
        compared.accuracy,
        compared.throughput,
        -- dominated by a more accurate setting at least as fast, or an equally accurate faster one;
        -- exact duplicates both stay on the frontier
        coalesce(compared.best_throughput_more_accurate < compared.throughput, true)
            and compared.throughput >= compared.best_throughput_as_accurate as on_frontier,
        compared.accuracy_unit,
        compared.throughput_unit,
        throughput_metric.metric as throughput_metric,
        benchmark_dim.is_figure_scoped as figure_scoped
    from compared
    inner join model_dim on model_dim.model_id = compared.model_id
    inner join benchmark_dim on benchmark_dim.benchmark_id = compared.benchmark_id
    inner join config_dim on config_dim.config_id = compared.config_id
    inner join metric_dim as accuracy_metric on accuracy_metric.metric_id = compared.accuracy_metric_id
    inner join metric_dim as throughput_metric on throughput_metric.metric_id = compared.throughput_metric_id
)

select * from final;

comment on view throughput_frontier_all is 'One row per (model, benchmark, accuracy_metric, setting) with both a resolved higher-is-better score and a resolved throughput, flagged when the setting is on the accuracy/throughput Pareto frontier of its model and benchmark; figure-scoped benchmarks included (throughput_frontier is its default selection, without them).';
comment on column throughput_frontier_all.model is 'Canonical model name.';
comment on column throughput_frontier_all.benchmark is 'Canonical benchmark name.';
comment on column throughput_frontier_all.accuracy_metric is 'Canonical name of the higher-is-better score metric paired with throughput.';
comment on column throughput_frontier_all.setting is 'Canonical configuration label, empty string when none.';
comment on column throughput_frontier_all.accuracy is 'Resolved score (median) of accuracy_metric for the model, benchmark and setting.';
comment on column throughput_frontier_all.throughput is 'Resolved throughput (median) for the same model, benchmark and setting.';
comment on column throughput_frontier_all.on_frontier is 'True when no other setting of the same (model, benchmark, accuracy_metric, units) has accuracy >= and throughput >= with at least one strict; exact ties are all on the frontier.';
comment on column throughput_frontier_all.accuracy_unit is 'Unit of accuracy (% or NULL); settings with different units are never compared: where a model and benchmark have scores in two units, only the units with more settings are listed, so each setting has one row.';
comment on column throughput_frontier_all.throughput_unit is 'Unit of throughput (e.g. tokens/s), NULL when the figure gives none; different units are never compared.';
comment on column throughput_frontier_all.throughput_metric is 'Canonical name of the throughput metric (normally throughput).';
comment on column throughput_frontier_all.figure_scoped is 'True when the benchmark is one a figure does not name (named after the figure''s title); throughput_frontier leaves these out.';
