"""The player service (cardroom.v1.PlayerService): guests and app players, a player's
matches, rejoining and resigning by the player's credential, ratings (OpenSkill's
Plackett-Luce) and leaderboards. It has no process of its own: every match replica serves
it beside the match service, on the same Redis (services/match/server.py; docs/players.md).
"""
