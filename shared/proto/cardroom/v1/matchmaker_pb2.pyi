from ...cardroom.v1 import common_pb2 as _common_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Mapping as _Mapping, Optional as _Optional, Union as _Union
DESCRIPTOR: _descriptor.FileDescriptor

class TicketState(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TICKET_STATE_UNSPECIFIED: _ClassVar[TicketState]
    TICKET_STATE_WAITING: _ClassVar[TicketState]
    TICKET_STATE_MATCHED: _ClassVar[TicketState]
    TICKET_STATE_CANCELLED: _ClassVar[TicketState]
    TICKET_STATE_EXPIRED: _ClassVar[TicketState]
TICKET_STATE_UNSPECIFIED: TicketState
TICKET_STATE_WAITING: TicketState
TICKET_STATE_MATCHED: TicketState
TICKET_STATE_CANCELLED: TicketState
TICKET_STATE_EXPIRED: TicketState

class BotFill(_message.Message):
    __slots__ = ('after_seconds', 'policy', 'strength')
    AFTER_SECONDS_FIELD_NUMBER: _ClassVar[int]
    POLICY_FIELD_NUMBER: _ClassVar[int]
    STRENGTH_FIELD_NUMBER: _ClassVar[int]
    after_seconds: float
    policy: str
    strength: int

    def __init__(self, after_seconds: _Optional[float]=..., policy: _Optional[str]=..., strength: _Optional[int]=...) -> None:
        ...

class CreateTicketRequest(_message.Message):
    __slots__ = ('game', 'min_players', 'max_players', 'rating_window', 'widen_per_second', 'max_window', 'bot_fill', 'expire_seconds')
    GAME_FIELD_NUMBER: _ClassVar[int]
    MIN_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MAX_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    RATING_WINDOW_FIELD_NUMBER: _ClassVar[int]
    WIDEN_PER_SECOND_FIELD_NUMBER: _ClassVar[int]
    MAX_WINDOW_FIELD_NUMBER: _ClassVar[int]
    BOT_FILL_FIELD_NUMBER: _ClassVar[int]
    EXPIRE_SECONDS_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    min_players: int
    max_players: int
    rating_window: float
    widen_per_second: float
    max_window: float
    bot_fill: BotFill
    expire_seconds: float

    def __init__(self, game: _Optional[_Union[_common_pb2.Game, str]]=..., min_players: _Optional[int]=..., max_players: _Optional[int]=..., rating_window: _Optional[float]=..., widen_per_second: _Optional[float]=..., max_window: _Optional[float]=..., bot_fill: _Optional[_Union[BotFill, _Mapping]]=..., expire_seconds: _Optional[float]=...) -> None:
        ...

class Ticket(_message.Message):
    __slots__ = ('ticket_id', 'game', 'state', 'match_id', 'seat', 'create_time', 'window')
    TICKET_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    WINDOW_FIELD_NUMBER: _ClassVar[int]
    ticket_id: str
    game: _common_pb2.Game
    state: TicketState
    match_id: str
    seat: int
    create_time: _timestamp_pb2.Timestamp
    window: float

    def __init__(self, ticket_id: _Optional[str]=..., game: _Optional[_Union[_common_pb2.Game, str]]=..., state: _Optional[_Union[TicketState, str]]=..., match_id: _Optional[str]=..., seat: _Optional[int]=..., create_time: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]]=..., window: _Optional[float]=...) -> None:
        ...

class CreateTicketResponse(_message.Message):
    __slots__ = ('ticket',)
    TICKET_FIELD_NUMBER: _ClassVar[int]
    ticket: Ticket

    def __init__(self, ticket: _Optional[_Union[Ticket, _Mapping]]=...) -> None:
        ...

class WatchTicketRequest(_message.Message):
    __slots__ = ('ticket_id',)
    TICKET_ID_FIELD_NUMBER: _ClassVar[int]
    ticket_id: str

    def __init__(self, ticket_id: _Optional[str]=...) -> None:
        ...

class WatchTicketResponse(_message.Message):
    __slots__ = ('ticket',)
    TICKET_FIELD_NUMBER: _ClassVar[int]
    ticket: Ticket

    def __init__(self, ticket: _Optional[_Union[Ticket, _Mapping]]=...) -> None:
        ...

class GetTicketRequest(_message.Message):
    __slots__ = ('ticket_id',)
    TICKET_ID_FIELD_NUMBER: _ClassVar[int]
    ticket_id: str

    def __init__(self, ticket_id: _Optional[str]=...) -> None:
        ...

class GetTicketResponse(_message.Message):
    __slots__ = ('ticket',)
    TICKET_FIELD_NUMBER: _ClassVar[int]
    ticket: Ticket

    def __init__(self, ticket: _Optional[_Union[Ticket, _Mapping]]=...) -> None:
        ...

class CancelTicketRequest(_message.Message):
    __slots__ = ('ticket_id',)
    TICKET_ID_FIELD_NUMBER: _ClassVar[int]
    ticket_id: str

    def __init__(self, ticket_id: _Optional[str]=...) -> None:
        ...

class CancelTicketResponse(_message.Message):
    __slots__ = ('ticket',)
    TICKET_FIELD_NUMBER: _ClassVar[int]
    ticket: Ticket

    def __init__(self, ticket: _Optional[_Union[Ticket, _Mapping]]=...) -> None:
        ...