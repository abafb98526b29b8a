"""Provably fair games: the seed commitment, the export format and its verifier.

Nothing here imports discord, asyncio or sqlite: anyone can check a finished game with only this
package and ``engines`` (``python -m fairplay verify <export.json>``).
"""

from .commitment import SALT_BYTES, commitment, commitment_text
from .export import EXPORT_FORMAT, build_export
from .verify import VerifyError, verify

__all__ = [
    "EXPORT_FORMAT",
    "SALT_BYTES",
    "VerifyError",
    "build_export",
    "commitment",
    "commitment_text",
    "verify",
]
