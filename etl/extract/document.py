"""Reading a description file's bytes as text, with a clear reason when it cannot be read."""

from __future__ import annotations

import codecs


def read_document(data: bytes) -> tuple[str | None, str | None]:
    """Decode a description: (text, note) where text is None when the file cannot be read
    and note says why (or, for a readable file, how it was decoded when not plain UTF-8).

    UTF-8 (with or without BOM), UTF-16/32 with a BOM, and single-byte text (read as
    cp1252, noted) are accepted; a multi-byte character cut by truncation at the end is
    dropped; UTF-16/32 without a BOM is recognised by its NUL bytes (noted), other NUL
    bytes mean a binary file."""
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
        encoding = _bomless_wide_encoding(data[:4096])
        if encoding is not None:
            text = data[: len(data) - len(data) % _WIDTH[encoding]].decode(encoding, errors="replace")
            if "\x00" not in text and sum(1 for c in text[:2048] if c < "\t" or "\r" < c < " ") <= 8:
                return text, f"decoded as {encoding} (no byte-order mark)"
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


_WIDTH = {"utf-16-le": 2, "utf-16-be": 2, "utf-32-le": 4, "utf-32-be": 4}  # 16 first: UTF-32 is no UTF-16


def _bomless_wide_encoding(head: bytes) -> str | None:
    """UTF-16/32 text without a byte-order mark, told by where its NUL bytes fall: text
    that is mostly ASCII has a NUL in every high byte of each 2- or 4-byte unit and
    almost never in the low one (``'A'`` is ``41 00`` in UTF-16-LE). None when the NULs
    follow no such pattern (a binary file)."""
    for encoding, width in _WIDTH.items():
        units = len(head) // width
        if units < 4:
            continue
        low = 0 if encoding.endswith("le") else width - 1
        nul_low = nul_high = 0
        for i in range(0, units * width, width):
            unit = head[i:i + width]
            nul_low += unit[low] == 0
            nul_high += unit.count(0) - (unit[low] == 0)
        high_bytes = units * (width - 1)
        if nul_low <= units // 20 and nul_high >= high_bytes * 0.6:
            return encoding
    return None
