"""Mix Match setup: options (M1-M3, M5, M7), the deck and dice (M1, M2), explicit deals."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from cardroom.shared.arith import ArithRules
from cardroom.shared.errors import InvalidArgument, InvalidConfig, InvalidDeal
from cardroom.shared.games.mixmatch import Config, new_game, stacked_deal
from cardroom.shared.games.mixmatch.config import BLACK_DIE, DEFAULT_DECK, TENS_DIE, UNITS_DIE


def test_mixmatch_m1_default_deck_is_1_to_28_twice() -> None:
    assert len(DEFAULT_DECK) == 56
    assert Counter(DEFAULT_DECK) == {number: 2 for number in range(1, 29)}
    assert Config().full_deck() == DEFAULT_DECK


def test_mixmatch_m1_a_match_may_supply_its_own_deck() -> None:
    config = Config.from_dict({"deck": [5, 3, 9, 9, 1, 2]})
    assert config.full_deck() == (1, 2, 3, 5, 9, 9)
    state = new_game(config, seed=3)
    held = state.observation(None)["table"]
    assert len(held) == 5 and Counter(held) <= Counter(config.full_deck())


def test_mixmatch_m2_default_dice_faces() -> None:
    config = Config()
    assert config.tens_die == TENS_DIE == (20, 30, 40, 50, 60, 70)
    assert config.units_die == UNITS_DIE == (3, 4, 5, 6, 7, 8)
    assert config.black_die == BLACK_DIE == (60, 70, 80, 90, 100, 110)
    assert config.big_die == TENS_DIE


def test_mixmatch_m2_target_is_tens_die_plus_units_die() -> None:
    seen = set()
    for seed in range(60):
        view = new_game(Config(), seed=seed).observation(None)
        tens, units = view["dice"]
        assert tens in TENS_DIE and units in UNITS_DIE
        assert view["target"] == tens + units
        seen.add(tens)
    assert seen == set(TENS_DIE)


def test_mixmatch_m2_dice_faces_are_configurable() -> None:
    config = Config.from_dict({"tens_die": [10], "units_die": [1, 2]})
    targets = {new_game(config, seed=seed).target for seed in range(30)}
    assert targets == {11, 12}


def test_mixmatch_m3_options_make_the_arith_rules() -> None:
    assert Config().rules == ArithRules()
    config = Config.from_dict({"allow_negative": True, "allow_fractions": True})
    assert config.rules == ArithRules(allow_negative=True, allow_fractions=True)


def test_mixmatch_m5_hourglass_defaults_to_60_seconds() -> None:
    assert Config().hourglass_seconds == 60.0
    assert Config.from_dict({"hourglass_seconds": 0}).hourglass_seconds == 0.0


def test_mixmatch_config_round_trips_through_dict() -> None:
    config = Config.from_dict({
        "players": 4, "hourglass_seconds": 12.5, "deck": [1, 2, 3, 4, 5, 6, 7, 8],
        "younger_players": True, "own_cards": True, "youngest_seat": 3, "faster": True,
        "harder": True, "allow_negative": True})
    assert Config.from_dict(config.to_dict()) == config
    assert config.variants == [1, 2, 3, 4]
    assert Config.from_dict(Config().to_dict()) == Config()


@pytest.mark.parametrize(("options", "field"), [
    ({"players": 0}, "players"),
    ({"players": 9}, "players"),
    ({"players": "2"}, "players"),
    ({"players": True}, "players"),
    ({"hourglass_seconds": -1}, "hourglass_seconds"),
    ({"hourglass_seconds": float("inf")}, "hourglass_seconds"),
    ({"hourglass_seconds": "60"}, "hourglass_seconds"),
    ({"deck": []}, "deck"),
    ({"deck": [1, 2, 3, 4, 0]}, "deck"),
    ({"deck": [1, 2, 3, 4]}, "deck"),
    ({"deck": "1-28"}, "deck"),
    ({"deck": [1, 2, 3, 4, 5.0]}, "deck"),
    ({"tens_die": []}, "tens_die"),
    ({"units_die": [0]}, "units_die"),
    ({"harder": 1}, "harder"),
    ({"youngest_seat": 2}, "youngest_seat"),
    ({"variant": 2}, "variant"),
    ({"own_cards": True, "players": 4, "deck": [1, 2, 3, 4, 5]}, "deck"),
    ({"younger_players": True, "deck": [1, 2, 3, 4, 16, 17, 18]}, "deck"),
])
def test_mixmatch_config_refuses_bad_options(options: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidConfig) as err:
        Config.from_dict(options)
    assert err.value.field == field
    assert err.value.reason


def test_mixmatch_config_refuses_a_non_object() -> None:
    with pytest.raises(InvalidConfig):
        Config.from_dict([("players", 2)])  # type: ignore[arg-type]


def test_mixmatch_stacked_deal_puts_chosen_cards_on_top() -> None:
    deal = stacked_deal(Config(), [12, 24, 12], [(40, 8)])
    assert deal["deck"][:5] == [12, 24, 12, 1, 1] and len(deal["deck"]) == 56
    assert deal["rolls"] == [[40, 8]]
    assert "rolls" not in stacked_deal(Config(), [])
    with pytest.raises(InvalidDeal):
        stacked_deal(Config(), [12, 12, 12])


def test_mixmatch_deal_fixes_deck_order_and_rolls() -> None:
    config = Config()
    deal = stacked_deal(config, [12, 24, 7, 2, 6, 28], [(40, 8), (20, 3)])
    state = new_game(config, deal=deal)
    view = state.observation(None)
    assert view["table"] == [12, 24, 7, 2, 6]
    assert view["dice"] == [40, 8] and view["target"] == 48
    assert view["deck_size"] == 51


def test_mixmatch_deal_rolls_start_over_when_rounds_outnumber_them() -> None:
    config = Config(hourglass_seconds=0)
    state = new_game(config, deal=stacked_deal(config, [1, 2, 3, 4, 5], [(20, 3), (30, 4)]))
    targets = [state.target]
    for _ in range(4):  # every seat out: the round ends, a new one rolls
        state.apply_action("claim 1", 0)
        state.apply_action("claim 1", 1)
        targets.append(state.target)
    assert targets == [23, 34, 23, 34, 23]


def test_mixmatch_deal_without_rolls_takes_the_dice_from_the_seed() -> None:
    config = Config()
    deal = stacked_deal(config, [12, 24, 7, 2, 6])
    for seed in (1, 2, 3):
        dealt = new_game(config, seed=seed, deal=deal)
        assert dealt.observation(None)["table"] == [12, 24, 7, 2, 6]
        assert dealt.target == new_game(config, seed=seed).target


def test_mixmatch_deal_without_deck_shuffles_from_the_seed() -> None:
    config = Config()
    dealt = new_game(config, seed=9, deal={"rolls": [[70, 8]]})
    assert dealt.observation(None)["table"] == new_game(config, seed=9).observation(None)["table"]
    assert dealt.target == 78


def test_mixmatch_same_seed_same_game_other_seed_other_deck() -> None:
    first = new_game(Config(), seed=11).to_json()
    assert new_game(Config(), seed=11).to_json() == first
    assert new_game(Config(), seed=12).to_json()["deck"] != first["deck"]


@pytest.mark.parametrize(("deal", "reason"), [
    ([1, 2], "a deal must be an object with 'deck' and/or 'rolls'"),
    ({"hands": []}, "unknown deal key 'hands'"),
    ({"deck": "12 24"}, "the deal's deck must be a list of card numbers"),
    ({"deck": list(range(1, 29))}, "the deal's deck has 28 cards, the match's deck has 56"),
    ({"deck": [1] * 3 + list(range(2, 28)) * 2 + [28]},
     "card 1 is in the deal's deck 3 times, in the match's deck 2 times"),
    ({"rolls": []}, "the deal's rolls must be a list of 1 to 1000 pairs"),
    ({"rolls": [[40]]}, "roll 1 must be a pair of die faces"),
    ({"rolls": [[40, 8], [75, 3]]}, "roll 2: 75 is not a face of the tens die"),
    ({"rolls": [[40, 9]]}, "roll 1: 9 is not a face of the units die"),
])
def test_mixmatch_bad_deal_says_why(deal: Any, reason: str) -> None:
    with pytest.raises(InvalidDeal) as err:
        new_game(Config(), deal=deal)
    assert err.value.reason == reason


def test_mixmatch_m7_v4_deal_rolls_use_the_black_die() -> None:
    with pytest.raises(InvalidDeal) as err:
        new_game(Config(harder=True), deal={"rolls": [[40, 8]]})
    assert err.value.reason == "roll 1: 40 is not a face of the black die"
    assert new_game(Config(harder=True), deal={"rolls": [[110, 8]]}).target == 118


def test_mixmatch_m7_v1_deal_must_match_the_reduced_deck() -> None:
    with pytest.raises(InvalidDeal):
        new_game(Config(younger_players=True), deal={"deck": list(DEFAULT_DECK)})
    deck = [card for card in DEFAULT_DECK if card <= 15]
    assert new_game(Config(younger_players=True), deal={"deck": deck}).observation(0)["table"] \
        == deck[:5]


@pytest.mark.parametrize("seed", ["7", 1.5, True])
def test_mixmatch_seed_must_be_whole(seed: Any) -> None:
    with pytest.raises(InvalidArgument):
        new_game(Config(), seed=seed)


def test_mixmatch_new_game_needs_a_mixmatch_config_or_its_options() -> None:
    """A mapping of options is read as Config.from_dict would; anything else is refused."""
    expected = new_game(Config(players=2), seed=4).to_json()
    assert new_game({"players": 2}, seed=4).to_json() == expected
    with pytest.raises(InvalidConfig):
        new_game({"players": 99})
    for wrong in ([("players", 2)], "players=2", 2, None):
        with pytest.raises(InvalidArgument) as err:
            new_game(wrong)  # type: ignore[arg-type]
        assert err.value.field == "config"
