"""Mix Match claim parser and checker: notation N3, rulings M3 and M4, bounds, round trips."""

from __future__ import annotations

import time
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.shared.arith import ArithRules
from cardroom.shared.errors import InvalidArgument, MalformedAction
from cardroom.shared.games.mixmatch import (
    MAX_CLAIM_LENGTH,
    MAX_DEPTH,
    BinOp,
    Expr,
    Number,
    check_claim,
    parse_expression,
)

BOOK_TABLE = (12, 24, 7, 2, 6)
NEGATIVE = ArithRules(allow_negative=True)
FRACTIONS = ArithRules(allow_fractions=True)


def test_mixmatch_rulebook_example_2_x_24_uses_two_cards() -> None:
    result = check_claim("2 x 24", BOOK_TABLE, 48)
    assert result.valid and result.reason is None
    assert result.cards == (2, 24)


def test_mixmatch_rulebook_example_24_plus_12_x_2_uses_three_cards() -> None:
    result = check_claim("(24) + (12 x 2)", BOOK_TABLE, 48)
    assert result.valid
    assert sorted(result.cards) == [2, 12, 24]
    assert result.expression == "24+12*2"


@pytest.mark.parametrize("text", ["2*24", "2x24", "2X24", "2×24", " 2 *\t24 ", "(2)*(24)"])
def test_mixmatch_n3_every_multiplication_sign_and_spacing_reads_the_same(text: str) -> None:
    assert parse_expression(text) == BinOp("*", Number(2), Number(24))


@pytest.mark.parametrize("text", ["24/2", "24÷2", "24 ÷ 2"])
def test_mixmatch_n3_division_signs(text: str) -> None:
    assert parse_expression(text) == BinOp("/", Number(24), Number(2))


def test_mixmatch_n3_times_binds_tighter_than_plus() -> None:
    assert parse_expression("1+2*3").value() == 7
    assert parse_expression("(1+2)*3").value() == 9


def test_mixmatch_n3_same_level_groups_from_the_left() -> None:
    assert parse_expression("8-2-1") == BinOp("-", BinOp("-", Number(8), Number(2)), Number(1))
    assert parse_expression("24/6/2").value() == 2


def test_mixmatch_parses_solver_rendering_back() -> None:
    tree = parse_expression("(24+12)*2-1")
    assert tree.value() == 71
    assert tree.cards() == [24, 12, 2, 1]
    assert tree.render() == "(24+12)*2-1"


def test_mixmatch_render_keeps_right_grouping_that_m3_may_judge_differently() -> None:
    # 6+(2-7) breaks M3 (2-7 is negative) while 6+2-7 does not: the brackets must survive.
    tree = parse_expression("6+(2-7)")
    assert tree.render() == "6+(2-7)"
    assert check_claim("6+(2-7)", (6, 2, 7), 1).reason == "2-7 is negative"
    assert check_claim("6+2-7", (6, 2, 7), 1).valid
    assert parse_expression("((6+2))-7").render() == "6+2-7"


@pytest.mark.parametrize(("text", "message"), [
    ("", "syntax error at column 1: expected a number or '(', found end of claim"),
    ("   ", "syntax error at column 4: expected a number or '(', found end of claim"),
    ("2 +", "syntax error at column 4: expected a number or '(', found end of claim"),
    ("+2", "syntax error at column 1: expected a number or '(', found '+'"),
    ("2 * / 24", "syntax error at column 5: expected a number or '(', found '/'"),
    ("-2+50", "syntax error at column 1: expected a number or '(', found '-'"),
    ("()", "syntax error at column 2: expected a number or '(', found ')'"),
    ("2 24", "syntax error at column 3: expected an operator, found '24'"),
    ("2(24)", "syntax error at column 2: expected an operator, found '('"),
    ("(2 24)", "syntax error at column 4: expected an operator or ')', found '24'"),
    ("(2*24", "syntax error at column 6: '(' at column 1 is never closed"),
    ("((2)*24", "syntax error at column 8: '(' at column 1 is never closed"),
    ("2*24)", "syntax error at column 5: ')' has no matching '('"),
    ("2 = 48", "syntax error at column 3: unexpected character '='"),
    ("2 ^ 24", "syntax error at column 3: unexpected character '^'"),
    ("2*24.0", "syntax error at column 5: unexpected character '.'"),
    ("2*٢٤", "syntax error at column 3: unexpected character '٢'"),
    ("1234567890", "syntax error at column 1: number longer than 9 digits"),
])
def test_mixmatch_m4_syntax_errors_name_the_column(text: str, message: str) -> None:
    with pytest.raises(MalformedAction) as err:
        parse_expression(text)
    assert err.value.reason == message
    result = check_claim(text, BOOK_TABLE, 48)
    assert not result.valid and result.reason == message and result.cards == ()


