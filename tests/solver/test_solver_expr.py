"""Canonical forms and their text: one form per class, legal text, read back by the claim parser."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.shared.arith import OPS, ArithRules
from cardroom.shared.errors import CardroomError
from cardroom.shared.games.mixmatch.claim import BinOp, Number, check_claim, parse_expression
from cardroom.shared.solver.expr import Solution, Tree, canonical, evaluate, steps_value, tree_cards

DEFAULT = ArithRules()
NEGATIVE = ArithRules(allow_negative=True)
FRACTIONS = ArithRules(allow_fractions=True)
BOTH = ArithRules(allow_negative=True, allow_fractions=True)
RULES = [DEFAULT, NEGATIVE, FRACTIONS, BOTH]


def text(tree: Tree) -> str:
    return canonical(tree).text


def trees(max_leaves: int = 6) -> st.SearchStrategy[Tree]:
    leaves = st.integers(min_value=1, max_value=28)
    return st.recursive(leaves, lambda sub: st.tuples(st.sampled_from(OPS), sub, sub),
                        max_leaves=max_leaves)


def test_canonical_regroups_subtraction_chains() -> None:
    assert text(("-", 9, ("-", 5, 2))) == text(("-", ("+", 9, 2), 5)) == "9 + 2 - 5"
    assert text(("-", ("-", 20, 3), 4)) == text(("-", 20, ("+", 4, 3))) == "20 - 4 - 3"


def test_canonical_regroups_division_chains() -> None:
    assert text(("/", 12, ("/", 6, 3))) == text(("/", ("*", 12, 3), 6)) == "12 * 3 / 6"
    assert text(("/", ("/", 24, 2), 3)) == text(("/", 24, ("*", 3, 2))) == "24 / 3 / 2"


def test_canonical_orders_operands_of_plus_and_times() -> None:
    assert text(("+", 3, 5)) == text(("+", 5, 3)) == "5 + 3"
    assert text(("*", ("*", 2, 7), 4)) == text(("*", 4, ("*", 7, 2))) == "7 * 4 * 2"
    # Larger value first, so a product worth more than a card leads the sum.
    assert text(("+", 2, ("*", 3, 4))) == "4 * 3 + 2"


def test_canonical_brackets_only_sums_inside_products() -> None:
    assert text(("*", ("+", 2, 3), 4)) == "(3 + 2) * 4"
    assert text(("/", ("+", 10, 4), ("-", 9, 2))) == "(10 + 4) / (9 - 2)"
    assert text(("-", 10, ("*", 2, 3))) == "10 - 3 * 2"


def test_canonical_keeps_times_one_and_over_one_apart() -> None:
    assert text(("*", 7, 1)) != text(("/", 7, 1))


def test_canonical_keeps_signs_inside_products() -> None:
    # (a-b)*c and (b-a)*c agree in value only up to sign rules: two forms.
    assert text(("*", ("-", 2, 5), 3)) != text(("*", ("-", 5, 2), 3))


def test_solution_from_tree_rejects_an_illegal_tree() -> None:
    with pytest.raises(CardroomError):
        Solution.from_tree(("-", 2, 5), DEFAULT)


def test_solution_to_dict_writes_fractions_as_text() -> None:
    solution = Solution.from_tree(("/", 7, 2), FRACTIONS)
    assert solution.to_dict() == {"expression": "7/2", "cards": [2, 7], "value": "7/2"}
    assert solution.value == F(7, 2)


@pytest.mark.parametrize("rules", RULES, ids=["default", "negative", "fractions", "both"])
@settings(max_examples=300, deadline=None)
@given(tree=trees())
def test_m3_canonical_text_is_legal_whenever_the_tree_is(rules: ArithRules, tree: Tree) -> None:
    value = evaluate(tree, rules)
    if value is None:
        return
    form = canonical(tree)
    assert form.value == value
    assert steps_value(form, rules) == value
    assert form.cards() == tree_cards(tree)


@pytest.mark.parametrize("rules", RULES, ids=["default", "negative", "fractions", "both"])
@settings(max_examples=200, deadline=None)
@given(tree=trees())
def test_n3_solution_text_parses_back_to_its_value_and_cards(rules: ArithRules,
                                                             tree: Tree) -> None:
    value = evaluate(tree, rules)
    if value is None:
        return
    solution = Solution.from_tree(tree, rules)
    parsed = parse_expression(solution.expression)
    assert parsed.value(rules) == value == solution.value
    assert Counter(parsed.cards()) == Counter(solution.cards)
    if isinstance(value, int):  # dice targets are whole
        assert check_claim(solution.expression, solution.cards, value, rules).valid


@settings(max_examples=200, deadline=None)
@given(tree=trees(), other=trees())
def test_canonical_text_is_one_per_class(tree: Tree, other: Tree) -> None:
    # Same text means same class: the parsed text has the same canonical form again.
    if evaluate(tree, BOTH) is None or evaluate(other, BOTH) is None:
        return  # division by zero: no value, no form
    form = canonical(tree)
    assert canonical(_as_tree(parse_expression(form.text))).text == form.text
    if canonical(other).text == form.text:
        assert tree_cards(other) == tree_cards(tree)


def _as_tree(node: object) -> Tree:
    if isinstance(node, Number):
        return node.card
    assert isinstance(node, BinOp)
    return (node.op, _as_tree(node.left), _as_tree(node.right))
