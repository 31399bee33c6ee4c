"""Enumeration of canonical solutions (see cardroom.shared.solver.expr for the canonical form).

A canonical sum over a multiset is a collection of signed non-sum terms whose blocks of
cards partition it; a product, a collection of non-product factors, each over or under
the line. Collections are built from the block holding the first card: when that block
is the smaller side its expressions are listed forward (every value) and the rest is
asked for the value still missing; otherwise the rest is listed forward and the block
asked. Multisets of up to ``LISTING_MEMO`` cards answer from their listings, indexed by
value; a larger one is first put to the decision search (``Searcher.can``), which prunes
dead ends before any listing starts. Repeated cards can make one collection come out more
than once, so callers deduplicate by text.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator

from cardroom.shared.arith import Num
from cardroom.shared.solver.expr import Canon, leaf, make_product, make_sum, plain, quotient
from cardroom.shared.solver.multiset import Cards, blocks_with_first
from cardroom.shared.solver.search import OutOfTime, Searcher

ANY, NONSUM, NONPROD = 0, 1, 2
#: Multisets up to this many cards keep their forward listings in memory.
LISTING_MEMO = 3
#: Most forward listings kept (each small: a handful of cards).
LISTING_CAP = 20_000
#: Solutions yielded between two checks of the clock.
TICK = 32

Term = tuple[bool, Canon]
Collection = tuple[Term, ...]


class Enumerator:
    """Lists canonical expressions for one rule set, pruned by a shared Searcher."""

    def __init__(self, searcher: Searcher) -> None:
        self.searcher = searcher
        self.kernel = searcher.kernel
        self._every: dict[tuple[Cards, int], list[tuple[Num, Canon]]] = {}
        self._collections: dict[tuple[Cards, str], list[tuple[Num, Collection]]] = {}
        self._every_by_value: dict[tuple[Cards, int], dict[Num, list[Canon]]] = {}
        self._collections_by_value: dict[tuple[Cards, str], dict[Num, list[Collection]]] = {}

    # -- target-directed -----------------------------------------------------------------

    def exprs(self, cards: Cards, target: Num, kind: int = ANY) -> Iterator[Canon]:
        """Canonical expressions of `kind` using every card of `cards`, valued `target`."""
        if len(cards) == 1:
            if cards[0] == target:
                yield leaf(cards[0])
            return
        target = plain(target)
        if not self.kernel.legal(target):
            return
        if len(cards) <= LISTING_MEMO:
            yield from self._every_index(cards, kind).get(target, ())
            return
        self.searcher.check_clock()
        if not self.searcher.can(cards, target):
            return
        for op, allowed in (("+", kind != NONSUM), ("*", kind != NONPROD)):
            if allowed:
                make = make_sum if op == "+" else make_product
                for found in self._directed(cards, op, target, True):
                    if any(sign for sign, _ in found):
                        yield make([e for s, e in found if s], [e for s, e in found if not s])

    def _directed(self, cards: Cards, op: str, total: Num, multi: bool
                  ) -> Iterator[Collection]:
        """Collections (of two or more terms if `multi`) over all of `cards` worth `total`."""
        if not multi and len(cards) <= LISTING_MEMO:
            yield from self._collections_index(cards, op).get(total, ())
            return
        for block, rest in blocks_with_first(cards):
            if not rest:
                if not multi:
                    yield from self._single(block, op, total)
            elif len(block) <= len(rest):
                yield from self._small_block(block, rest, op, total)
            else:
                yield from self._large_block(block, rest, op, total)

    def _single(self, cards: Cards, op: str, total: Num) -> Iterator[Collection]:
        if op == "+":
            yield from (((True, e),) for e in self.exprs(cards, total, NONSUM))
            yield from (((False, e),) for e in self.exprs(cards, -total, NONSUM))
        else:
            yield from (((True, e),) for e in self.exprs(cards, total, NONPROD))
            if total != 0:
                yield from (((False, e),) for e in self.exprs(cards, quotient(1, total),
                                                              NONPROD))

    def _small_block(self, block: Cards, rest: Cards, op: str, total: Num
                     ) -> Iterator[Collection]:
        """The block listed forward, the rest asked for what is missing."""
        if op == "+":
            for v, e in self.every(block, NONSUM):
                yield from (((True, e), *c) for c in self._directed(rest, op, total - v, False))
                yield from (((False, e), *c) for c in self._directed(rest, op, total + v, False))
            return
        for v, e in self.every(block, NONPROD):
            if v == 0:
                # A zero numerator makes the product zero whatever the rest (never a divisor).
                if total == 0:
                    yield from (((True, e), *c) for _, c in self.collections(rest, op))
                continue
            yield from (((True, e), *c)
                        for c in self._directed(rest, op, quotient(total, v), False))
            yield from (((False, e), *c) for c in self._directed(rest, op, total * v, False))

    def _large_block(self, block: Cards, rest: Cards, op: str, total: Num
                     ) -> Iterator[Collection]:
        """The rest listed forward, the block asked for what is missing."""
        if op == "+":
            for w, c in self.collections(rest, op):
                yield from (((True, e), *c) for e in self.exprs(block, total - w, NONSUM))
                yield from (((False, e), *c) for e in self.exprs(block, w - total, NONSUM))
            return
        for w, c in self.collections(rest, op):
            if w == 0:
                if total == 0:
                    for v, e in self.every(block, NONPROD):
                        yield ((True, e), *c)
                        if v != 0:
                            yield ((False, e), *c)
                continue
            yield from (((True, e), *c) for e in self.exprs(block, quotient(total, w), NONPROD))
            if total != 0:
                yield from (((False, e), *c)
                            for e in self.exprs(block, quotient(w, total), NONPROD))

    # -- forward listings ----------------------------------------------------------------

    def every(self, cards: Cards, kind: int) -> Iterable[tuple[Num, Canon]]:
        """Every (value, canonical expression) of `kind` over all of `cards`."""
        if len(cards) > LISTING_MEMO:
            return self._every_fresh(cards, kind)
        key = (cards, kind)
        found = self._every.get(key)
        if found is None:
            if len(self._every) >= LISTING_CAP:
                self._every.clear()
            found = self._every[key] = list(self._every_fresh(cards, kind))
        return found

    def _every_index(self, cards: Cards, kind: int) -> dict[Num, list[Canon]]:
        key = (cards, kind)
        found = self._every_by_value.get(key)
        if found is None:
            if len(self._every_by_value) >= LISTING_CAP:
                self._every_by_value.clear()
            found = self._every_by_value[key] = {}
            for value, form in self.every(cards, kind):
                found.setdefault(value, []).append(form)
        return found

    def _collections_index(self, cards: Cards, op: str) -> dict[Num, list[Collection]]:
        key = (cards, op)
        found = self._collections_by_value.get(key)
        if found is None:
            if len(self._collections_by_value) >= LISTING_CAP:
                self._collections_by_value.clear()
            found = self._collections_by_value[key] = {}
            for value, c in self.collections(cards, op):
                found.setdefault(value, []).append(c)
        return found

    def _every_fresh(self, cards: Cards, kind: int) -> Iterator[tuple[Num, Canon]]:
        if len(cards) == 1:
            yield cards[0], leaf(cards[0])
            return
        self.searcher.check_clock()
        legal = self.kernel.legal
        for op, allowed in (("+", kind != NONSUM), ("*", kind != NONPROD)):
            if not allowed:
                continue
            make = make_sum if op == "+" else make_product
            for w, c in self._multi(cards, op):
                if any(s for s, _ in c) and legal(w):
                    yield w, make([e for s, e in c if s], [e for s, e in c if not s])

    def collections(self, cards: Cards, op: str) -> Iterable[tuple[Num, Collection]]:
        """Every collection of signed terms (op "+") or factors ("*") over `cards`, valued."""
        if len(cards) > LISTING_MEMO:
            return self._collections_fresh(cards, op)
        key = (cards, op)
        found = self._collections.get(key)
        if found is None:
            if len(self._collections) >= LISTING_CAP:
                self._collections.clear()
            unique = {_collection_key(c): (w, c) for w, c in self._collections_fresh(cards, op)}
            found = self._collections[key] = list(unique.values())
        return found

    def _collections_fresh(self, cards: Cards, op: str) -> Iterator[tuple[Num, Collection]]:
        kind = NONSUM if op == "+" else NONPROD
        for v, e in self.every(cards, kind):
            yield from _extend(op, v, e, None, ())
        yield from self._multi(cards, op)

    def _multi(self, cards: Cards, op: str) -> Iterator[tuple[Num, Collection]]:
        """Collections of two or more terms: the first card's block, then the rest."""
        kind = NONSUM if op == "+" else NONPROD
        for block, rest in blocks_with_first(cards):
            if rest:
                for v, e in self.every(block, kind):
                    for w, c in self.collections(rest, op):
                        yield from _extend(op, v, e, w, c)


