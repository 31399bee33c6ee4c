from ...cardroom.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Iterable as _Iterable, Mapping as _Mapping, Optional as _Optional, Union as _Union
DESCRIPTOR: _descriptor.FileDescriptor

class VivoHarmony(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    VIVO_HARMONY_UNSPECIFIED: _ClassVar[VivoHarmony]
    VIVO_HARMONY_SOLO: _ClassVar[VivoHarmony]
    VIVO_HARMONY_DUET: _ClassVar[VivoHarmony]
    VIVO_HARMONY_TRIO: _ClassVar[VivoHarmony]
    VIVO_HARMONY_QUARTET: _ClassVar[VivoHarmony]
VIVO_HARMONY_UNSPECIFIED: VivoHarmony
VIVO_HARMONY_SOLO: VivoHarmony
VIVO_HARMONY_DUET: VivoHarmony
VIVO_HARMONY_TRIO: VivoHarmony
VIVO_HARMONY_QUARTET: VivoHarmony

class VivoOptions(_message.Message):
    __slots__ = ('players', 'removed_suit', 'first_lead')
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    REMOVED_SUIT_FIELD_NUMBER: _ClassVar[int]
    FIRST_LEAD_FIELD_NUMBER: _ClassVar[int]
    players: int
    removed_suit: str
    first_lead: int

    def __init__(self, players: _Optional[int]=..., removed_suit: _Optional[str]=..., first_lead: _Optional[int]=...) -> None:
        ...

class VivoRoundDeal(_message.Message):
    __slots__ = ('hands', 'harmonies')
    HANDS_FIELD_NUMBER: _ClassVar[int]
    HARMONIES_FIELD_NUMBER: _ClassVar[int]
    hands: _containers.RepeatedCompositeFieldContainer[_common_pb2.StringList]
    harmonies: _containers.RepeatedScalarFieldContainer[VivoHarmony]

    def __init__(self, hands: _Optional[_Iterable[_Union[_common_pb2.StringList, _Mapping]]]=..., harmonies: _Optional[_Iterable[_Union[VivoHarmony, str]]]=...) -> None:
        ...

class VivoDeal(_message.Message):
    __slots__ = ('rounds',)
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    rounds: _containers.RepeatedCompositeFieldContainer[VivoRoundDeal]

    def __init__(self, rounds: _Optional[_Iterable[_Union[VivoRoundDeal, _Mapping]]]=...) -> None:
        ...

class VivoTrickCard(_message.Message):
    __slots__ = ('seat', 'card', 'on_harmony')
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    ON_HARMONY_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    on_harmony: bool

    def __init__(self, seat: _Optional[int]=..., card: _Optional[str]=..., on_harmony: bool=...) -> None:
        ...

class VivoScoringRow(_message.Message):
    __slots__ = ('face_up', 'face_down')
    FACE_UP_FIELD_NUMBER: _ClassVar[int]
    FACE_DOWN_FIELD_NUMBER: _ClassVar[int]
    face_up: _containers.RepeatedScalarFieldContainer[str]
    face_down: int

    def __init__(self, face_up: _Optional[_Iterable[str]]=..., face_down: _Optional[int]=...) -> None:
        ...

class VivoSeatView(_message.Message):
    __slots__ = ('game', 'players', 'seat', 'round', 'trick', 'current_player', 'lead', 'harmony', 'next_harmony', 'trick_cards', 'hand_sizes', 'scoring_rows', 'round_scores', 'scores', 'terminal', 'winners', 'hand', 'legal_actions')
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TRICK_FIELD_NUMBER: _ClassVar[int]
    CURRENT_PLAYER_FIELD_NUMBER: _ClassVar[int]
    LEAD_FIELD_NUMBER: _ClassVar[int]
    HARMONY_FIELD_NUMBER: _ClassVar[int]
    NEXT_HARMONY_FIELD_NUMBER: _ClassVar[int]
    TRICK_CARDS_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZES_FIELD_NUMBER: _ClassVar[int]
    SCORING_ROWS_FIELD_NUMBER: _ClassVar[int]
    ROUND_SCORES_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    TERMINAL_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    players: int
    seat: int
    round: int
    trick: int
    current_player: int
    lead: int
    harmony: VivoHarmony
    next_harmony: VivoHarmony
    trick_cards: _containers.RepeatedCompositeFieldContainer[VivoTrickCard]
    hand_sizes: _containers.RepeatedScalarFieldContainer[int]
    scoring_rows: _containers.RepeatedCompositeFieldContainer[VivoScoringRow]
    round_scores: _containers.RepeatedCompositeFieldContainer[_common_pb2.IntList]
    scores: _containers.RepeatedScalarFieldContainer[int]
    terminal: bool
    winners: _containers.RepeatedScalarFieldContainer[int]
    hand: _common_pb2.StringList
    legal_actions: _containers.RepeatedScalarFieldContainer[str]

    def __init__(self, game: _Optional[_Union[_common_pb2.Game, str]]=..., players: _Optional[int]=..., seat: _Optional[int]=..., round: _Optional[int]=..., trick: _Optional[int]=..., current_player: _Optional[int]=..., lead: _Optional[int]=..., harmony: _Optional[_Union[VivoHarmony, str]]=..., next_harmony: _Optional[_Union[VivoHarmony, str]]=..., trick_cards: _Optional[_Iterable[_Union[VivoTrickCard, _Mapping]]]=..., hand_sizes: _Optional[_Iterable[int]]=..., scoring_rows: _Optional[_Iterable[_Union[VivoScoringRow, _Mapping]]]=..., round_scores: _Optional[_Iterable[_Union[_common_pb2.IntList, _Mapping]]]=..., scores: _Optional[_Iterable[int]]=..., terminal: bool=..., winners: _Optional[_Iterable[int]]=..., hand: _Optional[_Union[_common_pb2.StringList, _Mapping]]=..., legal_actions: _Optional[_Iterable[str]]=...) -> None:
        ...

class VivoRoundStart(_message.Message):
    __slots__ = ('round', 'lead')
    ROUND_FIELD_NUMBER: _ClassVar[int]
    LEAD_FIELD_NUMBER: _ClassVar[int]
    round: int
    lead: int

    def __init__(self, round: _Optional[int]=..., lead: _Optional[int]=...) -> None:
        ...

class VivoDealt(_message.Message):
    __slots__ = ('round', 'hand')
    ROUND_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    round: int
    hand: _containers.RepeatedScalarFieldContainer[str]

    def __init__(self, round: _Optional[int]=..., hand: _Optional[_Iterable[str]]=...) -> None:
        ...

class VivoTrickStart(_message.Message):
    __slots__ = ('round', 'trick', 'lead', 'harmony', 'next_harmony')
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TRICK_FIELD_NUMBER: _ClassVar[int]
    LEAD_FIELD_NUMBER: _ClassVar[int]
    HARMONY_FIELD_NUMBER: _ClassVar[int]
    NEXT_HARMONY_FIELD_NUMBER: _ClassVar[int]
    round: int
    trick: int
    lead: int
    harmony: VivoHarmony
    next_harmony: VivoHarmony

    def __init__(self, round: _Optional[int]=..., trick: _Optional[int]=..., lead: _Optional[int]=..., harmony: _Optional[_Union[VivoHarmony, str]]=..., next_harmony: _Optional[_Union[VivoHarmony, str]]=...) -> None:
        ...

class VivoCardPlayed(_message.Message):
    __slots__ = ('round', 'trick', 'seat', 'card', 'on_harmony')
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TRICK_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    ON_HARMONY_FIELD_NUMBER: _ClassVar[int]
    round: int
    trick: int
    seat: int
    card: str
    on_harmony: bool

    def __init__(self, round: _Optional[int]=..., trick: _Optional[int]=..., seat: _Optional[int]=..., card: _Optional[str]=..., on_harmony: bool=...) -> None:
        ...

class VivoHighest(_message.Message):
    __slots__ = ('seat', 'points')
    SEAT_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    points: int

    def __init__(self, seat: _Optional[int]=..., points: _Optional[int]=...) -> None:
        ...

class VivoLowest(_message.Message):
    __slots__ = ('seat', 'card', 'points')
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    points: int

    def __init__(self, seat: _Optional[int]=..., card: _Optional[str]=..., points: _Optional[int]=...) -> None:
        ...

class VivoTrickEnd(_message.Message):
    __slots__ = ('round', 'trick', 'highest', 'lowest', 'next_lead')
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TRICK_FIELD_NUMBER: _ClassVar[int]
    HIGHEST_FIELD_NUMBER: _ClassVar[int]
    LOWEST_FIELD_NUMBER: _ClassVar[int]
    NEXT_LEAD_FIELD_NUMBER: _ClassVar[int]
    round: int
    trick: int
    highest: VivoHighest
    lowest: VivoLowest
    next_lead: int

    def __init__(self, round: _Optional[int]=..., trick: _Optional[int]=..., highest: _Optional[_Union[VivoHighest, _Mapping]]=..., lowest: _Optional[_Union[VivoLowest, _Mapping]]=..., next_lead: _Optional[int]=...) -> None:
        ...

class VivoRoundEnd(_message.Message):
    __slots__ = ('round', 'scores', 'totals')
    ROUND_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    round: int
    scores: _containers.RepeatedScalarFieldContainer[int]
    totals: _containers.RepeatedScalarFieldContainer[int]

    def __init__(self, round: _Optional[int]=..., scores: _Optional[_Iterable[int]]=..., totals: _Optional[_Iterable[int]]=...) -> None:
        ...

class VivoGameEnd(_message.Message):
    __slots__ = ('scores', 'winners')
    SCORES_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    scores: _containers.RepeatedScalarFieldContainer[int]
    winners: _containers.RepeatedScalarFieldContainer[int]

    def __init__(self, scores: _Optional[_Iterable[int]]=..., winners: _Optional[_Iterable[int]]=...) -> None:
        ...

class VivoEvent(_message.Message):
    __slots__ = ('round_start', 'deal', 'trick_start', 'play', 'trick_end', 'round_end', 'game_end')
    ROUND_START_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    TRICK_START_FIELD_NUMBER: _ClassVar[int]
    PLAY_FIELD_NUMBER: _ClassVar[int]
    TRICK_END_FIELD_NUMBER: _ClassVar[int]
    ROUND_END_FIELD_NUMBER: _ClassVar[int]
    GAME_END_FIELD_NUMBER: _ClassVar[int]
    round_start: VivoRoundStart
    deal: VivoDealt
    trick_start: VivoTrickStart
    play: VivoCardPlayed
    trick_end: VivoTrickEnd
    round_end: VivoRoundEnd
    game_end: VivoGameEnd

    def __init__(self, round_start: _Optional[_Union[VivoRoundStart, _Mapping]]=..., deal: _Optional[_Union[VivoDealt, _Mapping]]=..., trick_start: _Optional[_Union[VivoTrickStart, _Mapping]]=..., play: _Optional[_Union[VivoCardPlayed, _Mapping]]=..., trick_end: _Optional[_Union[VivoTrickEnd, _Mapping]]=..., round_end: _Optional[_Union[VivoRoundEnd, _Mapping]]=..., game_end: _Optional[_Union[VivoGameEnd, _Mapping]]=...) -> None:
        ...