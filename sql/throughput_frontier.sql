-- throughput_frontier: one row per (model, benchmark, accuracy_metric, setting) of a named benchmark where a resolved score and a resolved throughput share model, benchmark and setting.
-- depends: throughput_frontier_all

create or replace view throughput_frontier as

with

all_rows as (
    select * from throughput_frontier_all
),

final as (
    -- the default: benchmarks a figure names; a frontier is per (model, benchmark, ...), so leaving
    -- out figure-scoped benchmarks changes no flag
    select * from all_rows where not figure_scoped
)

select * from final;

comment on view throughput_frontier is 'One row per (model, benchmark, accuracy_metric, setting) of a benchmark a figure names, with both a resolved higher-is-better score and a resolved throughput, flagged when the setting is on the accuracy/throughput Pareto frontier of its model and benchmark. throughput_frontier_all adds figure-scoped benchmarks.';
comment on column throughput_frontier.model is 'Canonical model name.';
comment on column throughput_frontier.benchmark is 'Canonical benchmark name.';
comment on column throughput_frontier.accuracy_metric is 'Canonical name of the higher-is-better score metric paired with throughput.';
comment on column throughput_frontier.setting is 'Canonical configuration label, empty string when none.';
comment on column throughput_frontier.accuracy is 'Resolved score (median) of accuracy_metric for the model, benchmark and setting.';
comment on column throughput_frontier.throughput is 'Resolved throughput (median) for the same model, benchmark and setting.';
comment on column throughput_frontier.on_frontier is 'True when no other setting of the same (model, benchmark, accuracy_metric, units) has accuracy >= and throughput >= with at least one strict; exact ties are all on the frontier.';
comment on column throughput_frontier.accuracy_unit is 'Unit of accuracy (% or NULL); settings with different units are never compared: where a model and benchmark have scores in two units, only the units with more settings are listed, so each setting has one row.';
comment on column throughput_frontier.throughput_unit is 'Unit of throughput (e.g. tokens/s), NULL when the figure gives none; different units are never compared.';
comment on column throughput_frontier.throughput_metric is 'Canonical name of the throughput metric (normally throughput).';
comment on column throughput_frontier.figure_scoped is 'Always false here: figure-scoped benchmarks are in throughput_frontier_all only.';