def _extend(op: str, v: Num, e: Canon, w: Num | None, c: Collection
            ) -> Iterator[tuple[Num, Collection]]:
    """The collection `c` (value w; None when empty) with term e (value v) added both ways."""
    if op == "+":
        yield (v if w is None else plain(w + v)), ((True, e), *c)
        yield (-v if w is None else plain(w - v)), ((False, e), *c)
        return
    yield (v if w is None else plain(w * v)), ((True, e), *c)
    if v != 0:
        yield quotient(1 if w is None else w, v), ((False, e), *c)


def _collection_key(c: Collection) -> tuple[tuple[bool, str], ...]:
    return tuple(sorted((s, e.text) for s, e in c))


def distinct(forms: Iterator[Canon], limit: int, deadline: float | None = None
             ) -> tuple[list[Canon], bool]:
    """Up to `limit` forms of distinct text, and True when that is all of them (False too
    when the deadline cut the listing short: what was found so far is returned)."""
    seen: dict[str, Canon] = {}
    if deadline is not None and time.perf_counter() > deadline:
        return [], False
    try:
        for count, form in enumerate(forms, 1):
            if form.text not in seen:
                if len(seen) == limit:
                    return list(seen.values()), False
                seen[form.text] = form
            if deadline is not None and not count % TICK and time.perf_counter() > deadline:
                raise OutOfTime
    except OutOfTime:
        return list(seen.values()), False
    return list(seen.values()), True
