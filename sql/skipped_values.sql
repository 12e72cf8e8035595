-- skipped_values: one row per thing the extractor saw in a description but did not load, with the reason
-- (every number of a data section that is not loaded: the ledger, etl/transform/ledger.py).
-- depends:

create or replace view skipped_values as

with

skipped as (
    select * from skipped_value
),

documents as (
    select * from document where status <> 'removed'
),

final as (
    select
        documents.path as source,
        skipped.source_line,
        skipped.quote,
        skipped.reason,
        skipped.detail,
        documents.status as document_status
    from skipped
    inner join documents on documents.document_id = skipped.document_id
)

select * from final;

comment on view skipped_values is 'One row per thing the extractor saw but did not load, with the reason and the line: every number of a data section that is not a loaded value is here (axis ticks, error bars, differences, versions inside names, unalignable lists, cut-off values, values with no model, ...).';
comment on column skipped_values.source is 'path of the description relative to the source folder';
comment on column skipped_values.source_line is '1-based line the skipped text is on (NULL for a whole-document reason)';
comment on column skipped_values.quote is 'that line as written';
comment on column skipped_values.reason is 'why it was not loaded. Not data: axis tick or label, legend label, annotation (a difference or statistic), difference, arithmetic (a computation written out), ratio, error bar, range, trend, trend position, axis position, position, count, index, date, version inside a name, label, group header, column header, repeated value, descriptive field, ignored column, unlabelled reference line, no benchmark result, truncated, not finite (1e999, inf, NaN written as a value). Data that could not be tied to a fact: no model, unassigned value, unalignable list, unparsed line with numbers, unattributed (the detail names the missing role). A decoding remark: note';
comment on column skipped_values.detail is 'more about the reason: the number or numbers as written (1; 10; 100), the counts that did not match, or for unattributed the missing role first (no model: 48.4%)';
comment on column skipped_values.document_status is 'status of the description: loaded, empty, failed or stale';
