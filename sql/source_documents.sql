-- source_documents: one row per description file the warehouse has seen, with its load status.
-- depends:

create or replace view source_documents as

with

documents as (
    select * from document
),

final as (
    select
        path as source,
        content_sha256,
        size_bytes,
        status,
        error,
        error_line,
        figure_title,
        chart_kind,
        values_extracted,
        values_skipped,
        first_seen_run,
        last_loaded_run
    from documents
)

select * from final;

comment on view source_documents is 'One row per description file the warehouse has seen: its content hash, load status and error.';
comment on column source_documents.source is 'path of the description relative to the source folder';
comment on column source_documents.content_sha256 is 'SHA-256 of the file content last seen';
comment on column source_documents.size_bytes is 'file size in bytes';
comment on column source_documents.status is 'loaded (has measurements), empty (read, no measurements), failed (unreadable), stale (unreadable now; its previous measurements are kept), removed (no longer in the source folder)';
comment on column source_documents.error is 'why the document failed or loaded nothing';
comment on column source_documents.error_line is 'line of the error, when known';
comment on column source_documents.figure_title is 'title of the figure as the description gives it';
comment on column source_documents.chart_kind is 'chart kind as the description names it (scatter plot, bar chart, ...)';
comment on column source_documents.values_extracted is 'measurements read from the document';
comment on column source_documents.values_skipped is 'things seen but not loaded (see skipped_values)';
comment on column source_documents.first_seen_run is 'refresh run that first saw the document';
comment on column source_documents.last_loaded_run is 'refresh run that last parsed the document successfully';
