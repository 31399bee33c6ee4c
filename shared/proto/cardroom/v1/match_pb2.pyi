from ...cardroom.v1 import common_pb2 as _common_pb2
from ...cardroom.v1 import livemix_pb2 as _livemix_pb2
from ...cardroom.v1 import mixmatch_pb2 as _mixmatch_pb2
from ...cardroom.v1 import vivo_pb2 as _vivo_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Iterable as _Iterable, Mapping as _Mapping, Optional as _Optional, Union as _Union
DESCRIPTOR: _descriptor.FileDescriptor

class MatchStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MATCH_STATUS_UNSPECIFIED: _ClassVar[MatchStatus]
    MATCH_STATUS_OPEN: _ClassVar[MatchStatus]
    MATCH_STATUS_ACTIVE: _ClassVar[MatchStatus]
    MATCH_STATUS_FINISHED: _ClassVar[MatchStatus]
    MATCH_STATUS_ABANDONED: _ClassVar[MatchStatus]

class SeatKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SEAT_KIND_UNSPECIFIED: _ClassVar[SeatKind]
    SEAT_KIND_HUMAN: _ClassVar[SeatKind]
    SEAT_KIND_OPEN: _ClassVar[SeatKind]
    SEAT_KIND_BOT: _ClassVar[SeatKind]

