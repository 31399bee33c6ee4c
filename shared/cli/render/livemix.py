"""Livemix on screen: the Member circle and its token, the trick, each seat's Members, the hand."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from .common import JSON, Scene, cards, joined, seats_table, who

#: Events shown one at a time at the app's pace (cardroom.shared.cli.pacing).
PACED = ("play", "trick_won")
#: Card colour letters (ruling N1) and their screen colours.
PALETTE = {"H": "red", "G": "cyan", "F": "green", "M": "yellow"}
COLOUR_OF = {"heart": "H", "gem": "G", "flower": "F", "moon": "M"}


def member(text: str, style: str = "bold") -> Text:
    """A Member ("A:heart", "B:7") in its colour (a colour Member) or magenta (a number one)."""
    attribute = text.partition(":")[2]
    colour = PALETTE.get(COLOUR_OF.get(attribute, ""), "magenta")
    return Text(text, style=f"{style} {colour}")


def members(items: Sequence[str]) -> Text:
    """Members side by side."""
    return joined([member(m) for m in items], " ") if items else Text("-", style="dim")


def circle(obs: JSON) -> Text:
    """The circle clockwise: taken Members in parentheses (and struck through), the token's
    Member boxed; the marks are characters, so they read the same without colour."""
    parts = []
    for position, slot in enumerate(obs.get("circle", [])):
        if position == obs.get("token") and slot["on_table"]:
            text = Text("[")
            text.append_text(member(slot["member"], "bold reverse"))
            text.append("]")
        elif slot["on_table"]:
            text = member(slot["member"])
        else:
            text = Text(f"({slot['member']})", style="dim strike")
        parts.append(text)
    return joined(parts, " ")


def trick(scene: Scene) -> Text:
    """The cards of the trick so far, with the lead colour."""
    obs = scene.observation
    line = Text()
    line.append("Trick", style="bold")
    if obs.get("lead_colour"):
        line.append(f" (lead {obs['lead_colour']})")
    line.append(": ")
    plays = obs.get("trick") or []
    if not plays:
        line.append("-", style="dim")
    for i, play in enumerate(plays):
        line.append(("  " if i else "") + f"{scene.name(play['seat'])} ")
        line.append_text(cards([play["card"]], PALETTE))
    return line


def last_trick(scene: Scene) -> Text | None:
    """Who took the last trick, with what, and the Member won."""
    last = scene.observation.get("last_trick")
    if not last:
        return None
    line = Text()
    line.append("Last trick: ", style="dim")
    for play in last["plays"]:
        line.append(f"{scene.name(play['seat'])} ")
        line.append_text(cards([play["card"]], PALETTE))
        line.append(" ")
    line.append(f"-> {scene.name(last['winner'])}")
    if last.get("member"):
        line.append(" took ")
        line.append_text(member(last["member"]))
    return line


def board(scene: Scene) -> RenderableType:
    """The whole table as the seat at this terminal (or a spectator) may see it."""
    obs = scene.observation
    title = Text(f"Livemix - round {obs['round'] + 1} of {obs['rounds']}", style="bold")
    token = obs.get("token_member")
    parts: list[RenderableType] = [title, joined([Text("Members:", style="bold"), circle(obs)])]
    if token:
        parts.append(joined([Text("Token on", style="dim"), member(token)], " "))

    def row(seat: int) -> list[Text | str]:
        active = obs["active"][seat]
        return [members(obs["members"][seat]), str(obs["hand_sizes"][seat]),
                str(obs["won_sizes"][seat]), str(obs["scores"][seat]),
                Text("" if active else "left the round", style="dim")]

    parts.append(seats_table(scene, ["Members", "hand", "won", "score", ""], row))
    parts.append(trick(scene))
    previous = last_trick(scene)
    if previous is not None:
        parts.append(previous)
    parts += _hands(scene)
    return Group(*parts)


def _hands(scene: Scene) -> list[RenderableType]:
    obs = scene.observation
    if scene.hands is not None:
        return [joined([Text(f"{scene.name(s)}:", style="bold"), cards(h, PALETTE)], " ")
                for s, h in enumerate(scene.hands)]
    if obs.get("hand") is None:
        return []
    lines: list[RenderableType] = [
        joined([Text("Your hand:", style="bold"), cards(obs["hand"], PALETTE,
                                                         scene.legal or None)], " ")]
    if obs.get("won"):
        lines.append(joined([Text("Won:", style="dim"), cards(obs["won"], PALETTE)], " "))
    return lines


def describe(event: JSON, names: Sequence[str], me: int | None = None) -> str | None:
    """A line of rich markup for one Livemix event (None for those not worth a line)."""
    kind = event.get("type")
    if kind == "round_start":
        lead = event["first_lead"]
        return (f"[bold]Round {event['round'] + 1}[/]: {who(names, lead, me)} lead{_s(lead, me)}; "
                f"the token is on {_markup_member(event.get('token'))}")
    if kind == "play":
        return f"{who(names, event['seat'], me)} play{_s(event['seat'], me)} {_markup_card(event)}"
    if kind == "token_moved":
        return f"  a 9: the token moves to {_markup_member(event.get('member'))}"
    if kind == "trick_won":
        taken = f" and {_markup_member(event['member'])}" if event.get("member") else ""
        winner = who(names, event["winner"], me)
        return f"  -> {winner} take{_s(event['winner'], me)} the trick{taken}"
    if kind == "leave":
        return f"  {who(names, event['seat'], me)} leave{_s(event['seat'], me)} the round"
    if kind == "round_end":
        scores = ", ".join(f"{who(names, s, me)} {v:+d}" for s, v in enumerate(event["scores"]))
        return f"[bold]Round {event['round'] + 1} scored[/]: {scores}"
    return None


def _s(seat: int, me: int | None) -> str:
    return "" if seat == me else "s"


def _markup_card(event: JSON) -> str:
    text = str(event["card"])
    return f"[bold {PALETTE.get(text[:1], 'white')}]{text}[/]"


def _markup_member(text: object) -> str:
    if not text:
        return "no Member"
    attribute = str(text).partition(":")[2]
    return f"[bold {PALETTE.get(COLOUR_OF.get(attribute, ''), 'magenta')}]{text}[/]"
