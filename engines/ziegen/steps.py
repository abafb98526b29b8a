"""The turn flow as data: step key (``state["phase"]``) -> Step. ``over`` ends the game.

mulligan -> deal* -> play -> [dog -> dog_tgt -> consent ->] take -> score* -> end* -> play ...
(* automatic steps, run by ``StepEngine.advance``)
"""

from __future__ import annotations

from engines.steps import Step

from . import claim, dog, end, mulligan, play, take

STEPS: dict[str, Step] = {
    "mulligan": mulligan.DECIDE,
    "deal": mulligan.DEAL,
    "play": play.PLAY,
    "dog": dog.PICK,
    "dog_tgt": dog.TARGET,
    "consent": dog.CONSENT,
    "take": take.TAKE,
    "score": claim.SCORE,
    "end": end.END,
}
