"""Generated protocol buffer code."""
from google.protobuf import descriptor as _descriptor
from google.protobuf import descriptor_pool as _descriptor_pool
from google.protobuf import runtime_version as _runtime_version
from google.protobuf import symbol_database as _symbol_database
from google.protobuf.internal import builder as _builder
_runtime_version.ValidateProtobufRuntimeVersion(_runtime_version.Domain.PUBLIC, 5, 29, 0, '', 'cardroom/v1/player.proto')
_sym_db = _symbol_database.Default()
from ...cardroom.v1 import common_pb2 as cardroom_dot_v1_dot_common__pb2
from ...cardroom.v1 import match_pb2 as cardroom_dot_v1_dot_match__pb2
from google.protobuf import timestamp_pb2 as google_dot_protobuf_dot_timestamp__pb2
DESCRIPTOR = _descriptor_pool.Default().AddSerializedFile(b'\n\x18cardroom/v1/player.proto\x12\x0bcardroom.v1\x1a\x18cardroom/v1/common.proto\x1a\x17cardroom/v1/match.proto\x1a\x1fgoogle/protobuf/timestamp.proto"b\n\x06Player\x12\x11\n\tplayer_id\x18\x01 \x01(\t\x12\x14\n\x0cdisplay_name\x18\x02 \x01(\t\x12/\n\x0bcreate_time\x18\x03 \x01(\x0b2\x1a.google.protobuf.Timestamp"*\n\x12CreateGuestRequest\x12\x14\n\x0cdisplay_name\x18\x01 \x01(\t"N\n\x13CreateGuestResponse\x12#\n\x06player\x18\x01 \x01(\x0b2\x13.cardroom.v1.Player\x12\x12\n\ncredential\x18\x02 \x01(\t"G\n\x18RegisterAppPlayerRequest\x12\x15\n\rapp_player_id\x18\x01 \x01(\t\x12\x14\n\x0cdisplay_name\x18\x02 \x01(\t"T\n\x19RegisterAppPlayerResponse\x12#\n\x06player\x18\x01 \x01(\x0b2\x13.cardroom.v1.Player\x12\x12\n\ncredential\x18\x02 \x01(\t"\x12\n\x10GetPlayerRequest"8\n\x11GetPlayerResponse\x12#\n\x06player\x18\x01 \x01(\x0b2\x13.cardroom.v1.Player"e\n\x14ListMyMatchesRequest\x12&\n\x05scope\x18\x01 \x01(\x0e2\x17.cardroom.v1.MatchScope\x12\x11\n\tpage_size\x18\x02 \x01(\x05\x12\x12\n\npage_token\x18\x03 \x01(\t"E\n\x0bPlayerMatch\x12(\n\x05match\x18\x01 \x01(\x0b2\x19.cardroom.v1.MatchSummary\x12\x0c\n\x04seat\x18\x02 \x01(\x05"[\n\x15ListMyMatchesResponse\x12)\n\x07matches\x18\x01 \x03(\x0b2\x18.cardroom.v1.PlayerMatch\x12\x17\n\x0fnext_page_token\x18\x02 \x01(\t"&\n\x12ResumeMatchRequest\x12\x10\n\x08match_id\x18\x01 \x01(\t"J\n\x13ResumeMatchResponse\x12\x0c\n\x04seat\x18\x01 \x01(\x05\x12%\n\x05match\x18\x02 \x01(\x0b2\x16.cardroom.v1.MatchView"&\n\x12ResignMatchRequest\x12\x10\n\x08match_id\x18\x01 \x01(\t"^\n\x13ResignMatchResponse\x12\x0c\n\x04seat\x18\x01 \x01(\x05\x12\x0f\n\x07version\x18\x02 \x01(\x03\x12(\n\x06status\x18\x03 \x01(\x0e2\x18.cardroom.v1.MatchStatus"E\n\x06Rating\x12\n\n\x02mu\x18\x01 \x01(\x01\x12\r\n\x05sigma\x18\x02 \x01(\x01\x12\x0f\n\x07ordinal\x18\x03 \x01(\x01\x12\x0f\n\x07matches\x18\x04 \x01(\x03"F\n\x10GetRatingRequest\x12\x1f\n\x04game\x18\x01 \x01(\x0e2\x11.cardroom.v1.Game\x12\x11\n\tplayer_id\x18\x02 \x01(\t"Y\n\x11GetRatingResponse\x12\x11\n\tplayer_id\x18\x01 \x01(\t\x12#\n\x06rating\x18\x02 \x01(\x0b2\x13.cardroom.v1.Rating\x12\x0c\n\x04rank\x18\x03 \x01(\x03"a\n\x18ListRatingHistoryRequest\x12\x1f\n\x04game\x18\x01 \x01(\x0e2\x11.cardroom.v1.Game\x12\x11\n\tplayer_id\x18\x02 \x01(\t\x12\x11\n\tpage_size\x18\x03 \x01(\x05"\x85\x01\n\x0cRatingChange\x12\x10\n\x08match_id\x18\x01 \x01(\t\x12#\n\x06rating\x18\x02 \x01(\x0b2\x13.cardroom.v1.Rating\x12\r\n\x05place\x18\x03 \x01(\x05\x12/\n\x0bupdate_time\x18\x04 \x01(\x0b2\x1a.google.protobuf.Timestamp"G\n\x19ListRatingHistoryResponse\x12*\n\x07changes\x18\x01 \x03(\x0b2\x19.cardroom.v1.RatingChange"u\n\x15GetLeaderboardRequest\x12\x1f\n\x04game\x18\x01 \x01(\x0e2\x11.cardroom.v1.Game\x12\x11\n\tpage_size\x18\x02 \x01(\x05\x12\x18\n\x10around_player_id\x18\x03 \x01(\t\x12\x0e\n\x06offset\x18\x04 \x01(\x03"n\n\x10LeaderboardEntry\x12\x0c\n\x04rank\x18\x01 \x01(\x03\x12\x11\n\tplayer_id\x18\x02 \x01(\t\x12\x14\n\x0cdisplay_name\x18\x03 \x01(\t\x12#\n\x06rating\x18\x04 \x01(\x0b2\x13.cardroom.v1.Rating"W\n\x16GetLeaderboardResponse\x12.\n\x07entries\x18\x01 \x03(\x0b2\x1d.cardroom.v1.LeaderboardEntry\x12\r\n\x05total\x18\x02 \x01(\x03*[\n\nMatchScope\x12\x1b\n\x17MATCH_SCOPE_UNSPECIFIED\x10\x00\x12\x16\n\x12MATCH_SCOPE_ACTIVE\x10\x01\x12\x18\n\x14MATCH_SCOPE_FINISHED\x10\x022\x98\x06\n\rPlayerService\x12P\n\x0bCreateGuest\x12\x1f.cardroom.v1.CreateGuestRequest\x1a .cardroom.v1.CreateGuestResponse\x12b\n\x11RegisterAppPlayer\x12%.cardroom.v1.RegisterAppPlayerRequest\x1a&.cardroom.v1.RegisterAppPlayerResponse\x12J\n\tGetPlayer\x12\x1d.cardroom.v1.GetPlayerRequest\x1a\x1e.cardroom.v1.GetPlayerResponse\x12V\n\rListMyMatches\x12!.cardroom.v1.ListMyMatchesRequest\x1a".cardroom.v1.ListMyMatchesResponse\x12P\n\x0bResumeMatch\x12\x1f.cardroom.v1.ResumeMatchRequest\x1a .cardroom.v1.ResumeMatchResponse\x12P\n\x0bResignMatch\x12\x1f.cardroom.v1.ResignMatchRequest\x1a .cardroom.v1.ResignMatchResponse\x12J\n\tGetRating\x12\x1d.cardroom.v1.GetRatingRequest\x1a\x1e.cardroom.v1.GetRatingResponse\x12b\n\x11ListRatingHistory\x12%.cardroom.v1.ListRatingHistoryRequest\x1a&.cardroom.v1.ListRatingHistoryResponse\x12Y\n\x0eGetLeaderboard\x12".cardroom.v1.GetLeaderboardRequest\x1a#.cardroom.v1.GetLeaderboardResponseb\x06proto3')
_globals = globals()
_builder.BuildMessageAndEnumDescriptors(DESCRIPTOR, _globals)
_builder.BuildTopDescriptorsAndMessages(DESCRIPTOR, 'cardroom.v1.player_pb2', _globals)
if not _descriptor._USE_C_DESCRIPTORS:
    DESCRIPTOR._loaded_options = None
    _globals['_MATCHSCOPE']._serialized_start = 1967
    _globals['_MATCHSCOPE']._serialized_end = 2058
    _globals['_PLAYER']._serialized_start = 125
    _globals['_PLAYER']._serialized_end = 223
    _globals['_CREATEGUESTREQUEST']._serialized_start = 225
    _globals['_CREATEGUESTREQUEST']._serialized_end = 267
    _globals['_CREATEGUESTRESPONSE']._serialized_start = 269
    _globals['_CREATEGUESTRESPONSE']._serialized_end = 347
    _globals['_REGISTERAPPPLAYERREQUEST']._serialized_start = 349
    _globals['_REGISTERAPPPLAYERREQUEST']._serialized_end = 420
    _globals['_REGISTERAPPPLAYERRESPONSE']._serialized_start = 422
    _globals['_REGISTERAPPPLAYERRESPONSE']._serialized_end = 506
    _globals['_GETPLAYERREQUEST']._serialized_start = 508
    _globals['_GETPLAYERREQUEST']._serialized_end = 526
    _globals['_GETPLAYERRESPONSE']._serialized_start = 528
    _globals['_GETPLAYERRESPONSE']._serialized_end = 584
    _globals['_LISTMYMATCHESREQUEST']._serialized_start = 586
    _globals['_LISTMYMATCHESREQUEST']._serialized_end = 687
    _globals['_PLAYERMATCH']._serialized_start = 689
    _globals['_PLAYERMATCH']._serialized_end = 758
    _globals['_LISTMYMATCHESRESPONSE']._serialized_start = 760
    _globals['_LISTMYMATCHESRESPONSE']._serialized_end = 851
    _globals['_RESUMEMATCHREQUEST']._serialized_start = 853
    _globals['_RESUMEMATCHREQUEST']._serialized_end = 891
    _globals['_RESUMEMATCHRESPONSE']._serialized_start = 893
    _globals['_RESUMEMATCHRESPONSE']._serialized_end = 967
    _globals['_RESIGNMATCHREQUEST']._serialized_start = 969
    _globals['_RESIGNMATCHREQUEST']._serialized_end = 1007
    _globals['_RESIGNMATCHRESPONSE']._serialized_start = 1009
    _globals['_RESIGNMATCHRESPONSE']._serialized_end = 1103
    _globals['_RATING']._serialized_start = 1105
    _globals['_RATING']._serialized_end = 1174
    _globals['_GETRATINGREQUEST']._serialized_start = 1176
    _globals['_GETRATINGREQUEST']._serialized_end = 1246
    _globals['_GETRATINGRESPONSE']._serialized_start = 1248
    _globals['_GETRATINGRESPONSE']._serialized_end = 1337
    _globals['_LISTRATINGHISTORYREQUEST']._serialized_start = 1339
    _globals['_LISTRATINGHISTORYREQUEST']._serialized_end = 1436
    _globals['_RATINGCHANGE']._serialized_start = 1439
    _globals['_RATINGCHANGE']._serialized_end = 1572
    _globals['_LISTRATINGHISTORYRESPONSE']._serialized_start = 1574
    _globals['_LISTRATINGHISTORYRESPONSE']._serialized_end = 1645
    _globals['_GETLEADERBOARDREQUEST']._serialized_start = 1647
    _globals['_GETLEADERBOARDREQUEST']._serialized_end = 1764
    _globals['_LEADERBOARDENTRY']._serialized_start = 1766
    _globals['_LEADERBOARDENTRY']._serialized_end = 1876
    _globals['_GETLEADERBOARDRESPONSE']._serialized_start = 1878
    _globals['_GETLEADERBOARDRESPONSE']._serialized_end = 1965
    _globals['_PLAYERSERVICE']._serialized_start = 2061
    _globals['_PLAYERSERVICE']._serialized_end = 2853