class ClockExpiry(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CLOCK_EXPIRY_UNSPECIFIED: _ClassVar[ClockExpiry]
    CLOCK_EXPIRY_BOT: _ClassVar[ClockExpiry]
    CLOCK_EXPIRY_FORFEIT: _ClassVar[ClockExpiry]

class DeadlineKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DEADLINE_KIND_UNSPECIFIED: _ClassVar[DeadlineKind]
    DEADLINE_KIND_HOURGLASS: _ClassVar[DeadlineKind]
    DEADLINE_KIND_MOVE_CLOCK: _ClassVar[DeadlineKind]

class DealtBy(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DEALT_BY_UNSPECIFIED: _ClassVar[DealtBy]
    DEALT_BY_SERVER: _ClassVar[DealtBy]
    DEALT_BY_CREATOR: _ClassVar[DealtBy]

class EndReason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    END_REASON_UNSPECIFIED: _ClassVar[EndReason]
    END_REASON_COMPLETED: _ClassVar[EndReason]
    END_REASON_RESIGNED: _ClassVar[EndReason]
    END_REASON_ABANDONED: _ClassVar[EndReason]

class LobbyChangeKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LOBBY_CHANGE_KIND_UNSPECIFIED: _ClassVar[LobbyChangeKind]
    LOBBY_CHANGE_KIND_LISTED: _ClassVar[LobbyChangeKind]
    LOBBY_CHANGE_KIND_CURRENT: _ClassVar[LobbyChangeKind]
    LOBBY_CHANGE_KIND_OPENED: _ClassVar[LobbyChangeKind]
    LOBBY_CHANGE_KIND_SEAT_TAKEN: _ClassVar[LobbyChangeKind]
    LOBBY_CHANGE_KIND_STARTED: _ClassVar[LobbyChangeKind]
    LOBBY_CHANGE_KIND_GONE: _ClassVar[LobbyChangeKind]
MATCH_STATUS_UNSPECIFIED: MatchStatus
MATCH_STATUS_OPEN: MatchStatus
MATCH_STATUS_ACTIVE: MatchStatus
MATCH_STATUS_FINISHED: MatchStatus
MATCH_STATUS_ABANDONED: MatchStatus
SEAT_KIND_UNSPECIFIED: SeatKind
SEAT_KIND_HUMAN: SeatKind
SEAT_KIND_OPEN: SeatKind
SEAT_KIND_BOT: SeatKind
CLOCK_EXPIRY_UNSPECIFIED: ClockExpiry
CLOCK_EXPIRY_BOT: ClockExpiry
CLOCK_EXPIRY_FORFEIT: ClockExpiry
DEADLINE_KIND_UNSPECIFIED: DeadlineKind
DEADLINE_KIND_HOURGLASS: DeadlineKind
DEADLINE_KIND_MOVE_CLOCK: DeadlineKind
DEALT_BY_UNSPECIFIED: DealtBy
DEALT_BY_SERVER: DealtBy
DEALT_BY_CREATOR: DealtBy
END_REASON_UNSPECIFIED: EndReason
END_REASON_COMPLETED: EndReason
END_REASON_RESIGNED: EndReason
END_REASON_ABANDONED: EndReason
LOBBY_CHANGE_KIND_UNSPECIFIED: LobbyChangeKind
LOBBY_CHANGE_KIND_LISTED: LobbyChangeKind
LOBBY_CHANGE_KIND_CURRENT: LobbyChangeKind
LOBBY_CHANGE_KIND_OPENED: LobbyChangeKind
LOBBY_CHANGE_KIND_SEAT_TAKEN: LobbyChangeKind
LOBBY_CHANGE_KIND_STARTED: LobbyChangeKind
LOBBY_CHANGE_KIND_GONE: LobbyChangeKind

class SeatSpec(_message.Message):
    __slots__ = ('kind', 'name', 'policy', 'strength')
    KIND_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    POLICY_FIELD_NUMBER: _ClassVar[int]
    STRENGTH_FIELD_NUMBER: _ClassVar[int]
    kind: SeatKind
    name: str
    policy: str
    strength: int

    def __init__(self, kind: _Optional[_Union[SeatKind, str]]=..., name: _Optional[str]=..., policy: _Optional[str]=..., strength: _Optional[int]=...) -> None:
        ...

class MoveClock(_message.Message):
    __slots__ = ('seconds', 'on_expiry', 'policy')
    SECONDS_FIELD_NUMBER: _ClassVar[int]
    ON_EXPIRY_FIELD_NUMBER: _ClassVar[int]
    POLICY_FIELD_NUMBER: _ClassVar[int]
    seconds: float
    on_expiry: ClockExpiry
    policy: str

    def __init__(self, seconds: _Optional[float]=..., on_expiry: _Optional[_Union[ClockExpiry, str]]=..., policy: _Optional[str]=...) -> None:
        ...

class CreateMatchRequest(_message.Message):
    __slots__ = ('game', 'players', 'seats', 'seed', 'livemix_deal', 'vivo_deal', 'mixmatch_deal', 'clock', 'private', 'livemix_options', 'vivo_options', 'mixmatch_options')
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    LIVEMIX_DEAL_FIELD_NUMBER: _ClassVar[int]
    VIVO_DEAL_FIELD_NUMBER: _ClassVar[int]
    MIXMATCH_DEAL_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    PRIVATE_FIELD_NUMBER: _ClassVar[int]
    LIVEMIX_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    VIVO_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    MIXMATCH_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    players: int
    seats: _containers.RepeatedCompositeFieldContainer[SeatSpec]
    seed: int
    livemix_deal: _livemix_pb2.LivemixDeal
    vivo_deal: _vivo_pb2.VivoDeal
    mixmatch_deal: _mixmatch_pb2.MixMatchDeal
    clock: MoveClock
    private: bool
    livemix_options: _livemix_pb2.LivemixOptions
    vivo_options: _vivo_pb2.VivoOptions
    mixmatch_options: _mixmatch_pb2.MixMatchOptions

    def __init__(self, game: _Optional[_Union[_common_pb2.Game, str]]=..., players: _Optional[int]=..., seats: _Optional[_Iterable[_Union[SeatSpec, _Mapping]]]=..., seed: _Optional[int]=..., livemix_deal: _Optional[_Union[_livemix_pb2.LivemixDeal, _Mapping]]=..., vivo_deal: _Optional[_Union[_vivo_pb2.VivoDeal, _Mapping]]=..., mixmatch_deal: _Optional[_Union[_mixmatch_pb2.MixMatchDeal, _Mapping]]=..., clock: _Optional[_Union[MoveClock, _Mapping]]=..., private: bool=..., livemix_options: _Optional[_Union[_livemix_pb2.LivemixOptions, _Mapping]]=..., vivo_options: _Optional[_Union[_vivo_pb2.VivoOptions, _Mapping]]=..., mixmatch_options: _Optional[_Union[_mixmatch_pb2.MixMatchOptions, _Mapping]]=...) -> None:
        ...

class SeatToken(_message.Message):
    __slots__ = ('seat', 'token')
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    token: str

    def __init__(self, seat: _Optional[int]=..., token: _Optional[str]=...) -> None:
        ...

class CreateMatchResponse(_message.Message):
    __slots__ = ('match_id', 'version', 'tokens', 'creator_token')
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    TOKENS_FIELD_NUMBER: _ClassVar[int]
    CREATOR_TOKEN_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    version: int
    tokens: _containers.RepeatedCompositeFieldContainer[SeatToken]
    creator_token: str

    def __init__(self, match_id: _Optional[str]=..., version: _Optional[int]=..., tokens: _Optional[_Iterable[_Union[SeatToken, _Mapping]]]=..., creator_token: _Optional[str]=...) -> None:
        ...

class JoinMatchRequest(_message.Message):
    __slots__ = ('match_id', 'seat', 'name')
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    seat: int
    name: str

    def __init__(self, match_id: _Optional[str]=..., seat: _Optional[int]=..., name: _Optional[str]=...) -> None:
        ...

class JoinMatchResponse(_message.Message):
    __slots__ = ('seat', 'token', 'version')
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    seat: int
    token: str
    version: int

    def __init__(self, seat: _Optional[int]=..., token: _Optional[str]=..., version: _Optional[int]=...) -> None:
        ...

class ListMatchesRequest(_message.Message):
    __slots__ = ('game', 'status', 'page_size', 'page_token', 'include_private')
    GAME_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_PRIVATE_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    status: MatchStatus
    page_size: int
    page_token: str
    include_private: bool

    def __init__(self, game: _Optional[_Union[_common_pb2.Game, str]]=..., status: _Optional[_Union[MatchStatus, str]]=..., page_size: _Optional[int]=..., page_token: _Optional[str]=..., include_private: bool=...) -> None:
        ...

class ListMatchesResponse(_message.Message):
    __slots__ = ('matches', 'next_page_token')
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    matches: _containers.RepeatedCompositeFieldContainer[MatchSummary]
    next_page_token: str

    def __init__(self, matches: _Optional[_Iterable[_Union[MatchSummary, _Mapping]]]=..., next_page_token: _Optional[str]=...) -> None:
        ...

class Seat(_message.Message):
    __slots__ = ('kind', 'name', 'policy', 'strength', 'resigned')
    KIND_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    POLICY_FIELD_NUMBER: _ClassVar[int]
    STRENGTH_FIELD_NUMBER: _ClassVar[int]
    RESIGNED_FIELD_NUMBER: _ClassVar[int]
    kind: SeatKind
    name: str
    policy: str
    strength: int
    resigned: bool

    def __init__(self, kind: _Optional[_Union[SeatKind, str]]=..., name: _Optional[str]=..., policy: _Optional[str]=..., strength: _Optional[int]=..., resigned: bool=...) -> None:
        ...

class MatchSummary(_message.Message):
    __slots__ = ('match_id', 'game', 'status', 'players', 'version', 'seats', 'open_seats', 'create_time', 'private', 'dealt_by', 'livemix_options', 'vivo_options', 'mixmatch_options', 'clock')
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    OPEN_SEATS_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    PRIVATE_FIELD_NUMBER: _ClassVar[int]
    DEALT_BY_FIELD_NUMBER: _ClassVar[int]
    LIVEMIX_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    VIVO_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    MIXMATCH_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    game: _common_pb2.Game
    status: MatchStatus
    players: int
    version: int
    seats: _containers.RepeatedCompositeFieldContainer[Seat]
    open_seats: _containers.RepeatedScalarFieldContainer[int]
    create_time: _timestamp_pb2.Timestamp
    private: bool
    dealt_by: DealtBy
    livemix_options: _livemix_pb2.LivemixOptions
    vivo_options: _vivo_pb2.VivoOptions
    mixmatch_options: _mixmatch_pb2.MixMatchOptions
    clock: MoveClock

    def __init__(self, match_id: _Optional[str]=..., game: _Optional[_Union[_common_pb2.Game, str]]=..., status: _Optional[_Union[MatchStatus, str]]=..., players: _Optional[int]=..., version: _Optional[int]=..., seats: _Optional[_Iterable[_Union[Seat, _Mapping]]]=..., open_seats: _Optional[_Iterable[int]]=..., create_time: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]]=..., private: bool=..., dealt_by: _Optional[_Union[DealtBy, str]]=..., livemix_options: _Optional[_Union[_livemix_pb2.LivemixOptions, _Mapping]]=..., vivo_options: _Optional[_Union[_vivo_pb2.VivoOptions, _Mapping]]=..., mixmatch_options: _Optional[_Union[_mixmatch_pb2.MixMatchOptions, _Mapping]]=..., clock: _Optional[_Union[MoveClock, _Mapping]]=...) -> None:
        ...

