from ...cardroom.v1 import common_pb2 as _common_pb2
from ...cardroom.v1 import livemix_pb2 as _livemix_pb2
from ...cardroom.v1 import match_pb2 as _match_pb2
from ...cardroom.v1 import mixmatch_pb2 as _mixmatch_pb2
from ...cardroom.v1 import vivo_pb2 as _vivo_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Iterable as _Iterable, Mapping as _Mapping, Optional as _Optional, Union as _Union
DESCRIPTOR: _descriptor.FileDescriptor

class PolicyCost(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    POLICY_COST_UNSPECIFIED: _ClassVar[PolicyCost]
    POLICY_COST_FAST: _ClassVar[PolicyCost]
    POLICY_COST_SEARCH: _ClassVar[PolicyCost]

class PolicyParamKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    POLICY_PARAM_KIND_UNSPECIFIED: _ClassVar[PolicyParamKind]
    POLICY_PARAM_KIND_INT: _ClassVar[PolicyParamKind]
    POLICY_PARAM_KIND_FLOAT: _ClassVar[PolicyParamKind]
POLICY_COST_UNSPECIFIED: PolicyCost
POLICY_COST_FAST: PolicyCost
POLICY_COST_SEARCH: PolicyCost
POLICY_PARAM_KIND_UNSPECIFIED: PolicyParamKind
POLICY_PARAM_KIND_INT: PolicyParamKind
POLICY_PARAM_KIND_FLOAT: PolicyParamKind

class SeatObservation(_message.Message):
    __slots__ = ('game', 'livemix', 'vivo', 'mixmatch', 'events')
    GAME_FIELD_NUMBER: _ClassVar[int]
    LIVEMIX_FIELD_NUMBER: _ClassVar[int]
    VIVO_FIELD_NUMBER: _ClassVar[int]
    MIXMATCH_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    livemix: _livemix_pb2.LivemixSeatView
    vivo: _vivo_pb2.VivoSeatView
    mixmatch: _mixmatch_pb2.MixMatchSeatView
    events: _containers.RepeatedCompositeFieldContainer[_match_pb2.MatchEvent]

    def __init__(self, game: _Optional[_Union[_common_pb2.Game, str]]=..., livemix: _Optional[_Union[_livemix_pb2.LivemixSeatView, _Mapping]]=..., vivo: _Optional[_Union[_vivo_pb2.VivoSeatView, _Mapping]]=..., mixmatch: _Optional[_Union[_mixmatch_pb2.MixMatchSeatView, _Mapping]]=..., events: _Optional[_Iterable[_Union[_match_pb2.MatchEvent, _Mapping]]]=...) -> None:
        ...

class SuggestMoveRequest(_message.Message):
    __slots__ = ('match_id', 'observation', 'policy', 'params', 'seed')

    class ParamsEntry(_message.Message):
        __slots__ = ('key', 'value')
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: float

        def __init__(self, key: _Optional[str]=..., value: _Optional[float]=...) -> None:
            ...
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    POLICY_FIELD_NUMBER: _ClassVar[int]
    PARAMS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    observation: SeatObservation
    policy: str
    params: _containers.ScalarMap[str, float]
    seed: int

    def __init__(self, match_id: _Optional[str]=..., observation: _Optional[_Union[SeatObservation, _Mapping]]=..., policy: _Optional[str]=..., params: _Optional[_Mapping[str, float]]=..., seed: _Optional[int]=...) -> None:
        ...

class SuggestMoveResponse(_message.Message):
    __slots__ = ('action', 'evaluation', 'policy', 'think_seconds', 'iterations', 'delay_seconds', 'version')
    ACTION_FIELD_NUMBER: _ClassVar[int]
    EVALUATION_FIELD_NUMBER: _ClassVar[int]
    POLICY_FIELD_NUMBER: _ClassVar[int]
    THINK_SECONDS_FIELD_NUMBER: _ClassVar[int]
    ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    DELAY_SECONDS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    action: str
    evaluation: PolicyEvaluation
    policy: str
    think_seconds: float
    iterations: int
    delay_seconds: float
    version: int

    def __init__(self, action: _Optional[str]=..., evaluation: _Optional[_Union[PolicyEvaluation, _Mapping]]=..., policy: _Optional[str]=..., think_seconds: _Optional[float]=..., iterations: _Optional[int]=..., delay_seconds: _Optional[float]=..., version: _Optional[int]=...) -> None:
        ...

class ListPoliciesRequest(_message.Message):
    __slots__ = ('game',)
    GAME_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game

    def __init__(self, game: _Optional[_Union[_common_pb2.Game, str]]=...) -> None:
        ...

class PolicyParam(_message.Message):
    __slots__ = ('name', 'kind', 'default_value', 'minimum', 'maximum', 'description')
    NAME_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_VALUE_FIELD_NUMBER: _ClassVar[int]
    MINIMUM_FIELD_NUMBER: _ClassVar[int]
    MAXIMUM_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    name: str
    kind: PolicyParamKind
    default_value: float
    minimum: float
    maximum: float
    description: str

    def __init__(self, name: _Optional[str]=..., kind: _Optional[_Union[PolicyParamKind, str]]=..., default_value: _Optional[float]=..., minimum: _Optional[float]=..., maximum: _Optional[float]=..., description: _Optional[str]=...) -> None:
        ...

class PolicyInfo(_message.Message):
    __slots__ = ('game', 'name', 'description', 'cost', 'params')
    GAME_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    COST_FIELD_NUMBER: _ClassVar[int]
    PARAMS_FIELD_NUMBER: _ClassVar[int]
    game: _common_pb2.Game
    name: str
    description: str
    cost: PolicyCost
    params: _containers.RepeatedCompositeFieldContainer[PolicyParam]

    def __init__(self, game: _Optional[_Union[_common_pb2.Game, str]]=..., name: _Optional[str]=..., description: _Optional[str]=..., cost: _Optional[_Union[PolicyCost, str]]=..., params: _Optional[_Iterable[_Union[PolicyParam, _Mapping]]]=...) -> None:
        ...

class ListPoliciesResponse(_message.Message):
    __slots__ = ('policies',)
    POLICIES_FIELD_NUMBER: _ClassVar[int]
    policies: _containers.RepeatedCompositeFieldContainer[PolicyInfo]

    def __init__(self, policies: _Optional[_Iterable[_Union[PolicyInfo, _Mapping]]]=...) -> None:
        ...

class PolicyEvaluation(_message.Message):
    __slots__ = ('reason', 'forced', 'visits', 'values', 'expected_reward', 'scores', 'mistake', 'expression', 'cards_used', 'max_cards', 'proven', 'share', 'rule', 'legal')

    class VisitsEntry(_message.Message):
        __slots__ = ('key', 'value')
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int

        def __init__(self, key: _Optional[str]=..., value: _Optional[int]=...) -> None:
            ...

    class ValuesEntry(_message.Message):
        __slots__ = ('key', 'value')
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: float

        def __init__(self, key: _Optional[str]=..., value: _Optional[float]=...) -> None:
            ...

    class ScoresEntry(_message.Message):
        __slots__ = ('key', 'value')
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: float

        def __init__(self, key: _Optional[str]=..., value: _Optional[float]=...) -> None:
            ...
    REASON_FIELD_NUMBER: _ClassVar[int]
    FORCED_FIELD_NUMBER: _ClassVar[int]
    VISITS_FIELD_NUMBER: _ClassVar[int]
    VALUES_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_REWARD_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    MISTAKE_FIELD_NUMBER: _ClassVar[int]
    EXPRESSION_FIELD_NUMBER: _ClassVar[int]
    CARDS_USED_FIELD_NUMBER: _ClassVar[int]
    MAX_CARDS_FIELD_NUMBER: _ClassVar[int]
    PROVEN_FIELD_NUMBER: _ClassVar[int]
    SHARE_FIELD_NUMBER: _ClassVar[int]
    RULE_FIELD_NUMBER: _ClassVar[int]
    LEGAL_FIELD_NUMBER: _ClassVar[int]
    reason: str
    forced: bool
    visits: _containers.ScalarMap[str, int]
    values: _containers.ScalarMap[str, float]
    expected_reward: float
    scores: _containers.ScalarMap[str, float]
    mistake: bool
    expression: str
    cards_used: int
    max_cards: int
    proven: bool
    share: float
    rule: str
    legal: int

    def __init__(self, reason: _Optional[str]=..., forced: bool=..., visits: _Optional[_Mapping[str, int]]=..., values: _Optional[_Mapping[str, float]]=..., expected_reward: _Optional[float]=..., scores: _Optional[_Mapping[str, float]]=..., mistake: bool=..., expression: _Optional[str]=..., cards_used: _Optional[int]=..., max_cards: _Optional[int]=..., proven: bool=..., share: _Optional[float]=..., rule: _Optional[str]=..., legal: _Optional[int]=...) -> None:
        ...