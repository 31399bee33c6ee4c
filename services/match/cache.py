"""A per-replica shortcut past decoding engine states: states by (match id, version).

Never a source of truth: every call still reads the match and its version from Redis, and
only a state stored under exactly that version and write is used (as a clone), so replicas
still behave as one service and a restart loses nothing. The write id (random per write,
stored with the match) matters when Redis loses its last write: another replica may then
write a different state under the same version number. It saves the engines' from_json (which
replays a VIVO match's history) on the common path of consecutive moves.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from cardroom.shared.games.base import State


class StateCache:
    """A bounded, thread-safe LRU of engine states; capacity 0 turns it off."""

    def __init__(self, capacity: int = 10_000) -> None:
        self.capacity = capacity
        self._states: OrderedDict[tuple[str, int, str], State] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, match_id: str, version: int, write: str = "") -> State | None:
        """A private copy of the state stored at exactly `version` by `write`, or None."""
        key = (match_id, version, write)
        with self._lock:
            state = self._states.get(key)
            if state is None:
                self.misses += 1
                return None
            self._states.move_to_end(key)
            self.hits += 1
        return state.clone()

    def put(self, match_id: str, version: int, state: State, write: str = "") -> None:
        """Remember `state` (which the caller must not change afterwards) at `version`."""
        if self.capacity <= 0:
            return
        key = (match_id, version, write)
        with self._lock:
            self._states[key] = state
            self._states.move_to_end(key)
            while len(self._states) > self.capacity:
                self._states.popitem(last=False)