class GetMatchRequest(_message.Message):
    __slots__ = ('match_id', 'seat')
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    seat: int

    def __init__(self, match_id: _Optional[str]=..., seat: _Optional[int]=...) -> None:
        ...

class GetMatchResponse(_message.Message):
    __slots__ = ('match',)
    MATCH_FIELD_NUMBER: _ClassVar[int]
    match: MatchView

    def __init__(self, match: _Optional[_Union[MatchView, _Mapping]]=...) -> None:
        ...

class RoundScores(_message.Message):
    __slots__ = ('scores',)
    SCORES_FIELD_NUMBER: _ClassVar[int]
    scores: _containers.RepeatedScalarFieldContainer[int]

    def __init__(self, scores: _Optional[_Iterable[int]]=...) -> None:
        ...

class MatchResult(_message.Message):
    __slots__ = ('reason', 'scores', 'winners')
    REASON_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    reason: EndReason
    scores: _containers.RepeatedScalarFieldContainer[int]
    winners: _containers.RepeatedScalarFieldContainer[int]

    def __init__(self, reason: _Optional[_Union[EndReason, str]]=..., scores: _Optional[_Iterable[int]]=..., winners: _Optional[_Iterable[int]]=...) -> None:
        ...

class MatchView(_message.Message):
    __slots__ = ('match_id', 'game', 'status', 'version', 'seat', 'players', 'seats', 'may_act', 'legal_moves', 'scores', 'round_scores', 'deadline', 'deadline_kind', 'event_seq', 'result', 'dealt_by', 'seed_commitment', 'livemix_options', 'vivo_options', 'mixmatch_options', 'livemix', 'vivo', 'mixmatch', 'acting_seats')
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    MAY_ACT_FIELD_NUMBER: _ClassVar[int]
    LEGAL_MOVES_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    ROUND_SCORES_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_KIND_FIELD_NUMBER: _ClassVar[int]
    EVENT_SEQ_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    DEALT_BY_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    LIVEMIX_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    VIVO_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    MIXMATCH_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    LIVEMIX_FIELD_NUMBER: _ClassVar[int]
    VIVO_FIELD_NUMBER: _ClassVar[int]
    MIXMATCH_FIELD_NUMBER: _ClassVar[int]
    ACTING_SEATS_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    game: _common_pb2.Game
    status: MatchStatus
    version: int
    seat: int
    players: int
    seats: _containers.RepeatedCompositeFieldContainer[Seat]
    may_act: bool
    legal_moves: _containers.RepeatedScalarFieldContainer[str]
    scores: _containers.RepeatedScalarFieldContainer[int]
    round_scores: _containers.RepeatedCompositeFieldContainer[RoundScores]
    deadline: _timestamp_pb2.Timestamp
    deadline_kind: DeadlineKind
    event_seq: int
    result: MatchResult
    dealt_by: DealtBy
    seed_commitment: str
    livemix_options: _livemix_pb2.LivemixOptions
    vivo_options: _vivo_pb2.VivoOptions
    mixmatch_options: _mixmatch_pb2.MixMatchOptions
    livemix: _livemix_pb2.LivemixSeatView
    vivo: _vivo_pb2.VivoSeatView
    mixmatch: _mixmatch_pb2.MixMatchSeatView
    acting_seats: _containers.RepeatedScalarFieldContainer[int]

    def __init__(self, match_id: _Optional[str]=..., game: _Optional[_Union[_common_pb2.Game, str]]=..., status: _Optional[_Union[MatchStatus, str]]=..., version: _Optional[int]=..., seat: _Optional[int]=..., players: _Optional[int]=..., seats: _Optional[_Iterable[_Union[Seat, _Mapping]]]=..., may_act: bool=..., legal_moves: _Optional[_Iterable[str]]=..., scores: _Optional[_Iterable[int]]=..., round_scores: _Optional[_Iterable[_Union[RoundScores, _Mapping]]]=..., deadline: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]]=..., deadline_kind: _Optional[_Union[DeadlineKind, str]]=..., event_seq: _Optional[int]=..., result: _Optional[_Union[MatchResult, _Mapping]]=..., dealt_by: _Optional[_Union[DealtBy, str]]=..., seed_commitment: _Optional[str]=..., livemix_options: _Optional[_Union[_livemix_pb2.LivemixOptions, _Mapping]]=..., vivo_options: _Optional[_Union[_vivo_pb2.VivoOptions, _Mapping]]=..., mixmatch_options: _Optional[_Union[_mixmatch_pb2.MixMatchOptions, _Mapping]]=..., livemix: _Optional[_Union[_livemix_pb2.LivemixSeatView, _Mapping]]=..., vivo: _Optional[_Union[_vivo_pb2.VivoSeatView, _Mapping]]=..., mixmatch: _Optional[_Union[_mixmatch_pb2.MixMatchSeatView, _Mapping]]=..., acting_seats: _Optional[_Iterable[int]]=...) -> None:
        ...

