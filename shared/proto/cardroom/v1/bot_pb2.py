"""Generated protocol buffer code."""
from google.protobuf import descriptor as _descriptor
from google.protobuf import descriptor_pool as _descriptor_pool
from google.protobuf import runtime_version as _runtime_version
from google.protobuf import symbol_database as _symbol_database
from google.protobuf.internal import builder as _builder
_runtime_version.ValidateProtobufRuntimeVersion(_runtime_version.Domain.PUBLIC, 5, 29, 0, '', 'cardroom/v1/bot.proto')
_sym_db = _symbol_database.Default()
from ...cardroom.v1 import common_pb2 as cardroom_dot_v1_dot_common__pb2
from google.protobuf import struct_pb2 as google_dot_protobuf_dot_struct__pb2
DESCRIPTOR = _descriptor_pool.Default().AddSerializedFile(b'\n\x15cardroom/v1/bot.proto\x12\x0bcardroom.v1\x1a\x18cardroom/v1/common.proto\x1a\x1cgoogle/protobuf/struct.proto"\x82\x01\n\x0fSeatObservation\x12\x1f\n\x04game\x18\x01 \x01(\x0e2\x11.cardroom.v1.Game\x12%\n\x04view\x18\x02 \x01(\x0b2\x17.google.protobuf.Struct\x12\'\n\x06events\x18\x03 \x03(\x0b2\x17.google.protobuf.Struct"\xf1\x01\n\x12SuggestMoveRequest\x12\x12\n\x08match_id\x18\x01 \x01(\tH\x00\x123\n\x0bobservation\x18\x02 \x01(\x0b2\x1c.cardroom.v1.SeatObservationH\x00\x12\x0e\n\x06policy\x18\x03 \x01(\t\x12;\n\x06params\x18\x04 \x03(\x0b2+.cardroom.v1.SuggestMoveRequest.ParamsEntry\x12\x0c\n\x04seed\x18\x05 \x01(\x04\x1a-\n\x0bParamsEntry\x12\x0b\n\x03key\x18\x01 \x01(\t\x12\r\n\x05value\x18\x02 \x01(\x01:\x028\x01B\x08\n\x06source"\xb5\x01\n\x13SuggestMoveResponse\x12\x0e\n\x06action\x18\x01 \x01(\t\x12+\n\nevaluation\x18\x02 \x01(\x0b2\x17.google.protobuf.Struct\x12\x0e\n\x06policy\x18\x03 \x01(\t\x12\x15\n\rthink_seconds\x18\x04 \x01(\x01\x12\x12\n\niterations\x18\x05 \x01(\x03\x12\x15\n\rdelay_seconds\x18\x06 \x01(\x01\x12\x0f\n\x07version\x18\x07 \x01(\x03"6\n\x13ListPoliciesRequest\x12\x1f\n\x04game\x18\x01 \x01(\x0e2\x11.cardroom.v1.Game"w\n\x0bPolicyParam\x12\x0c\n\x04name\x18\x01 \x01(\t\x12\x0c\n\x04kind\x18\x02 \x01(\t\x12\x15\n\rdefault_value\x18\x03 \x01(\x01\x12\x0f\n\x07minimum\x18\x04 \x01(\x01\x12\x0f\n\x07maximum\x18\x05 \x01(\x01\x12\x13\n\x0bdescription\x18\x06 \x01(\t"\xa1\x01\n\nPolicyInfo\x12\x1f\n\x04game\x18\x01 \x01(\x0e2\x11.cardroom.v1.Game\x12\x0c\n\x04name\x18\x02 \x01(\t\x12\x13\n\x0bdescription\x18\x03 \x01(\t\x12%\n\x04cost\x18\x04 \x01(\x0e2\x17.cardroom.v1.PolicyCost\x12(\n\x06params\x18\x05 \x03(\x0b2\x18.cardroom.v1.PolicyParam"A\n\x14ListPoliciesResponse\x12)\n\x08policies\x18\x01 \x03(\x0b2\x17.cardroom.v1.PolicyInfo*W\n\nPolicyCost\x12\x1b\n\x17POLICY_COST_UNSPECIFIED\x10\x00\x12\x14\n\x10POLICY_COST_FAST\x10\x01\x12\x16\n\x12POLICY_COST_SEARCH\x10\x022\xb3\x01\n\nBotService\x12P\n\x0bSuggestMove\x12\x1f.cardroom.v1.SuggestMoveRequest\x1a .cardroom.v1.SuggestMoveResponse\x12S\n\x0cListPolicies\x12 .cardroom.v1.ListPoliciesRequest\x1a!.cardroom.v1.ListPoliciesResponseb\x06proto3')
_globals = globals()
_builder.BuildMessageAndEnumDescriptors(DESCRIPTOR, _globals)
_builder.BuildTopDescriptorsAndMessages(DESCRIPTOR, 'cardroom.v1.bot_pb2', _globals)
if not _descriptor._USE_C_DESCRIPTORS:
    DESCRIPTOR._loaded_options = None
    _globals['_SUGGESTMOVEREQUEST_PARAMSENTRY']._loaded_options = None
    _globals['_SUGGESTMOVEREQUEST_PARAMSENTRY']._serialized_options = b'8\x01'
    _globals['_POLICYCOST']._serialized_start = 1063
    _globals['_POLICYCOST']._serialized_end = 1150
    _globals['_SEATOBSERVATION']._serialized_start = 95
    _globals['_SEATOBSERVATION']._serialized_end = 225
    _globals['_SUGGESTMOVEREQUEST']._serialized_start = 228
    _globals['_SUGGESTMOVEREQUEST']._serialized_end = 469
    _globals['_SUGGESTMOVEREQUEST_PARAMSENTRY']._serialized_start = 414
    _globals['_SUGGESTMOVEREQUEST_PARAMSENTRY']._serialized_end = 459
    _globals['_SUGGESTMOVERESPONSE']._serialized_start = 472
    _globals['_SUGGESTMOVERESPONSE']._serialized_end = 653
    _globals['_LISTPOLICIESREQUEST']._serialized_start = 655
    _globals['_LISTPOLICIESREQUEST']._serialized_end = 709
    _globals['_POLICYPARAM']._serialized_start = 711
    _globals['_POLICYPARAM']._serialized_end = 830
    _globals['_POLICYINFO']._serialized_start = 833
    _globals['_POLICYINFO']._serialized_end = 994
    _globals['_LISTPOLICIESRESPONSE']._serialized_start = 996
    _globals['_LISTPOLICIESRESPONSE']._serialized_end = 1061
    _globals['_BOTSERVICE']._serialized_start = 1153
    _globals['_BOTSERVICE']._serialized_end = 1332