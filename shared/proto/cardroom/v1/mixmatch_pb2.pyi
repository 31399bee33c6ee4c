from ...cardroom.v1 import common_pb2 as _common_pb2
from google.protobuf import duration_pb2 as _duration_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Iterable as _Iterable, Mapping as _Mapping, Optional as _Optional, Union as _Union
DESCRIPTOR: _descriptor.FileDescriptor

class MixMatchOutcome(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MIX_MATCH_OUTCOME_UNSPECIFIED: _ClassVar[MixMatchOutcome]
    MIX_MATCH_OUTCOME_RUNNING: _ClassVar[MixMatchOutcome]
    MIX_MATCH_OUTCOME_SOLVED: _ClassVar[MixMatchOutcome]
    MIX_MATCH_OUTCOME_UNSOLVED: _ClassVar[MixMatchOutcome]
    MIX_MATCH_OUTCOME_ALL_OUT: _ClassVar[MixMatchOutcome]

class MixMatchPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MIX_MATCH_PHASE_UNSPECIFIED: _ClassVar[MixMatchPhase]
    MIX_MATCH_PHASE_PICK: _ClassVar[MixMatchPhase]
    MIX_MATCH_PHASE_CLAIMS: _ClassVar[MixMatchPhase]
    MIX_MATCH_PHASE_OVER: _ClassVar[MixMatchPhase]

class MixMatchEndReason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MIX_MATCH_END_REASON_UNSPECIFIED: _ClassVar[MixMatchEndReason]
    MIX_MATCH_END_REASON_DECK_EMPTY: _ClassVar[MixMatchEndReason]
    MIX_MATCH_END_REASON_ROUNDS_PLAYED: _ClassVar[MixMatchEndReason]

class MixMatchClaimFault(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MIX_MATCH_CLAIM_FAULT_UNSPECIFIED: _ClassVar[MixMatchClaimFault]
    MIX_MATCH_CLAIM_FAULT_SYNTAX: _ClassVar[MixMatchClaimFault]
    MIX_MATCH_CLAIM_FAULT_CARD_NOT_ON_TABLE: _ClassVar[MixMatchClaimFault]
    MIX_MATCH_CLAIM_FAULT_CARD_USED_TOO_OFTEN: _ClassVar[MixMatchClaimFault]
    MIX_MATCH_CLAIM_FAULT_STEP_NOT_ALLOWED: _ClassVar[MixMatchClaimFault]
    MIX_MATCH_CLAIM_FAULT_WRONG_RESULT: _ClassVar[MixMatchClaimFault]
MIX_MATCH_OUTCOME_UNSPECIFIED: MixMatchOutcome
MIX_MATCH_OUTCOME_RUNNING: MixMatchOutcome
MIX_MATCH_OUTCOME_SOLVED: MixMatchOutcome
MIX_MATCH_OUTCOME_UNSOLVED: MixMatchOutcome
MIX_MATCH_OUTCOME_ALL_OUT: MixMatchOutcome
MIX_MATCH_PHASE_UNSPECIFIED: MixMatchPhase
MIX_MATCH_PHASE_PICK: MixMatchPhase
MIX_MATCH_PHASE_CLAIMS: MixMatchPhase
MIX_MATCH_PHASE_OVER: MixMatchPhase
MIX_MATCH_END_REASON_UNSPECIFIED: MixMatchEndReason
MIX_MATCH_END_REASON_DECK_EMPTY: MixMatchEndReason
MIX_MATCH_END_REASON_ROUNDS_PLAYED: MixMatchEndReason
MIX_MATCH_CLAIM_FAULT_UNSPECIFIED: MixMatchClaimFault
MIX_MATCH_CLAIM_FAULT_SYNTAX: MixMatchClaimFault
MIX_MATCH_CLAIM_FAULT_CARD_NOT_ON_TABLE: MixMatchClaimFault
MIX_MATCH_CLAIM_FAULT_CARD_USED_TOO_OFTEN: MixMatchClaimFault
MIX_MATCH_CLAIM_FAULT_STEP_NOT_ALLOWED: MixMatchClaimFault
MIX_MATCH_CLAIM_FAULT_WRONG_RESULT: MixMatchClaimFault

class MixMatchOptions(_message.Message):
    __slots__ = ('players', 'hourglass', 'deck', 'tens_die', 'units_die', 'black_die', 'younger_players', 'own_cards', 'youngest_seat', 'faster', 'harder', 'allow_negative', 'allow_fractions')
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    HOURGLASS_FIELD_NUMBER: _ClassVar[int]
    DECK_FIELD_NUMBER: _ClassVar[int]
    TENS_DIE_FIELD_NUMBER: _ClassVar[int]
    UNITS_DIE_FIELD_NUMBER: _ClassVar[int]
    BLACK_DIE_FIELD_NUMBER: _ClassVar[int]
    YOUNGER_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    OWN_CARDS_FIELD_NUMBER: _ClassVar[int]
    YOUNGEST_SEAT_FIELD_NUMBER: _ClassVar[int]
    FASTER_FIELD_NUMBER: _ClassVar[int]
    HARDER_FIELD_NUMBER: _ClassVar[int]
    ALLOW_NEGATIVE_FIELD_NUMBER: _ClassVar[int]
    ALLOW_FRACTIONS_FIELD_NUMBER: _ClassVar[int]
    players: int
    hourglass: _duration_pb2.Duration
    deck: _common_pb2.IntList
    tens_die: _containers.RepeatedScalarFieldContainer[int]
    units_die: _containers.RepeatedScalarFieldContainer[int]
    black_die: _containers.RepeatedScalarFieldContainer[int]
    younger_players: bool
    own_cards: bool
    youngest_seat: int
    faster: bool
    harder: bool
    allow_negative: bool
    allow_fractions: bool

    def __init__(self, players: _Optional[int]=..., hourglass: _Optional[_Union[_duration_pb2.Duration, _Mapping]]=..., deck: _Optional[_Union[_common_pb2.IntList, _Mapping]]=..., tens_die: _Optional[_Iterable[int]]=..., units_die: _Optional[_Iterable[int]]=..., black_die: _Optional[_Iterable[int]]=..., younger_players: bool=..., own_cards: bool=..., youngest_seat: _Optional[int]=..., faster: bool=..., harder: bool=..., allow_negative: bool=..., allow_fractions: bool=...) -> None:
        ...

class MixMatchDeal(_message.Message):
    __slots__ = ('deck', 'rolls')
    DECK_FIELD_NUMBER: _ClassVar[int]
    ROLLS_FIELD_NUMBER: _ClassVar[int]
    deck: _containers.RepeatedScalarFieldContainer[int]
    rolls: _containers.RepeatedCompositeFieldContainer[_common_pb2.IntList]

    def __init__(self, deck: _Optional[_Iterable[int]]=..., rolls: _Optional[_Iterable[_Union[_common_pb2.IntList, _Mapping]]]=...) -> None:
        ...

class MixMatchRoundLog(_message.Message):
    __slots__ = ('number', 'dice', 'target', 'timeouts', 'outcome', 'winner', 'claim', 'cards')
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    TIMEOUTS_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    CLAIM_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    number: int
    dice: _common_pb2.IntList
    target: int
    timeouts: int
    outcome: MixMatchOutcome
    winner: int
    claim: str
    cards: _containers.RepeatedScalarFieldContainer[int]

    def __init__(self, number: _Optional[int]=..., dice: _Optional[_Union[_common_pb2.IntList, _Mapping]]=..., target: _Optional[int]=..., timeouts: _Optional[int]=..., outcome: _Optional[_Union[MixMatchOutcome, str]]=..., winner: _Optional[int]=..., claim: _Optional[str]=..., cards: _Optional[_Iterable[int]]=...) -> None:
        ...

class MixMatchSeatView(_message.Message):
    __slots__ = ('game', 'seat', 'players', 'variants', 'rules', 'round', 'rounds', 'phase', 'table', 'own', 'won', 'out', 'dice', 'target', 'hourglass', 'deadline', 'deck_size', 'to_pick', 'pick_order', 'may_pass', 'round_log', 'terminal', 'end_reason', 'winners')
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    VARIANTS_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    OWN_FIELD_NUMBER: _ClassVar[int]
    WON_FIELD_NUMBER: _ClassVar[int]
    OUT_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    HOURGLASS_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    TO_PICK_FIELD_NUMBER: _ClassVar[int]
    PICK_ORDER_FIELD_NUMBER: _ClassVar[int]
    MAY_PASS_FIELD_NUMBER: _ClassVar[int]
    ROUND_LOG_FIELD_NUMBER: _ClassVar[int]
    TERMINAL_FIELD_NUMBER: _ClassVar[int]
    END_REASON_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    seat: int
    players: int
    variants: _containers.RepeatedScalarFieldContainer[int]
    rules: _common_pb2.ArithRules
    round: int
    rounds: int
    phase: MixMatchPhase
    table: _containers.RepeatedScalarFieldContainer[int]
    own: _containers.RepeatedCompositeFieldContainer[_common_pb2.IntList]
    won: _containers.RepeatedScalarFieldContainer[int]
    out: _containers.RepeatedScalarFieldContainer[bool]
    dice: _common_pb2.IntList
    target: int
    hourglass: _duration_pb2.Duration
    deadline: _timestamp_pb2.Timestamp
    deck_size: int
    to_pick: int
    pick_order: _containers.RepeatedScalarFieldContainer[int]
    may_pass: bool
    round_log: _containers.RepeatedCompositeFieldContainer[MixMatchRoundLog]
    terminal: bool
    end_reason: MixMatchEndReason
    winners: _containers.RepeatedScalarFieldContainer[int]

    def __init__(self, game: _Optional[_Union[_common_pb2.Game, str]]=..., seat: _Optional[int]=..., players: _Optional[int]=..., variants: _Optional[_Iterable[int]]=..., rules: _Optional[_Union[_common_pb2.ArithRules, _Mapping]]=..., round: _Optional[int]=..., rounds: _Optional[int]=..., phase: _Optional[_Union[MixMatchPhase, str]]=..., table: _Optional[_Iterable[int]]=..., own: _Optional[_Iterable[_Union[_common_pb2.IntList, _Mapping]]]=..., won: _Optional[_Iterable[int]]=..., out: _Optional[_Iterable[bool]]=..., dice: _Optional[_Union[_common_pb2.IntList, _Mapping]]=..., target: _Optional[int]=..., hourglass: _Optional[_Union[_duration_pb2.Duration, _Mapping]]=..., deadline: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]]=..., deck_size: _Optional[int]=..., to_pick: _Optional[int]=..., pick_order: _Optional[_Iterable[int]]=..., may_pass: bool=..., round_log: _Optional[_Iterable[_Union[MixMatchRoundLog, _Mapping]]]=..., terminal: bool=..., end_reason: _Optional[_Union[MixMatchEndReason, str]]=..., winners: _Optional[_Iterable[int]]=...) -> None:
        ...