class LivemixMove(_message.Message):
    __slots__ = ('card',)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str

    def __init__(self, card: _Optional[str]=...) -> None:
        ...

class VivoMove(_message.Message):
    __slots__ = ('card',)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str

    def __init__(self, card: _Optional[str]=...) -> None:
        ...

class MixMatchMove(_message.Message):
    __slots__ = ('claim', 'pick', 'timeout', 'round')
    CLAIM_FIELD_NUMBER: _ClassVar[int]
    PICK_FIELD_NUMBER: _ClassVar[int]
    PASS_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    claim: str
    pick: int
    timeout: bool
    round: int

    def __init__(self, claim: _Optional[str]=..., pick: _Optional[int]=..., timeout: bool=..., round: _Optional[int]=..., **kwargs) -> None:
        ...

class SubmitMoveRequest(_message.Message):
    __slots__ = ('match_id', 'livemix', 'vivo', 'mixmatch', 'action', 'expected_version', 'request_id', 'seat')
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    LIVEMIX_FIELD_NUMBER: _ClassVar[int]
    VIVO_FIELD_NUMBER: _ClassVar[int]
    MIXMATCH_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    livemix: LivemixMove
    vivo: VivoMove
    mixmatch: MixMatchMove
    action: str
    expected_version: int
    request_id: str
    seat: int

    def __init__(self, match_id: _Optional[str]=..., livemix: _Optional[_Union[LivemixMove, _Mapping]]=..., vivo: _Optional[_Union[VivoMove, _Mapping]]=..., mixmatch: _Optional[_Union[MixMatchMove, _Mapping]]=..., action: _Optional[str]=..., expected_version: _Optional[int]=..., request_id: _Optional[str]=..., seat: _Optional[int]=...) -> None:
        ...

