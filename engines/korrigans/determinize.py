"""``determinize``: re-deal what ``seat`` cannot see (see ``Engine.determinize``).

Known to ``seat``: the board, token counts per field, revealed Companions, discards, gold
Menhirs, every screen the Leprechaun removed, its own tokens and sacrifices, the field it is
looking at, and its memory of each field it picked from (``seen``: what it left there; tokens
only ever leave a field, so the field now holds a part of that memory, all of it if the count
did not change). With fewer than 4 players the extra tokens are known to stay in the box.
Unknown and re-dealt: the other tokens on fields, behind other screens, sacrificed by others and
in the box (one pool, counts per zone kept); the Menhirs still standing and those left in the
box (one pool); the RNG word.
"""

from __future__ import annotations

from ..base import own
from ..hidden import Sampler, deal, remove_all, reseed, sample
from .common import mapof
from .data import EXTRA_FROM_PLAYERS, EXTRA_TOKENS
from .setup import LAYOUT


def _expand(counts: dict[str, int]) -> list[str]:
    return sorted(kind for kind, k in counts.items() for _ in range(k))


def determinize(st0: dict, seat: int, rnd: Sampler) -> dict:
    st = LAYOUT.copy(st0)  # shared rows: replaced below, never changed
    m = mapof(st)
    n = st["n"]
    others = [o for o in range(n) if o != seat]
    nf = len(st["tokens"])

    fixed_box: list[str] = _expand(EXTRA_TOKENS) if n < EXTRA_FROM_PLAYERS else []
    screened = [o for o in others if st["screen"][o]]
    pool = remove_all(list(st["box_tok"]), fixed_box)
    for f in range(nf):
        pool += st["tokens"][f]
    for o in screened:
        pool += st["hidden"][o]
    for o in others:
        pool += st["sacrificed"][o]
    pool.sort()

    # Fields: exactly known (looking at it now, or untouched since its memory), partly known
    # (a part of the memory: what others took from it since went to hidden places or was
    # shown), or unknown.
    known: dict[int, list[str]] = {}
    top = st["stack"][-1] if st["stack"] else None
    if top is not None and top["k"] == "pick" and top["s"] == seat:
        known[top["f"]] = sorted(st["tokens"][top["f"]])
    partial: list[tuple[int, list[str]]] = []
    for fid, text in sorted(st["seen"][seat].items()):
        f = m.by_id[fid]
        if f in known:
            continue
        memory = sorted(text.split(",")) if text else []
        if len(st["tokens"][f]) == len(memory):
            known[f] = memory
        else:
            partial.append((f, memory))
    for tokens in known.values():
        pool = remove_all(pool, tokens)
    sampled = _sample_partial(st, partial, pool, rnd)
    for tokens in sampled.values():
        pool = remove_all(pool, tokens)
    known.update(sampled)

    unknown_fields = [f for f in range(nf) if f not in known]
    sizes = (
        [len(st["tokens"][f]) for f in unknown_fields]
        + [len(st["hidden"][o]) for o in screened]
        + [len(st["sacrificed"][o]) for o in others]
    )
    parts = deal(pool, sizes, rnd)
    k = 0
    for f in unknown_fields:
        st["tokens"][f] = sorted(parts[k])
        k += 1
    for o in screened:
        st["hidden"][o] = sorted(parts[k])
        k += 1
    sacrificed = own(st, "sacrificed")  # kept (``setup.LAYOUT``): its rows are replaced here
    for o in others:
        sacrificed[o] = sorted(parts[k])
        k += 1
    for f, tokens in known.items():
        st["tokens"][f] = sorted(tokens)
    st["box_tok"] = sorted(parts[k]) + fixed_box

    # Menhirs still standing and those never used on this map.
    standing = [f for f in range(nf) if st["men"][f] is not None]
    menhirs = [st["men"][f] for f in standing] + list(st["box_men"])
    parts = deal(menhirs, [len(standing)], rnd)
    men = own(st, "men")
    for f, menhir in zip(standing, parts[0]):
        men[f] = menhir
    st["box_men"] = sorted(parts[1])
    reseed(st, rnd)
    return st


def _sample_partial(st: dict, partial: list, pool: list[str], rnd: Sampler) -> dict:
    """For each partly known field, which part of the memory is still there: drawn field by
    field from what the hidden zones can give; a draw that leaves a later field short is
    retried (the true world always fits, so a fit exists)."""
    for _attempt in range(100):
        left = list(pool)
        out: dict[int, list[str]] = {}
        for f, memory in partial:
            avail = []
            rest = list(left)
            for t in memory:
                if t in rest:
                    rest.remove(t)
                    avail.append(t)
            count = len(st["tokens"][f])
            if len(avail) < count:
                break
            out[f] = sample(avail, count, rnd)
            left = remove_all(left, out[f])
        else:
            return out
    return {f: sorted(st["tokens"][f]) for f, _memory in partial}
