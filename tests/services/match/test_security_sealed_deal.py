"""Hand shopping: nothing dealt is visible before the start. While a match is OPEN no seat
(its creator's included) and no spectator sees a hand, and nobody sees Mix Match's table,
dice or target; once it starts every seat sees its own; the deal committed to at creation
still checks out against the replay with hashlib alone; a claim before the start is
refused (the first claim of a round can only follow the write that shows it to all)."""

from __future__ import annotations

import hashlib

import pytest
from support.match_fixtures import new_service
from support.match_play import Clock

from cardroom.services.match.app import MatchService
from cardroom.services.match.bots import MemoryQueue
from cardroom.services.match.model import HUMAN, OPEN_SEAT, SeatSpec
from cardroom.services.match.repo import MatchRepo
from cardroom.shared.errors import WrongPhase
from cardroom.shared.games import registry

ADMIN = "admin-secret"
#: Each game, its players, and what its observation shows of a deal once it is dealt.
GAMES = {"vivo": (3, "hand"), "livemix": (3, "hand"), "mixmatch": (2, "table")}


@pytest.fixture
def service(repo: MatchRepo, clock: Clock) -> MatchService:
    """A service with an admin."""
    return new_service(repo, MemoryQueue(), admin_token=ADMIN, clock=clock)


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_nothing_dealt_is_visible_while_open(service: MatchService, game: str) -> None:
    players, dealt_key = GAMES[game]
    seats = [SeatSpec(HUMAN)] + [SeatSpec(OPEN_SEAT)] * (players - 1)
    created = await service.create_match(game, players, seats=seats, caller="host")
    match_id, host = created.match_id, created.tokens[0]
    for token, seat in ((host, 0), (None, None), (ADMIN, 1)):
        view = await service.get_view(match_id, token, seat if token == ADMIN else None)
        assert view["status"] == "open"
        # Only what the match's options say: no card, no die, no target, no table.
        assert view["observation"] == {"game": game, "players": players, "seat": seat}
        assert view["legal_moves"] == [] and view["current_player"] is None
    with pytest.raises(WrongPhase):  # nobody moves (a Mix Match claim neither) before the start
        state = registry.new_game(game, registry.make_config(game, {"players": players}),
                                  seed=1)
        await service.submit_move(match_id, host, state.legal_moves(0)[0] if
                                  state.legal_moves(0) else "pass")
    for _ in range(players - 1):
        await service.join_match(match_id, name="guest")
    view = await service.get_view(match_id, host)
    assert view["status"] == "active" and view["observation"][dealt_key]
    seen = view["observation"]
    await service.abandon(match_id, ADMIN)
    replay = await service.get_replay(match_id)
    salt, seed = replay["seed_salt"], replay["seed"]
    digest = hashlib.sha256(bytes.fromhex(salt) + str(seed).encode()).hexdigest()
    assert digest == replay["seed_commitment"] == view["seed_commitment"]
    # The revealed seed deals what the host saw at the start.
    again = registry.new_game(game, registry.make_config(game, replay["options"]), seed=seed,
                              now=replay["start"])
    assert again.observation(0)[dealt_key] == seen[dealt_key]


async def test_the_host_of_a_mix_match_sees_the_board_no_sooner_than_its_guest(
        service: MatchService) -> None:
    created = await service.create_match("mixmatch", 2, seats=[SeatSpec(HUMAN),
                                                               SeatSpec(OPEN_SEAT)])
    before = await service.get_view(created.match_id, created.tokens[0])
    assert "table" not in before["observation"] and "target" not in before["observation"]
    joined = await service.join_match(created.match_id, name="guest")
    host = await service.get_view(created.match_id, created.tokens[0])
    guest = await service.get_view(created.match_id, joined.token)
    # Shown to both by the one write that started the match, and the same board to both.
    assert host["version"] == guest["version"] == joined.version
    for key in ("table", "dice", "target"):
        assert host["observation"][key] == guest["observation"][key]
