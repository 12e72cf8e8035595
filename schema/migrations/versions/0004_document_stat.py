"""document_stat: size and modification time of each file when last hashed.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22

Documents are still identified by path and content hash; a file whose size and
modification time are unchanged since its last hashing is not read again (as git's index
does), which keeps a no-change refresh of a large folder cheap.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create document_stat (empty: the next refresh hashes every file once)."""
    op.create_table(
        "document_stat",
        sa.Column("path", sa.String, primary_key=True, comment="path relative to the source folder"),
        sa.Column("size_bytes", sa.BigInteger, nullable=False),
        sa.Column("mtime_ns", sa.BigInteger, nullable=False),
        sa.Column("content_sha256", sa.String, nullable=False),
        comment="File size and modification time when each document was last hashed: unchanged ones are not re-read.",
    )


def downgrade() -> None:
    """Drop document_stat."""
    op.drop_table("document_stat")