def test_mixmatch_m4_card_not_on_the_table() -> None:
    result = check_claim("9 + 39", BOOK_TABLE, 48)
    assert result.reason == "card 9 is not on the table"
    assert result.cards == (9, 39)


def test_mixmatch_m4_card_used_more_often_than_on_the_table() -> None:
    assert check_claim("2 * 2 * 12", BOOK_TABLE, 48).reason == "2 used twice"
    assert check_claim("2*2*2*6", BOOK_TABLE, 48).reason == "2 used 3 times"
    assert check_claim("2*2*2*6", (2, 2, 6), 48).reason == "2 used 3 times, only 2 on the table"
    assert check_claim("2 * 2 * 12", (2, 2, 12), 48).valid


def test_mixmatch_m4_first_card_problem_in_reading_order() -> None:
    assert check_claim("24+24+9", BOOK_TABLE, 57).reason == "24 used twice"
    assert check_claim("9+24+24", BOOK_TABLE, 57).reason == "card 9 is not on the table"


def test_mixmatch_m4_wrong_result_names_both_numbers() -> None:
    result = check_claim("24 + 12 + 7 + 2", BOOK_TABLE, 48)
    assert result.reason == "result 45, not 48"
    assert result.value == 45 and result.cards == (24, 12, 7, 2)


@pytest.mark.parametrize(("text", "cards", "message"), [
    ("7/2", (7, 2), "7/2 is not whole"),
    ("2-7+53", (2, 7, 53), "2-7 is negative"),
    ("(7-7)+48", (7, 7, 48), "7-7 is zero"),
])
def test_mixmatch_m3_default_steps_must_stay_positive_whole(
        text: str, cards: tuple[int, ...], message: str) -> None:
    assert check_claim(text, cards, 48).reason == message
    with pytest.raises(InvalidArgument) as err:
        parse_expression(text).value()
    assert err.value.reason == message


def test_mixmatch_m3_allow_fractions_accepts_exact_rationals() -> None:
    assert check_claim("7/2*2+41", (7, 2, 2, 41), 48, FRACTIONS).valid
    assert check_claim("7/2*2+41", (7, 2, 2, 41), 48).reason == "7/2 is not whole"
    result = check_claim("7/2", (7, 2), 48, FRACTIONS)
    assert result.reason == "result 7/2, not 48"
    assert result.value == Fraction(7, 2)
    assert result.to_dict()["value"] == "7/2"


def test_mixmatch_m3_allow_negative_accepts_zero_and_below() -> None:
    assert check_claim("2-7+53", (2, 7, 53), 48, NEGATIVE).valid
    assert check_claim("(7-7)+48", (7, 7, 48), 48, NEGATIVE).valid
    assert check_claim("48/(7-7)", (48, 7, 7), 48, NEGATIVE).reason == "48/0 divides by zero"


def test_mixmatch_single_card_equal_to_the_target_is_a_claim() -> None:
    assert check_claim("24", (24, 3), 24).cards == (24,)
    assert check_claim("24", (24, 3), 24).valid


def test_mixmatch_claim_result_to_dict_is_json_ready() -> None:
    assert check_claim("2x24", BOOK_TABLE, 48).to_dict() == {
        "valid": True, "reason": None, "cards": [2, 24], "value": 48, "expression": "2*24"}


def test_mixmatch_bound_nesting_depth_16_accepted_17_refused() -> None:
    assert parse_expression("(" * MAX_DEPTH + "5" + ")" * MAX_DEPTH) == Number(5)
    with pytest.raises(MalformedAction) as err:
        parse_expression("(" * (MAX_DEPTH + 1) + "5" + ")" * (MAX_DEPTH + 1))
    assert err.value.reason == "syntax error at column 17: brackets nested deeper than 16"


