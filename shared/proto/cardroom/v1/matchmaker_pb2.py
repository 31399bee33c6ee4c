"""Generated protocol buffer code."""
from google.protobuf import descriptor as _descriptor
from google.protobuf import descriptor_pool as _descriptor_pool
from google.protobuf import runtime_version as _runtime_version
from google.protobuf import symbol_database as _symbol_database
from google.protobuf.internal import builder as _builder
_runtime_version.ValidateProtobufRuntimeVersion(_runtime_version.Domain.PUBLIC, 5, 29, 0, '', 'cardroom/v1/matchmaker.proto')
_sym_db = _symbol_database.Default()
from ...cardroom.v1 import common_pb2 as cardroom_dot_v1_dot_common__pb2
from google.protobuf import timestamp_pb2 as google_dot_protobuf_dot_timestamp__pb2
DESCRIPTOR = _descriptor_pool.Default().AddSerializedFile(b'\n\x1ccardroom/v1/matchmaker.proto\x12\x0bcardroom.v1\x1a\x18cardroom/v1/common.proto\x1a\x1fgoogle/protobuf/timestamp.proto"B\n\x07BotFill\x12\x15\n\rafter_seconds\x18\x01 \x01(\x01\x12\x0e\n\x06policy\x18\x02 \x01(\t\x12\x10\n\x08strength\x18\x03 \x01(\x05"\xe5\x01\n\x13CreateTicketRequest\x12\x1f\n\x04game\x18\x01 \x01(\x0e2\x11.cardroom.v1.Game\x12\x13\n\x0bmin_players\x18\x02 \x01(\x05\x12\x13\n\x0bmax_players\x18\x03 \x01(\x05\x12\x15\n\rrating_window\x18\x04 \x01(\x01\x12\x18\n\x10widen_per_second\x18\x05 \x01(\x01\x12\x12\n\nmax_window\x18\x06 \x01(\x01\x12&\n\x08bot_fill\x18\x07 \x01(\x0b2\x14.cardroom.v1.BotFill\x12\x16\n\x0eexpire_seconds\x18\x08 \x01(\x01"\xc6\x01\n\x06Ticket\x12\x11\n\tticket_id\x18\x01 \x01(\t\x12\x1f\n\x04game\x18\x02 \x01(\x0e2\x11.cardroom.v1.Game\x12\'\n\x05state\x18\x03 \x01(\x0e2\x18.cardroom.v1.TicketState\x12\x10\n\x08match_id\x18\x04 \x01(\t\x12\x0c\n\x04seat\x18\x05 \x01(\x05\x12/\n\x0bcreate_time\x18\x06 \x01(\x0b2\x1a.google.protobuf.Timestamp\x12\x0e\n\x06window\x18\x07 \x01(\x01";\n\x14CreateTicketResponse\x12#\n\x06ticket\x18\x01 \x01(\x0b2\x13.cardroom.v1.Ticket"\'\n\x12WatchTicketRequest\x12\x11\n\tticket_id\x18\x01 \x01(\t":\n\x13WatchTicketResponse\x12#\n\x06ticket\x18\x01 \x01(\x0b2\x13.cardroom.v1.Ticket"%\n\x10GetTicketRequest\x12\x11\n\tticket_id\x18\x01 \x01(\t"8\n\x11GetTicketResponse\x12#\n\x06ticket\x18\x01 \x01(\x0b2\x13.cardroom.v1.Ticket"(\n\x13CancelTicketRequest\x12\x11\n\tticket_id\x18\x01 \x01(\t";\n\x14CancelTicketResponse\x12#\n\x06ticket\x18\x01 \x01(\x0b2\x13.cardroom.v1.Ticket*\x95\x01\n\x0bTicketState\x12\x1c\n\x18TICKET_STATE_UNSPECIFIED\x10\x00\x12\x18\n\x14TICKET_STATE_WAITING\x10\x01\x12\x18\n\x14TICKET_STATE_MATCHED\x10\x02\x12\x1a\n\x16TICKET_STATE_CANCELLED\x10\x03\x12\x18\n\x14TICKET_STATE_EXPIRED\x10\x042\xdd\x02\n\x11MatchmakerService\x12S\n\x0cCreateTicket\x12 .cardroom.v1.CreateTicketRequest\x1a!.cardroom.v1.CreateTicketResponse\x12R\n\x0bWatchTicket\x12\x1f.cardroom.v1.WatchTicketRequest\x1a .cardroom.v1.WatchTicketResponse0\x01\x12J\n\tGetTicket\x12\x1d.cardroom.v1.GetTicketRequest\x1a\x1e.cardroom.v1.GetTicketResponse\x12S\n\x0cCancelTicket\x12 .cardroom.v1.CancelTicketRequest\x1a!.cardroom.v1.CancelTicketResponseb\x06proto3')
_globals = globals()
_builder.BuildMessageAndEnumDescriptors(DESCRIPTOR, _globals)
_builder.BuildTopDescriptorsAndMessages(DESCRIPTOR, 'cardroom.v1.matchmaker_pb2', _globals)
if not _descriptor._USE_C_DESCRIPTORS:
    DESCRIPTOR._loaded_options = None
    _globals['_TICKETSTATE']._serialized_start = 968
    _globals['_TICKETSTATE']._serialized_end = 1117
    _globals['_BOTFILL']._serialized_start = 104
    _globals['_BOTFILL']._serialized_end = 170
    _globals['_CREATETICKETREQUEST']._serialized_start = 173
    _globals['_CREATETICKETREQUEST']._serialized_end = 402
    _globals['_TICKET']._serialized_start = 405
    _globals['_TICKET']._serialized_end = 603
    _globals['_CREATETICKETRESPONSE']._serialized_start = 605
    _globals['_CREATETICKETRESPONSE']._serialized_end = 664
    _globals['_WATCHTICKETREQUEST']._serialized_start = 666
    _globals['_WATCHTICKETREQUEST']._serialized_end = 705
    _globals['_WATCHTICKETRESPONSE']._serialized_start = 707
    _globals['_WATCHTICKETRESPONSE']._serialized_end = 765
    _globals['_GETTICKETREQUEST']._serialized_start = 767
    _globals['_GETTICKETREQUEST']._serialized_end = 804
    _globals['_GETTICKETRESPONSE']._serialized_start = 806
    _globals['_GETTICKETRESPONSE']._serialized_end = 862
    _globals['_CANCELTICKETREQUEST']._serialized_start = 864
    _globals['_CANCELTICKETREQUEST']._serialized_end = 904
    _globals['_CANCELTICKETRESPONSE']._serialized_start = 906
    _globals['_CANCELTICKETRESPONSE']._serialized_end = 965
    _globals['_MATCHMAKERSERVICE']._serialized_start = 1120
    _globals['_MATCHMAKERSERVICE']._serialized_end = 1469