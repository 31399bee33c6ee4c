"""The lobby feed: a Redis stream of the public lobby's changes (a match opened, a seat
taken, started, gone), one key for every replica, bounded in length and in age.

Each entry is one change with the match's summary after it; its stream id is the cursor a
WatchLobby client resumes from. The stream keeps MATCH_LOBBY_FEED_LENGTH entries and
expires MATCH_LOBBY_FEED_TTL after its last entry. The script that appends also records the
newest entry it trimmed (beside the stream, in its slot): a cursor older than that one, or
than the time to live, is too old (cursor_kept).
"""

from __future__ import annotations

import json
import re
from typing import Any

from .connection import StoreBase
from .keys import PREFIX
from .records import dumps

#: The stream's key (its own cluster slot), and the key of the newest entry trimmed off it.
FEED_KEY = f"{PREFIX}:{{lobby:feed}}"
TRIMMED_KEY = f"{PREFIX}:{{lobby:feed}}:trimmed"
#: Appends one change, trims the stream to ARGV[2] entries remembering the newest entry
#: trimmed, and renews both keys' time to live (ARGV[3] ms); the new entry's id.
ADD = """
local id = redis.call('XADD', KEYS[1], '*', 'c', ARGV[1])
local over = redis.call('XLEN', KEYS[1]) - tonumber(ARGV[2])
if over > 0 then
  local gone = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', over)
  redis.call('SET', KEYS[2], gone[#gone][1])
  redis.call('XTRIM', KEYS[1], 'MAXLEN', ARGV[2])
end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
if redis.call('EXISTS', KEYS[2]) == 1 then redis.call('PEXPIRE', KEYS[2], ARGV[3]) end
return id
"""
#: Entries kept by default (MATCH_LOBBY_FEED_LENGTH), and their age (MATCH_LOBBY_FEED_TTL).
FEED_LENGTH = 10_000
FEED_TTL_S = 3600.0
#: What a cursor looks like: a stream id.
CURSOR = re.compile(r"^(\d{1,20})-(\d{1,20})$")

Change = tuple[str, dict[str, Any]]


def parse_cursor(cursor: str) -> tuple[int, int] | None:
    """The (milliseconds, sequence) of a cursor; None when it is not one."""
    found = CURSOR.match(cursor)
    return (int(found.group(1)), int(found.group(2))) if found else None


class LobbyFeedStore(StoreBase):
    """Appends to and reads the lobby feed."""

    feed_length = FEED_LENGTH
    feed_ttl_ms = int(FEED_TTL_S * 1000)
    _feed_add: Any = None

    async def add_lobby_change(self, change: dict[str, Any]) -> str:
        """Append one change (its length bounded, its age renewed); its cursor."""
        if self._feed_add is None:  # a Script loads itself into Redis when Redis lacks it
            self._feed_add = self.client.register_script(ADD)
        script = self._feed_add
        return str(await self._timed("lobby_feed", lambda: script(
            keys=[FEED_KEY, TRIMMED_KEY],
            args=[dumps(change), self.feed_length, self.feed_ttl_ms])))

    async def lobby_changes_after(self, cursor: str, count: int,
                                  block_ms: int | None = None) -> list[Change]:
        """Up to `count` changes after `cursor` ("0-0": from the oldest kept); with
        `block_ms`, wait that long for one when none is there yet."""
        if block_ms is None:
            found = await self._timed("lobby_feed", lambda: self.client.xrange(
                FEED_KEY, f"({cursor}", "+", count=count))
            return [(entry_id, json.loads(fields["c"])) for entry_id, fields in found]
        replies = await self._timed("lobby_feed", lambda: self.client.xread(
            {FEED_KEY: cursor}, count=count, block=block_ms))
        return [(entry_id, json.loads(fields["c"]))
                for _, entries in replies or [] for entry_id, fields in entries]

    async def lobby_cursor(self) -> str:
        """The cursor of the newest change ("0-0" while the feed is empty)."""
        found = await self._timed("lobby_feed", lambda: self.client.xrevrange(
            FEED_KEY, "+", "-", count=1))
        return str(found[0][0]) if found else "0-0"

    async def cursor_kept(self, cursor: tuple[int, int], now_ms: int) -> bool:
        """Whether every change after `cursor` is still in the feed: it is no older than
        the newest change trimmed off, nor than the feed's time to live (a feed that
        expired forgot everything older)."""
        if cursor[0] < now_ms - self.feed_ttl_ms:
            return False
        trimmed = await self._timed("lobby_feed", lambda: self.client.get(TRIMMED_KEY))
        return cursor >= (parse_cursor(str(trimmed)) or (0, 0)) if trimmed else True
