"""The keys a round's seal is an HMAC with: held in the environment or a file, never in the database.

``HISTORY_SEAL_KEY_FILE`` names a file (or ``HISTORY_SEAL_KEY`` holds the text) of keys, one
``id:secret`` a line (or separated by commas): the first seals every round closed from now on,
and every key listed verifies the rounds sealed with it.  A key is rotated by adding a new line
above the current one (docs/operations.md); a key removed leaves the rounds it sealed unable to
be checked, which their checks say.  With no key configured, the embedded default below seals:
it is in this code, so anyone holding the code and write access to the database could reseal an
edited round, and every page of a round sealed with it says the seal is unkeyed.  Once a key is
configured, the embedded one verifies only if the list names it (a line ``embedded``), for the
rounds sealed before.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

EMBEDDED = "embedded"
_EMBEDDED_SECRET = b"dealer-assist-embedded-seal-key-not-a-secret"
_ID = re.compile(r"[A-Za-z0-9_.-]{1,40}")
MIN_SECRET = 32  # characters: a key shorter than a hash's half is refused


@dataclass(frozen=True)
class Keys:
    current: str  # the id of the key that seals
    secrets: dict[str, bytes]  # every key that verifies, by id

    @property
    def keyed(self) -> bool:
        return self.current != EMBEDDED


def parse(text: str, source: str) -> dict[str, bytes]:
    """The keys of ``text``, in order; refuses anything but ``id:secret`` items, naming ``source``.

    >>> list(parse("k2:" + "b" * 32 + "\\n# old\\nk1:" + "a" * 32 + ", embedded", "the file"))
    ['k2', 'k1', 'embedded']
    """
    found: dict[str, bytes] = {}
    for number, item in enumerate(re.split(r"[\n,]", text), start=1):
        item = item.strip()
        if not item or item.startswith("#"):
            continue
        if item == EMBEDDED:  # the embedded key still verifies the rounds sealed with it
            found[EMBEDDED] = _EMBEDDED_SECRET
            continue
        key_id, sep, secret = item.partition(":")
        if not sep or not _ID.fullmatch(key_id) or key_id == EMBEDDED:
            raise ImproperlyConfigured(f"{source}, item {number}: write each key as id:secret, the id of letters, "
                                       f"digits, '.', '_' or '-' (at most 40, not {EMBEDDED!r})")
        if len(secret.strip()) < MIN_SECRET:
            raise ImproperlyConfigured(f"{source}, key {key_id!r}: its secret has {len(secret.strip())} characters; "
                                       f"a seal key needs at least {MIN_SECRET}")
        if key_id in found:
            raise ImproperlyConfigured(f"{source}: the key {key_id!r} is listed twice")
        found[key_id] = secret.strip().encode()
    return found


def keys() -> Keys:
    """The configured keys (read on each call: a test or a rotation changes them)."""
    inline, path = settings.HISTORY_SEAL_KEY.strip(), settings.HISTORY_SEAL_KEY_FILE.strip()
    if inline and path:
        raise ImproperlyConfigured("Set HISTORY_SEAL_KEY or HISTORY_SEAL_KEY_FILE, not both")
    if path:
        try:
            found = parse(Path(path).read_text(), f"HISTORY_SEAL_KEY_FILE {path}")
        except OSError as error:
            raise ImproperlyConfigured(f"HISTORY_SEAL_KEY_FILE {path} cannot be read: {error.strerror}") from None
    else:
        found = parse(inline, "HISTORY_SEAL_KEY")
    if not found:
        if path or inline:
            raise ImproperlyConfigured("The seal key setting lists no key")
        return Keys(EMBEDDED, {EMBEDDED: _EMBEDDED_SECRET})
    if next(iter(found)) == EMBEDDED:
        raise ImproperlyConfigured(f"The first seal key seals every round from now on: it cannot be {EMBEDDED!r}")
    # Once a key is configured the embedded one verifies only where listed: otherwise a round
    # resealed with it (whose page would say "unkeyed") would pass.
    return Keys(next(iter(found)), found)