class MatchEvent(_message.Message):
    __slots__ = ('seq', 'type', 'to', 'livemix', 'vivo', 'mixmatch', 'service')
    SEQ_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    LIVEMIX_FIELD_NUMBER: _ClassVar[int]
    VIVO_FIELD_NUMBER: _ClassVar[int]
    MIXMATCH_FIELD_NUMBER: _ClassVar[int]
    SERVICE_FIELD_NUMBER: _ClassVar[int]
    seq: int
    type: str
    to: int
    livemix: _livemix_pb2.LivemixEvent
    vivo: _vivo_pb2.VivoEvent
    mixmatch: _mixmatch_pb2.MixMatchEvent
    service: ServiceEvent

    def __init__(self, seq: _Optional[int]=..., type: _Optional[str]=..., to: _Optional[int]=..., livemix: _Optional[_Union[_livemix_pb2.LivemixEvent, _Mapping]]=..., vivo: _Optional[_Union[_vivo_pb2.VivoEvent, _Mapping]]=..., mixmatch: _Optional[_Union[_mixmatch_pb2.MixMatchEvent, _Mapping]]=..., service: _Optional[_Union[ServiceEvent, _Mapping]]=...) -> None:
        ...

class MatchCreated(_message.Message):
    __slots__ = ('game', 'players', 'seats')
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    players: int
    seats: _containers.RepeatedCompositeFieldContainer[Seat]

    def __init__(self, game: _Optional[_Union[_common_pb2.Game, str]]=..., players: _Optional[int]=..., seats: _Optional[_Iterable[_Union[Seat, _Mapping]]]=...) -> None:
        ...

class SeatClaimed(_message.Message):
    __slots__ = ('seat', 'name')
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    seat: int
    name: str

    def __init__(self, seat: _Optional[int]=..., name: _Optional[str]=...) -> None:
        ...

