"""Generated protocol buffer code."""
from google.protobuf import descriptor as _descriptor
from google.protobuf import descriptor_pool as _descriptor_pool
from google.protobuf import runtime_version as _runtime_version
from google.protobuf import symbol_database as _symbol_database
from google.protobuf.internal import builder as _builder
_runtime_version.ValidateProtobufRuntimeVersion(_runtime_version.Domain.PUBLIC, 5, 29, 0, '', 'cardroom/v1/mixmatch.proto')
_sym_db = _symbol_database.Default()
from ...cardroom.v1 import common_pb2 as cardroom_dot_v1_dot_common__pb2
from google.protobuf import duration_pb2 as google_dot_protobuf_dot_duration__pb2
from google.protobuf import timestamp_pb2 as google_dot_protobuf_dot_timestamp__pb2
DESCRIPTOR = _descriptor_pool.Default().AddSerializedFile(b'\n\x1acardroom/v1/mixmatch.proto\x12\x0bcardroom.v1\x1a\x18cardroom/v1/common.proto\x1a\x1egoogle/protobuf/duration.proto\x1a\x1fgoogle/protobuf/timestamp.proto"\xe5\x03\n\x0fMixMatchOptions\x12\x14\n\x07players\x18\x01 \x01(\x05H\x00\x88\x01\x01\x12,\n\thourglass\x18\x02 \x01(\x0b2\x19.google.protobuf.Duration\x12"\n\x04deck\x18\x03 \x01(\x0b2\x14.cardroom.v1.IntList\x12\x10\n\x08tens_die\x18\x04 \x03(\x05\x12\x11\n\tunits_die\x18\x05 \x03(\x05\x12\x11\n\tblack_die\x18\x06 \x03(\x05\x12\x1c\n\x0fyounger_players\x18\x07 \x01(\x08H\x01\x88\x01\x01\x12\x16\n\town_cards\x18\x08 \x01(\x08H\x02\x88\x01\x01\x12\x1a\n\ryoungest_seat\x18\t \x01(\x05H\x03\x88\x01\x01\x12\x13\n\x06faster\x18\n \x01(\x08H\x04\x88\x01\x01\x12\x13\n\x06harder\x18\x0b \x01(\x08H\x05\x88\x01\x01\x12\x1b\n\x0eallow_negative\x18\x0c \x01(\x08H\x06\x88\x01\x01\x12\x1c\n\x0fallow_fractions\x18\r \x01(\x08H\x07\x88\x01\x01B\n\n\x08_playersB\x12\n\x10_younger_playersB\x0c\n\n_own_cardsB\x10\n\x0e_youngest_seatB\t\n\x07_fasterB\t\n\x07_harderB\x11\n\x0f_allow_negativeB\x12\n\x10_allow_fractions"A\n\x0cMixMatchDeal\x12\x0c\n\x04deck\x18\x01 \x03(\x05\x12#\n\x05rolls\x18\x02 \x03(\x0b2\x14.cardroom.v1.IntList"\xf4\x01\n\x10MixMatchRoundLog\x12\x0e\n\x06number\x18\x01 \x01(\x05\x12"\n\x04dice\x18\x02 \x01(\x0b2\x14.cardroom.v1.IntList\x12\x13\n\x06target\x18\x03 \x01(\x05H\x00\x88\x01\x01\x12\x10\n\x08timeouts\x18\x04 \x01(\x05\x12-\n\x07outcome\x18\x05 \x01(\x0e2\x1c.cardroom.v1.MixMatchOutcome\x12\x13\n\x06winner\x18\x06 \x01(\x05H\x01\x88\x01\x01\x12\x12\n\x05claim\x18\x07 \x01(\tH\x02\x88\x01\x01\x12\r\n\x05cards\x18\x08 \x03(\x05B\t\n\x07_targetB\t\n\x07_winnerB\x08\n\x06_claim"\xd8\x05\n\x10MixMatchSeatView\x12\x1f\n\x04game\x18\x01 \x01(\x0e2\x11.cardroom.v1.Game\x12\x11\n\x04seat\x18\x02 \x01(\x05H\x00\x88\x01\x01\x12\x0f\n\x07players\x18\x03 \x01(\x05\x12\x10\n\x08variants\x18\x04 \x03(\x05\x12&\n\x05rules\x18\x05 \x01(\x0b2\x17.cardroom.v1.ArithRules\x12\r\n\x05round\x18\x06 \x01(\x05\x12\x13\n\x06rounds\x18\x07 \x01(\x05H\x01\x88\x01\x01\x12)\n\x05phase\x18\x08 \x01(\x0e2\x1a.cardroom.v1.MixMatchPhase\x12\r\n\x05table\x18\t \x03(\x05\x12!\n\x03own\x18\n \x03(\x0b2\x14.cardroom.v1.IntList\x12\x0b\n\x03won\x18\x0b \x03(\x05\x12\x0b\n\x03out\x18\x0c \x03(\x08\x12"\n\x04dice\x18\r \x01(\x0b2\x14.cardroom.v1.IntList\x12\x13\n\x06target\x18\x0e \x01(\x05H\x02\x88\x01\x01\x12,\n\thourglass\x18\x0f \x01(\x0b2\x19.google.protobuf.Duration\x12,\n\x08deadline\x18\x10 \x01(\x0b2\x1a.google.protobuf.Timestamp\x12\x11\n\tdeck_size\x18\x11 \x01(\x05\x12\x14\n\x07to_pick\x18\x12 \x01(\x05H\x03\x88\x01\x01\x12\x12\n\npick_order\x18\x13 \x03(\x05\x12\x10\n\x08may_pass\x18\x14 \x01(\x08\x120\n\tround_log\x18\x15 \x03(\x0b2\x1d.cardroom.v1.MixMatchRoundLog\x12\x10\n\x08terminal\x18\x16 \x01(\x08\x127\n\nend_reason\x18\x17 \x01(\x0e2\x1e.cardroom.v1.MixMatchEndReasonH\x04\x88\x01\x01\x12\x0f\n\x07winners\x18\x18 \x03(\x05B\x07\n\x05_seatB\t\n\x07_roundsB\t\n\x07_targetB\n\n\x08_to_pickB\r\n\x0b_end_reason"W\n\x14MixMatchRoundStarted\x12\r\n\x05round\x18\x01 \x01(\x05\x12\r\n\x05drawn\x18\x02 \x03(\x05\x12\r\n\x05table\x18\x03 \x03(\x05\x12\x12\n\npick_order\x18\x04 \x03(\x05"?\n\x12MixMatchCardPicked\x12\r\n\x05round\x18\x01 \x01(\x05\x12\x0c\n\x04seat\x18\x02 \x01(\x05\x12\x0c\n\x04card\x18\x03 \x01(\x05"1\n\x12MixMatchPickPassed\x12\r\n\x05round\x18\x01 \x01(\x05\x12\x0c\n\x04seat\x18\x02 \x01(\x05"o\n\x12MixMatchDiceRolled\x12\r\n\x05round\x18\x01 \x01(\x05\x12\x0c\n\x04dice\x18\x02 \x03(\x05\x12\x0e\n\x06target\x18\x03 \x01(\x05\x12,\n\x08deadline\x18\x04 \x01(\x0b2\x1a.google.protobuf.Timestamp"\x9d\x01\n\x17MixMatchHourglassRanOut\x12\r\n\x05round\x18\x01 \x01(\x05\x12\x11\n\x04card\x18\x02 \x01(\x05H\x00\x88\x01\x01\x12\r\n\x05table\x18\x03 \x03(\x05\x12,\n\x08deadline\x18\x04 \x01(\x0b2\x1a.google.protobuf.Timestamp\x12\x11\n\x04seat\x18\x05 \x01(\x05H\x01\x88\x01\x01B\x07\n\x05_cardB\x07\n\x05_seat"f\n\x15MixMatchClaimAccepted\x12\r\n\x05round\x18\x01 \x01(\x05\x12\x0c\n\x04seat\x18\x02 \x01(\x05\x12\r\n\x05claim\x18\x03 \x01(\t\x12\x12\n\nexpression\x18\x04 \x01(\t\x12\r\n\x05cards\x18\x05 \x03(\x05"\x83\x01\n\x15MixMatchClaimRejected\x12\r\n\x05round\x18\x01 \x01(\x05\x12\x0c\n\x04seat\x18\x02 \x01(\x05\x12\r\n\x05claim\x18\x03 \x01(\t\x12\x0e\n\x06reason\x18\x04 \x01(\t\x12.\n\x05fault\x18\x05 \x01(\x0e2\x1f.cardroom.v1.MixMatchClaimFault"\x81\x01\n\x12MixMatchRoundEnded\x12\r\n\x05round\x18\x01 \x01(\x05\x12-\n\x07outcome\x18\x02 \x01(\x0e2\x1c.cardroom.v1.MixMatchOutcome\x12\x13\n\x06winner\x18\x03 \x01(\x05H\x00\x88\x01\x01\x12\r\n\x05cards\x18\x04 \x03(\x05B\t\n\x07_winner"c\n\x10MixMatchGameOver\x12.\n\x06reason\x18\x01 \x01(\x0e2\x1e.cardroom.v1.MixMatchEndReason\x12\x0e\n\x06scores\x18\x02 \x03(\x05\x12\x0f\n\x07winners\x18\x03 \x03(\x05"\xa6\x04\n\rMixMatchEvent\x12:\n\rround_started\x18\x01 \x01(\x0b2!.cardroom.v1.MixMatchRoundStartedH\x00\x126\n\x0bcard_picked\x18\x02 \x01(\x0b2\x1f.cardroom.v1.MixMatchCardPickedH\x00\x126\n\x0bpick_passed\x18\x03 \x01(\x0b2\x1f.cardroom.v1.MixMatchPickPassedH\x00\x126\n\x0bdice_rolled\x18\x04 \x01(\x0b2\x1f.cardroom.v1.MixMatchDiceRolledH\x00\x12A\n\x11hourglass_ran_out\x18\x05 \x01(\x0b2$.cardroom.v1.MixMatchHourglassRanOutH\x00\x12<\n\x0eclaim_accepted\x18\x06 \x01(\x0b2".cardroom.v1.MixMatchClaimAcceptedH\x00\x12<\n\x0eclaim_rejected\x18\x07 \x01(\x0b2".cardroom.v1.MixMatchClaimRejectedH\x00\x126\n\x0bround_ended\x18\x08 \x01(\x0b2\x1f.cardroom.v1.MixMatchRoundEndedH\x00\x122\n\tgame_over\x18\t \x01(\x0b2\x1d.cardroom.v1.MixMatchGameOverH\x00B\x06\n\x04kind*\xb0\x01\n\x0fMixMatchOutcome\x12!\n\x1dMIX_MATCH_OUTCOME_UNSPECIFIED\x10\x00\x12\x1d\n\x19MIX_MATCH_OUTCOME_RUNNING\x10\x01\x12\x1c\n\x18MIX_MATCH_OUTCOME_SOLVED\x10\x02\x12\x1e\n\x1aMIX_MATCH_OUTCOME_UNSOLVED\x10\x03\x12\x1d\n\x19MIX_MATCH_OUTCOME_ALL_OUT\x10\x04*\x80\x01\n\rMixMatchPhase\x12\x1f\n\x1bMIX_MATCH_PHASE_UNSPECIFIED\x10\x00\x12\x18\n\x14MIX_MATCH_PHASE_PICK\x10\x01\x12\x1a\n\x16MIX_MATCH_PHASE_CLAIMS\x10\x02\x12\x18\n\x14MIX_MATCH_PHASE_OVER\x10\x03*\x86\x01\n\x11MixMatchEndReason\x12$\n MIX_MATCH_END_REASON_UNSPECIFIED\x10\x00\x12#\n\x1fMIX_MATCH_END_REASON_DECK_EMPTY\x10\x01\x12&\n"MIX_MATCH_END_REASON_ROUNDS_PLAYED\x10\x02*\x8d\x02\n\x12MixMatchClaimFault\x12%\n!MIX_MATCH_CLAIM_FAULT_UNSPECIFIED\x10\x00\x12 \n\x1cMIX_MATCH_CLAIM_FAULT_SYNTAX\x10\x01\x12+\n\'MIX_MATCH_CLAIM_FAULT_CARD_NOT_ON_TABLE\x10\x02\x12-\n)MIX_MATCH_CLAIM_FAULT_CARD_USED_TOO_OFTEN\x10\x03\x12*\n&MIX_MATCH_CLAIM_FAULT_STEP_NOT_ALLOWED\x10\x04\x12&\n"MIX_MATCH_CLAIM_FAULT_WRONG_RESULT\x10\x05b\x06proto3')
_globals = globals()
_builder.BuildMessageAndEnumDescriptors(DESCRIPTOR, _globals)
_builder.BuildTopDescriptorsAndMessages(DESCRIPTOR, 'cardroom.v1.mixmatch_pb2', _globals)
if not _descriptor._USE_C_DESCRIPTORS:
    DESCRIPTOR._loaded_options = None
    _globals['_MIXMATCHOUTCOME']._serialized_start = 3170
    _globals['_MIXMATCHOUTCOME']._serialized_end = 3346
    _globals['_MIXMATCHPHASE']._serialized_start = 3349
    _globals['_MIXMATCHPHASE']._serialized_end = 3477
    _globals['_MIXMATCHENDREASON']._serialized_start = 3480
    _globals['_MIXMATCHENDREASON']._serialized_end = 3614
    _globals['_MIXMATCHCLAIMFAULT']._serialized_start = 3617
    _globals['_MIXMATCHCLAIMFAULT']._serialized_end = 3886
    _globals['_MIXMATCHOPTIONS']._serialized_start = 135
    _globals['_MIXMATCHOPTIONS']._serialized_end = 620
    _globals['_MIXMATCHDEAL']._serialized_start = 622
    _globals['_MIXMATCHDEAL']._serialized_end = 687
    _globals['_MIXMATCHROUNDLOG']._serialized_start = 690
    _globals['_MIXMATCHROUNDLOG']._serialized_end = 934
    _globals['_MIXMATCHSEATVIEW']._serialized_start = 937
    _globals['_MIXMATCHSEATVIEW']._serialized_end = 1665
    _globals['_MIXMATCHROUNDSTARTED']._serialized_start = 1667
    _globals['_MIXMATCHROUNDSTARTED']._serialized_end = 1754
    _globals['_MIXMATCHCARDPICKED']._serialized_start = 1756
    _globals['_MIXMATCHCARDPICKED']._serialized_end = 1819
    _globals['_MIXMATCHPICKPASSED']._serialized_start = 1821
    _globals['_MIXMATCHPICKPASSED']._serialized_end = 1870
    _globals['_MIXMATCHDICEROLLED']._serialized_start = 1872
    _globals['_MIXMATCHDICEROLLED']._serialized_end = 1983
    _globals['_MIXMATCHHOURGLASSRANOUT']._serialized_start = 1986
    _globals['_MIXMATCHHOURGLASSRANOUT']._serialized_end = 2143
    _globals['_MIXMATCHCLAIMACCEPTED']._serialized_start = 2145
    _globals['_MIXMATCHCLAIMACCEPTED']._serialized_end = 2247
    _globals['_MIXMATCHCLAIMREJECTED']._serialized_start = 2250
    _globals['_MIXMATCHCLAIMREJECTED']._serialized_end = 2381
    _globals['_MIXMATCHROUNDENDED']._serialized_start = 2384
    _globals['_MIXMATCHROUNDENDED']._serialized_end = 2513
    _globals['_MIXMATCHGAMEOVER']._serialized_start = 2515
    _globals['_MIXMATCHGAMEOVER']._serialized_end = 2614
    _globals['_MIXMATCHEVENT']._serialized_start = 2617
    _globals['_MIXMATCHEVENT']._serialized_end = 3167