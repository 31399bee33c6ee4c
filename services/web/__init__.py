"""The browser's door: the match, bot and solver APIs over Connect and gRPC-Web, and the
web table's files, on one HTTP port (cardroom.services.web.app)."""