class MixMatchRoundStarted(_message.Message):
    __slots__ = ('round', 'drawn', 'table', 'pick_order')
    ROUND_FIELD_NUMBER: _ClassVar[int]
    DRAWN_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    PICK_ORDER_FIELD_NUMBER: _ClassVar[int]
    round: int
    drawn: _containers.RepeatedScalarFieldContainer[int]
    table: _containers.RepeatedScalarFieldContainer[int]
    pick_order: _containers.RepeatedScalarFieldContainer[int]

    def __init__(self, round: _Optional[int]=..., drawn: _Optional[_Iterable[int]]=..., table: _Optional[_Iterable[int]]=..., pick_order: _Optional[_Iterable[int]]=...) -> None:
        ...

class MixMatchCardPicked(_message.Message):
    __slots__ = ('round', 'seat', 'card')
    ROUND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    round: int
    seat: int
    card: int

    def __init__(self, round: _Optional[int]=..., seat: _Optional[int]=..., card: _Optional[int]=...) -> None:
        ...

class MixMatchPickPassed(_message.Message):
    __slots__ = ('round', 'seat')
    ROUND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    round: int
    seat: int

    def __init__(self, round: _Optional[int]=..., seat: _Optional[int]=...) -> None:
        ...

class MixMatchDiceRolled(_message.Message):
    __slots__ = ('round', 'dice', 'target', 'deadline')
    ROUND_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_FIELD_NUMBER: _ClassVar[int]
    round: int
    dice: _containers.RepeatedScalarFieldContainer[int]
    target: int
    deadline: _timestamp_pb2.Timestamp

    def __init__(self, round: _Optional[int]=..., dice: _Optional[_Iterable[int]]=..., target: _Optional[int]=..., deadline: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]]=...) -> None:
        ...

