"""The rule-based bots on scripted tricks: they read the rules that decide a trick."""

from __future__ import annotations

from support.bot_inputs import seat_inputs

from cardroom.shared.bots import get_policy
from cardroom.shared.games import livemix, vivo

LIVEMIX_CIRCLE = ["B:7", "A:heart", "A:gem", "A:flower", "A:moon", "B:1", "B:4", "B:10",
                  "C:3", "C:6", "C:9", "C:12"]


def _livemix(hands: list[list[str]], plays: list[str]) -> tuple[livemix.State, list[dict]]:
    state = livemix.new_game(livemix.Config(players=4), seed=1,
                             deal={"hands": hands, "circle": LIVEMIX_CIRCLE})
    events = state.opening_events()
    for card in plays:
        events += state.apply_action(card)
    return state, events


def _deal(fixed: list[list[str]], letters: str, safe: str) -> list[list[str]]:
    """Hands holding the `fixed` cards, topped up to 12: seat 3 only from the colours or
    suits in `safe` (so its legal cards are the fixed ones), the others from the rest."""
    used = {c for hand in fixed for c in hand}
    cards = [f"{c}{v}" for c in letters for v in range(1, 13) if f"{c}{v}" not in used]
    spare = [c for c in cards if c[0] in safe]
    hands = [list(h) for h in fixed]
    while len(hands[3]) < 12:
        hands[3].append(spare.pop())
    pool = [c for c in cards if c[0] not in safe] + spare
    for hand in hands[:3]:
        while len(hand) < 12:
            hand.append(pool.pop())
    return hands


def test_livemix_heuristic_l5_ducks_when_its_one_would_beat_the_twelve():
    # Heart lead, the H12 in the trick: seat 3's H1 would count 13 and win an unwanted
    # Member (B:7 matches none of the trick), so it plays its H5 under the 12.
    tricks = ["H12", "H10", "H11"]
    hands = _deal([["H12"], ["H10"], ["H11"], ["H1", "H5"]], "HGFM", "GFM")
    state, events = _livemix(hands, tricks)
    _, view, seen = seat_inputs(state, events)
    assert sorted(view["legal_actions"]) == ["H1", "H5"]
    assert get_policy("livemix", "heuristic").decide(view, seen, 0).action == "H5"


def test_livemix_heuristic_sheds_its_one_when_no_twelve_makes_it_count_thirteen():
    tricks = ["H2", "H10", "H11"]
    hands = _deal([["H2", "H12"], ["H10"], ["H11"], ["H1", "H5"]], "HGFM", "GFM")
    state, events = _livemix(hands, tricks)
    _, view, seen = seat_inputs(state, events)
    assert get_policy("livemix", "heuristic").decide(view, seen, 0).action == "H1"


def test_vivo_heuristic_last_player_takes_lowest_with_the_highest_rank_that_stays_lowest():
    # DUET complete with red and green: seat 3 must play red; R8 stays under R9, G11 and
    # R10 and scores 8 face up (V5), better than R3 (3) or R12 (highest, 2).
    full = _deal([["R9"], ["G11"], ["R10"], ["R3", "R8", "R12"]], "RGBY", "BY")
    harmonies = ["DUET", "SOLO", "TRIO", "QUARTET", "SOLO", "DUET", "TRIO", "QUARTET",
                 "SOLO", "DUET", "TRIO", "QUARTET"]
    state = vivo.new_game(vivo.Config(players=4), seed=1,
                          deal={"hands": full, "harmonies": harmonies})
    events = state.opening_events()
    for card in ("R9", "G11", "R10"):
        events += state.apply_action(card)
    _, view, seen = seat_inputs(state, events)
    assert {"R3", "R8", "R12"} <= set(view["legal_actions"])
    decision = get_policy("vivo", "heuristic").decide(view, seen, 0)
    assert decision.action == "R8"