class MatchStarted(_message.Message):
    __slots__ = ()

    def __init__(self) -> None:
        ...

class SeatResigned(_message.Message):
    __slots__ = ('seat', 'reason')
    SEAT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    seat: int
    reason: str

    def __init__(self, seat: _Optional[int]=..., reason: _Optional[str]=...) -> None:
        ...

class ClockExpired(_message.Message):
    __slots__ = ('seat', 'stand_in')
    SEAT_FIELD_NUMBER: _ClassVar[int]
    STAND_IN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    stand_in: str

    def __init__(self, seat: _Optional[int]=..., stand_in: _Optional[str]=...) -> None:
        ...

class MatchAbandoned(_message.Message):
    __slots__ = ('by', 'seat')
    BY_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    by: str
    seat: int

    def __init__(self, by: _Optional[str]=..., seat: _Optional[int]=...) -> None:
        ...

class MatchOver(_message.Message):
    __slots__ = ('status', 'reason', 'scores', 'winners')
    STATUS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    status: MatchStatus
    reason: EndReason
    scores: _containers.RepeatedScalarFieldContainer[int]
    winners: _containers.RepeatedScalarFieldContainer[int]

    def __init__(self, status: _Optional[_Union[MatchStatus, str]]=..., reason: _Optional[_Union[EndReason, str]]=..., scores: _Optional[_Iterable[int]]=..., winners: _Optional[_Iterable[int]]=...) -> None:
        ...

class ServiceEvent(_message.Message):
    __slots__ = ('match_created', 'seat_claimed', 'match_started', 'resigned', 'clock_expired', 'abandoned', 'match_over')
    MATCH_CREATED_FIELD_NUMBER: _ClassVar[int]
    SEAT_CLAIMED_FIELD_NUMBER: _ClassVar[int]
    MATCH_STARTED_FIELD_NUMBER: _ClassVar[int]
    RESIGNED_FIELD_NUMBER: _ClassVar[int]
    CLOCK_EXPIRED_FIELD_NUMBER: _ClassVar[int]
    ABANDONED_FIELD_NUMBER: _ClassVar[int]
    MATCH_OVER_FIELD_NUMBER: _ClassVar[int]
    match_created: MatchCreated
    seat_claimed: SeatClaimed
    match_started: MatchStarted
    resigned: SeatResigned
    clock_expired: ClockExpired
    abandoned: MatchAbandoned
    match_over: MatchOver

    def __init__(self, match_created: _Optional[_Union[MatchCreated, _Mapping]]=..., seat_claimed: _Optional[_Union[SeatClaimed, _Mapping]]=..., match_started: _Optional[_Union[MatchStarted, _Mapping]]=..., resigned: _Optional[_Union[SeatResigned, _Mapping]]=..., clock_expired: _Optional[_Union[ClockExpired, _Mapping]]=..., abandoned: _Optional[_Union[MatchAbandoned, _Mapping]]=..., match_over: _Optional[_Union[MatchOver, _Mapping]]=...) -> None:
        ...

class SubmitMoveResponse(_message.Message):
    __slots__ = ('version', 'status', 'events', 'duplicate')
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_FIELD_NUMBER: _ClassVar[int]
    version: int
    status: MatchStatus
    events: _containers.RepeatedCompositeFieldContainer[MatchEvent]
    duplicate: bool

    def __init__(self, version: _Optional[int]=..., status: _Optional[_Union[MatchStatus, str]]=..., events: _Optional[_Iterable[_Union[MatchEvent, _Mapping]]]=..., duplicate: bool=...) -> None:
        ...

class WatchMatchRequest(_message.Message):
    __slots__ = ('match_id', 'cursor', 'seat', 'no_follow', 'turns')
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    CURSOR_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NO_FOLLOW_FIELD_NUMBER: _ClassVar[int]
    TURNS_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    cursor: int
    seat: int
    no_follow: bool
    turns: bool

    def __init__(self, match_id: _Optional[str]=..., cursor: _Optional[int]=..., seat: _Optional[int]=..., no_follow: bool=..., turns: bool=...) -> None:
        ...

