"""The scripted rounds of support.livemix_script are legal deals."""

from __future__ import annotations

from support.livemix_script import play, scripted_round

from cardroom.shared.games import livemix


def test_livemix_script_deal_is_a_legal_full_deal() -> None:
    """The helper deals 12 distinct cards per seat and honours the voids it must keep."""
    tricks = [[(0, "H5"), (1, "G2"), (2, "H7"), (3, "H1")]]
    deal = scripted_round(4, tricks)
    hands = deal["hands"]
    assert all(len(hand) == 12 for hand in hands)
    assert len({c for hand in hands for c in hand}) == 48
    assert not [c for c in hands[1] if c.startswith("H")]
    state = livemix.new_game(livemix.Config(players=4), seed=0, deal=deal)
    play(state, tricks)
    assert state.last_trick is not None


def test_livemix_script_three_players_skip_the_removed_colour() -> None:
    """In a 3-player deal the helper never hands out the removed colour."""
    deal = scripted_round(3, [], removed="H")
    assert not [c for hand in deal["hands"] for c in hand if c.startswith("H")]
    livemix.new_game(livemix.Config(players=3, removed_colour="heart"), seed=0, deal=deal)
