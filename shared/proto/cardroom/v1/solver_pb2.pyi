from ...cardroom.v1 import common_pb2 as _common_pb2
from ...cardroom.v1 import mixmatch_pb2 as _mixmatch_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Iterable as _Iterable, Mapping as _Mapping, Optional as _Optional, Union as _Union
DESCRIPTOR: _descriptor.FileDescriptor

class Solution(_message.Message):
    __slots__ = ('expression', 'cards')
    EXPRESSION_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    expression: str
    cards: _containers.RepeatedScalarFieldContainer[int]

    def __init__(self, expression: _Optional[str]=..., cards: _Optional[_Iterable[int]]=...) -> None:
        ...

class SolveRequest(_message.Message):
    __slots__ = ('cards', 'target', 'rules', 'optimal_limit')
    CARDS_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    OPTIMAL_LIMIT_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[int]
    target: int
    rules: _common_pb2.ArithRules
    optimal_limit: int

    def __init__(self, cards: _Optional[_Iterable[int]]=..., target: _Optional[int]=..., rules: _Optional[_Union[_common_pb2.ArithRules, _Mapping]]=..., optimal_limit: _Optional[int]=...) -> None:
        ...

class SolveResponse(_message.Message):
    __slots__ = ('solution', 'cards_used', 'proven', 'nodes', 'elapsed_seconds', 'optimal', 'optimal_count', 'optimal_exact')
    SOLUTION_FIELD_NUMBER: _ClassVar[int]
    CARDS_USED_FIELD_NUMBER: _ClassVar[int]
    PROVEN_FIELD_NUMBER: _ClassVar[int]
    NODES_FIELD_NUMBER: _ClassVar[int]
    ELAPSED_SECONDS_FIELD_NUMBER: _ClassVar[int]
    OPTIMAL_FIELD_NUMBER: _ClassVar[int]
    OPTIMAL_COUNT_FIELD_NUMBER: _ClassVar[int]
    OPTIMAL_EXACT_FIELD_NUMBER: _ClassVar[int]
    solution: Solution
    cards_used: int
    proven: bool
    nodes: int
    elapsed_seconds: float
    optimal: _containers.RepeatedCompositeFieldContainer[Solution]
    optimal_count: int
    optimal_exact: bool

    def __init__(self, solution: _Optional[_Union[Solution, _Mapping]]=..., cards_used: _Optional[int]=..., proven: bool=..., nodes: _Optional[int]=..., elapsed_seconds: _Optional[float]=..., optimal: _Optional[_Iterable[_Union[Solution, _Mapping]]]=..., optimal_count: _Optional[int]=..., optimal_exact: bool=...) -> None:
        ...

class VerifyRequest(_message.Message):
    __slots__ = ('expression', 'cards', 'target', 'rules')
    EXPRESSION_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    expression: str
    cards: _containers.RepeatedScalarFieldContainer[int]
    target: int
    rules: _common_pb2.ArithRules

    def __init__(self, expression: _Optional[str]=..., cards: _Optional[_Iterable[int]]=..., target: _Optional[int]=..., rules: _Optional[_Union[_common_pb2.ArithRules, _Mapping]]=...) -> None:
        ...

class VerifyResponse(_message.Message):
    __slots__ = ('valid', 'reason', 'cards', 'value', 'canonical_expression', 'fault')
    VALID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    CANONICAL_EXPRESSION_FIELD_NUMBER: _ClassVar[int]
    FAULT_FIELD_NUMBER: _ClassVar[int]
    valid: bool
    reason: str
    cards: _containers.RepeatedScalarFieldContainer[int]
    value: str
    canonical_expression: str
    fault: _mixmatch_pb2.MixMatchClaimFault

    def __init__(self, valid: bool=..., reason: _Optional[str]=..., cards: _Optional[_Iterable[int]]=..., value: _Optional[str]=..., canonical_expression: _Optional[str]=..., fault: _Optional[_Union[_mixmatch_pb2.MixMatchClaimFault, str]]=...) -> None:
        ...

class AnalyzeRequest(_message.Message):
    __slots__ = ('cards', 'target', 'rules', 'limit', 'reachable_min', 'reachable_max')
    CARDS_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    REACHABLE_MIN_FIELD_NUMBER: _ClassVar[int]
    REACHABLE_MAX_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[int]
    target: int
    rules: _common_pb2.ArithRules
    limit: int
    reachable_min: int
    reachable_max: int

    def __init__(self, cards: _Optional[_Iterable[int]]=..., target: _Optional[int]=..., rules: _Optional[_Union[_common_pb2.ArithRules, _Mapping]]=..., limit: _Optional[int]=..., reachable_min: _Optional[int]=..., reachable_max: _Optional[int]=...) -> None:
        ...

class CardCountSolutions(_message.Message):
    __slots__ = ('card_count', 'solutions', 'exact')
    CARD_COUNT_FIELD_NUMBER: _ClassVar[int]
    SOLUTIONS_FIELD_NUMBER: _ClassVar[int]
    EXACT_FIELD_NUMBER: _ClassVar[int]
    card_count: int
    solutions: int
    exact: bool

    def __init__(self, card_count: _Optional[int]=..., solutions: _Optional[int]=..., exact: bool=...) -> None:
        ...

class ReachableTarget(_message.Message):
    __slots__ = ('target', 'max_cards')
    TARGET_FIELD_NUMBER: _ClassVar[int]
    MAX_CARDS_FIELD_NUMBER: _ClassVar[int]
    target: int
    max_cards: int

    def __init__(self, target: _Optional[int]=..., max_cards: _Optional[int]=...) -> None:
        ...

class AnalyzeResponse(_message.Message):
    __slots__ = ('profile', 'max_cards', 'difficulty', 'exact', 'reachable', 'reachable_complete')
    PROFILE_FIELD_NUMBER: _ClassVar[int]
    MAX_CARDS_FIELD_NUMBER: _ClassVar[int]
    DIFFICULTY_FIELD_NUMBER: _ClassVar[int]
    EXACT_FIELD_NUMBER: _ClassVar[int]
    REACHABLE_FIELD_NUMBER: _ClassVar[int]
    REACHABLE_COMPLETE_FIELD_NUMBER: _ClassVar[int]
    profile: _containers.RepeatedCompositeFieldContainer[CardCountSolutions]
    max_cards: int
    difficulty: float
    exact: bool
    reachable: _containers.RepeatedCompositeFieldContainer[ReachableTarget]
    reachable_complete: bool

    def __init__(self, profile: _Optional[_Iterable[_Union[CardCountSolutions, _Mapping]]]=..., max_cards: _Optional[int]=..., difficulty: _Optional[float]=..., exact: bool=..., reachable: _Optional[_Iterable[_Union[ReachableTarget, _Mapping]]]=..., reachable_complete: bool=...) -> None:
        ...