class MixMatchHourglassRanOut(_message.Message):
    __slots__ = ('round', 'card', 'table', 'deadline', 'seat')
    ROUND_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    round: int
    card: int
    table: _containers.RepeatedScalarFieldContainer[int]
    deadline: _timestamp_pb2.Timestamp
    seat: int

    def __init__(self, round: _Optional[int]=..., card: _Optional[int]=..., table: _Optional[_Iterable[int]]=..., deadline: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]]=..., seat: _Optional[int]=...) -> None:
        ...

class MixMatchClaimAccepted(_message.Message):
    __slots__ = ('round', 'seat', 'claim', 'expression', 'cards')
    ROUND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CLAIM_FIELD_NUMBER: _ClassVar[int]
    EXPRESSION_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    round: int
    seat: int
    claim: str
    expression: str
    cards: _containers.RepeatedScalarFieldContainer[int]

    def __init__(self, round: _Optional[int]=..., seat: _Optional[int]=..., claim: _Optional[str]=..., expression: _Optional[str]=..., cards: _Optional[_Iterable[int]]=...) -> None:
        ...

class MixMatchClaimRejected(_message.Message):
    __slots__ = ('round', 'seat', 'claim', 'reason', 'fault')
    ROUND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CLAIM_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    FAULT_FIELD_NUMBER: _ClassVar[int]
    round: int
    seat: int
    claim: str
    reason: str
    fault: MixMatchClaimFault

    def __init__(self, round: _Optional[int]=..., seat: _Optional[int]=..., claim: _Optional[str]=..., reason: _Optional[str]=..., fault: _Optional[_Union[MixMatchClaimFault, str]]=...) -> None:
        ...

