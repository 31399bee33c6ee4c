"""Mix Match on screen: the target, the cards on the table, the hourglass, own cards and wins."""

from __future__ import annotations

import math
from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.text import Text

from .common import JSON, Scene, count, joined, seats_table, who

BAR = 20
#: The width of the hourglass drawn in the claim prompt.
PROMPT_BAR = 10


def number_cards(items: Sequence[int], style: str = "bold cyan") -> Text:
    """Number cards as boxes: [12] [24] [7]."""
    if not items:
        return Text("-", style="dim")
    return joined([Text(f"[{n}]", style=style) for n in items], " ")


def hourglass(scene: Scene) -> Text:
    """The sand left, as a bar and seconds; or how time moves without an hourglass."""
    obs = scene.observation
    total = float(obs.get("hourglass_seconds") or 0)
    if obs.get("phase") != "claims":
        return Text("")
    if total <= 0:
        return Text("No hourglass: type 'timeout' to draw one more card.", style="dim")
    deadline = scene.deadline if scene.deadline is not None else obs.get("deadline")
    left = max(0.0, float(deadline) - scene.now) if deadline is not None else total
    full = round(BAR * min(1.0, left / total))
    line = Text()
    line.append("Hourglass ", style="bold")
    line.append("#" * full, style="yellow")
    line.append("." * (BAR - full), style="dim")
    line.append(f" {left:.0f} s left" if left > 0 else " time is up: a card is drawn")
    return line


def countdown(observation: JSON, deadline: float | None, now: float) -> str:
    """The hourglass as a short plain bar for the prompt ("" without a running one)."""
    total = float(observation.get("hourglass_seconds") or 0)
    if observation.get("phase") != "claims" or total <= 0 or deadline is None:
        return ""
    left = max(0.0, deadline - now)
    full = round(PROMPT_BAR * min(1.0, left / total))
    return f"[{'#' * full}{'.' * (PROMPT_BAR - full)}] {math.ceil(left)} s"


def board(scene: Scene) -> RenderableType:
    """The whole table (Mix Match hides nothing but the deck)."""
    obs = scene.observation
    rounds = f" of {obs['rounds']}" if obs.get("rounds") else ""
    title = Text(f"Mix Match - round {obs['round']}{rounds}, {count(obs['deck_size'], 'card')} "
                 "in the deck", style="bold")
    parts: list[RenderableType] = [title]
    if obs.get("target"):
        dice = obs.get("dice") or []
        target = Text()
        target.append("Target ", style="bold")
        target.append(str(obs["target"]), style="bold reverse magenta")
        target.append(f"  (dice {' + '.join(str(d) for d in dice)})", style="dim")
        parts.append(target)
    parts.append(joined([Text("Table:", style="bold"), number_cards(obs["table"])], " "))
    parts.append(hourglass(scene))
    if obs.get("phase") == "pick" and obs.get("to_pick") is not None:
        parts.append(Text(f"{scene.name(obs['to_pick'])} to pick an own card", style="yellow"))

    def row(seat: int) -> list[Text | str]:
        out = Text("out this round", style="red") if obs["out"][seat] else Text("")
        return [number_cards(obs["own"][seat], "bold green"), str(obs["won"][seat]), out]

    parts.append(seats_table(scene, ["own cards", "won", ""], row))
    finished = [r for r in obs.get("round_log", []) if r.get("outcome") != "running"]
    if finished:
        parts.append(Text(_round_line(finished[-1], scene), style="dim"))
    return Group(*parts)


def _round_line(entry: JSON, scene: Scene) -> str:
    if entry.get("outcome") == "solved":
        return (f"Round {entry['number']}: {scene.name(entry['winner'])} solved "
                f"{entry['claim']} and won {len(entry['cards'])} card(s)")
    return f"Round {entry['number']}: {entry.get('outcome', '').replace('_', ' ')}"


def describe(event: JSON, names: Sequence[str], me: int | None = None) -> str | None:
    """A line of rich markup for one Mix Match event (None for those not worth a line)."""
    kind = event.get("type")
    seat = event.get("seat")
    if kind == "round_started":
        table = " ".join(f"[{n}]" for n in event.get("table", []))
        return f"[bold]Round {event['round']}[/]: table {escape(table)}" if table else None
    if kind == "card_picked":
        return f"{who(names, seat, me)} took {event['card']} as an own card"
    if kind == "pick_passed":
        return f"{who(names, seat, me)} took no own card"
    if kind == "dice_rolled":
        return f"Dice rolled: target [bold magenta]{event['target']}[/]"
    if kind == "claim_accepted":
        return (f"[green]{who(names, seat, me)} solved it with "
                f"{escape(str(event['expression']))}: {len(event['cards'])} card(s) won[/]")
    if kind == "claim_rejected":
        return (f"[red]{who(names, seat, me)} claimed {escape(str(event['claim']))}: "
                f"{escape(str(event['reason']))}[/]")
    if kind == "hourglass_ran_out":
        drawn = event.get("card")
        return (f"Time! [bold]{drawn}[/] is drawn" if drawn is not None
                else "Time! The deck is empty")
    if kind == "round_ended" and event.get("outcome") != "solved":
        return f"Round {event['round']} ends: {str(event.get('outcome', '')).replace('_', ' ')}"
    return None
