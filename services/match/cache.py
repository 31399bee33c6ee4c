"""A per-replica shortcut past reading and decoding a match: each match's newest engine
state this replica knows, by (version, write id), and the match as this replica last wrote it.

Never a source of truth. A read uses a state only when Redis has just said the match is at
exactly that version and write. A move may start from the match as this replica last wrote
it without reading Redis first (domain/playing.py), but then its compare-and-set checks that
version and write id in Redis before anything is written, and a move that finds the match
moved on reads it and starts again; so replicas still behave as one service and a restart
loses nothing. The write id (random per write, stored with the match) matters when Redis
loses its last write: another replica may then write a different state under the same
version number. It saves the engines' from_json (which replays a VIVO match's history) and
the read of the common path of consecutive moves.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from cardroom.shared.games.base import State

from .repo import Snapshot


@dataclass(slots=True)
class _Entry:
    version: int
    write: str
    state: State
    #: The match as this replica wrote it at `version` (None: only read).
    written: Snapshot | None


class StateCache:
    """A bounded, thread-safe LRU of one entry per match; capacity 0 turns it off."""

    def __init__(self, capacity: int = 10_000) -> None:
        self.capacity = capacity
        self._entries: OrderedDict[str, _Entry] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, match_id: str, version: int, write: str = "") -> State | None:
        """A private copy of the state stored at exactly `version` by `write`, or None."""
        with self._lock:
            entry = self._entries.get(match_id)
            if entry is None or entry.version != version or entry.write != write:
                self.misses += 1
                return None
            self._entries.move_to_end(match_id)
            self.hits += 1
            state = entry.state
        return state.clone()

    def put(self, match_id: str, version: int, state: State, write: str = "",
            written: Snapshot | None = None) -> None:
        """Remember `state` at `version`, and `written`, the match as this replica has just
        written it (the caller changes neither afterwards). A state older than the one kept
        is not kept."""
        if self.capacity <= 0:
            return
        kept = written
        with self._lock:
            entry = self._entries.get(match_id)
            if entry is not None and entry.version > version:
                return
            if kept is None and entry is not None and (entry.version, entry.write) == (
                    version, write):
                kept = entry.written
            self._entries[match_id] = _Entry(version, write, state, kept)
            self._entries.move_to_end(match_id)
            while len(self._entries) > self.capacity:
                self._entries.popitem(last=False)

    def written(self, match_id: str) -> tuple[Snapshot, State] | None:
        """A private copy of the match as this replica last wrote it, with its state, if
        that is still the newest this replica knows of; else None."""
        with self._lock:
            entry = self._entries.get(match_id)
            if entry is None or entry.written is None:
                return None
            self._entries.move_to_end(match_id)
            snap, state = entry.written, entry.state
        return _copy(snap), state.clone()


def _copy(snap: Snapshot) -> Snapshot:
    """A copy of `snap` whose record may be changed (as a write prepares it)."""
    return Snapshot(snap.match_id, snap.version, snap.status, snap.record.copy(),
                    snap.engine_text, snap.seq, snap.deadline_ms, snap.bot_retry_ms)
