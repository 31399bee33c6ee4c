from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Iterable as _Iterable, Optional as _Optional
DESCRIPTOR: _descriptor.FileDescriptor

class Game(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GAME_UNSPECIFIED: _ClassVar[Game]
    GAME_LIVEMIX: _ClassVar[Game]
    GAME_VIVO: _ClassVar[Game]
    GAME_MIXMATCH: _ClassVar[Game]

class ErrorReason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ERROR_REASON_UNSPECIFIED: _ClassVar[ErrorReason]
    ERROR_REASON_INVALID_ARGUMENT: _ClassVar[ErrorReason]
    ERROR_REASON_INVALID_CONFIG: _ClassVar[ErrorReason]
    ERROR_REASON_INVALID_DEAL: _ClassVar[ErrorReason]
    ERROR_REASON_MALFORMED_ACTION: _ClassVar[ErrorReason]
    ERROR_REASON_ILLEGAL_MOVE: _ClassVar[ErrorReason]
    ERROR_REASON_NOT_YOUR_TURN: _ClassVar[ErrorReason]
    ERROR_REASON_GAME_OVER: _ClassVar[ErrorReason]
    ERROR_REASON_STALE_VERSION: _ClassVar[ErrorReason]
    ERROR_REASON_NOT_FOUND: _ClassVar[ErrorReason]
    ERROR_REASON_UNAUTHENTICATED: _ClassVar[ErrorReason]
    ERROR_REASON_PERMISSION_DENIED: _ClassVar[ErrorReason]
    ERROR_REASON_DEADLINE_EXCEEDED: _ClassVar[ErrorReason]
    ERROR_REASON_UNAVAILABLE: _ClassVar[ErrorReason]
    ERROR_REASON_LIMIT_REACHED: _ClassVar[ErrorReason]
    ERROR_REASON_OUT_OF_RANGE: _ClassVar[ErrorReason]
    ERROR_REASON_STALE_ROUND: _ClassVar[ErrorReason]
    ERROR_REASON_WRONG_PHASE: _ClassVar[ErrorReason]
    ERROR_REASON_REQUEST_ID_REUSED: _ClassVar[ErrorReason]
GAME_UNSPECIFIED: Game
GAME_LIVEMIX: Game
GAME_VIVO: Game
GAME_MIXMATCH: Game
ERROR_REASON_UNSPECIFIED: ErrorReason
ERROR_REASON_INVALID_ARGUMENT: ErrorReason
ERROR_REASON_INVALID_CONFIG: ErrorReason
ERROR_REASON_INVALID_DEAL: ErrorReason
ERROR_REASON_MALFORMED_ACTION: ErrorReason
ERROR_REASON_ILLEGAL_MOVE: ErrorReason
ERROR_REASON_NOT_YOUR_TURN: ErrorReason
ERROR_REASON_GAME_OVER: ErrorReason
ERROR_REASON_STALE_VERSION: ErrorReason
ERROR_REASON_NOT_FOUND: ErrorReason
ERROR_REASON_UNAUTHENTICATED: ErrorReason
ERROR_REASON_PERMISSION_DENIED: ErrorReason
ERROR_REASON_DEADLINE_EXCEEDED: ErrorReason
ERROR_REASON_UNAVAILABLE: ErrorReason
ERROR_REASON_LIMIT_REACHED: ErrorReason
ERROR_REASON_OUT_OF_RANGE: ErrorReason
ERROR_REASON_STALE_ROUND: ErrorReason
ERROR_REASON_WRONG_PHASE: ErrorReason
ERROR_REASON_REQUEST_ID_REUSED: ErrorReason

class ArithRules(_message.Message):
    __slots__ = ('allow_negative', 'allow_fractions')
    ALLOW_NEGATIVE_FIELD_NUMBER: _ClassVar[int]
    ALLOW_FRACTIONS_FIELD_NUMBER: _ClassVar[int]
    allow_negative: bool
    allow_fractions: bool

    def __init__(self, allow_negative: bool=..., allow_fractions: bool=...) -> None:
        ...

class LegalActions(_message.Message):
    __slots__ = ('actions',)
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    actions: _containers.RepeatedScalarFieldContainer[str]

    def __init__(self, actions: _Optional[_Iterable[str]]=...) -> None:
        ...

class IntList(_message.Message):
    __slots__ = ('values',)
    VALUES_FIELD_NUMBER: _ClassVar[int]
    values: _containers.RepeatedScalarFieldContainer[int]

    def __init__(self, values: _Optional[_Iterable[int]]=...) -> None:
        ...

class StringList(_message.Message):
    __slots__ = ('values',)
    VALUES_FIELD_NUMBER: _ClassVar[int]
    values: _containers.RepeatedScalarFieldContainer[str]

    def __init__(self, values: _Optional[_Iterable[str]]=...) -> None:
        ...