"""The name a download is saved under, in its ``Content-Disposition`` header (RFC 6266).

A file name carries a table's name, which is free text: quoted as it is, a quote would end the
name early and a line break would make the header invalid.  So the header gives an ASCII name
with anything else replaced by ``_`` (for old clients) and the exact name percent-encoded in
UTF-8 as ``filename*`` (RFC 8187), which every current browser prefers.
"""

from __future__ import annotations

import re
from urllib.parse import quote

_UNSAFE = re.compile(r"[^A-Za-z0-9._ -]")


def attachment(filename: str) -> str:
    """The header's value for a download saved as ``filename``.

    >>> attachment('TH "1"-round-3.json')
    'attachment; filename="TH _1_-round-3.json"; filename*=UTF-8\\'\\'TH%20%221%22-round-3.json'
    """
    fallback = _UNSAFE.sub("_", filename) or "download"
    return f"attachment; filename=\"{fallback}\"; filename*=UTF-8''{quote(filename, safe='')}"
