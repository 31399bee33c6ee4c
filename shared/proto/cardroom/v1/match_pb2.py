"""Generated protocol buffer code."""
from google.protobuf import descriptor as _descriptor
from google.protobuf import descriptor_pool as _descriptor_pool
from google.protobuf import runtime_version as _runtime_version
from google.protobuf import symbol_database as _symbol_database
from google.protobuf.internal import builder as _builder
_runtime_version.ValidateProtobufRuntimeVersion(_runtime_version.Domain.PUBLIC, 5, 29, 0, '', 'cardroom/v1/match.proto')
_sym_db = _symbol_database.Default()
from ...cardroom.v1 import common_pb2 as cardroom_dot_v1_dot_common__pb2
from ...cardroom.v1 import livemix_pb2 as cardroom_dot_v1_dot_livemix__pb2
from ...cardroom.v1 import mixmatch_pb2 as cardroom_dot_v1_dot_mixmatch__pb2
from ...cardroom.v1 import vivo_pb2 as cardroom_dot_v1_dot_vivo__pb2
from google.protobuf import timestamp_pb2 as google_dot_protobuf_dot_timestamp__pb2
DESCRIPTOR = _descriptor_pool.Default().AddSerializedFile(b'\n\x17cardroom/v1/match.proto\x12\x0bcardroom.v1\x1a\x18cardroom/v1/common.proto\x1a\x19cardroom/v1/livemix.proto\x1a\x1acardroom/v1/mixmatch.proto\x1a\x16cardroom/v1/vivo.proto\x1a\x1fgoogle/protobuf/timestamp.proto"_\n\x08SeatSpec\x12#\n\x04kind\x18\x01 \x01(\x0e2\x15.cardroom.v1.SeatKind\x12\x0c\n\x04name\x18\x02 \x01(\t\x12\x0e\n\x06policy\x18\x03 \x01(\t\x12\x10\n\x08strength\x18\x04 \x01(\x05"Y\n\tMoveClock\x12\x0f\n\x07seconds\x18\x01 \x01(\x01\x12+\n\ton_expiry\x18\x02 \x01(\x0e2\x18.cardroom.v1.ClockExpiry\x12\x0e\n\x06policy\x18\x03 \x01(\t"\x9f\x04\n\x12CreateMatchRequest\x12\x1f\n\x04game\x18\x01 \x01(\x0e2\x11.cardroom.v1.Game\x12\x0f\n\x07players\x18\x02 \x01(\x05\x12$\n\x05seats\x18\x03 \x03(\x0b2\x15.cardroom.v1.SeatSpec\x12\x0e\n\x04seed\x18\x05 \x01(\x04H\x00\x120\n\x0clivemix_deal\x18\x0c \x01(\x0b2\x18.cardroom.v1.LivemixDealH\x00\x12*\n\tvivo_deal\x18\r \x01(\x0b2\x15.cardroom.v1.VivoDealH\x00\x122\n\rmixmatch_deal\x18\x0e \x01(\x0b2\x19.cardroom.v1.MixMatchDealH\x00\x12%\n\x05clock\x18\x07 \x01(\x0b2\x16.cardroom.v1.MoveClock\x12\x0f\n\x07private\x18\x08 \x01(\x08\x126\n\x0flivemix_options\x18\t \x01(\x0b2\x1b.cardroom.v1.LivemixOptionsH\x01\x120\n\x0cvivo_options\x18\n \x01(\x0b2\x18.cardroom.v1.VivoOptionsH\x01\x128\n\x10mixmatch_options\x18\x0b \x01(\x0b2\x1c.cardroom.v1.MixMatchOptionsH\x01B\x07\n\x05setupB\x0f\n\rtyped_optionsJ\x04\x08\x04\x10\x05J\x04\x08\x06\x10\x07R\x07optionsR\x04deal"(\n\tSeatToken\x12\x0c\n\x04seat\x18\x01 \x01(\x05\x12\r\n\x05token\x18\x02 \x01(\t"w\n\x13CreateMatchResponse\x12\x10\n\x08match_id\x18\x01 \x01(\t\x12\x0f\n\x07version\x18\x02 \x01(\x03\x12&\n\x06tokens\x18\x03 \x03(\x0b2\x16.cardroom.v1.SeatToken\x12\x15\n\rcreator_token\x18\x04 \x01(\t"N\n\x10JoinMatchRequest\x12\x10\n\x08match_id\x18\x01 \x01(\t\x12\x11\n\x04seat\x18\x02 \x01(\x05H\x00\x88\x01\x01\x12\x0c\n\x04name\x18\x03 \x01(\tB\x07\n\x05_seat"A\n\x11JoinMatchResponse\x12\x0c\n\x04seat\x18\x01 \x01(\x05\x12\r\n\x05token\x18\x02 \x01(\t\x12\x0f\n\x07version\x18\x03 \x01(\x03"\x9f\x01\n\x12ListMatchesRequest\x12\x1f\n\x04game\x18\x01 \x01(\x0e2\x11.cardroom.v1.Game\x12(\n\x06status\x18\x02 \x01(\x0e2\x18.cardroom.v1.MatchStatus\x12\x11\n\tpage_size\x18\x03 \x01(\x05\x12\x12\n\npage_token\x18\x04 \x01(\t\x12\x17\n\x0finclude_private\x18\x05 \x01(\x08"Z\n\x13ListMatchesResponse\x12*\n\x07matches\x18\x01 \x03(\x0b2\x19.cardroom.v1.MatchSummary\x12\x17\n\x0fnext_page_token\x18\x02 \x01(\t"m\n\x04Seat\x12#\n\x04kind\x18\x01 \x01(\x0e2\x15.cardroom.v1.SeatKind\x12\x0c\n\x04name\x18\x02 \x01(\t\x12\x0e\n\x06policy\x18\x03 \x01(\t\x12\x10\n\x08strength\x18\x04 \x01(\x05\x12\x10\n\x08resigned\x18\x05 \x01(\x08"\x89\x04\n\x0cMatchSummary\x12\x10\n\x08match_id\x18\x01 \x01(\t\x12\x1f\n\x04game\x18\x02 \x01(\x0e2\x11.cardroom.v1.Game\x12(\n\x06status\x18\x03 \x01(\x0e2\x18.cardroom.v1.MatchStatus\x12\x0f\n\x07players\x18\x04 \x01(\x05\x12\x0f\n\x07version\x18\x05 \x01(\x03\x12 \n\x05seats\x18\x06 \x03(\x0b2\x11.cardroom.v1.Seat\x12\x12\n\nopen_seats\x18\x07 \x03(\x05\x12/\n\x0bcreate_time\x18\x08 \x01(\x0b2\x1a.google.protobuf.Timestamp\x12\x0f\n\x07private\x18\t \x01(\x08\x12&\n\x08dealt_by\x18\n \x01(\x0e2\x14.cardroom.v1.DealtBy\x126\n\x0flivemix_options\x18\x0b \x01(\x0b2\x1b.cardroom.v1.LivemixOptionsH\x00\x120\n\x0cvivo_options\x18\x0c \x01(\x0b2\x18.cardroom.v1.VivoOptionsH\x00\x128\n\x10mixmatch_options\x18\r \x01(\x0b2\x1c.cardroom.v1.MixMatchOptionsH\x00\x12%\n\x05clock\x18\x0e \x01(\x0b2\x16.cardroom.v1.MoveClockB\x0f\n\rtyped_options"?\n\x0fGetMatchRequest\x12\x10\n\x08match_id\x18\x01 \x01(\t\x12\x11\n\x04seat\x18\x02 \x01(\x05H\x00\x88\x01\x01B\x07\n\x05_seat"9\n\x10GetMatchResponse\x12%\n\x05match\x18\x01 \x01(\x0b2\x16.cardroom.v1.MatchView"\x1d\n\x0bRoundScores\x12\x0e\n\x06scores\x18\x01 \x03(\x03"V\n\x0bMatchResult\x12&\n\x06reason\x18\x01 \x01(\x0e2\x16.cardroom.v1.EndReason\x12\x0e\n\x06scores\x18\x02 \x03(\x03\x12\x0f\n\x07winners\x18\x03 \x03(\x05"\xab\x07\n\tMatchView\x12\x10\n\x08match_id\x18\x01 \x01(\t\x12\x1f\n\x04game\x18\x02 \x01(\x0e2\x11.cardroom.v1.Game\x12(\n\x06status\x18\x03 \x01(\x0e2\x18.cardroom.v1.MatchStatus\x12\x0f\n\x07version\x18\x04 \x01(\x03\x12\x11\n\x04seat\x18\x05 \x01(\x05H\x02\x88\x01\x01\x12\x0f\n\x07players\x18\x06 \x01(\x05\x12 \n\x05seats\x18\x07 \x03(\x0b2\x11.cardroom.v1.Seat\x12\x0f\n\x07may_act\x18\n \x01(\x08\x12\x13\n\x0blegal_moves\x18\x0b \x03(\t\x12\x0e\n\x06scores\x18\x0c \x03(\x03\x12.\n\x0cround_scores\x18\r \x03(\x0b2\x18.cardroom.v1.RoundScores\x12,\n\x08deadline\x18\x0e \x01(\x0b2\x1a.google.protobuf.Timestamp\x120\n\rdeadline_kind\x18\x0f \x01(\x0e2\x19.cardroom.v1.DeadlineKind\x12\x11\n\tevent_seq\x18\x10 \x01(\x03\x12(\n\x06result\x18\x12 \x01(\x0b2\x18.cardroom.v1.MatchResult\x12&\n\x08dealt_by\x18\x13 \x01(\x0e2\x14.cardroom.v1.DealtBy\x12\x17\n\x0fseed_commitment\x18\x14 \x01(\t\x126\n\x0flivemix_options\x18\x15 \x01(\x0b2\x1b.cardroom.v1.LivemixOptionsH\x00\x120\n\x0cvivo_options\x18\x16 \x01(\x0b2\x18.cardroom.v1.VivoOptionsH\x00\x128\n\x10mixmatch_options\x18\x17 \x01(\x0b2\x1c.cardroom.v1.MixMatchOptionsH\x00\x12/\n\x07livemix\x18\x18 \x01(\x0b2\x1c.cardroom.v1.LivemixSeatViewH\x01\x12)\n\x04vivo\x18\x19 \x01(\x0b2\x19.cardroom.v1.VivoSeatViewH\x01\x121\n\x08mixmatch\x18\x1a \x01(\x0b2\x1d.cardroom.v1.MixMatchSeatViewH\x01\x12\x14\n\x0cacting_seats\x18\x1b \x03(\x05B\x0f\n\rtyped_optionsB\x0b\n\tseat_viewB\x07\n\x05_seatJ\x04\x08\x08\x10\tJ\x04\x08\t\x10\nJ\x04\x08\x11\x10\x12R\x07optionsR\x0ecurrent_playerR\x0bobservation"\x1b\n\x0bLivemixMove\x12\x0c\n\x04card\x18\x01 \x01(\t"\x18\n\x08VivoMove\x12\x0c\n\x04card\x18\x01 \x01(\t"k\n\x0cMixMatchMove\x12\x0f\n\x05claim\x18\x01 \x01(\tH\x00\x12\x0e\n\x04pick\x18\x02 \x01(\x05H\x00\x12\x0e\n\x04pass\x18\x03 \x01(\x08H\x00\x12\x11\n\x07timeout\x18\x04 \x01(\x08H\x00\x12\r\n\x05round\x18\x05 \x01(\x05B\x08\n\x06action"\xa6\x02\n\x11SubmitMoveRequest\x12\x10\n\x08match_id\x18\x01 \x01(\t\x12+\n\x07livemix\x18\x02 \x01(\x0b2\x18.cardroom.v1.LivemixMoveH\x00\x12%\n\x04vivo\x18\x03 \x01(\x0b2\x15.cardroom.v1.VivoMoveH\x00\x12-\n\x08mixmatch\x18\x04 \x01(\x0b2\x19.cardroom.v1.MixMatchMoveH\x00\x12\x10\n\x06action\x18\x05 \x01(\tH\x00\x12\x1d\n\x10expected_version\x18\x06 \x01(\x03H\x01\x88\x01\x01\x12\x12\n\nrequest_id\x18\x07 \x01(\t\x12\x11\n\x04seat\x18\x08 \x01(\x05H\x02\x88\x01\x01B\x06\n\x04moveB\x13\n\x11_expected_versionB\x07\n\x05_seat"\x89\x02\n\nMatchEvent\x12\x0b\n\x03seq\x18\x01 \x01(\x03\x12\x0c\n\x04type\x18\x02 \x01(\t\x12\x0f\n\x02to\x18\x04 \x01(\x05H\x01\x88\x01\x01\x12,\n\x07livemix\x18\x05 \x01(\x0b2\x19.cardroom.v1.LivemixEventH\x00\x12&\n\x04vivo\x18\x06 \x01(\x0b2\x16.cardroom.v1.VivoEventH\x00\x12.\n\x08mixmatch\x18\x07 \x01(\x0b2\x1a.cardroom.v1.MixMatchEventH\x00\x12,\n\x07service\x18\x08 \x01(\x0b2\x19.cardroom.v1.ServiceEventH\x00B\x08\n\x06detailB\x05\n\x03_toJ\x04\x08\x03\x10\x04R\x04data"b\n\x0cMatchCreated\x12\x1f\n\x04game\x18\x01 \x01(\x0e2\x11.cardroom.v1.Game\x12\x0f\n\x07players\x18\x02 \x01(\x05\x12 \n\x05seats\x18\x03 \x03(\x0b2\x11.cardroom.v1.Seat")\n\x0bSeatClaimed\x12\x0c\n\x04seat\x18\x01 \x01(\x05\x12\x0c\n\x04name\x18\x02 \x01(\t"\x0e\n\x0cMatchStarted",\n\x0cSeatResigned\x12\x0c\n\x04seat\x18\x01 \x01(\x05\x12\x0e\n\x06reason\x18\x02 \x01(\t".\n\x0cClockExpired\x12\x0c\n\x04seat\x18\x01 \x01(\x05\x12\x10\n\x08stand_in\x18\x02 \x01(\t"8\n\x0eMatchAbandoned\x12\n\n\x02by\x18\x01 \x01(\t\x12\x11\n\x04seat\x18\x02 \x01(\x05H\x00\x88\x01\x01B\x07\n\x05_seat"~\n\tMatchOver\x12(\n\x06status\x18\x01 \x01(\x0e2\x18.cardroom.v1.MatchStatus\x12&\n\x06reason\x18\x02 \x01(\x0e2\x16.cardroom.v1.EndReason\x12\x0e\n\x06scores\x18\x03 \x03(\x03\x12\x0f\n\x07winners\x18\x04 \x03(\x05"\xf3\x02\n\x0cServiceEvent\x122\n\rmatch_created\x18\x01 \x01(\x0b2\x19.cardroom.v1.MatchCreatedH\x00\x120\n\x0cseat_claimed\x18\x02 \x01(\x0b2\x18.cardroom.v1.SeatClaimedH\x00\x122\n\rmatch_started\x18\x03 \x01(\x0b2\x19.cardroom.v1.MatchStartedH\x00\x12-\n\x08resigned\x18\x04 \x01(\x0b2\x19.cardroom.v1.SeatResignedH\x00\x122\n\rclock_expired\x18\x05 \x01(\x0b2\x19.cardroom.v1.ClockExpiredH\x00\x120\n\tabandoned\x18\x06 \x01(\x0b2\x1b.cardroom.v1.MatchAbandonedH\x00\x12,\n\nmatch_over\x18\x07 \x01(\x0b2\x16.cardroom.v1.MatchOverH\x00B\x06\n\x04kind"\x8b\x01\n\x12SubmitMoveResponse\x12\x0f\n\x07version\x18\x01 \x01(\x03\x12(\n\x06status\x18\x02 \x01(\x0e2\x18.cardroom.v1.MatchStatus\x12\'\n\x06events\x18\x03 \x03(\x0b2\x17.cardroom.v1.MatchEvent\x12\x11\n\tduplicate\x18\x04 \x01(\x08"s\n\x11WatchMatchRequest\x12\x10\n\x08match_id\x18\x01 \x01(\t\x12\x0e\n\x06cursor\x18\x02 \x01(\x03\x12\x11\n\x04seat\x18\x03 \x01(\x05H\x00\x88\x01\x01\x12\x11\n\tno_follow\x18\x04 \x01(\x08\x12\r\n\x05turns\x18\x05 \x01(\x08B\x07\n\x05_seat"\xe7\x03\n\tTurnFrame\x12\x0f\n\x07version\x18\x01 \x01(\x03\x12\x11\n\tevent_seq\x18\x02 \x01(\x03\x12(\n\x06status\x18\x03 \x01(\x0e2\x18.cardroom.v1.MatchStatus\x12\x14\n\x0cacting_seats\x18\x04 \x03(\x05\x12\x11\n\x04seat\x18\x05 \x01(\x05H\x01\x88\x01\x01\x12\x0f\n\x07may_act\x18\x06 \x01(\x08\x12\x13\n\x0blegal_moves\x18\x07 \x03(\t\x12,\n\x08deadline\x18\x08 \x01(\x0b2\x1a.google.protobuf.Timestamp\x120\n\rdeadline_kind\x18\t \x01(\x0e2\x19.cardroom.v1.DeadlineKind\x12\x0e\n\x06scores\x18\n \x03(\x03\x12(\n\x06result\x18\x0b \x01(\x0b2\x18.cardroom.v1.MatchResult\x12/\n\x07livemix\x18\x0c \x01(\x0b2\x1c.cardroom.v1.LivemixSeatViewH\x00\x12)\n\x04vivo\x18\r \x01(\x0b2\x19.cardroom.v1.VivoSeatViewH\x00\x121\n\x08mixmatch\x18\x0e \x01(\x0b2\x1d.cardroom.v1.MixMatchSeatViewH\x00B\x0b\n\tseat_viewB\x07\n\x05_seat"o\n\x12WatchMatchResponse\x12(\n\x05event\x18\x01 \x01(\x0b2\x17.cardroom.v1.MatchEventH\x00\x12&\n\x04turn\x18\x02 \x01(\x0b2\x16.cardroom.v1.TurnFrameH\x00B\x07\n\x05frame"$\n\x10GetReplayRequest\x12\x10\n\x08match_id\x18\x01 \x01(\t"w\n\x0cReplayAction\x12\x11\n\x04seat\x18\x01 \x01(\x05H\x00\x88\x01\x01\x12\x0e\n\x06action\x18\x02 \x01(\t\x12\x0c\n\x04time\x18\x03 \x01(\x01\x12-\n\ttimestamp\x18\x04 \x01(\x0b2\x1a.google.protobuf.TimestampB\x07\n\x05_seat"\xc8\x06\n\x11GetReplayResponse\x12\x10\n\x08match_id\x18\x01 \x01(\t\x12\x1f\n\x04game\x18\x02 \x01(\x0e2\x11.cardroom.v1.Game\x12(\n\x06status\x18\x03 \x01(\x0e2\x18.cardroom.v1.MatchStatus\x12\x11\n\x04seed\x18\x05 \x01(\x04H\x02\x88\x01\x01\x12\x12\n\nstart_time\x18\x07 \x01(\x01\x12*\n\x07actions\x18\x08 \x03(\x0b2\x19.cardroom.v1.ReplayAction\x12\'\n\x06events\x18\t \x03(\x0b2\x17.cardroom.v1.MatchEvent\x12\x0e\n\x06scores\x18\n \x03(\x03\x12.\n\x0cround_scores\x18\x0b \x03(\x0b2\x18.cardroom.v1.RoundScores\x12(\n\x06result\x18\x0c \x01(\x0b2\x18.cardroom.v1.MatchResult\x12 \n\x05seats\x18\r \x03(\x0b2\x11.cardroom.v1.Seat\x12\x11\n\tseed_salt\x18\x0e \x01(\t\x12\x17\n\x0fseed_commitment\x18\x0f \x01(\t\x12)\n\x05start\x18\x10 \x01(\x0b2\x1a.google.protobuf.Timestamp\x126\n\x0flivemix_options\x18\x11 \x01(\x0b2\x1b.cardroom.v1.LivemixOptionsH\x00\x120\n\x0cvivo_options\x18\x12 \x01(\x0b2\x18.cardroom.v1.VivoOptionsH\x00\x128\n\x10mixmatch_options\x18\x13 \x01(\x0b2\x1c.cardroom.v1.MixMatchOptionsH\x00\x120\n\x0clivemix_deal\x18\x14 \x01(\x0b2\x18.cardroom.v1.LivemixDealH\x01\x12*\n\tvivo_deal\x18\x15 \x01(\x0b2\x15.cardroom.v1.VivoDealH\x01\x122\n\rmixmatch_deal\x18\x16 \x01(\x0b2\x19.cardroom.v1.MixMatchDealH\x01B\x0f\n\rtyped_optionsB\x0c\n\ntyped_dealB\x07\n\x05_seedJ\x04\x08\x04\x10\x05J\x04\x08\x06\x10\x07R\x07optionsR\x04deal"=\n\rResignRequest\x12\x10\n\x08match_id\x18\x01 \x01(\t\x12\x11\n\x04seat\x18\x02 \x01(\x05H\x00\x88\x01\x01B\x07\n\x05_seat"t\n\x0eResignResponse\x12\x0f\n\x07version\x18\x01 \x01(\x03\x12(\n\x06status\x18\x02 \x01(\x0e2\x18.cardroom.v1.MatchStatus\x12\'\n\x06events\x18\x03 \x03(\x0b2\x17.cardroom.v1.MatchEvent"\'\n\x13AbandonMatchRequest\x12\x10\n\x08match_id\x18\x01 \x01(\t"\'\n\x14AbandonMatchResponse\x12\x0f\n\x07version\x18\x01 \x01(\x03"&\n\x12DeleteMatchRequest\x12\x10\n\x08match_id\x18\x01 \x01(\t"&\n\x13DeleteMatchResponse\x12\x0f\n\x07version\x18\x01 \x01(\x03"D\n\x11WatchLobbyRequest\x12\x1f\n\x04game\x18\x01 \x01(\x0e2\x11.cardroom.v1.Game\x12\x0e\n\x06cursor\x18\x02 \x01(\t"\x8c\x01\n\x12WatchLobbyResponse\x12*\n\x04kind\x18\x01 \x01(\x0e2\x1c.cardroom.v1.LobbyChangeKind\x12\x0e\n\x06cursor\x18\x02 \x01(\t\x12\x10\n\x08match_id\x18\x03 \x01(\t\x12(\n\x05match\x18\x04 \x01(\x0b2\x19.cardroom.v1.MatchSummary*\x92\x01\n\x0bMatchStatus\x12\x1c\n\x18MATCH_STATUS_UNSPECIFIED\x10\x00\x12\x15\n\x11MATCH_STATUS_OPEN\x10\x01\x12\x17\n\x13MATCH_STATUS_ACTIVE\x10\x02\x12\x19\n\x15MATCH_STATUS_FINISHED\x10\x03\x12\x1a\n\x16MATCH_STATUS_ABANDONED\x10\x04*a\n\x08SeatKind\x12\x19\n\x15SEAT_KIND_UNSPECIFIED\x10\x00\x12\x13\n\x0fSEAT_KIND_HUMAN\x10\x01\x12\x12\n\x0eSEAT_KIND_OPEN\x10\x02\x12\x11\n\rSEAT_KIND_BOT\x10\x03*[\n\x0bClockExpiry\x12\x1c\n\x18CLOCK_EXPIRY_UNSPECIFIED\x10\x00\x12\x14\n\x10CLOCK_EXPIRY_BOT\x10\x01\x12\x18\n\x14CLOCK_EXPIRY_FORFEIT\x10\x02*h\n\x0cDeadlineKind\x12\x1d\n\x19DEADLINE_KIND_UNSPECIFIED\x10\x00\x12\x1b\n\x17DEADLINE_KIND_HOURGLASS\x10\x01\x12\x1c\n\x18DEADLINE_KIND_MOVE_CLOCK\x10\x02*N\n\x07DealtBy\x12\x18\n\x14DEALT_BY_UNSPECIFIED\x10\x00\x12\x13\n\x0fDEALT_BY_SERVER\x10\x01\x12\x14\n\x10DEALT_BY_CREATOR\x10\x02*t\n\tEndReason\x12\x1a\n\x16END_REASON_UNSPECIFIED\x10\x00\x12\x18\n\x14END_REASON_COMPLETED\x10\x01\x12\x17\n\x13END_REASON_RESIGNED\x10\x02\x12\x18\n\x14END_REASON_ABANDONED\x10\x03*\xec\x01\n\x0fLobbyChangeKind\x12!\n\x1dLOBBY_CHANGE_KIND_UNSPECIFIED\x10\x00\x12\x1c\n\x18LOBBY_CHANGE_KIND_LISTED\x10\x01\x12\x1d\n\x19LOBBY_CHANGE_KIND_CURRENT\x10\x02\x12\x1c\n\x18LOBBY_CHANGE_KIND_OPENED\x10\x03\x12 \n\x1cLOBBY_CHANGE_KIND_SEAT_TAKEN\x10\x04\x12\x1d\n\x19LOBBY_CHANGE_KIND_STARTED\x10\x05\x12\x1a\n\x16LOBBY_CHANGE_KIND_GONE\x10\x062\xee\x06\n\x0cMatchService\x12P\n\x0bCreateMatch\x12\x1f.cardroom.v1.CreateMatchRequest\x1a .cardroom.v1.CreateMatchResponse\x12J\n\tJoinMatch\x12\x1d.cardroom.v1.JoinMatchRequest\x1a\x1e.cardroom.v1.JoinMatchResponse\x12P\n\x0bListMatches\x12\x1f.cardroom.v1.ListMatchesRequest\x1a .cardroom.v1.ListMatchesResponse\x12G\n\x08GetMatch\x12\x1c.cardroom.v1.GetMatchRequest\x1a\x1d.cardroom.v1.GetMatchResponse\x12M\n\nSubmitMove\x12\x1e.cardroom.v1.SubmitMoveRequest\x1a\x1f.cardroom.v1.SubmitMoveResponse\x12O\n\nWatchMatch\x12\x1e.cardroom.v1.WatchMatchRequest\x1a\x1f.cardroom.v1.WatchMatchResponse0\x01\x12J\n\tGetReplay\x12\x1d.cardroom.v1.GetReplayRequest\x1a\x1e.cardroom.v1.GetReplayResponse\x12A\n\x06Resign\x12\x1a.cardroom.v1.ResignRequest\x1a\x1b.cardroom.v1.ResignResponse\x12S\n\x0cAbandonMatch\x12 .cardroom.v1.AbandonMatchRequest\x1a!.cardroom.v1.AbandonMatchResponse\x12P\n\x0bDeleteMatch\x12\x1f.cardroom.v1.DeleteMatchRequest\x1a .cardroom.v1.DeleteMatchResponse\x12O\n\nWatchLobby\x12\x1e.cardroom.v1.WatchLobbyRequest\x1a\x1f.cardroom.v1.WatchLobbyResponse0\x01b\x06proto3')
_globals = globals()
_builder.BuildMessageAndEnumDescriptors(DESCRIPTOR, _globals)
_builder.BuildTopDescriptorsAndMessages(DESCRIPTOR, 'cardroom.v1.match_pb2', _globals)
if not _descriptor._USE_C_DESCRIPTORS:
    DESCRIPTOR._loaded_options = None
    _globals['_MATCHSTATUS']._serialized_start = 7259
    _globals['_MATCHSTATUS']._serialized_end = 7405
    _globals['_SEATKIND']._serialized_start = 7407
    _globals['_SEATKIND']._serialized_end = 7504
    _globals['_CLOCKEXPIRY']._serialized_start = 7506
    _globals['_CLOCKEXPIRY']._serialized_end = 7597
    _globals['_DEADLINEKIND']._serialized_start = 7599
    _globals['_DEADLINEKIND']._serialized_end = 7703
    _globals['_DEALTBY']._serialized_start = 7705
    _globals['_DEALTBY']._serialized_end = 7783
    _globals['_ENDREASON']._serialized_start = 7785
    _globals['_ENDREASON']._serialized_end = 7901
    _globals['_LOBBYCHANGEKIND']._serialized_start = 7904
    _globals['_LOBBYCHANGEKIND']._serialized_end = 8140
    _globals['_SEATSPEC']._serialized_start = 178
    _globals['_SEATSPEC']._serialized_end = 273
    _globals['_MOVECLOCK']._serialized_start = 275
    _globals['_MOVECLOCK']._serialized_end = 364
    _globals['_CREATEMATCHREQUEST']._serialized_start = 367
    _globals['_CREATEMATCHREQUEST']._serialized_end = 910
    _globals['_SEATTOKEN']._serialized_start = 912
    _globals['_SEATTOKEN']._serialized_end = 952
    _globals['_CREATEMATCHRESPONSE']._serialized_start = 954
    _globals['_CREATEMATCHRESPONSE']._serialized_end = 1073
    _globals['_JOINMATCHREQUEST']._serialized_start = 1075
    _globals['_JOINMATCHREQUEST']._serialized_end = 1153
    _globals['_JOINMATCHRESPONSE']._serialized_start = 1155
    _globals['_JOINMATCHRESPONSE']._serialized_end = 1220
    _globals['_LISTMATCHESREQUEST']._serialized_start = 1223
    _globals['_LISTMATCHESREQUEST']._serialized_end = 1382
    _globals['_LISTMATCHESRESPONSE']._serialized_start = 1384
    _globals['_LISTMATCHESRESPONSE']._serialized_end = 1474
    _globals['_SEAT']._serialized_start = 1476
    _globals['_SEAT']._serialized_end = 1585
    _globals['_MATCHSUMMARY']._serialized_start = 1588
    _globals['_MATCHSUMMARY']._serialized_end = 2109
    _globals['_GETMATCHREQUEST']._serialized_start = 2111
    _globals['_GETMATCHREQUEST']._serialized_end = 2174
    _globals['_GETMATCHRESPONSE']._serialized_start = 2176
    _globals['_GETMATCHRESPONSE']._serialized_end = 2233
    _globals['_ROUNDSCORES']._serialized_start = 2235
    _globals['_ROUNDSCORES']._serialized_end = 2264
    _globals['_MATCHRESULT']._serialized_start = 2266
    _globals['_MATCHRESULT']._serialized_end = 2352
    _globals['_MATCHVIEW']._serialized_start = 2355
    _globals['_MATCHVIEW']._serialized_end = 3294
    _globals['_LIVEMIXMOVE']._serialized_start = 3296
    _globals['_LIVEMIXMOVE']._serialized_end = 3323
    _globals['_VIVOMOVE']._serialized_start = 3325
    _globals['_VIVOMOVE']._serialized_end = 3349
    _globals['_MIXMATCHMOVE']._serialized_start = 3351
    _globals['_MIXMATCHMOVE']._serialized_end = 3458
    _globals['_SUBMITMOVEREQUEST']._serialized_start = 3461
    _globals['_SUBMITMOVEREQUEST']._serialized_end = 3755
    _globals['_MATCHEVENT']._serialized_start = 3758
    _globals['_MATCHEVENT']._serialized_end = 4023
    _globals['_MATCHCREATED']._serialized_start = 4025
    _globals['_MATCHCREATED']._serialized_end = 4123
    _globals['_SEATCLAIMED']._serialized_start = 4125
    _globals['_SEATCLAIMED']._serialized_end = 4166
    _globals['_MATCHSTARTED']._serialized_start = 4168
    _globals['_MATCHSTARTED']._serialized_end = 4182
    _globals['_SEATRESIGNED']._serialized_start = 4184
    _globals['_SEATRESIGNED']._serialized_end = 4228
    _globals['_CLOCKEXPIRED']._serialized_start = 4230
    _globals['_CLOCKEXPIRED']._serialized_end = 4276
    _globals['_MATCHABANDONED']._serialized_start = 4278
    _globals['_MATCHABANDONED']._serialized_end = 4334
    _globals['_MATCHOVER']._serialized_start = 4336
    _globals['_MATCHOVER']._serialized_end = 4462
    _globals['_SERVICEEVENT']._serialized_start = 4465
    _globals['_SERVICEEVENT']._serialized_end = 4836
    _globals['_SUBMITMOVERESPONSE']._serialized_start = 4839
    _globals['_SUBMITMOVERESPONSE']._serialized_end = 4978
    _globals['_WATCHMATCHREQUEST']._serialized_start = 4980
    _globals['_WATCHMATCHREQUEST']._serialized_end = 5095
    _globals['_TURNFRAME']._serialized_start = 5098
    _globals['_TURNFRAME']._serialized_end = 5585
    _globals['_WATCHMATCHRESPONSE']._serialized_start = 5587
    _globals['_WATCHMATCHRESPONSE']._serialized_end = 5698
    _globals['_GETREPLAYREQUEST']._serialized_start = 5700
    _globals['_GETREPLAYREQUEST']._serialized_end = 5736
    _globals['_REPLAYACTION']._serialized_start = 5738
    _globals['_REPLAYACTION']._serialized_end = 5857
    _globals['_GETREPLAYRESPONSE']._serialized_start = 5860
    _globals['_GETREPLAYRESPONSE']._serialized_end = 6700
    _globals['_RESIGNREQUEST']._serialized_start = 6702
    _globals['_RESIGNREQUEST']._serialized_end = 6763
    _globals['_RESIGNRESPONSE']._serialized_start = 6765
    _globals['_RESIGNRESPONSE']._serialized_end = 6881
    _globals['_ABANDONMATCHREQUEST']._serialized_start = 6883
    _globals['_ABANDONMATCHREQUEST']._serialized_end = 6922
    _globals['_ABANDONMATCHRESPONSE']._serialized_start = 6924
    _globals['_ABANDONMATCHRESPONSE']._serialized_end = 6963
    _globals['_DELETEMATCHREQUEST']._serialized_start = 6965
    _globals['_DELETEMATCHREQUEST']._serialized_end = 7003
    _globals['_DELETEMATCHRESPONSE']._serialized_start = 7005
    _globals['_DELETEMATCHRESPONSE']._serialized_end = 7043
    _globals['_WATCHLOBBYREQUEST']._serialized_start = 7045
    _globals['_WATCHLOBBYREQUEST']._serialized_end = 7113
    _globals['_WATCHLOBBYRESPONSE']._serialized_start = 7116
    _globals['_WATCHLOBBYRESPONSE']._serialized_end = 7256
    _globals['_MATCHSERVICE']._serialized_start = 8143
    _globals['_MATCHSERVICE']._serialized_end = 9021