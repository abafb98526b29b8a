"""Der Herr der Wichtel (3-5 players): gather the best retinue of four leprechauns.

Rules: /work/shared/rules/wichtel.txt and the Wichtel part of RULINGS.md. Modules: ``data``
(cards, values, titles, bribes as tables), ``setup`` (the deal), ``walk`` (Leprechaun Walk),
``moves`` (calling, exchanging, village cards, gap filling, round-end offer, end of move),
``enlist`` (bribes, Nix da!, the die, Ich guck nochmal!, Der bin der Beste!), ``scoring``,
``flow`` (glue between steps, round scoring), ``views``, ``text``, ``engine``.

Rulings made here where the rulebook and RULINGS.md are silent:
"""
from .engine import WichtelEngine
from .scoring import breakdown, score_retinue

ENGINE = WichtelEngine()

__all__ = ["ENGINE", "WichtelEngine", "breakdown", "score_retinue"]
