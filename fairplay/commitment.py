"""The commitment to a game's secret seed.

Exact encoding (version 1), so anyone can recompute it by hand::

    commitment = lowercase hex of SHA-256( UTF-8 bytes of "<seed>:<salt>" )

where ``<seed>`` is the game seed as a decimal integer (no sign, no leading zeros, ``0`` for zero)
and ``<salt>`` is the salt as 64 lowercase hexadecimal characters (32 random bytes from
``secrets``, drawn by the table service in ``tables.history`` when the game starts; engines
never see it). With a shell: ``printf '%s' '1234:<salt>' | sha256sum``.

The salt makes the commitment impossible to reverse by trying every seed; SHA-256 makes it
impossible to find another seed with the same commitment. The commitment is posted when the game
starts; the seed and the salt are revealed only when it has ended.
"""

from __future__ import annotations

import hashlib
import re

SALT_BYTES = 32
SALT_RE = re.compile(r"^[0-9a-f]{64}$")
COMMITMENT_RE = SALT_RE


def commitment_text(seed: int, salt: str) -> str:
    """The exact text that is hashed: "<seed>:<salt>"."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError("the seed must be a non-negative integer")
    if not isinstance(salt, str) or not SALT_RE.match(salt):
        raise ValueError("the salt must be 64 lowercase hexadecimal characters")
    return f"{seed}:{salt}"


def commitment(seed: int, salt: str) -> str:
    """SHA-256 of ``commitment_text(seed, salt)``, as 64 lowercase hex characters."""
    return hashlib.sha256(commitment_text(seed, salt).encode("utf-8")).hexdigest()
