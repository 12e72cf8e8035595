-- benchmarks: one row per canonical benchmark with at least one measurement.
-- depends:

create or replace view benchmarks as

with

facts as (
    select benchmark_id, model_id, metric_id, source_id, benchmark_as_written from fact_measurement
),

benchmark_dim as (
    select * from dim_benchmark
),

metric_dim as (
    select metric_id, metric from dim_metric
),

source_dim as (
    select source_id, document_id, source from dim_source
),

spellings as (
    select * from benchmark_spelling
),

written as (
    -- the spellings as written: labels of the values, and for a figure-scoped benchmark the axis
    -- label or title the figure gives instead of a benchmark name
    select distinct benchmark_id, benchmark_as_written as spelling
    from facts
    where benchmark_as_written is not null
    union
    select benchmark_id, benchmark_name as spelling
    from spellings
    where is_figure_scoped
),

aliases as (
    select benchmark_id, string_agg(spelling, '; ' order by spelling) as aliases
    from written
    group by benchmark_id
),

counts as (
    select
        facts.benchmark_id,
        count(*) as n_measurements,
        count(distinct facts.model_id) as n_models,
        count(distinct source_dim.document_id) as n_sources,
        string_agg(distinct metric_dim.metric, '; ' order by metric_dim.metric) as metrics,
        min(source_dim.source) as first_source
    from facts
    inner join metric_dim on metric_dim.metric_id = facts.metric_id
    inner join source_dim on source_dim.source_id = facts.source_id
    group by facts.benchmark_id
),

final as (
    select
        benchmark_dim.benchmark,
        aliases.aliases,
        counts.metrics,
        counts.n_models,
        counts.n_measurements,
        benchmark_dim.is_figure_scoped as figure_scoped,
        counts.n_sources,
        benchmark_dim.is_known,
        case when benchmark_dim.is_figure_scoped then counts.first_source end as figure_source
    from benchmark_dim
    inner join counts on counts.benchmark_id = benchmark_dim.benchmark_id
    left join aliases on aliases.benchmark_id = benchmark_dim.benchmark_id
)

select * from final;

comment on view benchmarks is 'One row per canonical benchmark with at least one measurement: its spellings as written, metrics, counts, and whether it is figure-scoped (a figure names no benchmark, so its values get a benchmark of their own named after the figure''s title).';
comment on column benchmarks.benchmark is 'Canonical benchmark name; for a figure-scoped one the figure''s title (followed by the axis label when two of the figure''s unnamed quantities measure the same metric), with [2], [3], ... when figures share a title.';
comment on column benchmarks.aliases is 'The spellings as written, joined by "; " (for a figure-scoped benchmark, the axis label or title the figure gives); NULL when every value took its benchmark from the figure rather than a written label.';
comment on column benchmarks.metrics is 'The metrics measured on the benchmark, joined by "; ".';
comment on column benchmarks.n_models is 'Number of distinct canonical models measured on the benchmark.';
comment on column benchmarks.n_measurements is 'Number of measurements of the benchmark.';
comment on column benchmarks.figure_scoped is 'True when no figure names the benchmark: it belongs to one figure, is named after its title, and is left out of param_frontier and throughput_frontier (see the *_all views).';
comment on column benchmarks.n_sources is 'Number of distinct descriptions with measurements of the benchmark.';
comment on column benchmarks.is_known is 'True when the benchmark is listed in the reference data.';
comment on column benchmarks.figure_source is 'For a figure-scoped benchmark, the description of its figure; NULL otherwise.';
