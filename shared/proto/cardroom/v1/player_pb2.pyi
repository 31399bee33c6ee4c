from ...cardroom.v1 import common_pb2 as _common_pb2
from ...cardroom.v1 import match_pb2 as _match_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Iterable as _Iterable, Mapping as _Mapping, Optional as _Optional, Union as _Union
DESCRIPTOR: _descriptor.FileDescriptor

class MatchScope(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MATCH_SCOPE_UNSPECIFIED: _ClassVar[MatchScope]
    MATCH_SCOPE_ACTIVE: _ClassVar[MatchScope]
    MATCH_SCOPE_FINISHED: _ClassVar[MatchScope]
MATCH_SCOPE_UNSPECIFIED: MatchScope
MATCH_SCOPE_ACTIVE: MatchScope
MATCH_SCOPE_FINISHED: MatchScope

class Player(_message.Message):
    __slots__ = ('player_id', 'display_name', 'create_time')
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    display_name: str
    create_time: _timestamp_pb2.Timestamp

    def __init__(self, player_id: _Optional[str]=..., display_name: _Optional[str]=..., create_time: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]]=...) -> None:
        ...

class CreateGuestRequest(_message.Message):
    __slots__ = ('display_name',)
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    display_name: str

    def __init__(self, display_name: _Optional[str]=...) -> None:
        ...

class CreateGuestResponse(_message.Message):
    __slots__ = ('player', 'credential')
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    CREDENTIAL_FIELD_NUMBER: _ClassVar[int]
    player: Player
    credential: str

    def __init__(self, player: _Optional[_Union[Player, _Mapping]]=..., credential: _Optional[str]=...) -> None:
        ...

class RegisterAppPlayerRequest(_message.Message):
    __slots__ = ('app_player_id', 'display_name')
    APP_PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    app_player_id: str
    display_name: str

    def __init__(self, app_player_id: _Optional[str]=..., display_name: _Optional[str]=...) -> None:
        ...

class RegisterAppPlayerResponse(_message.Message):
    __slots__ = ('player', 'credential')
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    CREDENTIAL_FIELD_NUMBER: _ClassVar[int]
    player: Player
    credential: str

    def __init__(self, player: _Optional[_Union[Player, _Mapping]]=..., credential: _Optional[str]=...) -> None:
        ...

class GetPlayerRequest(_message.Message):
    __slots__ = ()

    def __init__(self) -> None:
        ...

class GetPlayerResponse(_message.Message):
    __slots__ = ('player',)
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    player: Player

    def __init__(self, player: _Optional[_Union[Player, _Mapping]]=...) -> None:
        ...

class ListMyMatchesRequest(_message.Message):
    __slots__ = ('scope', 'page_size', 'page_token')
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    scope: MatchScope
    page_size: int
    page_token: str

    def __init__(self, scope: _Optional[_Union[MatchScope, str]]=..., page_size: _Optional[int]=..., page_token: _Optional[str]=...) -> None:
        ...

class PlayerMatch(_message.Message):
    __slots__ = ('match', 'seat')
    MATCH_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    match: _match_pb2.MatchSummary
    seat: int

    def __init__(self, match: _Optional[_Union[_match_pb2.MatchSummary, _Mapping]]=..., seat: _Optional[int]=...) -> None:
        ...

class ListMyMatchesResponse(_message.Message):
    __slots__ = ('matches', 'next_page_token')
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    matches: _containers.RepeatedCompositeFieldContainer[PlayerMatch]
    next_page_token: str

    def __init__(self, matches: _Optional[_Iterable[_Union[PlayerMatch, _Mapping]]]=..., next_page_token: _Optional[str]=...) -> None:
        ...

class ResumeMatchRequest(_message.Message):
    __slots__ = ('match_id',)
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    match_id: str

    def __init__(self, match_id: _Optional[str]=...) -> None:
        ...

class ResumeMatchResponse(_message.Message):
    __slots__ = ('seat', 'match')
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MATCH_FIELD_NUMBER: _ClassVar[int]
    seat: int
    match: _match_pb2.MatchView

    def __init__(self, seat: _Optional[int]=..., match: _Optional[_Union[_match_pb2.MatchView, _Mapping]]=...) -> None:
        ...

