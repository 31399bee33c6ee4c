"""WatchLobby: the public lobby as a stream, a snapshot of the open matches (or the changes
since a cursor), then every change as it happens, from the lobby feed every replica writes
(lobbyfeed.py, repo/feed.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from cardroom.shared.errors import InvalidArgument, OutOfRange, Unavailable
from cardroom.shared.games import registry

from .. import model
from ..lobbyfeed import BATCH, CURRENT, LISTED
from ..model import OPEN
from ..repo.feed import parse_cursor
from .reading import MAX_PAGE, Reading

#: Open matches a stream's snapshot lists at most (newest first).
SNAPSHOT_MAX = 1000
#: Longest a lobby stream waits for a change before it looks whether the replica closes.
WAIT_S = 1.0

#: One item of a lobby stream: (kind, cursor, match id, lobby summary or None).
LobbyItem = tuple[str, str, str, dict[str, Any] | None]


class Lobby(Reading):
    """WatchLobby."""

    async def watch_lobby(self, game: str = "", cursor: str = "") -> AsyncIterator[LobbyItem]:
        """The open public matches of `game` ("" every game) as LISTED items, then CURRENT,
        then each change; from `cursor`, the changes after it, then CURRENT, then the rest.
        A cursor the feed no longer covers is OutOfRange (start again without one)."""
        if game:
            registry.module(game)
        sent: dict[str, int] = {}  # versions the snapshot sent: older changes are skipped
        caught_up = not cursor  # a snapshot ends with CURRENT; a resumed stream once caught up
        async with self.lobby.following() as follower:
            if cursor:
                at = parse_cursor(cursor)
                if at is None:
                    raise InvalidArgument("cursor is not a lobby cursor", "cursor")
                newest = parse_cursor(await self.repo.lobby_cursor()) or (0, 0)
                if at > newest:
                    raise OutOfRange("cursor is past the lobby's newest change", "cursor")
                if not await self.repo.cursor_kept(at, model.now_ms(self.clock())):
                    raise OutOfRange(
                        "cursor is older than the changes the lobby feed keeps "
                        "(MATCH_LOBBY_FEED_LENGTH, MATCH_LOBBY_FEED_TTL); start again without "
                        "a cursor", "cursor")
            else:
                cursor = await self.repo.lobby_cursor()
                at = parse_cursor(cursor) or (0, 0)
                async for listed in self._open_matches(game):
                    sent[listed["match_id"]] = listed["version"]
                    yield LISTED, cursor, listed["match_id"], listed
                yield CURRENT, cursor, "", None
            while True:
                generation = follower.generation
                changes = follower.after(at)
                from_redis = changes is None
                if changes is None:
                    changes = await self.repo.lobby_changes_after(cursor, BATCH)
                for text, change in changes:
                    cursor, at = text, parse_cursor(text) or at
                    if game and change.get("game") != game:
                        continue
                    entry = change.get("summary")
                    match_id = change["match_id"]
                    if entry is not None and sent.get(match_id, -1) >= entry["version"]:
                        continue
                    sent.pop(match_id, None)
                    yield change["kind"], cursor, match_id, entry
                if from_redis and len(changes) == BATCH:
                    continue
                if not from_redis:
                    if not caught_up:
                        caught_up = True
                        yield CURRENT, cursor, "", None
                    if self.fanout.closing:
                        raise Unavailable("the server is shutting down; resume from cursor "
                                          f"{cursor}")
                    await follower.wait(generation, WAIT_S)

    async def _open_matches(self, game: str) -> AsyncIterator[dict[str, Any]]:
        """The open public matches of `game`, newest first, at most SNAPSHOT_MAX."""
        token, count = "", 0
        while count < SNAPSHOT_MAX:
            page, token = await self.list_matches(game, OPEN, MAX_PAGE, token)
            for entry in page[:SNAPSHOT_MAX - count]:
                yield entry
            count += len(page)
            if not token:
                return
