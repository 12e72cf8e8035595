-- skipped_values: one row per thing the extractor saw in a description but did not load, with the reason.
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

comment on view skipped_values is 'One row per thing the extractor saw but did not load (unalignable lists, truncated values, lines with no model, annotations, figures with no benchmark result), with the reason and the line.';
comment on column skipped_values.source is 'path of the description relative to the source folder';
comment on column skipped_values.source_line is '1-based line the skipped text is on (NULL for a whole-document reason)';
comment on column skipped_values.quote is 'that line as written';
comment on column skipped_values.reason is 'why it was not loaded: truncated, unalignable list, no model, unassigned value, annotation, trend position, no benchmark result, unlabelled reference line, not finite, note';
comment on column skipped_values.detail is 'more about the reason, e.g. the value or the counts that did not match';
comment on column skipped_values.document_status is 'status of the description: loaded, empty, failed or stale';