class ResignMatchRequest(_message.Message):
    __slots__ = ('match_id',)
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    match_id: str

    def __init__(self, match_id: _Optional[str]=...) -> None:
        ...

class ResignMatchResponse(_message.Message):
    __slots__ = ('seat', 'version', 'status')
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    version: int
    status: _match_pb2.MatchStatus

    def __init__(self, seat: _Optional[int]=..., version: _Optional[int]=..., status: _Optional[_Union[_match_pb2.MatchStatus, str]]=...) -> None:
        ...

class Rating(_message.Message):
    __slots__ = ('mu', 'sigma', 'ordinal', 'matches')
    MU_FIELD_NUMBER: _ClassVar[int]
    SIGMA_FIELD_NUMBER: _ClassVar[int]
    ORDINAL_FIELD_NUMBER: _ClassVar[int]
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    mu: float
    sigma: float
    ordinal: float
    matches: int

    def __init__(self, mu: _Optional[float]=..., sigma: _Optional[float]=..., ordinal: _Optional[float]=..., matches: _Optional[int]=...) -> None:
        ...

class GetRatingRequest(_message.Message):
    __slots__ = ('game', 'player_id')
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    player_id: str

    def __init__(self, game: _Optional[_Union[_common_pb2.Game, str]]=..., player_id: _Optional[str]=...) -> None:
        ...

class GetRatingResponse(_message.Message):
    __slots__ = ('player_id', 'rating', 'rank')
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    rating: Rating
    rank: int

    def __init__(self, player_id: _Optional[str]=..., rating: _Optional[_Union[Rating, _Mapping]]=..., rank: _Optional[int]=...) -> None:
        ...

class ListRatingHistoryRequest(_message.Message):
    __slots__ = ('game', 'player_id', 'page_size')
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    player_id: str
    page_size: int

    def __init__(self, game: _Optional[_Union[_common_pb2.Game, str]]=..., player_id: _Optional[str]=..., page_size: _Optional[int]=...) -> None:
        ...

class RatingChange(_message.Message):
    __slots__ = ('match_id', 'rating', 'place', 'update_time')
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    rating: Rating
    place: int
    update_time: _timestamp_pb2.Timestamp

    def __init__(self, match_id: _Optional[str]=..., rating: _Optional[_Union[Rating, _Mapping]]=..., place: _Optional[int]=..., update_time: _Optional[_Union[_timestamp_pb2.Timestamp, _Mapping]]=...) -> None:
        ...

class ListRatingHistoryResponse(_message.Message):
    __slots__ = ('changes',)
    CHANGES_FIELD_NUMBER: _ClassVar[int]
    changes: _containers.RepeatedCompositeFieldContainer[RatingChange]

    def __init__(self, changes: _Optional[_Iterable[_Union[RatingChange, _Mapping]]]=...) -> None:
        ...

class GetLeaderboardRequest(_message.Message):
    __slots__ = ('game', 'page_size', 'around_player_id', 'offset')
    GAME_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    AROUND_PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    page_size: int
    around_player_id: str
    offset: int

    def __init__(self, game: _Optional[_Union[_common_pb2.Game, str]]=..., page_size: _Optional[int]=..., around_player_id: _Optional[str]=..., offset: _Optional[int]=...) -> None:
        ...

class LeaderboardEntry(_message.Message):
    __slots__ = ('rank', 'player_id', 'display_name', 'rating')
    RANK_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    rank: int
    player_id: str
    display_name: str
    rating: Rating

    def __init__(self, rank: _Optional[int]=..., player_id: _Optional[str]=..., display_name: _Optional[str]=..., rating: _Optional[_Union[Rating, _Mapping]]=...) -> None:
        ...

class GetLeaderboardResponse(_message.Message):
    __slots__ = ('entries', 'total')
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    entries: _containers.RepeatedCompositeFieldContainer[LeaderboardEntry]
    total: int

    def __init__(self, entries: _Optional[_Iterable[_Union[LeaderboardEntry, _Mapping]]]=..., total: _Optional[int]=...) -> None:
        ...