"""The solver's set kernels say exactly what cardroom.shared.arith.combine says (ruling M3)."""

from __future__ import annotations

from fractions import Fraction as F
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.solver_reference import values_by_subset

from cardroom.shared.arith import OPS, ArithRules, Num, combine
from cardroom.shared.solver.kernels import Integers, PositiveInts, Rationals, kernel_for

DEFAULT = ArithRules()
NEGATIVE = ArithRules(allow_negative=True)
FRACTIONS = ArithRules(allow_fractions=True)
BOTH = ArithRules(allow_negative=True, allow_fractions=True)

#: Legal values under each rule set, zero and signs included where allowed.
POOLS: dict[ArithRules, list[Num]] = {
    DEFAULT: list(range(1, 25)),
    NEGATIVE: list(range(-12, 13)),
    FRACTIONS: [*range(1, 13), F(1, 2), F(3, 2), F(2, 3), F(7, 4), F(5, 6), F(1, 12)],
    BOTH: [*range(-6, 7), F(1, 2), F(-3, 2), F(2, 3), F(-7, 4), F(5, 6)],
}
RULES = list(POOLS)
IDS = ["default", "negative", "fractions", "both"]


def every_result(xs: set[Num], ys: set[Num], rules: ArithRules) -> set[Num]:
    """What combine() allows from one value of each set, either way round."""
    out = set()
    for x, y, op in product(xs, ys, OPS):
        for value in (combine(op, x, y, rules), combine(op, y, x, rules)):
            if value is not None:
                out.add(value)
    return out


def value_sets(rules: ArithRules) -> st.SearchStrategy[set[Num]]:
    return st.sets(st.sampled_from(POOLS[rules]), min_size=1, max_size=7)


def test_m3_kernel_for_picks_the_kernel_of_each_rule_set() -> None:
    assert isinstance(kernel_for(DEFAULT), PositiveInts)
    assert isinstance(kernel_for(NEGATIVE), Integers)
    assert isinstance(kernel_for(FRACTIONS), Rationals)
    assert isinstance(kernel_for(BOTH), Rationals)


@pytest.mark.parametrize("rules", RULES, ids=IDS)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_m3_kernel_forward_is_every_combine_result(rules: ArithRules, data: st.DataObject
                                                   ) -> None:
    xs, ys = data.draw(value_sets(rules)), data.draw(value_sets(rules))
    assert kernel_for(rules).forward(xs, sorted(ys)) == every_result(xs, ys, rules)


@pytest.mark.parametrize("rules", RULES, ids=IDS)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_m3_kernel_meet_is_membership_in_combine_results(rules: ArithRules,
                                                         data: st.DataObject) -> None:
    xs, ys = data.draw(value_sets(rules)), data.draw(value_sets(rules))
    results = every_result(xs, ys, rules)
    kernel = kernel_for(rules)
    candidates: set[Num] = {*POOLS[rules], *list(results)[:10], 0, -1, 144, F(9, 2)}
    for target in [t for t in candidates if kernel.legal(t)]:  # the search asks legal ones
        assert kernel.meet(xs, ys, target) == (target in results), target


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_m3_kernel_inverses_name_every_partner(rules: ArithRules) -> None:
    kernel = kernel_for(rules)
    pool = POOLS[rules]
    for x, y, op in product(pool, pool, OPS):
        for target in (combine(op, x, y, rules), combine(op, y, x, rules)):
            if target is not None:
                assert kernel.absorbs(target, x) or y in kernel.inverses(target, x), (x, op, y)


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_m3_kernel_inverses_name_only_partners(rules: ArithRules) -> None:
    kernel = kernel_for(rules)
    pool = POOLS[rules]
    for x, target in product(pool, pool):
        for y in kernel.inverses(target, x):
            if not kernel.legal(y):
                continue
            made = {combine(op, a, b, rules) for op in OPS for a, b in ((x, y), (y, x))}
            assert target in made, (x, y, target)


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_m3_kernel_absorbs_only_when_every_partner_works(rules: ArithRules) -> None:
    kernel = kernel_for(rules)
    pool = POOLS[rules]
    for x, target in product(pool, pool):
        if kernel.absorbs(target, x):
            for y in pool:
                made = {combine(op, a, b, rules) for op in OPS for a, b in ((x, y), (y, x))}
                assert target in made, (x, y, target)


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_m3_kernel_legal_agrees_with_combine(rules: ArithRules) -> None:
    kernel = kernel_for(rules)
    for x, y, op in product(POOLS[rules], POOLS[rules], OPS):
        value = combine(op, x, y, rules)
        if value is not None:
            assert kernel.legal(value), (x, op, y)
    assert kernel.legal(F(1, 2)) == rules.allow_fractions
    assert kernel.legal(-3) == rules.allow_negative


@pytest.mark.parametrize("rules", [DEFAULT, NEGATIVE, FRACTIONS], ids=IDS[:3])
@pytest.mark.parametrize("cards", [(1, 1, 2), (2, 3, 7), (1, 5, 5, 9), (3, 4, 6, 28)])
def test_m3_kernel_bound_never_rejects_a_value_the_cards_make(rules: ArithRules,
                                                               cards: tuple[int, ...]) -> None:
    kernel = kernel_for(rules)
    made = values_by_subset(cards, rules)[(1 << len(cards)) - 1]
    assert all(kernel.possible(cards, value) for value in made)
    assert not kernel.possible(cards, 10 ** 9)
