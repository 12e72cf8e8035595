"""Reading a description file's bytes as text, with a clear reason when it cannot be read."""

from __future__ import annotations

import codecs


def read_document(data: bytes) -> tuple[str | None, str | None]:
    """Decode a description: (text, note) where text is None when the file cannot be read
    and note says why (or, for a readable file, how it was decoded when not plain UTF-8).

    UTF-8 (with or without BOM), UTF-16/32 with a BOM, and single-byte text (read as
    cp1252, noted) are accepted; a multi-byte character cut by truncation at the end is
    dropped; NUL bytes without a UTF-16/32 BOM mean a binary file."""
    if not data.strip():
        return None, "empty file"
    for bom, encoding in ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
                          (codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"),
                          (codecs.BOM_UTF16_BE, "utf-16")):
        if data.startswith(bom):
            try:
                return data.decode(encoding), None if encoding == "utf-8-sig" else f"decoded as {encoding}"
            except UnicodeDecodeError as exc:
                return None, f"not valid {encoding} despite its byte-order mark: {exc.reason} at byte {exc.start}"
    if b"\x00" in data[:4096]:
        return None, "binary file (contains NUL bytes)"
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        if exc.start >= len(data) - 3 and exc.reason == "unexpected end of data":
            return data[: exc.start].decode("utf-8"), "a multi-byte character cut at the end was dropped"
        first_error = exc
    control = sum(1 for b in data[:4096] if b < 9 or 13 < b < 32)
    if control > 8:
        return None, "binary file (control bytes)"
    return data.decode("cp1252", errors="replace"), (
        f"not UTF-8 ({first_error.reason} at byte {first_error.start}); decoded as cp1252")
