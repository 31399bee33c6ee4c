"""Generated protocol buffer code."""
from google.protobuf import descriptor as _descriptor
from google.protobuf import descriptor_pool as _descriptor_pool
from google.protobuf import runtime_version as _runtime_version
from google.protobuf import symbol_database as _symbol_database
from google.protobuf.internal import builder as _builder
_runtime_version.ValidateProtobufRuntimeVersion(_runtime_version.Domain.PUBLIC, 5, 29, 0, '', 'cardroom/v1/bot.proto')
_sym_db = _symbol_database.Default()
from ...cardroom.v1 import common_pb2 as cardroom_dot_v1_dot_common__pb2
from ...cardroom.v1 import livemix_pb2 as cardroom_dot_v1_dot_livemix__pb2
from ...cardroom.v1 import match_pb2 as cardroom_dot_v1_dot_match__pb2
from ...cardroom.v1 import mixmatch_pb2 as cardroom_dot_v1_dot_mixmatch__pb2
from ...cardroom.v1 import vivo_pb2 as cardroom_dot_v1_dot_vivo__pb2
DESCRIPTOR = _descriptor_pool.Default().AddSerializedFile(b'\n\x15cardroom/v1/bot.proto\x12\x0bcardroom.v1\x1a\x18cardroom/v1/common.proto\x1a\x19cardroom/v1/livemix.proto\x1a\x17cardroom/v1/match.proto\x1a\x1acardroom/v1/mixmatch.proto\x1a\x16cardroom/v1/vivo.proto"\x89\x02\n\x0fSeatObservation\x12\x1f\n\x04game\x18\x01 \x01(\x0e2\x11.cardroom.v1.Game\x12/\n\x07livemix\x18\x04 \x01(\x0b2\x1c.cardroom.v1.LivemixSeatViewH\x00\x12)\n\x04vivo\x18\x05 \x01(\x0b2\x19.cardroom.v1.VivoSeatViewH\x00\x121\n\x08mixmatch\x18\x06 \x01(\x0b2\x1d.cardroom.v1.MixMatchSeatViewH\x00\x12\'\n\x06events\x18\x07 \x03(\x0b2\x17.cardroom.v1.MatchEventB\x0b\n\tseat_viewJ\x04\x08\x02\x10\x03J\x04\x08\x03\x10\x04R\x04view"\xf1\x01\n\x12SuggestMoveRequest\x12\x12\n\x08match_id\x18\x01 \x01(\tH\x00\x123\n\x0bobservation\x18\x02 \x01(\x0b2\x1c.cardroom.v1.SeatObservationH\x00\x12\x0e\n\x06policy\x18\x03 \x01(\t\x12;\n\x06params\x18\x04 \x03(\x0b2+.cardroom.v1.SuggestMoveRequest.ParamsEntry\x12\x0c\n\x04seed\x18\x05 \x01(\x04\x1a-\n\x0bParamsEntry\x12\x0b\n\x03key\x18\x01 \x01(\t\x12\r\n\x05value\x18\x02 \x01(\x01:\x028\x01B\x08\n\x06source"\xc1\x01\n\x13SuggestMoveResponse\x12\x0e\n\x06action\x18\x01 \x01(\t\x121\n\nevaluation\x18\x08 \x01(\x0b2\x1d.cardroom.v1.PolicyEvaluation\x12\x0e\n\x06policy\x18\x03 \x01(\t\x12\x15\n\rthink_seconds\x18\x04 \x01(\x01\x12\x12\n\niterations\x18\x05 \x01(\x03\x12\x15\n\rdelay_seconds\x18\x06 \x01(\x01\x12\x0f\n\x07version\x18\x07 \x01(\x03J\x04\x08\x02\x10\x03"6\n\x13ListPoliciesRequest\x12\x1f\n\x04game\x18\x01 \x01(\x0e2\x11.cardroom.v1.Game"\x95\x01\n\x0bPolicyParam\x12\x0c\n\x04name\x18\x01 \x01(\t\x12*\n\x04kind\x18\x02 \x01(\x0e2\x1c.cardroom.v1.PolicyParamKind\x12\x15\n\rdefault_value\x18\x03 \x01(\x01\x12\x0f\n\x07minimum\x18\x04 \x01(\x01\x12\x0f\n\x07maximum\x18\x05 \x01(\x01\x12\x13\n\x0bdescription\x18\x06 \x01(\t"\xa1\x01\n\nPolicyInfo\x12\x1f\n\x04game\x18\x01 \x01(\x0e2\x11.cardroom.v1.Game\x12\x0c\n\x04name\x18\x02 \x01(\t\x12\x13\n\x0bdescription\x18\x03 \x01(\t\x12%\n\x04cost\x18\x04 \x01(\x0e2\x17.cardroom.v1.PolicyCost\x12(\n\x06params\x18\x05 \x03(\x0b2\x18.cardroom.v1.PolicyParam"A\n\x14ListPoliciesResponse\x12)\n\x08policies\x18\x01 \x03(\x0b2\x17.cardroom.v1.PolicyInfo"\xff\x04\n\x10PolicyEvaluation\x12\x0e\n\x06reason\x18\x01 \x01(\t\x12\x0e\n\x06forced\x18\x02 \x01(\x08\x129\n\x06visits\x18\x03 \x03(\x0b2).cardroom.v1.PolicyEvaluation.VisitsEntry\x129\n\x06values\x18\x04 \x03(\x0b2).cardroom.v1.PolicyEvaluation.ValuesEntry\x12\x1c\n\x0fexpected_reward\x18\x05 \x01(\x01H\x00\x88\x01\x01\x129\n\x06scores\x18\x06 \x03(\x0b2).cardroom.v1.PolicyEvaluation.ScoresEntry\x12\x0f\n\x07mistake\x18\x07 \x01(\x08\x12\x12\n\nexpression\x18\x08 \x01(\t\x12\x17\n\ncards_used\x18\t \x01(\x05H\x01\x88\x01\x01\x12\x16\n\tmax_cards\x18\n \x01(\x05H\x02\x88\x01\x01\x12\x13\n\x06proven\x18\x0b \x01(\x08H\x03\x88\x01\x01\x12\x12\n\x05share\x18\x0c \x01(\x01H\x04\x88\x01\x01\x12\x0c\n\x04rule\x18\r \x01(\t\x12\x12\n\x05legal\x18\x0e \x01(\x05H\x05\x88\x01\x01\x1a-\n\x0bVisitsEntry\x12\x0b\n\x03key\x18\x01 \x01(\t\x12\r\n\x05value\x18\x02 \x01(\x03:\x028\x01\x1a-\n\x0bValuesEntry\x12\x0b\n\x03key\x18\x01 \x01(\t\x12\r\n\x05value\x18\x02 \x01(\x01:\x028\x01\x1a-\n\x0bScoresEntry\x12\x0b\n\x03key\x18\x01 \x01(\t\x12\r\n\x05value\x18\x02 \x01(\x01:\x028\x01B\x12\n\x10_expected_rewardB\r\n\x0b_cards_usedB\x0c\n\n_max_cardsB\t\n\x07_provenB\x08\n\x06_shareB\x08\n\x06_legal*W\n\nPolicyCost\x12\x1b\n\x17POLICY_COST_UNSPECIFIED\x10\x00\x12\x14\n\x10POLICY_COST_FAST\x10\x01\x12\x16\n\x12POLICY_COST_SEARCH\x10\x02*l\n\x0fPolicyParamKind\x12!\n\x1dPOLICY_PARAM_KIND_UNSPECIFIED\x10\x00\x12\x19\n\x15POLICY_PARAM_KIND_INT\x10\x01\x12\x1b\n\x17POLICY_PARAM_KIND_FLOAT\x10\x022\xb3\x01\n\nBotService\x12P\n\x0bSuggestMove\x12\x1f.cardroom.v1.SuggestMoveRequest\x1a .cardroom.v1.SuggestMoveResponse\x12S\n\x0cListPolicies\x12 .cardroom.v1.ListPoliciesRequest\x1a!.cardroom.v1.ListPoliciesResponseb\x06proto3')
_globals = globals()
_builder.BuildMessageAndEnumDescriptors(DESCRIPTOR, _globals)
_builder.BuildTopDescriptorsAndMessages(DESCRIPTOR, 'cardroom.v1.bot_pb2', _globals)
if not _descriptor._USE_C_DESCRIPTORS:
    DESCRIPTOR._loaded_options = None
    _globals['_SUGGESTMOVEREQUEST_PARAMSENTRY']._loaded_options = None
    _globals['_SUGGESTMOVEREQUEST_PARAMSENTRY']._serialized_options = b'8\x01'
    _globals['_POLICYEVALUATION_VISITSENTRY']._loaded_options = None
    _globals['_POLICYEVALUATION_VISITSENTRY']._serialized_options = b'8\x01'
    _globals['_POLICYEVALUATION_VALUESENTRY']._loaded_options = None
    _globals['_POLICYEVALUATION_VALUESENTRY']._serialized_options = b'8\x01'
    _globals['_POLICYEVALUATION_SCORESENTRY']._loaded_options = None
    _globals['_POLICYEVALUATION_SCORESENTRY']._serialized_options = b'8\x01'
    _globals['_POLICYCOST']._serialized_start = 1957
    _globals['_POLICYCOST']._serialized_end = 2044
    _globals['_POLICYPARAMKIND']._serialized_start = 2046
    _globals['_POLICYPARAMKIND']._serialized_end = 2154
    _globals['_SEATOBSERVATION']._serialized_start = 169
    _globals['_SEATOBSERVATION']._serialized_end = 434
    _globals['_SUGGESTMOVEREQUEST']._serialized_start = 437
    _globals['_SUGGESTMOVEREQUEST']._serialized_end = 678
    _globals['_SUGGESTMOVEREQUEST_PARAMSENTRY']._serialized_start = 623
    _globals['_SUGGESTMOVEREQUEST_PARAMSENTRY']._serialized_end = 668
    _globals['_SUGGESTMOVERESPONSE']._serialized_start = 681
    _globals['_SUGGESTMOVERESPONSE']._serialized_end = 874
    _globals['_LISTPOLICIESREQUEST']._serialized_start = 876
    _globals['_LISTPOLICIESREQUEST']._serialized_end = 930
    _globals['_POLICYPARAM']._serialized_start = 933
    _globals['_POLICYPARAM']._serialized_end = 1082
    _globals['_POLICYINFO']._serialized_start = 1085
    _globals['_POLICYINFO']._serialized_end = 1246
    _globals['_LISTPOLICIESRESPONSE']._serialized_start = 1248
    _globals['_LISTPOLICIESRESPONSE']._serialized_end = 1313
    _globals['_POLICYEVALUATION']._serialized_start = 1316
    _globals['_POLICYEVALUATION']._serialized_end = 1955
    _globals['_POLICYEVALUATION_VISITSENTRY']._serialized_start = 1736
    _globals['_POLICYEVALUATION_VISITSENTRY']._serialized_end = 1781
    _globals['_POLICYEVALUATION_VALUESENTRY']._serialized_start = 1783
    _globals['_POLICYEVALUATION_VALUESENTRY']._serialized_end = 1828
    _globals['_POLICYEVALUATION_SCORESENTRY']._serialized_start = 1830
    _globals['_POLICYEVALUATION_SCORESENTRY']._serialized_end = 1875
    _globals['_BOTSERVICE']._serialized_start = 2157
    _globals['_BOTSERVICE']._serialized_end = 2336