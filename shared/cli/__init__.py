"""The `cardroom` terminal app: play, watch, replay, list matches, solve boards (see docs/cli.md).

Modules: main (the command line), play and player (a match at the terminal), watch (live
and replays), lobby (matches, policies), solve (solve, verify), moves (what a typed line
means), render (each game drawn with rich).
"""
