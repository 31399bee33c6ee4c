"""The one Mix Match grammar (N3, M4, M8): blanks, digits, leading zeros, action words."""

from __future__ import annotations

import re

import pytest
from support.paths import ROOT

from cardroom.shared.errors import MalformedAction
from cardroom.shared.games import registry
from cardroom.shared.games.mixmatch import Action, Config, new_game, parse_action, parse_expression
from cardroom.shared.games.mixmatch.deal import stacked_deal

DOCS = ROOT / "docs" / "rules" / "mixmatch.md"

#: Every character the old parser took for a blank though the docs name only space and tab.
NOT_BLANKS = ["\n", "\r", "\v", "\f", "\u00a0", "\u2003", "\u001c", "\u3000", "\u2028"]


@pytest.mark.parametrize("blank", NOT_BLANKS)
def test_only_space_and_tab_are_blanks(blank: str) -> None:
    with pytest.raises(MalformedAction) as err:
        parse_expression(f"2{blank}*24")
    assert err.value.reason.startswith("syntax error at column 2: unexpected character ")
    assert f"(U+{ord(blank):04X})" in err.value.reason


@pytest.mark.parametrize("text", ["2 * 24", "2\t*\t24", " \t2*24\t ", "2*24"])
def test_space_and_tab_are_blanks_anywhere_between_tokens(text: str) -> None:
    assert parse_expression(text).render() == "2*24"


@pytest.mark.parametrize(("text", "reason"), [
    ("024*02", "syntax error at column 1: number '024' has a leading zero"),
    ("2*024", "syntax error at column 3: number '024' has a leading zero"),
    ("00", "syntax error at column 1: number '00' has a leading zero"),
    ("0", "syntax error at column 1: 0 is not a card number (numbers start with 1 to 9)"),
    ("2 x 0", "syntax error at column 5: 0 is not a card number (numbers start with 1 to 9)"),
    ("0x10", "syntax error at column 2: unexpected character 'x' after '0': numbers are "
             "plain decimal, with no prefix"),
    ("3+0b11", "syntax error at column 4: unexpected character 'b' after '0': numbers are "
               "plain decimal, with no prefix"),
])
def test_numbers_have_no_leading_zero_and_no_prefix(text: str, reason: str) -> None:
    with pytest.raises(MalformedAction) as err:
        parse_expression(text)
    assert err.value.reason == reason


def test_numbers_with_inner_and_trailing_zeros_are_plain_decimal() -> None:
    assert parse_expression("10x100+2").render() == "10*100+2"


@pytest.mark.parametrize("digit", ["\u0661", "\u06f1", "\u0967", "\uff11", "\U0001d7cf"])
def test_only_ascii_digits_make_numbers(digit: str) -> None:
    with pytest.raises(MalformedAction) as err:
        parse_expression(f"2*{digit}")
    assert err.value.reason.startswith("syntax error at column 3: unexpected character ")


@pytest.mark.parametrize(("action", "parsed"), [
    ("claim 2 x 24", Action("claim", text="2 x 24")),
    ("claim@3 2*24", Action("claim", round=3, text="2*24")),
    ("claim ", Action("claim", text="")),
    ("pick 12", Action("pick", card=12)),
    ("pass", Action("pass")),
    ("timeout", Action("timeout")),
])
def test_action_words(action: str, parsed: Action) -> None:
    assert parse_action(action) == parsed


@pytest.mark.parametrize("action", [
    "claim", "claim@1", "claim@", "claim@01 2", "claim@\u0661 24*2", "claim@1x 2",
    "pick \u0661\u0662", "pick 012", "pick 0", "pick", "pick ", "pick 1 ", "pick\t1",
    "pick 1234567890", "claim@1234567890 2", "Claim 2", "claim\t2", "pass ", "timeout\n", "",
])
def test_malformed_actions_are_refused(action: str) -> None:
    with pytest.raises(MalformedAction):
        parse_action(action)


def _own_cards_game() -> object:
    config = Config.from_dict({"players": 2, "own_cards": True, "hourglass_seconds": 0})
    deal = stacked_deal(config, [12, 24, 7, 2], [[40, 8]])
    return new_game(config, 1, deal)


def test_engine_refuses_a_pick_in_other_digits_and_keeps_the_state() -> None:
    state = _own_cards_game()
    before = state.to_json()  # type: ignore[attr-defined]
    for action in ("pick \u0661\u0662", "pick 012"):
        with pytest.raises(MalformedAction):
            state.apply_action(action, 0, 1.0)  # type: ignore[attr-defined]
    assert state.to_json() == before  # type: ignore[attr-defined]
    events = state.apply_action("pick 12", 0, 1.0)  # type: ignore[attr-defined]
    assert events[0] == {"type": "card_picked", "round": 1, "seat": 0, "card": 12}


def test_engine_refuses_a_round_tag_in_other_digits() -> None:
    config = Config.from_dict({"players": 2, "hourglass_seconds": 0})
    state = new_game(config, 1, stacked_deal(config, [12, 24, 7, 2, 6], [[40, 8]]))
    with pytest.raises(MalformedAction):
        state.apply_action("claim@\u0661 24*2", 0, 1.0)
    assert state.observation(None)["out"] == [False, False]
    assert state.apply_action("claim@1 24*2", 0, 1.0)[0]["type"] == "claim_accepted"


def test_docs_write_the_grammar_once_in_ebnf() -> None:
    text = DOCS.read_text()
    blocks = re.findall(r"```ebnf\n(.*?)```", text, re.S)
    assert len(blocks) == 1
    grammar = blocks[0]
    for rule in ("action", "claim", "pick", "expression", "term", "factor", "number",
                 "blank"):
        assert re.search(rf"^{rule}\s+=", grammar, re.M), rule


def test_an_untagged_claim_gets_the_round_it_was_found_for() -> None:
    info = registry.info("mixmatch")
    assert info.tag_round("claim 3*4", 2) == "claim@2 3*4"
    assert info.tag_round("claim@1 3*4", 2) == "claim@1 3*4"
    assert info.tag_round("pick 7", 2) == "pick 7"
    assert info.round_bound("claim@2 3*4") and info.round_bound("claim 3*4")
    assert not info.round_bound("pick 7")
