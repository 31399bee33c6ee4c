"""Generated protocol buffer code."""
from google.protobuf import descriptor as _descriptor
from google.protobuf import descriptor_pool as _descriptor_pool
from google.protobuf import runtime_version as _runtime_version
from google.protobuf import symbol_database as _symbol_database
from google.protobuf.internal import builder as _builder
_runtime_version.ValidateProtobufRuntimeVersion(_runtime_version.Domain.PUBLIC, 5, 29, 0, '', 'cardroom/v1/common.proto')
_sym_db = _symbol_database.Default()
DESCRIPTOR = _descriptor_pool.Default().AddSerializedFile(b'\n\x18cardroom/v1/common.proto\x12\x0bcardroom.v1"=\n\nArithRules\x12\x16\n\x0eallow_negative\x18\x01 \x01(\x08\x12\x17\n\x0fallow_fractions\x18\x02 \x01(\x08"\x1f\n\x0cLegalActions\x12\x0f\n\x07actions\x18\x01 \x03(\t"\x19\n\x07IntList\x12\x0e\n\x06values\x18\x01 \x03(\x05"\x1c\n\nStringList\x12\x0e\n\x06values\x18\x01 \x03(\t*P\n\x04Game\x12\x14\n\x10GAME_UNSPECIFIED\x10\x00\x12\x10\n\x0cGAME_LIVEMIX\x10\x01\x12\r\n\tGAME_VIVO\x10\x02\x12\x11\n\rGAME_MIXMATCH\x10\x03*\xef\x04\n\x0bErrorReason\x12\x1c\n\x18ERROR_REASON_UNSPECIFIED\x10\x00\x12!\n\x1dERROR_REASON_INVALID_ARGUMENT\x10\x01\x12\x1f\n\x1bERROR_REASON_INVALID_CONFIG\x10\x02\x12\x1d\n\x19ERROR_REASON_INVALID_DEAL\x10\x03\x12!\n\x1dERROR_REASON_MALFORMED_ACTION\x10\x04\x12\x1d\n\x19ERROR_REASON_ILLEGAL_MOVE\x10\x05\x12\x1e\n\x1aERROR_REASON_NOT_YOUR_TURN\x10\x06\x12\x1a\n\x16ERROR_REASON_GAME_OVER\x10\x07\x12\x1e\n\x1aERROR_REASON_STALE_VERSION\x10\x08\x12\x1a\n\x16ERROR_REASON_NOT_FOUND\x10\t\x12 \n\x1cERROR_REASON_UNAUTHENTICATED\x10\n\x12"\n\x1eERROR_REASON_PERMISSION_DENIED\x10\x0b\x12"\n\x1eERROR_REASON_DEADLINE_EXCEEDED\x10\x0c\x12\x1c\n\x18ERROR_REASON_UNAVAILABLE\x10\r\x12\x1e\n\x1aERROR_REASON_LIMIT_REACHED\x10\x0e\x12\x1d\n\x19ERROR_REASON_OUT_OF_RANGE\x10\x0f\x12\x1c\n\x18ERROR_REASON_STALE_ROUND\x10\x10\x12\x1c\n\x18ERROR_REASON_WRONG_PHASE\x10\x11\x12"\n\x1eERROR_REASON_REQUEST_ID_REUSED\x10\x12b\x06proto3')
_globals = globals()
_builder.BuildMessageAndEnumDescriptors(DESCRIPTOR, _globals)
_builder.BuildTopDescriptorsAndMessages(DESCRIPTOR, 'cardroom.v1.common_pb2', _globals)
if not _descriptor._USE_C_DESCRIPTORS:
    DESCRIPTOR._loaded_options = None
    _globals['_GAME']._serialized_start = 194
    _globals['_GAME']._serialized_end = 274
    _globals['_ERRORREASON']._serialized_start = 277
    _globals['_ERRORREASON']._serialized_end = 900
    _globals['_ARITHRULES']._serialized_start = 41
    _globals['_ARITHRULES']._serialized_end = 102
    _globals['_LEGALACTIONS']._serialized_start = 104
    _globals['_LEGALACTIONS']._serialized_end = 135
    _globals['_INTLIST']._serialized_start = 137
    _globals['_INTLIST']._serialized_end = 162
    _globals['_STRINGLIST']._serialized_start = 164
    _globals['_STRINGLIST']._serialized_end = 192