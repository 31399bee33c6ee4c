"""The Mix Match rules (rulings M4-M8): rounds, own-card picks, claims, hourglass, scoring.

Actions (canonical text, applied with the acting seat and the host's time ``now``):

- ``claim <expression>`` or ``claim@<round> <expression>`` from a seat still in the round.
  The tagged form names the round (1-based) the claimant was looking at, so a claim that
  arrives after that round was decided is refused as stale instead of being judged against
  the next round's table (M8).
- ``pick <card>`` and, from round 2 on, ``pass``: variant 2's own-card picks, in turn.
- ``timeout`` from the host (seat None), or from a seat still in the round calling time:
  the hourglass ran out (M5). Refused before the deadline; always allowed when the
  hourglass is 0 (no timer). The event names the seat that called time.

Action text is read by the one grammar of cardroom.shared.games.mixmatch.notation. A malformed
claim (empty, bad syntax, longer than MAX_CLAIM_LENGTH) is refused with MalformedAction and
costs nothing; a well-formed wrong claim is a legal move with a bad outcome: it yields a
``claim_rejected`` event and puts the seat out until the next round (M4). The engine never
reads a clock: ``now`` is the host's time of arrival; a missing or earlier ``now`` counts
as the latest time seen, since arrival order is what the host vouches for.

The per-seat view is in view.py and the versioned JSON in serial.py; both read Rules and
never import state.py, which puts them together as State.
"""

from __future__ import annotations

import copy
import math
from dataclasses import asdict, dataclass, field
from typing import Any, TypeVar

from cardroom.shared.errors import (
    GameOver,
    IllegalMove,
    InvalidArgument,
    MalformedAction,
    NotYourTurn,
    StaleRound,
)
from cardroom.shared.games.base import JSON, SIMULTANEOUS, Event
from cardroom.shared.games.mixmatch.claim import judge
from cardroom.shared.games.mixmatch.config import TABLE_SIZE, Config, is_whole
from cardroom.shared.games.mixmatch.deal import roll_dice
from cardroom.shared.games.mixmatch.notation import MAX_CLAIM_LENGTH, parse_action, parse_expression

PICK, CLAIMS, OVER = "pick", "claims", "over"

R = TypeVar("R", bound="Rules")


@dataclass(slots=True)
class RoundLog:
    """One round: its dice, time-outs and outcome (running, solved, all_out or unsolved)."""

    number: int
    dice: list[int] | None = None
    target: int | None = None
    timeouts: int = 0
    outcome: str = "running"
    winner: int | None = None
    claim: str | None = None
    cards: list[int] = field(default_factory=list)

    def to_dict(self) -> JSON:
        """JSON-able form."""
        return asdict(self)

    def copy(self) -> RoundLog:
        """An independent copy."""
        return RoundLog(**self.to_dict())