class MixMatchRoundEnded(_message.Message):
    __slots__ = ('round', 'outcome', 'winner', 'cards')
    ROUND_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    round: int
    outcome: MixMatchOutcome
    winner: int
    cards: _containers.RepeatedScalarFieldContainer[int]

    def __init__(self, round: _Optional[int]=..., outcome: _Optional[_Union[MixMatchOutcome, str]]=..., winner: _Optional[int]=..., cards: _Optional[_Iterable[int]]=...) -> None:
        ...

class MixMatchGameOver(_message.Message):
    __slots__ = ('reason', 'scores', 'winners')
    REASON_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    reason: MixMatchEndReason
    scores: _containers.RepeatedScalarFieldContainer[int]
    winners: _containers.RepeatedScalarFieldContainer[int]

    def __init__(self, reason: _Optional[_Union[MixMatchEndReason, str]]=..., scores: _Optional[_Iterable[int]]=..., winners: _Optional[_Iterable[int]]=...) -> None:
        ...

class MixMatchEvent(_message.Message):
    __slots__ = ('round_started', 'card_picked', 'pick_passed', 'dice_rolled', 'hourglass_ran_out', 'claim_accepted', 'claim_rejected', 'round_ended', 'game_over')
    ROUND_STARTED_FIELD_NUMBER: _ClassVar[int]
    CARD_PICKED_FIELD_NUMBER: _ClassVar[int]
    PICK_PASSED_FIELD_NUMBER: _ClassVar[int]
    DICE_ROLLED_FIELD_NUMBER: _ClassVar[int]
    HOURGLASS_RAN_OUT_FIELD_NUMBER: _ClassVar[int]
    CLAIM_ACCEPTED_FIELD_NUMBER: _ClassVar[int]
    CLAIM_REJECTED_FIELD_NUMBER: _ClassVar[int]
    ROUND_ENDED_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    round_started: MixMatchRoundStarted
    card_picked: MixMatchCardPicked
    pick_passed: MixMatchPickPassed
    dice_rolled: MixMatchDiceRolled
    hourglass_ran_out: MixMatchHourglassRanOut
    claim_accepted: MixMatchClaimAccepted
    claim_rejected: MixMatchClaimRejected
    round_ended: MixMatchRoundEnded
    game_over: MixMatchGameOver

    def __init__(self, round_started: _Optional[_Union[MixMatchRoundStarted, _Mapping]]=..., card_picked: _Optional[_Union[MixMatchCardPicked, _Mapping]]=..., pick_passed: _Optional[_Union[MixMatchPickPassed, _Mapping]]=..., dice_rolled: _Optional[_Union[MixMatchDiceRolled, _Mapping]]=..., hourglass_ran_out: _Optional[_Union[MixMatchHourglassRanOut, _Mapping]]=..., claim_accepted: _Optional[_Union[MixMatchClaimAccepted, _Mapping]]=..., claim_rejected: _Optional[_Union[MixMatchClaimRejected, _Mapping]]=..., round_ended: _Optional[_Union[MixMatchRoundEnded, _Mapping]]=..., game_over: _Optional[_Union[MixMatchGameOver, _Mapping]]=...) -> None:
        ...