def test_mixmatch_bound_length_200_accepted_201_refused() -> None:
    text = "+".join(["1"] * 100)  # 199 characters
    assert len(parse_expression(text + " ").cards()) == 100
    with pytest.raises(MalformedAction) as err:
        parse_expression(text + "  ")
    assert err.value.reason == f"claim too long: 201 characters, at most {MAX_CLAIM_LENGTH}"


@pytest.mark.parametrize("text", [
    "(" * 1_000_000, "9" * 1_000_000, "1+" * 500_000 + "1", "x" * 1_000_000,
])
def test_mixmatch_bound_hostile_claims_refused_fast(text: str) -> None:
    started = time.perf_counter()
    result = check_claim(text, BOOK_TABLE, 48)
    assert time.perf_counter() - started < 0.05
    assert result.reason == f"claim too long: {len(text)} characters, at most 200"


def test_mixmatch_bound_huge_number_within_length_refused_by_digits() -> None:
    text = "9" * 150
    assert check_claim(text, BOOK_TABLE, 48).reason == \
        "syntax error at column 1: number longer than 9 digits"
    # Nine digits is still a number, just not a card here.
    assert check_claim("999999999", BOOK_TABLE, 48).reason == "card 999999999 is not on the table"


def test_mixmatch_long_operator_chain_evaluates_without_deep_recursion_trouble() -> None:
    tree = parse_expression("*".join(["1"] * 100))
    assert tree.value() == 1 and len(tree.cards()) == 100


# -- round trips ------------------------------------------------------------------------------

_OP_SPELLINGS = {"+": ["+"], "-": ["-"], "*": ["*", "x", "X", "×"], "/": ["/", "÷"]}


def _trees(max_leaves: int = 8) -> st.SearchStrategy[Expr]:
    leaves = st.builds(Number, st.integers(1, 99))
    return st.recursive(
        leaves,
        lambda inner: st.builds(BinOp, st.sampled_from("+-*/"), inner, inner),
        max_leaves=max_leaves)


def _verdict(tree: Expr, rules: ArithRules) -> object:
    try:
        return tree.value(rules)
    except InvalidArgument as err:
        return err.reason


def _spelled(tree: Expr, pick: st.DataObject) -> str:
    """The tree written with random operator spellings and spaces (full brackets)."""
    if isinstance(tree, Number):
        return str(tree.card)
    op = pick.draw(st.sampled_from(_OP_SPELLINGS[tree.op]))
    gap = pick.draw(st.sampled_from(["", " ", "  "]))
    return f"({_spelled(tree.left, pick)}{gap}{op}{gap}{_spelled(tree.right, pick)})"


@settings(max_examples=200, deadline=None)
@given(tree=_trees(), negative=st.booleans(), fractions=st.booleans())
def test_mixmatch_rendered_expressions_parse_back_to_the_same_value(
        tree: Expr, negative: bool, fractions: bool) -> None:
    rules = ArithRules(negative, fractions)
    text = tree.render()
    back = parse_expression(text)
    assert back == tree
    assert back.cards() == tree.cards()
    assert _verdict(back, rules) == _verdict(tree, rules)


@settings(max_examples=100, deadline=None)
@given(tree=_trees(max_leaves=6), pick=st.data())
def test_mixmatch_n3_any_spelling_parses_to_the_same_tree(tree: Expr, pick: st.DataObject
                                                          ) -> None:
    assert parse_expression(_spelled(tree, pick)) == tree


@settings(max_examples=100, deadline=None)
@given(tree=_trees(max_leaves=6))
def test_mixmatch_check_claim_agrees_with_the_tree(tree: Expr) -> None:
    value = _verdict(tree, ArithRules())
    target = value if isinstance(value, int) else 48
    result = check_claim(tree.render(), tree.cards(), target)
    assert result.cards == tuple(tree.cards())
    if isinstance(value, int):
        assert result.valid and result.value == value
    else:
        assert not result.valid and result.reason == value
