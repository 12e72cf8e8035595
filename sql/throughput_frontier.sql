-- throughput_frontier: one row per (model, benchmark, accuracy_metric, setting, accuracy_unit, throughput_unit) where a resolved score and a resolved throughput share model, benchmark and setting.
-- depends: resolved_values

create or replace view throughput_frontier as

with

resolved as (
    select * from resolved_values
),

accuracies as (
    select
        model,
        benchmark,
        setting,
        metric as accuracy_metric,
        unit as accuracy_unit,
        value as accuracy
    from resolved
    -- higher-is-better scores only: latency, cost and loss never stand as accuracy
    where metric_kind = 'score' and is_higher_better
),

throughputs as (
    select
        model,
        benchmark,
        setting,
        metric as throughput_metric,
        unit as throughput_unit,
        value as throughput
    from resolved
    where metric_kind = 'throughput' and is_higher_better
),

paired as (
    select
        accuracies.model,
        accuracies.benchmark,
        accuracies.accuracy_metric,
        accuracies.setting,
        accuracies.accuracy,
        throughputs.throughput,
        accuracies.accuracy_unit,
        throughputs.throughput_unit,
        throughputs.throughput_metric
    from accuracies
    inner join throughputs
        on throughputs.model = accuracies.model
        and throughputs.benchmark = accuracies.benchmark
        and throughputs.setting = accuracies.setting
),

compared as (
    select
        *,
        -- best throughput among settings strictly more accurate: the frame starts after the peers
        max(throughput) over (
            partition by model, benchmark, accuracy_metric, accuracy_unit, throughput_metric, throughput_unit
            order by accuracy asc
            range between current row and unbounded following exclude group
        ) as best_throughput_more_accurate,
        -- best throughput among settings exactly as accurate, the current one included
        max(throughput) over (
            partition by model, benchmark, accuracy_metric, accuracy_unit, throughput_metric, throughput_unit, accuracy
        ) as best_throughput_as_accurate
    from paired
),

final as (
    select
        model,
        benchmark,
        accuracy_metric,
        setting,
        accuracy,
        throughput,
        -- dominated by a more accurate setting at least as fast, or an equally accurate faster one;
        -- exact duplicates both stay on the frontier
        coalesce(best_throughput_more_accurate < throughput, true)
            and throughput >= best_throughput_as_accurate as on_frontier,
        accuracy_unit,
        throughput_unit,
        throughput_metric
    from compared
)

select * from final;

comment on view throughput_frontier is 'One row per (model, benchmark, accuracy_metric, setting) with both a resolved higher-is-better score and a resolved throughput, flagged when the setting is on the accuracy/throughput Pareto frontier of its model and benchmark.';
comment on column throughput_frontier.model is 'Canonical model name.';
comment on column throughput_frontier.benchmark is 'Canonical benchmark name.';
comment on column throughput_frontier.accuracy_metric is 'Canonical name of the higher-is-better score metric paired with throughput.';
comment on column throughput_frontier.setting is 'Canonical configuration label, empty string when none.';
comment on column throughput_frontier.accuracy is 'Resolved score (median) of accuracy_metric for the model, benchmark and setting.';
comment on column throughput_frontier.throughput is 'Resolved throughput (median) for the same model, benchmark and setting.';
comment on column throughput_frontier.on_frontier is 'True when no other setting of the same (model, benchmark, accuracy_metric, units) has accuracy >= and throughput >= with at least one strict; exact ties are all on the frontier.';
comment on column throughput_frontier.accuracy_unit is 'Unit of accuracy (% or NULL); settings with different units are never compared.';
comment on column throughput_frontier.throughput_unit is 'Unit of throughput (e.g. tokens/s), NULL when the figure gives none; different units are never compared.';
comment on column throughput_frontier.throughput_metric is 'Canonical name of the throughput metric (normally throughput).';
