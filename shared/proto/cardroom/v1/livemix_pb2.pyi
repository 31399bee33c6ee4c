from ...cardroom.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Iterable as _Iterable, Mapping as _Mapping, Optional as _Optional, Union as _Union
DESCRIPTOR: _descriptor.FileDescriptor

class LivemixColour(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LIVEMIX_COLOUR_UNSPECIFIED: _ClassVar[LivemixColour]
    LIVEMIX_COLOUR_HEART: _ClassVar[LivemixColour]
    LIVEMIX_COLOUR_GEM: _ClassVar[LivemixColour]
    LIVEMIX_COLOUR_FLOWER: _ClassVar[LivemixColour]
    LIVEMIX_COLOUR_MOON: _ClassVar[LivemixColour]
LIVEMIX_COLOUR_UNSPECIFIED: LivemixColour
LIVEMIX_COLOUR_HEART: LivemixColour
LIVEMIX_COLOUR_GEM: LivemixColour
LIVEMIX_COLOUR_FLOWER: LivemixColour
LIVEMIX_COLOUR_MOON: LivemixColour

class LivemixOptions(_message.Message):
    __slots__ = ('players', 'roster', 'removed_colour', 'first_lead')
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    ROSTER_FIELD_NUMBER: _ClassVar[int]
    REMOVED_COLOUR_FIELD_NUMBER: _ClassVar[int]
    FIRST_LEAD_FIELD_NUMBER: _ClassVar[int]
    players: int
    roster: _containers.RepeatedScalarFieldContainer[str]
    removed_colour: LivemixColour
    first_lead: int

    def __init__(self, players: _Optional[int]=..., roster: _Optional[_Iterable[str]]=..., removed_colour: _Optional[_Union[LivemixColour, str]]=..., first_lead: _Optional[int]=...) -> None:
        ...

class LivemixRoundDeal(_message.Message):
    __slots__ = ('hands', 'circle')
    HANDS_FIELD_NUMBER: _ClassVar[int]
    CIRCLE_FIELD_NUMBER: _ClassVar[int]
    hands: _containers.RepeatedCompositeFieldContainer[_common_pb2.StringList]
    circle: _containers.RepeatedScalarFieldContainer[str]

    def __init__(self, hands: _Optional[_Iterable[_Union[_common_pb2.StringList, _Mapping]]]=..., circle: _Optional[_Iterable[str]]=...) -> None:
        ...

class LivemixDeal(_message.Message):
    __slots__ = ('rounds',)
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    rounds: _containers.RepeatedCompositeFieldContainer[LivemixRoundDeal]

    def __init__(self, rounds: _Optional[_Iterable[_Union[LivemixRoundDeal, _Mapping]]]=...) -> None:
        ...

class LivemixPlay(_message.Message):
    __slots__ = ('seat', 'card')
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str

    def __init__(self, seat: _Optional[int]=..., card: _Optional[str]=...) -> None:
        ...

class LivemixTrick(_message.Message):
    __slots__ = ('plays', 'winner', 'member')
    PLAYS_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    MEMBER_FIELD_NUMBER: _ClassVar[int]
    plays: _containers.RepeatedCompositeFieldContainer[LivemixPlay]
    winner: int
    member: str

    def __init__(self, plays: _Optional[_Iterable[_Union[LivemixPlay, _Mapping]]]=..., winner: _Optional[int]=..., member: _Optional[str]=...) -> None:
        ...

class LivemixCirclePlace(_message.Message):
    __slots__ = ('member', 'on_table')
    MEMBER_FIELD_NUMBER: _ClassVar[int]
    ON_TABLE_FIELD_NUMBER: _ClassVar[int]
    member: str
    on_table: bool

    def __init__(self, member: _Optional[str]=..., on_table: bool=...) -> None:
        ...

class LivemixSeatView(_message.Message):
    __slots__ = ('game', 'seat', 'players', 'round', 'rounds', 'terminal', 'current_player', 'legal_actions', 'first_lead', 'leader', 'lead_colour', 'trick', 'last_trick', 'circle', 'token', 'token_member', 'members', 'active', 'hand_sizes', 'won_sizes', 'round_scores', 'scores', 'winners', 'hand', 'won')
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    TERMINAL_FIELD_NUMBER: _ClassVar[int]
    CURRENT_PLAYER_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    FIRST_LEAD_FIELD_NUMBER: _ClassVar[int]
    LEADER_FIELD_NUMBER: _ClassVar[int]
    LEAD_COLOUR_FIELD_NUMBER: _ClassVar[int]
    TRICK_FIELD_NUMBER: _ClassVar[int]
    LAST_TRICK_FIELD_NUMBER: _ClassVar[int]
    CIRCLE_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    TOKEN_MEMBER_FIELD_NUMBER: _ClassVar[int]
    MEMBERS_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZES_FIELD_NUMBER: _ClassVar[int]
    WON_SIZES_FIELD_NUMBER: _ClassVar[int]
    ROUND_SCORES_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    WON_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    seat: int
    players: int
    round: int
    rounds: int
    terminal: bool
    current_player: int
    legal_actions: _containers.RepeatedScalarFieldContainer[str]
    first_lead: int
    leader: int
    lead_colour: LivemixColour
    trick: _containers.RepeatedCompositeFieldContainer[LivemixPlay]
    last_trick: LivemixTrick
    circle: _containers.RepeatedCompositeFieldContainer[LivemixCirclePlace]
    token: int
    token_member: str
    members: _containers.RepeatedCompositeFieldContainer[_common_pb2.StringList]
    active: _containers.RepeatedScalarFieldContainer[bool]
    hand_sizes: _containers.RepeatedScalarFieldContainer[int]
    won_sizes: _containers.RepeatedScalarFieldContainer[int]
    round_scores: _containers.RepeatedCompositeFieldContainer[_common_pb2.IntList]
    scores: _containers.RepeatedScalarFieldContainer[int]
    winners: _containers.RepeatedScalarFieldContainer[int]
    hand: _common_pb2.StringList
    won: _common_pb2.StringList

    def __init__(self, game: _Optional[_Union[_common_pb2.Game, str]]=..., seat: _Optional[int]=..., players: _Optional[int]=..., round: _Optional[int]=..., rounds: _Optional[int]=..., terminal: bool=..., current_player: _Optional[int]=..., legal_actions: _Optional[_Iterable[str]]=..., first_lead: _Optional[int]=..., leader: _Optional[int]=..., lead_colour: _Optional[_Union[LivemixColour, str]]=..., trick: _Optional[_Iterable[_Union[LivemixPlay, _Mapping]]]=..., last_trick: _Optional[_Union[LivemixTrick, _Mapping]]=..., circle: _Optional[_Iterable[_Union[LivemixCirclePlace, _Mapping]]]=..., token: _Optional[int]=..., token_member: _Optional[str]=..., members: _Optional[_Iterable[_Union[_common_pb2.StringList, _Mapping]]]=..., active: _Optional[_Iterable[bool]]=..., hand_sizes: _Optional[_Iterable[int]]=..., won_sizes: _Optional[_Iterable[int]]=..., round_scores: _Optional[_Iterable[_Union[_common_pb2.IntList, _Mapping]]]=..., scores: _Optional[_Iterable[int]]=..., winners: _Optional[_Iterable[int]]=..., hand: _Optional[_Union[_common_pb2.StringList, _Mapping]]=..., won: _Optional[_Union[_common_pb2.StringList, _Mapping]]=...) -> None:
        ...

class LivemixRoundStart(_message.Message):
    __slots__ = ('round', 'first_lead', 'circle', 'token')
    ROUND_FIELD_NUMBER: _ClassVar[int]
    FIRST_LEAD_FIELD_NUMBER: _ClassVar[int]
    CIRCLE_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    round: int
    first_lead: int
    circle: _containers.RepeatedScalarFieldContainer[str]
    token: str

    def __init__(self, round: _Optional[int]=..., first_lead: _Optional[int]=..., circle: _Optional[_Iterable[str]]=..., token: _Optional[str]=...) -> None:
        ...

class LivemixDealt(_message.Message):
    __slots__ = ('round', 'hand')
    ROUND_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    round: int
    hand: _containers.RepeatedScalarFieldContainer[str]

    def __init__(self, round: _Optional[int]=..., hand: _Optional[_Iterable[str]]=...) -> None:
        ...

class LivemixCardPlayed(_message.Message):
    __slots__ = ('round', 'seat', 'card')
    ROUND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    round: int
    seat: int
    card: str

    def __init__(self, round: _Optional[int]=..., seat: _Optional[int]=..., card: _Optional[str]=...) -> None:
        ...

class LivemixTokenMoved(_message.Message):
    __slots__ = ('position', 'member')
    POSITION_FIELD_NUMBER: _ClassVar[int]
    MEMBER_FIELD_NUMBER: _ClassVar[int]
    position: int
    member: str

    def __init__(self, position: _Optional[int]=..., member: _Optional[str]=...) -> None:
        ...

class LivemixTrickWon(_message.Message):
    __slots__ = ('winner', 'plays', 'member', 'token', 'token_member')
    WINNER_FIELD_NUMBER: _ClassVar[int]
    PLAYS_FIELD_NUMBER: _ClassVar[int]
    MEMBER_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    TOKEN_MEMBER_FIELD_NUMBER: _ClassVar[int]
    winner: int
    plays: _containers.RepeatedCompositeFieldContainer[LivemixPlay]
    member: str
    token: int
    token_member: str

    def __init__(self, winner: _Optional[int]=..., plays: _Optional[_Iterable[_Union[LivemixPlay, _Mapping]]]=..., member: _Optional[str]=..., token: _Optional[int]=..., token_member: _Optional[str]=...) -> None:
        ...

class LivemixLeave(_message.Message):
    __slots__ = ('seat', 'conditions')
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CONDITIONS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    conditions: _containers.RepeatedScalarFieldContainer[int]

    def __init__(self, seat: _Optional[int]=..., conditions: _Optional[_Iterable[int]]=...) -> None:
        ...

class LivemixScoredCard(_message.Message):
    __slots__ = ('card', 'members', 'points')
    CARD_FIELD_NUMBER: _ClassVar[int]
    MEMBERS_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    card: str
    members: _containers.RepeatedScalarFieldContainer[str]
    points: int

    def __init__(self, card: _Optional[str]=..., members: _Optional[_Iterable[str]]=..., points: _Optional[int]=...) -> None:
        ...

class LivemixMemberTally(_message.Message):
    __slots__ = ('gained', 'lost')
    GAINED_FIELD_NUMBER: _ClassVar[int]
    LOST_FIELD_NUMBER: _ClassVar[int]
    gained: int
    lost: int

    def __init__(self, gained: _Optional[int]=..., lost: _Optional[int]=...) -> None:
        ...

class LivemixSeatScore(_message.Message):
    __slots__ = ('seat', 'members', 'gained_cards', 'hand_cards', 'by_member', 'gained', 'lost', 'score')

    class ByMemberEntry(_message.Message):
        __slots__ = ('key', 'value')
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: LivemixMemberTally

        def __init__(self, key: _Optional[str]=..., value: _Optional[_Union[LivemixMemberTally, _Mapping]]=...) -> None:
            ...
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MEMBERS_FIELD_NUMBER: _ClassVar[int]
    GAINED_CARDS_FIELD_NUMBER: _ClassVar[int]
    HAND_CARDS_FIELD_NUMBER: _ClassVar[int]
    BY_MEMBER_FIELD_NUMBER: _ClassVar[int]
    GAINED_FIELD_NUMBER: _ClassVar[int]
    LOST_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    members: _containers.RepeatedScalarFieldContainer[str]
    gained_cards: _containers.RepeatedCompositeFieldContainer[LivemixScoredCard]
    hand_cards: _containers.RepeatedCompositeFieldContainer[LivemixScoredCard]
    by_member: _containers.MessageMap[str, LivemixMemberTally]
    gained: int
    lost: int
    score: int

    def __init__(self, seat: _Optional[int]=..., members: _Optional[_Iterable[str]]=..., gained_cards: _Optional[_Iterable[_Union[LivemixScoredCard, _Mapping]]]=..., hand_cards: _Optional[_Iterable[_Union[LivemixScoredCard, _Mapping]]]=..., by_member: _Optional[_Mapping[str, LivemixMemberTally]]=..., gained: _Optional[int]=..., lost: _Optional[int]=..., score: _Optional[int]=...) -> None:
        ...

class LivemixRoundEnd(_message.Message):
    __slots__ = ('round', 'last_player', 'scores', 'totals', 'breakdown')
    ROUND_FIELD_NUMBER: _ClassVar[int]
    LAST_PLAYER_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    BREAKDOWN_FIELD_NUMBER: _ClassVar[int]
    round: int
    last_player: int
    scores: _containers.RepeatedScalarFieldContainer[int]
    totals: _containers.RepeatedScalarFieldContainer[int]
    breakdown: _containers.RepeatedCompositeFieldContainer[LivemixSeatScore]

    def __init__(self, round: _Optional[int]=..., last_player: _Optional[int]=..., scores: _Optional[_Iterable[int]]=..., totals: _Optional[_Iterable[int]]=..., breakdown: _Optional[_Iterable[_Union[LivemixSeatScore, _Mapping]]]=...) -> None:
        ...

class LivemixGameEnd(_message.Message):
    __slots__ = ('scores', 'winners')
    SCORES_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    scores: _containers.RepeatedScalarFieldContainer[int]
    winners: _containers.RepeatedScalarFieldContainer[int]

    def __init__(self, scores: _Optional[_Iterable[int]]=..., winners: _Optional[_Iterable[int]]=...) -> None:
        ...

class LivemixEvent(_message.Message):
    __slots__ = ('round_start', 'deal', 'play', 'token_moved', 'trick_won', 'leave', 'round_end', 'game_end')
    ROUND_START_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    PLAY_FIELD_NUMBER: _ClassVar[int]
    TOKEN_MOVED_FIELD_NUMBER: _ClassVar[int]
    TRICK_WON_FIELD_NUMBER: _ClassVar[int]
    LEAVE_FIELD_NUMBER: _ClassVar[int]
    ROUND_END_FIELD_NUMBER: _ClassVar[int]
    GAME_END_FIELD_NUMBER: _ClassVar[int]
    round_start: LivemixRoundStart
    deal: LivemixDealt
    play: LivemixCardPlayed
    token_moved: LivemixTokenMoved
    trick_won: LivemixTrickWon
    leave: LivemixLeave
    round_end: LivemixRoundEnd
    game_end: LivemixGameEnd

    def __init__(self, round_start: _Optional[_Union[LivemixRoundStart, _Mapping]]=..., deal: _Optional[_Union[LivemixDealt, _Mapping]]=..., play: _Optional[_Union[LivemixCardPlayed, _Mapping]]=..., token_moved: _Optional[_Union[LivemixTokenMoved, _Mapping]]=..., trick_won: _Optional[_Union[LivemixTrickWon, _Mapping]]=..., leave: _Optional[_Union[LivemixLeave, _Mapping]]=..., round_end: _Optional[_Union[LivemixRoundEnd, _Mapping]]=..., game_end: _Optional[_Union[LivemixGameEnd, _Mapping]]=...) -> None:
        ...