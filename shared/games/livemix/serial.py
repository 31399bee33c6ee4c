"""Versioned JSON of a Livemix state: every field in canonical notation, restored exactly."""

from __future__ import annotations

from typing import Any, TypeVar

from cardroom.shared.errors import InvalidArgument
from cardroom.shared.games.base import JSON, STATE_FORMAT
from cardroom.shared.games.livemix.cards import (
    CARD_NAMES,
    card_id,
    mask_of,
    names_of,
    roster_tables,
)
from cardroom.shared.games.livemix.config import GAME, ROUNDS, Config
from cardroom.shared.games.livemix.deal import deal_all, deal_json, parse_deal
from cardroom.shared.games.livemix.rules import Rules
from cardroom.shared.games.livemix.scoring import RoundRecord, member_ids

S = TypeVar("S", bound=Rules)


def key(state: Rules) -> tuple[Any, ...]:
    """Everything that makes two states equal."""
    return (state.config, state.seed, state.deals, state.round, state.first_lead, state.hands,
            state.won, state.members, state.circle, state.table, state.token, state.active,
            state.leader, state.turn, state.trick, state.trick_seats, state.last_trick,
            state.records, state.plays)


def dump(state: Rules) -> JSON:
    """The JSON form of a state."""
    names = state.config.roster
    return {
        "format": STATE_FORMAT,
        "game": GAME,
        "config": state.config.to_dict(),
        "seed": state.seed,
        "deal": deal_json(state.config, state.deals),
        "round": state.round,
        "first_lead": state.first_lead,
        "leader": state.leader,
        "turn": None if state.turn < 0 else state.turn,
        "hands": [names_of(h) for h in state.hands],
        "won": [names_of(w) for w in state.won],
        "members": [[names[m] for m in member_ids(ms)] for ms in state.members],
        "circle": [names[m] for m in state.circle],
        "on_table": [p for p in range(len(state.circle)) if state.table >> p & 1],
        "token": None if state.token < 0 else state.token,
        "active": [s for s in range(state.n) if state.active >> s & 1],
        "trick": [[s, CARD_NAMES[c]] for s, c in zip(state.trick_seats, state.trick, strict=True)],
        "last_trick": _dump_last(state),
        "records": [_dump_record(state, r) for r in state.records],
        "history": [[s, CARD_NAMES[c]] for s, c in state.plays],
    }


def _dump_last(state: Rules) -> JSON | None:
    if state.last_trick is None:
        return None
    seats, cards, winner, member = state.last_trick
    return {"seats": list(seats), "cards": [CARD_NAMES[c] for c in cards], "winner": winner,
            "member": None if member < 0 else state.config.roster[member]}


def _dump_record(state: Rules, record: RoundRecord) -> JSON:
    names = state.config.roster
    return {
        "first_lead": record.first_lead,
        "won": [names_of(w) for w in record.won],
        "hands": [names_of(h) for h in record.hands],
        "members": [[names[m] for m in member_ids(ms)] for ms in record.members],
        "scores": list(record.scores),
        "last_player": record.last_player,
    }


def load(cls: type[S], data: JSON) -> S:
    """Rebuild a state of class `cls` from dump(); InvalidArgument when the data is not one."""
    if not isinstance(data, dict) or data.get("game") != GAME:
        raise InvalidArgument("not a serialized Livemix state", "state")
    if data.get("format") != STATE_FORMAT:
        raise InvalidArgument(
            f"state format {data.get('format')!r} is not {STATE_FORMAT}", "state")
    try:
        return _load(cls, data)
    except InvalidArgument:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
        raise InvalidArgument(f"corrupt Livemix state: {err!r}", "state") from None


def _load(cls: type[S], data: JSON) -> S:
    config = Config.from_dict(data["config"])
    state = object.__new__(cls)
    state.config, state.n = config, config.players
    state.roster = roster_tables(config.roster)
    state.seed = _seed(data["seed"])
    state.deals = parse_deal(config, data["deal"])
    state.dealt = deal_all(config, state.seed, state.deals)
    state.round = _int(data["round"], 0, ROUNDS)
    state.first_lead = _int(data["first_lead"], 0, config.players - 1)
    state.leader = _int(data["leader"], 0, config.players - 1)
    state.turn = -1 if data["turn"] is None else _int(data["turn"], 0, config.players - 1)
    state.hands = [_mask(h) for h in data["hands"]]
    state.won = [_mask(w) for w in data["won"]]
    state.members = [_members(config, ms) for ms in data["members"]]
    state.circle = tuple(config.roster.index(m) for m in data["circle"])
    state.table = sum(1 << _int(p, 0, 11) for p in data["on_table"])
    state.token = -1 if data["token"] is None else _int(data["token"], 0, 11)
    state.active = sum(1 << _int(s, 0, config.players - 1) for s in data["active"])
    state.trick_seats = [_int(s, 0, config.players - 1) for s, _ in data["trick"]]
    state.trick = [card_id(c) for _, c in data["trick"]]
    state.last_trick = _load_last(config, data["last_trick"])
    state.records = [_load_record(config, r) for r in data["records"]]
    state.plays = [(_int(s, 0, config.players - 1), card_id(c)) for s, c in data["history"]]
    state.log = None
    if len(state.hands) != config.players or len(state.records) != min(state.round, ROUNDS):
        raise InvalidArgument("corrupt Livemix state: seats or rounds do not add up", "state")
    return state


def _int(value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{value!r} is not an integer in {low}..{high}")
    return value


def _seed(value: object) -> int | str:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ValueError(f"seed {value!r} is not an integer or a string")
    return value


def _mask(cards: list[str]) -> int:
    return mask_of([card_id(c) for c in cards])


def _members(config: Config, names: list[str]) -> int:
    return sum(1 << config.roster.index(m) for m in names)


def _load_last(config: Config, data: JSON | None) -> tuple[Any, ...] | None:
    if data is None:
        return None
    member = -1 if data["member"] is None else config.roster.index(data["member"])
    return (tuple(data["seats"]), tuple(card_id(c) for c in data["cards"]), data["winner"],
            member)


def _load_record(config: Config, data: JSON) -> RoundRecord:
    return RoundRecord(
        first_lead=data["first_lead"],
        won=tuple(_mask(w) for w in data["won"]),
        hands=tuple(_mask(h) for h in data["hands"]),
        members=tuple(_members(config, ms) for ms in data["members"]),
        scores=tuple(data["scores"]),
        last_player=data["last_player"],
    )
