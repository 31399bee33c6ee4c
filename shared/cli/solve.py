"""`cardroom solve` and `cardroom verify`: Mix Match boards through the solver service."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.text import Text

from cardroom.shared.client.types import Solution, SolveResult, Verdict

from .app import App
from .render.common import count


def add_parsers(commands: Any, common: argparse.ArgumentParser) -> None:
    """The solve and verify subcommands."""
    solve = commands.add_parser(
        "solve", parents=[common], help="the best solution of a Mix Match board",
        description="Ask the solver for the claim that reaches the target with the most cards: "
                    "+ - * / and brackets over the cards' numbers, each card at most once.",
        epilog="example: cardroom solve 12 24 7 2 6 --target 48")
    solve.add_argument("cards", nargs="+", type=int, metavar="CARD", help="the cards' numbers")
    solve.add_argument("--target", "-t", type=int, required=True, help="the dice total")
    solve.add_argument("--all", action="store_true",
                       help="list every optimal solution (those using the most cards)")
    solve.add_argument("--limit", type=int, default=1000,
                       help="list at most this many with --all (default 1000)")
    _rules_and_json(solve)
    solve.set_defaults(run=run_solve)
    verify = commands.add_parser(
        "verify", parents=[common], help="check a claim against a Mix Match board",
        description="Judge a claim (+ - * / and brackets over the cards' numbers, each card at "
                    "most once) against the cards and the target.",
        epilog="example: cardroom verify '24+12*2' 12 24 7 2 6 --target 48")
    verify.add_argument("expression", help="the claim, e.g. '(24+12)*2'")
    verify.add_argument("cards", nargs="+", type=int, metavar="CARD", help="the cards' numbers")
    verify.add_argument("--target", "-t", type=int, required=True, help="the dice total")
    _rules_and_json(verify)
    verify.set_defaults(run=run_verify)


def _rules_and_json(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--allow-negative", action="store_true",
                        help="allow zero and negative intermediate results (by default every step "
                             "must be a positive whole number)")
    parser.add_argument("--allow-fractions", action="store_true",
                        help="allow exact fractional intermediate results")
    parser.add_argument("--json", action="store_true", help="print the answer as JSON")


def run_solve(app: App, args: argparse.Namespace) -> int:
    """Solve the board and print the answer."""
    result = app.room.solver.solve(args.cards, args.target, allow_negative=args.allow_negative,
                                   allow_fractions=args.allow_fractions,
                                   optimal_limit=max(0, args.limit) if args.all else 0)
    if args.json:
        print(json.dumps(solve_json(args.cards, args.target, result, args.all), indent=2))
        return 0 if result.solution else 1
    if result.solution is None:
        proof = "no solution" if result.proven else "no solution found in time"
        app.console.print(Text(f"{args.target}: {proof} with {_numbers(args.cards)}",
                               style="bold red"))
        return 1
    app.console.print(Text.assemble((f"{args.target} = ", "bold"),
                                    (result.solution.expression, "bold green")))
    app.console.print(_usage(result, len(args.cards)))
    if args.all:
        _print_all(app, result)
    return 0


def _usage(result: SolveResult, card_count: int) -> Text:
    assert result.solution is not None
    used = _numbers(result.solution.cards)
    if result.cards_used == card_count:
        every = "the one card" if card_count == 1 else f"all {card_count} cards"
        return Text(f"uses {every}: {used}")
    if result.proven:
        return Text(f"uses {result.cards_used} of {count(card_count, 'card')}: {used} (proven: "
                    "no solution uses more)")
    return Text(f"uses {result.cards_used} of {count(card_count, 'card')}: {used} (the best "
                "found in time, not proven)", style="yellow")


def _print_all(app: App, result: SolveResult) -> None:
    how_many = ("exactly" if result.optimal_exact else "at least") + f" {result.optimal_count}"
    app.console.print(Text(f"{how_many} optimal solution(s), each using "
                           f"{count(result.cards_used, 'card')}:", style="bold"))
    for solution in result.optimal:
        app.console.print(f"  {solution.expression}", markup=False)


def _numbers(cards: list[int]) -> str:
    return " ".join(str(c) for c in cards)


def _solution(solution: Solution | None) -> dict[str, Any] | None:
    return None if solution is None else {"expression": solution.expression,
                                          "cards": solution.cards}


def solve_json(cards: list[int], target: int, result: SolveResult, listed: bool
               ) -> dict[str, Any]:
    """The JSON `solve --json` prints."""
    data: dict[str, Any] = {
        "cards": cards, "target": target, "solution": _solution(result.solution),
        "cards_used": result.cards_used, "proven": result.proven, "nodes": result.nodes,
        "elapsed_seconds": result.elapsed_seconds}
    if listed:
        data.update(optimal=[_solution(s) for s in result.optimal],
                    optimal_count=result.optimal_count, optimal_exact=result.optimal_exact)
    return data


def run_verify(app: App, args: argparse.Namespace) -> int:
    """Judge the claim and print the verdict."""
    verdict = app.room.solver.verify(args.expression, args.cards, args.target,
                                     allow_negative=args.allow_negative,
                                     allow_fractions=args.allow_fractions)
    if args.json:
        print(json.dumps(verdict_json(verdict), indent=2))
    elif verdict.valid:
        app.console.print(Text.assemble(("correct: ", "bold green"),
                                        f"{verdict.canonical} = {verdict.value}, using "
                                        f"{len(verdict.cards)} card(s)"))
    else:
        app.console.print(Text.assemble(("wrong: ", "bold red"), verdict.reason))
    return 0 if verdict.valid else 1


def verdict_json(verdict: Verdict) -> dict[str, Any]:
    """The JSON `verify --json` prints."""
    return {"valid": verdict.valid, "reason": verdict.reason, "cards": verdict.cards,
            "value": verdict.value, "canonical_expression": verdict.canonical}