class TurnFrame(_message.Message):
    __slots__ = ('version', 'event_seq', 'status', 'acting_seats', 'seat', 'may_act', 'legal_moves', 'deadline', 'deadline_kind', 'scores', 'result', 'livemix', 'vivo', 'mixmatch')
    VERSION_FIELD_NUMBER: _ClassVar[int]
    EVENT_SEQ_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    ACTING_SEATS_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MAY_ACT_FIELD_NUMBER: _ClassVar[int]
    LEGAL_MOVES_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_KIND_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    LIVEMIX_FIELD_NUMBER: _ClassVar[int]
    VIVO_FIELD_NUMBER: _ClassVar[int]
    MIXMATCH_FIELD_NUMBER: _ClassVar[int]
    version: int
    event_seq: int
    status: MatchStatus
    acting_seats: _containers.RepeatedScalarFieldContainer[int]
    seat: int
    may_act: bool
    legal_moves: _containers.RepeatedScalarFieldContainer[str]
    deadline: _timestamp_pb2.Timestamp
    deadline_kind: DeadlineKind
    scores: _containers.RepeatedScalarFieldContainer[int]
    result: MatchResult
    livemix: _livemix_pb2.LivemixSeatView
    vivo: _vivo_pb2.VivoSeatView
    mixmatch: _mixmatch_pb2.MixMatchSeatView

    def __init__(self, version: _Optional[int]=..., event_seq: _Optional[int]=..., status: _Optional[_Union[MatchStatus, str]]=..., acting_seats: _Optional[_Iterable[int]]=..., seat: _Optional[int]=..., may_act: bool=..., legal_moves: _Optional[_Iterable[str]]=..., deadline: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]]=..., deadline_kind: _Optional[_Union[DeadlineKind, str]]=..., scores: _Optional[_Iterable[int]]=..., result: _Optional[_Union[MatchResult, _Mapping]]=..., livemix: _Optional[_Union[_livemix_pb2.LivemixSeatView, _Mapping]]=..., vivo: _Optional[_Union[_vivo_pb2.VivoSeatView, _Mapping]]=..., mixmatch: _Optional[_Union[_mixmatch_pb2.MixMatchSeatView, _Mapping]]=...) -> None:
        ...

class WatchMatchResponse(_message.Message):
    __slots__ = ('event', 'turn')
    EVENT_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    event: MatchEvent
    turn: TurnFrame

    def __init__(self, event: _Optional[_Union[MatchEvent, _Mapping]]=..., turn: _Optional[_Union[TurnFrame, _Mapping]]=...) -> None:
        ...

class GetReplayRequest(_message.Message):
    __slots__ = ('match_id',)
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    match_id: str

    def __init__(self, match_id: _Optional[str]=...) -> None:
        ...

class ReplayAction(_message.Message):
    __slots__ = ('seat', 'action', 'time', 'timestamp')
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    TIMESTAMP_FIELD_NUMBER: _ClassVar[int]
    seat: int
    action: str
    time: float
    timestamp: _timestamp_pb2.Timestamp

    def __init__(self, seat: _Optional[int]=..., action: _Optional[str]=..., time: _Optional[float]=..., timestamp: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]]=...) -> None:
        ...