class Rules:
    """A Mix Match game's rules and the contract's queries; state.State adds the view
    and the JSON (build one with new_game, from_json or replay)."""

    def __init__(self, config: Config, seed: int, deal: JSON | None, start: float) -> None:
        players = config.players
        self.config = config
        self._seed = seed
        self._deal = deal
        self._start = start
        self._deck: list[int] = []  # top first
        self._table: list[int] = []
        self._own: list[list[int]] = [[] for _ in range(players)]
        self._won: list[list[int]] = [[] for _ in range(players)]
        self._out = [False] * players
        self._phase = PICK
        self._pickers: list[int] = []
        self._deadline: float | None = None
        self._clock = start
        self._rounds: list[RoundLog] = []
        self._end_reason: str | None = None
        self._history: list[list[Any]] = []
        self._opening: list[Event] = []

    # -- queries ---------------------------------------------------------------------------

    @property
    def round(self) -> int:
        """The current round, 1-based (the last one played once the game is over)."""
        return len(self._rounds)

    @property
    def target(self) -> int | None:
        """The dice total of the current round; None until the dice are rolled."""
        return self._rounds[-1].target if self._rounds else None

    def deadline(self) -> float | None:
        """When the hourglass runs out (the host's timer); None while no hourglass runs."""
        return self._deadline

    def current_player(self) -> int | None:
        """The seat picking an own card, SIMULTANEOUS while claims are open, None at the end."""
        if self._phase == OVER:
            return None
        return self._pickers[0] if self._phase == PICK else SIMULTANEOUS

    def legal_actions(self, seat: int | None = None, now: float | None = None) -> list[str]:
        """Discrete actions of `seat` (None: the current picker, or the host during claims).

        Claims are free-form text and are never listed: any seat still in the round may
        claim. "timeout" is listed for the host while claims are open, unless `now` is
        given and falls before the deadline. Picks come in card order, "pass" first.
        """
        self._check_seat(seat)
        if self._phase == OVER:
            return []
        if self._phase == PICK:
            if seat is not None and seat != self._pickers[0]:
                return []
            picks = [f"pick {card}" for card in sorted(set(self._table))]
            return (["pass"] if self.round > 1 else []) + picks
        if seat is not None:
            return []
        early = (now is not None and self._deadline is not None
                 and max(self._clock, _time(now)) < self._deadline)
        return [] if early else ["timeout"]

    def opening_events(self) -> list[Event]:
        """Events that opened the game: round 1 started, and its dice unless picks come first."""
        return copy.deepcopy(self._opening)

    def history(self) -> list[tuple[int | None, str, float | None]]:
        """Every applied action as (seat, action, now), ready for replay."""
        return [(seat, action, now) for seat, action, now in self._history]

    def is_terminal(self) -> bool:
        """True once the deck ran out (M6) or variant 3's last round ended."""
        return self._phase == OVER

    def scores(self) -> list[int]:
        """Cards won per seat; each card is one point."""
        return [len(cards) for cards in self._won]

    def round_scores(self) -> list[list[int]]:
        """Cards won in each round, one list per round, one entry per seat."""
        seats = range(self.config.players)
        return [[len(log.cards) if seat == log.winner else 0 for seat in seats]
                for log in self._rounds]

    def score_breakdown(self) -> JSON:
        """The cards each seat won, and each round's dice, claim and winner."""
        return {"won": [list(cards) for cards in self._won],
                "rounds": [log.to_dict() for log in self._rounds],
                "totals": self.scores()}

    def winners(self) -> list[int]:
        """Seats with the most cards won, ties sharing (M6); empty before the end."""
        if self._phase != OVER:
            return []
        scores = self.scores()
        return [seat for seat, score in enumerate(scores) if score == max(scores)]

    # -- moves -----------------------------------------------------------------------------

    def apply_action(self, action: str, seat: int | None = None, now: float | None = None
                     ) -> list[Event]:
        """Apply `action` for `seat` at the host's time `now`; return the (public) events."""
        if self._phase == OVER:
            raise GameOver("the game is over")
        self._check_seat(seat)
        when = self._clock if now is None else max(self._clock, _time(now))
        events: list[Event] = []
        if not isinstance(action, str):
            raise MalformedAction("an action must be text", field="action")
        parsed = parse_action(action)  # the one grammar (notation.py); MalformedAction if not
        if parsed.kind == "claim":
            self._claim(seat, parsed.round, parsed.text, when, events)
        elif parsed.kind in ("pick", "pass"):
            self._pick(seat, parsed.card, when, events)
        else:
            self._timeout(seat, when, events)
        self._clock = when
        self._history.append([seat, action, now])
        return events

    def _claim(self, seat: int | None, tag: int | None, text: str, when: float,
               events: list[Event]) -> None:
        """M4: judge a claim; right wins the cards used, wrong puts the seat out.

        Malformed text (empty, bad syntax, a character outside the grammar) is refused with
        MalformedAction before any judgement: only a well-formed wrong claim costs the round.
        """
        if seat is None:
            raise InvalidArgument("a claim needs the claimant's seat", field="seat")
        if len(text) > MAX_CLAIM_LENGTH:
            raise MalformedAction(f"claim too long: {len(text)} characters, at most "
                                  f"{MAX_CLAIM_LENGTH}", field="action")
        tree = parse_expression(text)
        if tag is not None and tag != self.round:
            # M8: late for a decided round; it must not be judged against the next table.
            if tag < self.round:
                raise StaleRound(f"stale claim: round {tag} was already decided").detail(
                    current_round=self.round)
            raise IllegalMove(f"round {tag} has not started; this is round {self.round}"
                              ).detail(current_round=self.round)
        if self._phase == PICK:
            raise IllegalMove("claims open once the own cards are picked and the dice rolled",
                              self.legal_actions(seat))
        if self._out[seat]:
            raise IllegalMove(f"seat {seat} is out until the next round")
        target = self.target
        assert target is not None  # the dice are rolled whenever claims are open
        # Variant 2: the claimant may use the table and their own cards, nobody else's.
        result = judge(tree, self._table + self._own[seat], target, self.config.rules)
        base = {"round": self.round, "seat": seat, "claim": text}
        if not result.valid:
            self._out[seat] = True
            events.append({"type": "claim_rejected", **base, "reason": result.reason,
                           "fault": result.fault})
            if all(self._out):
                self._end_round("all_out", None, None, [], when, events)
            return
        cards = list(result.cards)
        self._take(seat, cards)
        events.append({"type": "claim_accepted", **base, "expression": result.expression,
                       "cards": cards})
        self._end_round("solved", seat, result.expression, cards, when, events)

    def _take(self, seat: int, cards: list[int]) -> None:
        """Move the cards a correct claim used to the claimant's won pile."""
        for card in cards:
            # A number both on the table and among the claimant's own cards comes from the
            # table: the claimant keeps the own card, which only they may use later.
            source = self._table if card in self._table else self._own[seat]
            source.remove(card)
        self._won[seat].extend(cards)

    def _pick(self, seat: int | None, card: int | None, when: float,
              events: list[Event]) -> None:
        """M7 variant 2: the seat whose turn it is takes a table card as its own (or passes)."""
        if self._phase != PICK:
            raise IllegalMove("own cards are picked only before the dice are rolled",
                              self.legal_actions(seat))
        picker = self._pickers[0]
        if seat != picker:
            raise NotYourTurn(f"seat {picker} picks now")
        base = {"round": self.round, "seat": seat}
        if card is None:
            if self.round == 1:
                raise IllegalMove("every player takes an own card in the first round",
                                  self.legal_actions(seat))
            events.append({"type": "pick_passed", **base})
        else:
            if card not in self._table:
                raise IllegalMove(f"card {card} is not on the table", self.legal_actions(seat))
            self._table.remove(card)
            self._own[picker].append(card)
            events.append({"type": "card_picked", **base, "card": card})
        self._pickers.pop(0)
        if not self._table:
            self._pickers.clear()  # a partial refill ran out: the later pickers get nothing
        if not self._pickers:
            self._roll(when, events)

    def _timeout(self, seat: int | None, when: float, events: list[Event]) -> None:
        """M5: the hourglass ran out with no correct claim (the host's timer, seat None, or a
        seat still in calling time): draw one card and restart it."""
        if self._phase != CLAIMS:
            raise IllegalMove("the hourglass runs only once the dice are rolled")
        if seat is not None and self._out[seat]:
            raise IllegalMove(f"seat {seat} is out until the next round")
        if self._deadline is not None and when < self._deadline:
            # Seconds left, not the deadline itself: the reader's clock is not the host's.
            raise IllegalMove(f"the hourglass has {self._deadline - when:.1f} s left")
        log = self._rounds[-1]
        log.timeouts += 1
        # The seat that called time, when one did (not the host's timer).
        called = {} if seat is None else {"seat": seat}
        if not self._deck:
            # M6: a card must be drawn and the deck is empty.
            events.append({"type": "hourglass_ran_out", "round": log.number, "card": None,
                           "table": list(self._table), "deadline": None, **called})
            self._end_round("unsolved", None, None, [], when, events)
            return
        card = self._deck.pop(0)
        self._table.append(card)
        self._deadline = self._timer(when)
        events.append({"type": "hourglass_ran_out", "round": log.number, "card": card,
                       "table": list(self._table), "deadline": self._deadline, **called})

    # -- rounds ----------------------------------------------------------------------------

    def _end_round(self, outcome: str, winner: int | None, claim: str | None,
                   cards: list[int], when: float, events: list[Event]) -> None:
        """Close the round, then start the next one or end the game (M6, variant 3)."""
        log = self._rounds[-1]
        log.outcome, log.winner, log.claim, log.cards = outcome, winner, claim, list(cards)
        events.append({"type": "round_ended", "round": log.number, "outcome": outcome,
                       "winner": winner, "cards": list(cards)})
        if outcome == "unsolved":
            self._end_game("deck_empty", events)
        elif self.config.rounds_limit == log.number:
            self._end_game("rounds_played", events)
        else:
            self._begin_round(when, events)

    def _begin_round(self, when: float, events: list[Event]) -> None:
        """M6: refill the table, everyone back in; variant 2 picks, else roll at once."""
        pickers = self._pick_order()
        # Variant 2 refills so that two cards stay on the table after the picks.
        size = len(pickers) + 2 if self.config.own_cards else TABLE_SIZE
        need = max(0, size - len(self._table))
        if need and not self._deck:
            self._end_game("deck_empty", events)  # a partial refill plays on; none ends it
            return
        drawn = self._deck[:need]
        del self._deck[:need]
        self._table.extend(drawn)
        self._rounds.append(RoundLog(len(self._rounds) + 1))
        self._out = [False] * self.config.players
        self._pickers = pickers
        events.append({"type": "round_started", "round": self.round, "drawn": drawn,
                       "table": list(self._table), "pick_order": list(pickers)})
        if pickers:
            self._phase = PICK
            self._deadline = None
        else:
            self._roll(when, events)

    def _pick_order(self) -> list[int]:
        """Variant 2: seats from the youngest on, minus the previous round's solver (M7)."""
        if not self.config.own_cards:
            return []
        players = self.config.players
        order = [(self.config.youngest_seat + i) % players for i in range(players)]
        solver = self._rounds[-1].winner if self._rounds else None
        return [seat for seat in order if seat != solver]

    def _roll(self, when: float, events: list[Event]) -> None:
        """Roll the dice, open the claims and start the hourglass (M2, M5)."""
        log = self._rounds[-1]
        rolls = self._deal["rolls"] if self._deal else None
        log.dice = roll_dice(self.config, self._seed, rolls, log.number)
        log.target = sum(log.dice)
        self._phase = CLAIMS
        self._deadline = self._timer(when)
        events.append({"type": "dice_rolled", "round": log.number, "dice": list(log.dice),
                       "target": log.target, "deadline": self._deadline})

    def _timer(self, when: float) -> float | None:
        seconds = self.config.hourglass_seconds
        return None if seconds == 0 else when + seconds

    def _end_game(self, reason: str, events: list[Event]) -> None:
        self._phase = OVER
        self._deadline = None
        self._pickers = []
        self._end_reason = reason
        events.append({"type": "game_over", "reason": reason, "scores": self.scores(),
                       "winners": self.winners()})

    def _check_seat(self, seat: int | None) -> None:
        if seat is None:
            return
        if not is_whole(seat) or not 0 <= seat < self.config.players:
            raise InvalidArgument(f"seat {seat!r} is not a seat of this "
                                  f"{self.config.players}-player game", field="seat")

    def clone(self: R) -> R:
        """An independent copy (the config and deal are immutable and shared)."""
        other = copy.copy(self)
        other._deck = list(self._deck)
        other._table = list(self._table)
        other._own = [list(cards) for cards in self._own]
        other._won = [list(cards) for cards in self._won]
        other._out = list(self._out)
        other._pickers = list(self._pickers)
        other._rounds = [log.copy() for log in self._rounds]
        other._history = list(self._history)  # entries are never mutated
        return other


def _time(now: Any) -> float:
    if isinstance(now, bool) or not isinstance(now, int | float) or not math.isfinite(now):
        raise InvalidArgument("now must be a finite number of seconds", field="now")
    return now
