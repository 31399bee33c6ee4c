"""Bot policies for the three games: random, rule-based heuristics, IS-MCTS, the Mix Match racer.

``get_policy(game, name, **params)`` builds one, ``list_policies(game)`` lists them; a
policy's ``decide(view, events, seed)`` sees only one seat's observation and the events
that seat may see (see cardroom.shared.bots.base and docs/bots.md).
"""

from cardroom.shared.bots.base import Decision, ParamInfo, Policy, PolicyInfo
from cardroom.shared.bots.registry import get_policy, list_policies

__all__ = ["Decision", "ParamInfo", "Policy", "PolicyInfo", "get_policy", "list_policies"]
