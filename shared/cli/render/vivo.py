"""VIVO on screen: the harmony and the next one, the trick, each scoring row, the hand."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from .common import JSON, Scene, cards, joined, seats_table, who

#: Events shown one at a time at the app's pace (cardroom.shared.cli.pacing).
PACED = ("play", "trick_end")
#: Suit letters (ruling N2) and their screen colours.
PALETTE = {"R": "red", "G": "green", "B": "bright_blue", "Y": "yellow"}
SUITS = {"SOLO": 1, "DUET": 2, "TRIO": 3, "QUARTET": 4}


def harmony(name: str | None) -> Text:
    """A harmony card with the number of suits it asks for."""
    if not name:
        return Text("-", style="dim")
    return Text(f"{name} ({SUITS.get(name, '?')} suit{'s' if SUITS.get(name) != 1 else ''})",
                style="bold magenta")


def trick(scene: Scene) -> Text:
    """The trick so far; off-harmony cards are dimmed and marked."""
    line = Text()
    line.append("Trick: ", style="bold")
    plays = scene.observation.get("trick_cards") or []
    if not plays:
        line.append("-", style="dim")
    for i, play in enumerate(plays):
        line.append(("  " if i else "") + f"{scene.name(play['seat'])} ")
        if play.get("on_harmony", True):
            line.append_text(cards([play["card"]], PALETTE))
        else:
            line.append_text(cards([play["card"]], PALETTE, legal=[]))
            line.append(" (off-harmony)", style="dim")
    return line


def board(scene: Scene) -> RenderableType:
    """The whole table as the seat at this terminal (or a spectator) may see it."""
    obs = scene.observation
    if obs.get("terminal"):
        title = Text("VIVO - game over", style="bold")
    else:
        title = Text(f"VIVO - round {obs['round']} of 2, trick {obs['trick']} of 12",
                     style="bold")
    line = joined([Text("Harmony:", style="bold"), harmony(obs.get("harmony")),
                   Text("next:", style="dim"), harmony(obs.get("next_harmony"))], " ")

    def row(seat: int) -> list[Text | str]:
        scored = obs["scoring_rows"][seat]
        return [str(obs["hand_sizes"][seat]), cards(scored["face_up"], PALETTE),
                str(scored["face_down"]), str(obs["scores"][seat])]

    table = seats_table(scene, ["hand", "face up", "face down", "score"], row)
    parts: list[RenderableType] = [title, line, table, trick(scene)]
    if scene.hands is not None:
        parts += [joined([Text(f"{scene.name(s)}:", style="bold"), cards(h, PALETTE)], " ")
                  for s, h in enumerate(scene.hands)]
    elif obs.get("hand") is not None:
        parts.append(joined([Text("Your hand:", style="bold"),
                             cards(obs["hand"], PALETTE, scene.legal or None)], " "))
    return Group(*parts)


def describe(event: JSON, names: Sequence[str], me: int | None = None) -> str | None:
    """A line of rich markup for one VIVO event (None for those not worth a line)."""
    kind = event.get("type")
    if kind == "round_start":
        return (f"[bold]Round {event['round']}[/]: {who(names, event['lead'], me)} "
                f"lead{_s(event['lead'], me)}")
    if kind == "trick_start":
        return (f"Trick {event['trick']}: harmony [bold magenta]{event['harmony']}[/], "
                f"next {event.get('next_harmony') or '-'}")
    if kind == "play":
        off = "" if event.get("on_harmony", True) else " [dim](off-harmony)[/]"
        text = str(event["card"])
        return (f"{who(names, event['seat'], me)} play{'' if event['seat'] == me else 's'} "
                f"[bold {PALETTE.get(text[:1], 'white')}]{text}[/]{off}")
    if kind == "trick_end":
        return "  -> " + _trick_end(event, names, me)
    if kind == "round_end":
        scores = ", ".join(f"{who(names, s, me)} {v}" for s, v in enumerate(event["scores"]))
        return f"[bold]Round {event['round']} scored[/]: {scores}"
    return None


def _trick_end(event: JSON, names: Sequence[str], me: int | None) -> str:
    high = event.get("highest")
    low = event.get("lowest")
    parts = []
    if high:
        parts.append(f"{who(names, high['seat'], me)} score{_s(high['seat'], me)} highest "
                     f"(+{high['points']})")
    if low:
        parts.append(f"{who(names, low['seat'], me)} score{_s(low['seat'], me)} lowest "
                     f"with {low['card']} (+{low['points']})")
    return ", ".join(parts) or "nobody scores"


def _s(seat: int, me: int | None) -> str:
    return "" if seat == me else "s"
