-- setting_values: one row per measurement and key of its setting (a measurement whose setting is '' has none).
-- depends:

create or replace view setting_values as

with

facts as (
    select measurement_id, source_id, model_id, benchmark_id, metric_id, config_id, value, unit, source_line
    from fact_measurement
),

config_values as (
    select * from config_value
),

source_dim as (
    select source_id, source from dim_source
),

model_dim as (
    select model_id, model from dim_model
),

benchmark_dim as (
    select benchmark_id, benchmark from dim_benchmark
),

metric_dim as (
    select metric_id, metric from dim_metric
),

config_dim as (
    select config_id, setting from dim_config
),

final as (
    select
        source_dim.source,
        facts.source_line,
        model_dim.model,
        benchmark_dim.benchmark,
        metric_dim.metric,
        config_dim.setting,
        config_values.setting_key,
        config_values.value_number as setting_number,
        config_values.value_text as setting_text,
        facts.value,
        facts.unit,
        facts.measurement_id
    from facts
    inner join config_values on config_values.config_id = facts.config_id
    inner join config_dim on config_dim.config_id = facts.config_id
    inner join source_dim on source_dim.source_id = facts.source_id
    inner join model_dim on model_dim.model_id = facts.model_id
    inner join benchmark_dim on benchmark_dim.benchmark_id = facts.benchmark_id
    inner join metric_dim on metric_dim.metric_id = facts.metric_id
)

select * from final;

comment on view setting_values is 'One row per measurement and key of its setting (kv_budget, thinking_budget, temperature, batch_size, method, ...), the setting value as a number where it is one: filter on setting_key and setting_number, read value. A measurement with no setting has no row here.';
comment on column setting_values.source is 'Path of the description relative to the source folder.';
comment on column setting_values.source_line is '1-based line the measurement was read from.';
comment on column setting_values.model is 'Canonical model name.';
comment on column setting_values.benchmark is 'Canonical benchmark name.';
comment on column setting_values.metric is 'Canonical metric name.';
comment on column setting_values.setting is 'The whole canonical configuration label, e.g. kv_budget=2500, method=SnapKV.';
comment on column setting_values.setting_key is 'One key of the label: kv_budget, thinking_budget, temperature, batch_size, method, precision, ...';
comment on column setting_values.setting_number is 'The key''s value as a number (kv_budget=2500 gives 2500), NULL when it is text (method=SnapKV).';
comment on column setting_values.setting_text is 'The key''s value as the label writes it.';
comment on column setting_values.value is 'The measurement''s value (the score, throughput, ...), in its unit.';
comment on column setting_values.unit is 'Unit of value, NULL when the figure gives none.';
comment on column setting_values.measurement_id is 'Key of the measurement (measurements.measurement_id); stable only within one refresh.';
