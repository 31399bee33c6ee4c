"""The Lua scripts of the match store: each one atomic step on one match's keys (or on one
caller's quota keys), held as redis-py Script objects (register_script).

A Script knows its SHA and loads itself when Redis lacks it (a restart, a failover, a
flushed script cache) on a direct call. A write sends its script inside a pipeline, beside
its timer and lobby hints, by that SHA; Scripts.load puts every script into Redis first
(MatchRepo.register_scripts), and a pipeline that still finds one missing loads them all
and runs once more (MatchWrites).
"""

from __future__ import annotations

from typing import Any

# Checks the request record, then the version, and only then writes: new state fields,
# version + 1, the events (stream ids "<seq>-0"), the actions, the request's result (with the
# digest of the move, the ARGV after the actions, so a reused request id can be told from a
# retry), and the expiry of a finished match, all in one atomic step.
MOVE = """
local has_request = ARGV[7] == '1'
if has_request then
  local prior = redis.call('GET', KEYS[4])
  if prior then
    -- A write (the record's time to live renewed): under MATCH_DURABILITY=always the
    -- checks after the script then cover the record too, see CONFIRM.
    redis.call('PEXPIRE', KEYS[4], ARGV[9])
    return {'dup', prior}
  end
end
local current = redis.call('HGET', KEYS[1], 'version')
if ARGV[8] == 'new' then
  if current then return {'stale', current} end
  current = '0'
elseif not current then
  return {'missing', ''}
end
if tonumber(current) ~= tonumber(ARGV[1]) then return {'stale', current} end
local n_events = tonumber(ARGV[11])
local n_actions = tonumber(ARGV[12])
-- The write id the change was prepared from, and this write's (after the events and
-- actions): at the same version, a state another write left is stale too (cache.py).
local from_write = ARGV[14 + n_events + n_actions] or ''
local stored_write = redis.call('HGET', KEYS[1], 'write')
if from_write ~= '' and stored_write and stored_write ~= from_write then
  return {'stale', current}
end
local seq = tonumber(redis.call('HGET', KEYS[1], 'seq') or '0')
local first = seq + 1
for i = 1, n_events do
  seq = seq + 1
  redis.call('XADD', KEYS[2], seq .. '-0', 'e', ARGV[13 + i])
end
for i = 1, n_actions do
  redis.call('RPUSH', KEYS[3], ARGV[13 + n_events + i])
end
local version = tonumber(current) + 1
redis.call('HSET', KEYS[1], 'version', version, 'status', ARGV[2], 'meta', ARGV[3],
           'engine', ARGV[4], 'seq', seq, 'deadline', ARGV[5], 'bot_retry', ARGV[6])
local new_write = ARGV[15 + n_events + n_actions]
if new_write and new_write ~= '' then redis.call('HSET', KEYS[1], 'write', new_write) end
local result = '{"version":' .. version .. ',"first":' .. first .. ',"last":' .. seq ..
               ',"seat":' .. ARGV[13] .. ',"move":"' .. (ARGV[16 + n_events + n_actions] or '') ..
               '"}'
if has_request then
  redis.call('SET', KEYS[4], result, 'PX', ARGV[9])
end
local expire = tonumber(ARGV[10])
if expire > 0 then
  for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], expire) end
end
redis.call('PUBLISH', KEYS[5], seq)
return {'ok', result}
"""

# MATCH_DURABILITY=always puts this check before MOVE: no write while Redis keeps no
# append-only file or fails to write it (CONFIG, which tells the fsync policy, is not
# allowed in scripts: the same MULTI reads it, see MatchRepo.write).
PERSISTING = """
local info = redis.call('INFO', 'persistence')
if not string.find(info, 'aof_enabled:1', 1, true) then
  return {'unpersisted', 'appendonly is off'}
end
if not string.find(info, 'aof_last_write_status:ok', 1, true) then
  return {'unpersisted', 'the append-only file cannot be written'}
end
"""

# MATCH_DURABILITY=always: a request answered again from its record is acknowledged only
# once the record is durable. Renewing its time to live is a write that goes through the
# same checks as a move (fsynced, and on a cluster received by a replica); the append-only
# file and the replication stream keep writes in order, so the record is then durable too.
CONFIRM = """
if redis.call('PEXPIRE', KEYS[1], ARGV[1]) == 0 then return {'missing', ''} end
return {'ok', ''}
"""

# Moves the bot re-enqueue time of one version forward; only one replica's call succeeds.
TOUCH = """
local current = redis.call('HGET', KEYS[1], 'version')
if not current or tonumber(current) ~= tonumber(ARGV[1]) then return 0 end
if redis.call('HGET', KEYS[1], 'bot_retry') ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], 'bot_retry', ARGV[3])
return 1
"""


# Counts one creation by a caller and its live match, unless a count is at its limit: then
# nothing is counted and the limit is named. KEYS: the window (creation times), the live
# matches (scored by when each entry lapses), their costs. ARGV: now, window length, the
# limits (creations, live, timed, bot cost), the match id, whether it is timed, its bot
# cost, how long a live entry lasts, the window member.
ADMIT = """
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 'rate' end
local lapsed = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)
for _, id in ipairs(lapsed) do
  redis.call('ZREM', KEYS[2], id)
  redis.call('HDEL', KEYS[3], id)
end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return 'live' end
local timed, bots = 0, 0
for _, cost in ipairs(redis.call('HVALS', KEYS[3])) do
  local t, b = string.match(cost, '(%d+) (%d+)')
  timed = timed + tonumber(t)
  bots = bots + tonumber(b)
end
if ARGV[8] == '1' and timed >= tonumber(ARGV[5]) then return 'timed' end
local cost = tonumber(ARGV[9])
if cost > 0 and bots + cost > tonumber(ARGV[6]) then return 'bots' end
redis.call('ZADD', KEYS[1], now, ARGV[11])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[10]), ARGV[7])
redis.call('HSET', KEYS[3], ARGV[7], ARGV[8] .. ' ' .. ARGV[9])
redis.call('PEXPIRE', KEYS[2], ARGV[10])
redis.call('PEXPIRE', KEYS[3], ARGV[10])
return 'ok'
"""

# One live match of a creator is over: its entry goes (ARGV[2] 0), or lapses at ARGV[2]
# (a match that never started still counts while it exists).
RELEASE = """
if tonumber(ARGV[2]) == 0 then
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
else
  redis.call('ZADD', KEYS[1], 'XX', ARGV[2], ARGV[1])
end
return 1
"""


class Scripts:
    """The store's scripts as redis-py Script objects of one client."""

    def __init__(self, client: Any) -> None:
        self.move = client.register_script(MOVE)
        #: MOVE behind the append-only-file checks (MATCH_DURABILITY=always).
        self.durable_move = client.register_script(PERSISTING + MOVE)
        self.confirm = client.register_script(CONFIRM)
        self.touch = client.register_script(TOUCH)
        self.admit = client.register_script(ADMIT)
        self.release = client.register_script(RELEASE)

    def all(self) -> list[Any]:
        """Every script."""
        return [self.move, self.durable_move, self.confirm, self.touch, self.admit,
                self.release]

    async def load(self) -> None:
        """Put every script into Redis (every master of a cluster), so pipelines may send
        them by SHA."""
        for script in self.all():
            script.sha = await script.registered_client.script_load(script.script)