class GetReplayResponse(_message.Message):
    __slots__ = ('match_id', 'game', 'status', 'seed', 'start_time', 'actions', 'events', 'scores', 'round_scores', 'result', 'seats', 'seed_salt', 'seed_commitment', 'start', 'livemix_options', 'vivo_options', 'mixmatch_options', 'livemix_deal', 'vivo_deal', 'mixmatch_deal')
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    START_TIME_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    ROUND_SCORES_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    SEED_SALT_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    START_FIELD_NUMBER: _ClassVar[int]
    LIVEMIX_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    VIVO_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    MIXMATCH_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    LIVEMIX_DEAL_FIELD_NUMBER: _ClassVar[int]
    VIVO_DEAL_FIELD_NUMBER: _ClassVar[int]
    MIXMATCH_DEAL_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    game: _common_pb2.Game
    status: MatchStatus
    seed: int
    start_time: float
    actions: _containers.RepeatedCompositeFieldContainer[ReplayAction]
    events: _containers.RepeatedCompositeFieldContainer[MatchEvent]
    scores: _containers.RepeatedScalarFieldContainer[int]
    round_scores: _containers.RepeatedCompositeFieldContainer[RoundScores]
    result: MatchResult
    seats: _containers.RepeatedCompositeFieldContainer[Seat]
    seed_salt: str
    seed_commitment: str
    start: _timestamp_pb2.Timestamp
    livemix_options: _livemix_pb2.LivemixOptions
    vivo_options: _vivo_pb2.VivoOptions
    mixmatch_options: _mixmatch_pb2.MixMatchOptions
    livemix_deal: _livemix_pb2.LivemixDeal
    vivo_deal: _vivo_pb2.VivoDeal
    mixmatch_deal: _mixmatch_pb2.MixMatchDeal

    def __init__(self, match_id: _Optional[str]=..., game: _Optional[_Union[_common_pb2.Game, str]]=..., status: _Optional[_Union[MatchStatus, str]]=..., seed: _Optional[int]=..., start_time: _Optional[float]=..., actions: _Optional[_Iterable[_Union[ReplayAction, _Mapping]]]=..., events: _Optional[_Iterable[_Union[MatchEvent, _Mapping]]]=..., scores: _Optional[_Iterable[int]]=..., round_scores: _Optional[_Iterable[_Union[RoundScores, _Mapping]]]=..., result: _Optional[_Union[MatchResult, _Mapping]]=..., seats: _Optional[_Iterable[_Union[Seat, _Mapping]]]=..., seed_salt: _Optional[str]=..., seed_commitment: _Optional[str]=..., start: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]]=..., livemix_options: _Optional[_Union[_livemix_pb2.LivemixOptions, _Mapping]]=..., vivo_options: _Optional[_Union[_vivo_pb2.VivoOptions, _Mapping]]=..., mixmatch_options: _Optional[_Union[_mixmatch_pb2.MixMatchOptions, _Mapping]]=..., livemix_deal: _Optional[_Union[_livemix_pb2.LivemixDeal, _Mapping]]=..., vivo_deal: _Optional[_Union[_vivo_pb2.VivoDeal, _Mapping]]=..., mixmatch_deal: _Optional[_Union[_mixmatch_pb2.MixMatchDeal, _Mapping]]=...) -> None:
        ...

class ResignRequest(_message.Message):
    __slots__ = ('match_id', 'seat')
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    seat: int

    def __init__(self, match_id: _Optional[str]=..., seat: _Optional[int]=...) -> None:
        ...

class ResignResponse(_message.Message):
    __slots__ = ('version', 'status', 'events')
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    version: int
    status: MatchStatus
    events: _containers.RepeatedCompositeFieldContainer[MatchEvent]

    def __init__(self, version: _Optional[int]=..., status: _Optional[_Union[MatchStatus, str]]=..., events: _Optional[_Iterable[_Union[MatchEvent, _Mapping]]]=...) -> None:
        ...

class AbandonMatchRequest(_message.Message):
    __slots__ = ('match_id',)
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    match_id: str

    def __init__(self, match_id: _Optional[str]=...) -> None:
        ...

class AbandonMatchResponse(_message.Message):
    __slots__ = ('version',)
    VERSION_FIELD_NUMBER: _ClassVar[int]
    version: int

    def __init__(self, version: _Optional[int]=...) -> None:
        ...

class DeleteMatchRequest(_message.Message):
    __slots__ = ('match_id',)
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    match_id: str

    def __init__(self, match_id: _Optional[str]=...) -> None:
        ...

class DeleteMatchResponse(_message.Message):
    __slots__ = ('version',)
    VERSION_FIELD_NUMBER: _ClassVar[int]
    version: int

    def __init__(self, version: _Optional[int]=...) -> None:
        ...

class WatchLobbyRequest(_message.Message):
    __slots__ = ('game', 'cursor')
    GAME_FIELD_NUMBER: _ClassVar[int]
    CURSOR_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    cursor: str

    def __init__(self, game: _Optional[_Union[_common_pb2.Game, str]]=..., cursor: _Optional[str]=...) -> None:
        ...

class WatchLobbyResponse(_message.Message):
    __slots__ = ('kind', 'cursor', 'match_id', 'match')
    KIND_FIELD_NUMBER: _ClassVar[int]
    CURSOR_FIELD_NUMBER: _ClassVar[int]
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    MATCH_FIELD_NUMBER: _ClassVar[int]
    kind: LobbyChangeKind
    cursor: str
    match_id: str
    match: MatchSummary

    def __init__(self, kind: _Optional[_Union[LobbyChangeKind, str]]=..., cursor: _Optional[str]=..., match_id: _Optional[str]=..., match: _Optional[_Union[MatchSummary, _Mapping]]=...) -> None:
        ...