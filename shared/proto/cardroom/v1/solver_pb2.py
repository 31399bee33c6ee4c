"""Generated protocol buffer code."""
from google.protobuf import descriptor as _descriptor
from google.protobuf import descriptor_pool as _descriptor_pool
from google.protobuf import runtime_version as _runtime_version
from google.protobuf import symbol_database as _symbol_database
from google.protobuf.internal import builder as _builder
_runtime_version.ValidateProtobufRuntimeVersion(_runtime_version.Domain.PUBLIC, 5, 29, 0, '', 'cardroom/v1/solver.proto')
_sym_db = _symbol_database.Default()
from ...cardroom.v1 import common_pb2 as cardroom_dot_v1_dot_common__pb2
from ...cardroom.v1 import mixmatch_pb2 as cardroom_dot_v1_dot_mixmatch__pb2
DESCRIPTOR = _descriptor_pool.Default().AddSerializedFile(b'\n\x18cardroom/v1/solver.proto\x12\x0bcardroom.v1\x1a\x18cardroom/v1/common.proto\x1a\x1acardroom/v1/mixmatch.proto"-\n\x08Solution\x12\x12\n\nexpression\x18\x01 \x01(\t\x12\r\n\x05cards\x18\x02 \x03(\x05"l\n\x0cSolveRequest\x12\r\n\x05cards\x18\x01 \x03(\x05\x12\x0e\n\x06target\x18\x02 \x01(\x05\x12&\n\x05rules\x18\x03 \x01(\x0b2\x17.cardroom.v1.ArithRules\x12\x15\n\roptimal_limit\x18\x04 \x01(\x05"\xda\x01\n\rSolveResponse\x12\'\n\x08solution\x18\x01 \x01(\x0b2\x15.cardroom.v1.Solution\x12\x12\n\ncards_used\x18\x02 \x01(\x05\x12\x0e\n\x06proven\x18\x03 \x01(\x08\x12\r\n\x05nodes\x18\x04 \x01(\x03\x12\x17\n\x0felapsed_seconds\x18\x05 \x01(\x01\x12&\n\x07optimal\x18\x06 \x03(\x0b2\x15.cardroom.v1.Solution\x12\x15\n\roptimal_count\x18\x07 \x01(\x03\x12\x15\n\roptimal_exact\x18\x08 \x01(\x08"j\n\rVerifyRequest\x12\x12\n\nexpression\x18\x01 \x01(\t\x12\r\n\x05cards\x18\x02 \x03(\x05\x12\x0e\n\x06target\x18\x03 \x01(\x05\x12&\n\x05rules\x18\x04 \x01(\x0b2\x17.cardroom.v1.ArithRules"\x9b\x01\n\x0eVerifyResponse\x12\r\n\x05valid\x18\x01 \x01(\x08\x12\x0e\n\x06reason\x18\x02 \x01(\t\x12\r\n\x05cards\x18\x03 \x03(\x05\x12\r\n\x05value\x18\x04 \x01(\t\x12\x1c\n\x14canonical_expression\x18\x05 \x01(\t\x12.\n\x05fault\x18\x06 \x01(\x0e2\x1f.cardroom.v1.MixMatchClaimFault"\x94\x01\n\x0eAnalyzeRequest\x12\r\n\x05cards\x18\x01 \x03(\x05\x12\x0e\n\x06target\x18\x02 \x01(\x05\x12&\n\x05rules\x18\x03 \x01(\x0b2\x17.cardroom.v1.ArithRules\x12\r\n\x05limit\x18\x04 \x01(\x05\x12\x15\n\rreachable_min\x18\x05 \x01(\x05\x12\x15\n\rreachable_max\x18\x06 \x01(\x05"J\n\x12CardCountSolutions\x12\x12\n\ncard_count\x18\x01 \x01(\x05\x12\x11\n\tsolutions\x18\x02 \x01(\x03\x12\r\n\x05exact\x18\x03 \x01(\x08"4\n\x0fReachableTarget\x12\x0e\n\x06target\x18\x01 \x01(\x05\x12\x11\n\tmax_cards\x18\x02 \x01(\x05"\xc6\x01\n\x0fAnalyzeResponse\x120\n\x07profile\x18\x01 \x03(\x0b2\x1f.cardroom.v1.CardCountSolutions\x12\x11\n\tmax_cards\x18\x02 \x01(\x05\x12\x12\n\ndifficulty\x18\x03 \x01(\x01\x12\r\n\x05exact\x18\x04 \x01(\x08\x12/\n\treachable\x18\x05 \x03(\x0b2\x1c.cardroom.v1.ReachableTarget\x12\x1a\n\x12reachable_complete\x18\x06 \x01(\x082\xd8\x01\n\rSolverService\x12>\n\x05Solve\x12\x19.cardroom.v1.SolveRequest\x1a\x1a.cardroom.v1.SolveResponse\x12A\n\x06Verify\x12\x1a.cardroom.v1.VerifyRequest\x1a\x1b.cardroom.v1.VerifyResponse\x12D\n\x07Analyze\x12\x1b.cardroom.v1.AnalyzeRequest\x1a\x1c.cardroom.v1.AnalyzeResponseb\x06proto3')
_globals = globals()
_builder.BuildMessageAndEnumDescriptors(DESCRIPTOR, _globals)
_builder.BuildTopDescriptorsAndMessages(DESCRIPTOR, 'cardroom.v1.solver_pb2', _globals)
if not _descriptor._USE_C_DESCRIPTORS:
    DESCRIPTOR._loaded_options = None
    _globals['_SOLUTION']._serialized_start = 95
    _globals['_SOLUTION']._serialized_end = 140
    _globals['_SOLVEREQUEST']._serialized_start = 142
    _globals['_SOLVEREQUEST']._serialized_end = 250
    _globals['_SOLVERESPONSE']._serialized_start = 253
    _globals['_SOLVERESPONSE']._serialized_end = 471
    _globals['_VERIFYREQUEST']._serialized_start = 473
    _globals['_VERIFYREQUEST']._serialized_end = 579
    _globals['_VERIFYRESPONSE']._serialized_start = 582
    _globals['_VERIFYRESPONSE']._serialized_end = 737
    _globals['_ANALYZEREQUEST']._serialized_start = 740
    _globals['_ANALYZEREQUEST']._serialized_end = 888
    _globals['_CARDCOUNTSOLUTIONS']._serialized_start = 890
    _globals['_CARDCOUNTSOLUTIONS']._serialized_end = 964
    _globals['_REACHABLETARGET']._serialized_start = 966
    _globals['_REACHABLETARGET']._serialized_end = 1018
    _globals['_ANALYZERESPONSE']._serialized_start = 1021
    _globals['_ANALYZERESPONSE']._serialized_end = 1219
    _globals['_SOLVERSERVICE']._serialized_start = 1222
    _globals['_SOLVERSERVICE']._serialized_end = 1438