"""The guided search: IS-MCTS exactly when its prior is off, the prior steering it as it
should, its budget kept, and its statistics consistent."""

from __future__ import annotations

import pytest
from support.bot_inputs import play_to, seat_inputs
from support.cpu import cpu_spent

from cardroom.shared.bots import get_policy

GAMES = ["livemix", "vivo"]


def _points(game: str, count: int) -> list[tuple[dict, list[dict]]]:
    """(view, visible events) at decision points with a real choice."""
    found = []
    for seed in range(60):
        state, events = play_to(game, 4, seed, 2 + 7 * seed % 40)
        if state.is_terminal() or len(state.legal_actions()) < 3:
            continue
        _seat, view, seen = seat_inputs(state, events)
        found.append((view, seen))
        if len(found) == count:
            return found
    raise AssertionError(f"fewer than {count} decision points")


@pytest.mark.parametrize("game", GAMES)
def test_guided_with_no_prior_is_todays_ismcts(game):
    # The same tree, draws and playouts: with the prior off it makes IS-MCTS's moves with
    # IS-MCTS's statistics, so whatever the tournaments measure comes from the prior.
    plain = get_policy(game, "ismcts", iterations=200)
    off = get_policy(game, "guided", iterations=200, prior_weight=0.0)
    on = get_policy(game, "guided", iterations=200)
    differs = 0
    for i, (view, seen) in enumerate(_points(game, 4)):
        expected = plain.decide(view, seen, i)
        got = off.decide(view, seen, i)
        assert (got.action, got.evaluation) == (expected.action, expected.evaluation)
        differs += on.decide(view, seen, i).evaluation != expected.evaluation
    assert differs >= 3


@pytest.mark.parametrize("game", GAMES)
def test_guided_prior_steers_the_first_iterations_to_the_rule_based_choice(game):
    # One iteration more than there are legal cards: each root child is tried once, and
    # with a heavy prior the extra one goes to the rule-based bot's card (whose prior is
    # 1), so it ends with the most visits. Without the prior it is no more likely to.
    steered = 0
    for i, (view, seen) in enumerate(_points(game, 6)):
        legal = view["legal_actions"]
        rule = get_policy(game, "heuristic", mistakes=0.0).decide(view, seen, i)
        ranked = sorted(rule.evaluation["scores"].values())
        if (ranked[-1] - ranked[-2]) < 0.01 * (ranked[-1] - ranked[0]) + 1e-3:
            continue  # nearly a tie: no single favourite to steer to
        guided = get_policy(game, "guided", iterations=len(legal) + 1, prior_weight=1000.0)
        decision = guided.decide(view, seen, i)
        assert decision.action == rule.action
        assert decision.evaluation["visits"][rule.action] == 2
        steered += 1
    assert steered >= 3


@pytest.mark.parametrize("game", GAMES)
def test_guided_reports_visits_that_sum_to_its_iterations(game):
    view, seen = _points(game, 1)[0]
    decision = get_policy(game, "guided", iterations=300).decide(view, seen, 5)
    assert decision.iterations == 300
    assert sum(decision.evaluation["visits"].values()) == 300
    assert set(decision.evaluation["visits"]) == set(view["legal_actions"])
    assert decision.evaluation["visits"][decision.action] == max(
        decision.evaluation["visits"].values())


@pytest.mark.parametrize("game", GAMES)
def test_guided_keeps_its_cpu_time_budget(game):
    view, seen = _points(game, 1)[0]
    policy = get_policy(game, "guided", iterations=1_000_000, time_ms=40, cpu_time=1)
    with cpu_spent() as spent:
        decision = policy.decide(view, seen, 1)
    assert 0 < decision.iterations < 1_000_000
    assert decision.action in view["legal_actions"]
    # The rule-based prior is read within the budget too (well under a millisecond).
    assert spent.total * 1000 > 20 and spent.own * 1000 < 40 + 10
