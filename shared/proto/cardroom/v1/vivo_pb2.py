"""Generated protocol buffer code."""
from google.protobuf import descriptor as _descriptor
from google.protobuf import descriptor_pool as _descriptor_pool
from google.protobuf import runtime_version as _runtime_version
from google.protobuf import symbol_database as _symbol_database
from google.protobuf.internal import builder as _builder
_runtime_version.ValidateProtobufRuntimeVersion(_runtime_version.Domain.PUBLIC, 5, 29, 0, '', 'cardroom/v1/vivo.proto')
_sym_db = _symbol_database.Default()
from ...cardroom.v1 import common_pb2 as cardroom_dot_v1_dot_common__pb2
DESCRIPTOR = _descriptor_pool.Default().AddSerializedFile(b'\n\x16cardroom/v1/vivo.proto\x12\x0bcardroom.v1\x1a\x18cardroom/v1/common.proto"\x83\x01\n\x0bVivoOptions\x12\x14\n\x07players\x18\x01 \x01(\x05H\x00\x88\x01\x01\x12\x19\n\x0cremoved_suit\x18\x02 \x01(\tH\x01\x88\x01\x01\x12\x17\n\nfirst_lead\x18\x03 \x01(\x05H\x02\x88\x01\x01B\n\n\x08_playersB\x0f\n\r_removed_suitB\r\n\x0b_first_lead"d\n\rVivoRoundDeal\x12&\n\x05hands\x18\x01 \x03(\x0b2\x17.cardroom.v1.StringList\x12+\n\tharmonies\x18\x02 \x03(\x0e2\x18.cardroom.v1.VivoHarmony"6\n\x08VivoDeal\x12*\n\x06rounds\x18\x01 \x03(\x0b2\x1a.cardroom.v1.VivoRoundDeal"?\n\rVivoTrickCard\x12\x0c\n\x04seat\x18\x01 \x01(\x05\x12\x0c\n\x04card\x18\x02 \x01(\t\x12\x12\n\non_harmony\x18\x03 \x01(\x08"4\n\x0eVivoScoringRow\x12\x0f\n\x07face_up\x18\x01 \x03(\t\x12\x11\n\tface_down\x18\x02 \x01(\x05"\xec\x04\n\x0cVivoSeatView\x12\x1f\n\x04game\x18\x01 \x01(\x0e2\x11.cardroom.v1.Game\x12\x0f\n\x07players\x18\x02 \x01(\x05\x12\x11\n\x04seat\x18\x03 \x01(\x05H\x00\x88\x01\x01\x12\r\n\x05round\x18\x04 \x01(\x05\x12\x12\n\x05trick\x18\x05 \x01(\x05H\x01\x88\x01\x01\x12\x1b\n\x0ecurrent_player\x18\x06 \x01(\x05H\x02\x88\x01\x01\x12\x11\n\x04lead\x18\x07 \x01(\x05H\x03\x88\x01\x01\x12.\n\x07harmony\x18\x08 \x01(\x0e2\x18.cardroom.v1.VivoHarmonyH\x04\x88\x01\x01\x123\n\x0cnext_harmony\x18\t \x01(\x0e2\x18.cardroom.v1.VivoHarmonyH\x05\x88\x01\x01\x12/\n\x0btrick_cards\x18\n \x03(\x0b2\x1a.cardroom.v1.VivoTrickCard\x12\x12\n\nhand_sizes\x18\x0b \x03(\x05\x121\n\x0cscoring_rows\x18\x0c \x03(\x0b2\x1b.cardroom.v1.VivoScoringRow\x12*\n\x0cround_scores\x18\r \x03(\x0b2\x14.cardroom.v1.IntList\x12\x0e\n\x06scores\x18\x0e \x03(\x05\x12\x10\n\x08terminal\x18\x0f \x01(\x08\x12\x0f\n\x07winners\x18\x10 \x03(\x05\x12%\n\x04hand\x18\x11 \x01(\x0b2\x17.cardroom.v1.StringList\x12\x15\n\rlegal_actions\x18\x12 \x03(\tB\x07\n\x05_seatB\x08\n\x06_trickB\x11\n\x0f_current_playerB\x07\n\x05_leadB\n\n\x08_harmonyB\x0f\n\r_next_harmony"-\n\x0eVivoRoundStart\x12\r\n\x05round\x18\x01 \x01(\x05\x12\x0c\n\x04lead\x18\x02 \x01(\x05"(\n\tVivoDealt\x12\r\n\x05round\x18\x01 \x01(\x05\x12\x0c\n\x04hand\x18\x02 \x03(\t"\xbe\x01\n\x0eVivoTrickStart\x12\r\n\x05round\x18\x01 \x01(\x05\x12\r\n\x05trick\x18\x02 \x01(\x05\x12\x0c\n\x04lead\x18\x03 \x01(\x05\x12.\n\x07harmony\x18\x04 \x01(\x0e2\x18.cardroom.v1.VivoHarmonyH\x00\x88\x01\x01\x123\n\x0cnext_harmony\x18\x05 \x01(\x0e2\x18.cardroom.v1.VivoHarmonyH\x01\x88\x01\x01B\n\n\x08_harmonyB\x0f\n\r_next_harmony"^\n\x0eVivoCardPlayed\x12\r\n\x05round\x18\x01 \x01(\x05\x12\r\n\x05trick\x18\x02 \x01(\x05\x12\x0c\n\x04seat\x18\x03 \x01(\x05\x12\x0c\n\x04card\x18\x04 \x01(\t\x12\x12\n\non_harmony\x18\x05 \x01(\x08"+\n\x0bVivoHighest\x12\x0c\n\x04seat\x18\x01 \x01(\x05\x12\x0e\n\x06points\x18\x02 \x01(\x05"8\n\nVivoLowest\x12\x0c\n\x04seat\x18\x01 \x01(\x05\x12\x0c\n\x04card\x18\x02 \x01(\t\x12\x0e\n\x06points\x18\x03 \x01(\x05"\xa6\x01\n\x0cVivoTrickEnd\x12\r\n\x05round\x18\x01 \x01(\x05\x12\r\n\x05trick\x18\x02 \x01(\x05\x12)\n\x07highest\x18\x03 \x01(\x0b2\x18.cardroom.v1.VivoHighest\x12\'\n\x06lowest\x18\x04 \x01(\x0b2\x17.cardroom.v1.VivoLowest\x12\x16\n\tnext_lead\x18\x05 \x01(\x05H\x00\x88\x01\x01B\x0c\n\n_next_lead"=\n\x0cVivoRoundEnd\x12\r\n\x05round\x18\x01 \x01(\x05\x12\x0e\n\x06scores\x18\x02 \x03(\x05\x12\x0e\n\x06totals\x18\x03 \x03(\x05".\n\x0bVivoGameEnd\x12\x0e\n\x06scores\x18\x01 \x03(\x05\x12\x0f\n\x07winners\x18\x02 \x03(\x05"\xde\x02\n\tVivoEvent\x122\n\x0bround_start\x18\x01 \x01(\x0b2\x1b.cardroom.v1.VivoRoundStartH\x00\x12&\n\x04deal\x18\x02 \x01(\x0b2\x16.cardroom.v1.VivoDealtH\x00\x122\n\x0btrick_start\x18\x03 \x01(\x0b2\x1b.cardroom.v1.VivoTrickStartH\x00\x12+\n\x04play\x18\x04 \x01(\x0b2\x1b.cardroom.v1.VivoCardPlayedH\x00\x12.\n\ttrick_end\x18\x05 \x01(\x0b2\x19.cardroom.v1.VivoTrickEndH\x00\x12.\n\tround_end\x18\x06 \x01(\x0b2\x19.cardroom.v1.VivoRoundEndH\x00\x12,\n\x08game_end\x18\x07 \x01(\x0b2\x18.cardroom.v1.VivoGameEndH\x00B\x06\n\x04kind*\x8a\x01\n\x0bVivoHarmony\x12\x1c\n\x18VIVO_HARMONY_UNSPECIFIED\x10\x00\x12\x15\n\x11VIVO_HARMONY_SOLO\x10\x01\x12\x15\n\x11VIVO_HARMONY_DUET\x10\x02\x12\x15\n\x11VIVO_HARMONY_TRIO\x10\x03\x12\x18\n\x14VIVO_HARMONY_QUARTET\x10\x04b\x06proto3')
_globals = globals()
_builder.BuildMessageAndEnumDescriptors(DESCRIPTOR, _globals)
_builder.BuildTopDescriptorsAndMessages(DESCRIPTOR, 'cardroom.v1.vivo_pb2', _globals)
if not _descriptor._USE_C_DESCRIPTORS:
    DESCRIPTOR._loaded_options = None
    _globals['_VIVOHARMONY']._serialized_start = 2214
    _globals['_VIVOHARMONY']._serialized_end = 2352
    _globals['_VIVOOPTIONS']._serialized_start = 66
    _globals['_VIVOOPTIONS']._serialized_end = 197
    _globals['_VIVOROUNDDEAL']._serialized_start = 199
    _globals['_VIVOROUNDDEAL']._serialized_end = 299
    _globals['_VIVODEAL']._serialized_start = 301
    _globals['_VIVODEAL']._serialized_end = 355
    _globals['_VIVOTRICKCARD']._serialized_start = 357
    _globals['_VIVOTRICKCARD']._serialized_end = 420
    _globals['_VIVOSCORINGROW']._serialized_start = 422
    _globals['_VIVOSCORINGROW']._serialized_end = 474
    _globals['_VIVOSEATVIEW']._serialized_start = 477
    _globals['_VIVOSEATVIEW']._serialized_end = 1097
    _globals['_VIVOROUNDSTART']._serialized_start = 1099
    _globals['_VIVOROUNDSTART']._serialized_end = 1144
    _globals['_VIVODEALT']._serialized_start = 1146
    _globals['_VIVODEALT']._serialized_end = 1186
    _globals['_VIVOTRICKSTART']._serialized_start = 1189
    _globals['_VIVOTRICKSTART']._serialized_end = 1379
    _globals['_VIVOCARDPLAYED']._serialized_start = 1381
    _globals['_VIVOCARDPLAYED']._serialized_end = 1475
    _globals['_VIVOHIGHEST']._serialized_start = 1477
    _globals['_VIVOHIGHEST']._serialized_end = 1520
    _globals['_VIVOLOWEST']._serialized_start = 1522
    _globals['_VIVOLOWEST']._serialized_end = 1578
    _globals['_VIVOTRICKEND']._serialized_start = 1581
    _globals['_VIVOTRICKEND']._serialized_end = 1747
    _globals['_VIVOROUNDEND']._serialized_start = 1749
    _globals['_VIVOROUNDEND']._serialized_end = 1810
    _globals['_VIVOGAMEEND']._serialized_start = 1812
    _globals['_VIVOGAMEEND']._serialized_end = 1858
    _globals['_VIVOEVENT']._serialized_start = 1861
    _globals['_VIVOEVENT']._serialized_end = 2211