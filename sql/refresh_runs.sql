-- refresh_runs: one row per refresh of the warehouse.
-- depends:

create or replace view refresh_runs as

with

runs as (
    select * from refresh_run
),

final as (
    select
        run_id,
        started_at,
        finished_at,
        status,
        source_root,
        documents_seen,
        documents_new,
        documents_changed,
        documents_unchanged,
        documents_removed,
        documents_failed,
        measurements_added,
        measurements_removed,
        benchdb_version,
        schema_revision,
        measurements_total,
        duration_s,
        allow_shrink
    from runs
)

select * from final;

comment on view refresh_runs is 'One row per refresh: when it ran, what it saw and changed, with which benchdb and schema revision.';
comment on column refresh_runs.run_id is 'refresh run number';
comment on column refresh_runs.started_at is 'local time the refresh started';
comment on column refresh_runs.finished_at is 'local time the refresh finished';
comment on column refresh_runs.status is 'published';
comment on column refresh_runs.source_root is 'absolute path of the source folder';
comment on column refresh_runs.documents_seen is 'description files found';
comment on column refresh_runs.documents_new is 'files not seen before';
comment on column refresh_runs.documents_changed is 'files whose content changed';
comment on column refresh_runs.documents_unchanged is 'files not parsed again';
comment on column refresh_runs.documents_removed is 'files no longer in the folder (their rows removed)';
comment on column refresh_runs.documents_failed is 'files that could not be read';
comment on column refresh_runs.measurements_added is 'values read from new and changed files';
comment on column refresh_runs.measurements_removed is 'values dropped with changed and removed files';
comment on column refresh_runs.benchdb_version is 'benchdb version that ran the refresh';
comment on column refresh_runs.schema_revision is 'Alembic revision of the schema';
comment on column refresh_runs.measurements_total is 'measurements in the warehouse after the run';
comment on column refresh_runs.duration_s is 'seconds from start to publication';
comment on column refresh_runs.allow_shrink is 'true when the run was allowed to drop more than the usual share of measurements';
