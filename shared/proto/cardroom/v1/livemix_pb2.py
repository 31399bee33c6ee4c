"""Generated protocol buffer code."""
from google.protobuf import descriptor as _descriptor
from google.protobuf import descriptor_pool as _descriptor_pool
from google.protobuf import runtime_version as _runtime_version
from google.protobuf import symbol_database as _symbol_database
from google.protobuf.internal import builder as _builder
_runtime_version.ValidateProtobufRuntimeVersion(_runtime_version.Domain.PUBLIC, 5, 29, 0, '', 'cardroom/v1/livemix.proto')
_sym_db = _symbol_database.Default()
from ...cardroom.v1 import common_pb2 as cardroom_dot_v1_dot_common__pb2
DESCRIPTOR = _descriptor_pool.Default().AddSerializedFile(b'\n\x19cardroom/v1/livemix.proto\x12\x0bcardroom.v1\x1a\x18cardroom/v1/common.proto"\xb6\x01\n\x0eLivemixOptions\x12\x14\n\x07players\x18\x01 \x01(\x05H\x00\x88\x01\x01\x12\x0e\n\x06roster\x18\x02 \x03(\t\x127\n\x0eremoved_colour\x18\x03 \x01(\x0e2\x1a.cardroom.v1.LivemixColourH\x01\x88\x01\x01\x12\x17\n\nfirst_lead\x18\x04 \x01(\x05H\x02\x88\x01\x01B\n\n\x08_playersB\x11\n\x0f_removed_colourB\r\n\x0b_first_lead"J\n\x10LivemixRoundDeal\x12&\n\x05hands\x18\x01 \x03(\x0b2\x17.cardroom.v1.StringList\x12\x0e\n\x06circle\x18\x02 \x03(\t"<\n\x0bLivemixDeal\x12-\n\x06rounds\x18\x01 \x03(\x0b2\x1d.cardroom.v1.LivemixRoundDeal")\n\x0bLivemixPlay\x12\x0c\n\x04seat\x18\x01 \x01(\x05\x12\x0c\n\x04card\x18\x02 \x01(\t"g\n\x0cLivemixTrick\x12\'\n\x05plays\x18\x01 \x03(\x0b2\x18.cardroom.v1.LivemixPlay\x12\x0e\n\x06winner\x18\x02 \x01(\x05\x12\x13\n\x06member\x18\x03 \x01(\tH\x00\x88\x01\x01B\t\n\x07_member"6\n\x12LivemixCirclePlace\x12\x0e\n\x06member\x18\x01 \x01(\t\x12\x10\n\x08on_table\x18\x02 \x01(\x08"\x8f\x06\n\x0fLivemixSeatView\x12\x1f\n\x04game\x18\x01 \x01(\x0e2\x11.cardroom.v1.Game\x12\x11\n\x04seat\x18\x02 \x01(\x05H\x00\x88\x01\x01\x12\x0f\n\x07players\x18\x03 \x01(\x05\x12\r\n\x05round\x18\x04 \x01(\x05\x12\x0e\n\x06rounds\x18\x05 \x01(\x05\x12\x10\n\x08terminal\x18\x06 \x01(\x08\x12\x1b\n\x0ecurrent_player\x18\x07 \x01(\x05H\x01\x88\x01\x01\x12\x15\n\rlegal_actions\x18\x08 \x03(\t\x12\x12\n\nfirst_lead\x18\t \x01(\x05\x12\x0e\n\x06leader\x18\n \x01(\x05\x124\n\x0blead_colour\x18\x0b \x01(\x0e2\x1a.cardroom.v1.LivemixColourH\x02\x88\x01\x01\x12\'\n\x05trick\x18\x0c \x03(\x0b2\x18.cardroom.v1.LivemixPlay\x12-\n\nlast_trick\x18\r \x01(\x0b2\x19.cardroom.v1.LivemixTrick\x12/\n\x06circle\x18\x0e \x03(\x0b2\x1f.cardroom.v1.LivemixCirclePlace\x12\x12\n\x05token\x18\x0f \x01(\x05H\x03\x88\x01\x01\x12\x19\n\x0ctoken_member\x18\x10 \x01(\tH\x04\x88\x01\x01\x12(\n\x07members\x18\x11 \x03(\x0b2\x17.cardroom.v1.StringList\x12\x0e\n\x06active\x18\x12 \x03(\x08\x12\x12\n\nhand_sizes\x18\x13 \x03(\x05\x12\x11\n\twon_sizes\x18\x14 \x03(\x05\x12*\n\x0cround_scores\x18\x15 \x03(\x0b2\x14.cardroom.v1.IntList\x12\x0e\n\x06scores\x18\x16 \x03(\x05\x12\x0f\n\x07winners\x18\x17 \x03(\x05\x12%\n\x04hand\x18\x18 \x01(\x0b2\x17.cardroom.v1.StringList\x12$\n\x03won\x18\x19 \x01(\x0b2\x17.cardroom.v1.StringListB\x07\n\x05_seatB\x11\n\x0f_current_playerB\x0e\n\x0c_lead_colourB\x08\n\x06_tokenB\x0f\n\r_token_member"U\n\x11LivemixRoundStart\x12\r\n\x05round\x18\x01 \x01(\x05\x12\x12\n\nfirst_lead\x18\x02 \x01(\x05\x12\x0e\n\x06circle\x18\x03 \x03(\t\x12\r\n\x05token\x18\x04 \x01(\t"+\n\x0cLivemixDealt\x12\r\n\x05round\x18\x01 \x01(\x05\x12\x0c\n\x04hand\x18\x02 \x03(\t">\n\x11LivemixCardPlayed\x12\r\n\x05round\x18\x01 \x01(\x05\x12\x0c\n\x04seat\x18\x02 \x01(\x05\x12\x0c\n\x04card\x18\x03 \x01(\t"W\n\x11LivemixTokenMoved\x12\x15\n\x08position\x18\x01 \x01(\x05H\x00\x88\x01\x01\x12\x13\n\x06member\x18\x02 \x01(\tH\x01\x88\x01\x01B\x0b\n\t_positionB\t\n\x07_member"\xb4\x01\n\x0fLivemixTrickWon\x12\x0e\n\x06winner\x18\x01 \x01(\x05\x12\'\n\x05plays\x18\x02 \x03(\x0b2\x18.cardroom.v1.LivemixPlay\x12\x13\n\x06member\x18\x03 \x01(\tH\x00\x88\x01\x01\x12\x12\n\x05token\x18\x04 \x01(\x05H\x01\x88\x01\x01\x12\x19\n\x0ctoken_member\x18\x05 \x01(\tH\x02\x88\x01\x01B\t\n\x07_memberB\x08\n\x06_tokenB\x0f\n\r_token_member"0\n\x0cLivemixLeave\x12\x0c\n\x04seat\x18\x01 \x01(\x05\x12\x12\n\nconditions\x18\x02 \x03(\x05"B\n\x11LivemixScoredCard\x12\x0c\n\x04card\x18\x01 \x01(\t\x12\x0f\n\x07members\x18\x02 \x03(\t\x12\x0e\n\x06points\x18\x03 \x01(\x05"2\n\x12LivemixMemberTally\x12\x0e\n\x06gained\x18\x01 \x01(\x05\x12\x0c\n\x04lost\x18\x02 \x01(\x05"\xda\x02\n\x10LivemixSeatScore\x12\x0c\n\x04seat\x18\x01 \x01(\x05\x12\x0f\n\x07members\x18\x02 \x03(\t\x124\n\x0cgained_cards\x18\x03 \x03(\x0b2\x1e.cardroom.v1.LivemixScoredCard\x122\n\nhand_cards\x18\x04 \x03(\x0b2\x1e.cardroom.v1.LivemixScoredCard\x12>\n\tby_member\x18\x05 \x03(\x0b2+.cardroom.v1.LivemixSeatScore.ByMemberEntry\x12\x0e\n\x06gained\x18\x06 \x01(\x05\x12\x0c\n\x04lost\x18\x07 \x01(\x05\x12\r\n\x05score\x18\x08 \x01(\x05\x1aP\n\rByMemberEntry\x12\x0b\n\x03key\x18\x01 \x01(\t\x12.\n\x05value\x18\x02 \x01(\x0b2\x1f.cardroom.v1.LivemixMemberTally:\x028\x01"\x87\x01\n\x0fLivemixRoundEnd\x12\r\n\x05round\x18\x01 \x01(\x05\x12\x13\n\x0blast_player\x18\x02 \x01(\x05\x12\x0e\n\x06scores\x18\x03 \x03(\x05\x12\x0e\n\x06totals\x18\x04 \x03(\x05\x120\n\tbreakdown\x18\x05 \x03(\x0b2\x1d.cardroom.v1.LivemixSeatScore"1\n\x0eLivemixGameEnd\x12\x0e\n\x06scores\x18\x01 \x03(\x05\x12\x0f\n\x07winners\x18\x02 \x03(\x05"\xa2\x03\n\x0cLivemixEvent\x125\n\x0bround_start\x18\x01 \x01(\x0b2\x1e.cardroom.v1.LivemixRoundStartH\x00\x12)\n\x04deal\x18\x02 \x01(\x0b2\x19.cardroom.v1.LivemixDealtH\x00\x12.\n\x04play\x18\x03 \x01(\x0b2\x1e.cardroom.v1.LivemixCardPlayedH\x00\x125\n\x0btoken_moved\x18\x04 \x01(\x0b2\x1e.cardroom.v1.LivemixTokenMovedH\x00\x121\n\ttrick_won\x18\x05 \x01(\x0b2\x1c.cardroom.v1.LivemixTrickWonH\x00\x12*\n\x05leave\x18\x06 \x01(\x0b2\x19.cardroom.v1.LivemixLeaveH\x00\x121\n\tround_end\x18\x07 \x01(\x0b2\x1c.cardroom.v1.LivemixRoundEndH\x00\x12/\n\x08game_end\x18\x08 \x01(\x0b2\x1b.cardroom.v1.LivemixGameEndH\x00B\x06\n\x04kind*\x95\x01\n\rLivemixColour\x12\x1e\n\x1aLIVEMIX_COLOUR_UNSPECIFIED\x10\x00\x12\x18\n\x14LIVEMIX_COLOUR_HEART\x10\x01\x12\x16\n\x12LIVEMIX_COLOUR_GEM\x10\x02\x12\x19\n\x15LIVEMIX_COLOUR_FLOWER\x10\x03\x12\x17\n\x13LIVEMIX_COLOUR_MOON\x10\x04b\x06proto3')
_globals = globals()
_builder.BuildMessageAndEnumDescriptors(DESCRIPTOR, _globals)
_builder.BuildTopDescriptorsAndMessages(DESCRIPTOR, 'cardroom.v1.livemix_pb2', _globals)
if not _descriptor._USE_C_DESCRIPTORS:
    DESCRIPTOR._loaded_options = None
    _globals['_LIVEMIXSEATSCORE_BYMEMBERENTRY']._loaded_options = None
    _globals['_LIVEMIXSEATSCORE_BYMEMBERENTRY']._serialized_options = b'8\x01'
    _globals['_LIVEMIXCOLOUR']._serialized_start = 2979
    _globals['_LIVEMIXCOLOUR']._serialized_end = 3128
    _globals['_LIVEMIXOPTIONS']._serialized_start = 69
    _globals['_LIVEMIXOPTIONS']._serialized_end = 251
    _globals['_LIVEMIXROUNDDEAL']._serialized_start = 253
    _globals['_LIVEMIXROUNDDEAL']._serialized_end = 327
    _globals['_LIVEMIXDEAL']._serialized_start = 329
    _globals['_LIVEMIXDEAL']._serialized_end = 389
    _globals['_LIVEMIXPLAY']._serialized_start = 391
    _globals['_LIVEMIXPLAY']._serialized_end = 432
    _globals['_LIVEMIXTRICK']._serialized_start = 434
    _globals['_LIVEMIXTRICK']._serialized_end = 537
    _globals['_LIVEMIXCIRCLEPLACE']._serialized_start = 539
    _globals['_LIVEMIXCIRCLEPLACE']._serialized_end = 593
    _globals['_LIVEMIXSEATVIEW']._serialized_start = 596
    _globals['_LIVEMIXSEATVIEW']._serialized_end = 1379
    _globals['_LIVEMIXROUNDSTART']._serialized_start = 1381
    _globals['_LIVEMIXROUNDSTART']._serialized_end = 1466
    _globals['_LIVEMIXDEALT']._serialized_start = 1468
    _globals['_LIVEMIXDEALT']._serialized_end = 1511
    _globals['_LIVEMIXCARDPLAYED']._serialized_start = 1513
    _globals['_LIVEMIXCARDPLAYED']._serialized_end = 1575
    _globals['_LIVEMIXTOKENMOVED']._serialized_start = 1577
    _globals['_LIVEMIXTOKENMOVED']._serialized_end = 1664
    _globals['_LIVEMIXTRICKWON']._serialized_start = 1667
    _globals['_LIVEMIXTRICKWON']._serialized_end = 1847
    _globals['_LIVEMIXLEAVE']._serialized_start = 1849
    _globals['_LIVEMIXLEAVE']._serialized_end = 1897
    _globals['_LIVEMIXSCOREDCARD']._serialized_start = 1899
    _globals['_LIVEMIXSCOREDCARD']._serialized_end = 1965
    _globals['_LIVEMIXMEMBERTALLY']._serialized_start = 1967
    _globals['_LIVEMIXMEMBERTALLY']._serialized_end = 2017
    _globals['_LIVEMIXSEATSCORE']._serialized_start = 2020
    _globals['_LIVEMIXSEATSCORE']._serialized_end = 2366
    _globals['_LIVEMIXSEATSCORE_BYMEMBERENTRY']._serialized_start = 2286
    _globals['_LIVEMIXSEATSCORE_BYMEMBERENTRY']._serialized_end = 2366
    _globals['_LIVEMIXROUNDEND']._serialized_start = 2369
    _globals['_LIVEMIXROUNDEND']._serialized_end = 2504
    _globals['_LIVEMIXGAMEEND']._serialized_start = 2506
    _globals['_LIVEMIXGAMEEND']._serialized_end = 2555
    _globals['_LIVEMIXEVENT']._serialized_start = 2558
    _globals['_LIVEMIXEVENT']._serialized_end = 2976