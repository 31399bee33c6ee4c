"""The match service's domain layer against a real Redis: seats, moves, versions, events."""

from __future__ import annotations

import asyncio
import random

import pytest
from support.match_fixtures import STORES, all_keys, collect, new_service, store_for
from support.match_play import Clock, choose_move, hands_seen

from cardroom.services.match.app import MatchService
from cardroom.services.match.bots import MemoryQueue
from cardroom.services.match.model import BOT, HUMAN, OPEN_SEAT, ClockSpec, SeatSpec
from cardroom.services.match.repo import MatchRepo, key_for
from cardroom.shared.bots import list_policies
from cardroom.shared.errors import (
    GameOver,
    IllegalMove,
    InvalidArgument,
    InvalidConfig,
    InvalidFields,
    NotFound,
    NotYourTurn,
    PermissionDenied,
    StaleRound,
    StaleVersion,
    Unauthenticated,
    WrongPhase,
)
from cardroom.shared.games import registry

ADMIN = "admin-secret"




@pytest.fixture(params=STORES)
def store_url(request: pytest.FixtureRequest) -> str:
    """Every test of this module runs on one Redis and on a Redis Cluster."""
    return store_for(request)


@pytest.fixture
def service(repo: MatchRepo, clock: Clock) -> MatchService:
    """A service with an in-memory bot queue."""
    return new_service(repo, MemoryQueue(), admin_token=ADMIN, clock=clock, bot_retry_s=30)


async def play_out(service: MatchService, match_id: str, tokens: dict[int, str],
                   rng: random.Random, limit: int = 400) -> int:
    """Play legal moves (with expected versions) until the match is over; the move count."""
    moves = 0
    spectator = await service.get_view(match_id)
    while spectator["status"] == "active" and moves < limit:
        for seat, token in tokens.items():
            view = await service.get_view(match_id, token)
            assert not hands_seen(view, seat)
            if view["may_act"]:
                move = choose_move(view["game"], view, rng)
                result = await service.submit_move(match_id, token, move, view["version"])
                assert not hands_seen([e for _, e in result.events], seat)
                moves += 1
                break
        spectator = await service.get_view(match_id)
        assert not hands_seen(spectator, None)
    return moves


async def test_create_returns_one_token_per_human_seat_and_starts(service: MatchService) -> None:
    created = await service.create_match("vivo", 3, seed=7)
    assert sorted(created.tokens) == [0, 1, 2]
    assert len(set(created.tokens.values())) == 3
    view = await service.get_view(created.match_id, created.tokens[0])
    assert view["status"] == "active" and view["version"] == 1 and view["seat"] == 0
    assert view["observation"]["hand"] and view["legal_moves"]


async def test_tokens_are_stored_hashed_only(service: MatchService, repo: MatchRepo) -> None:
    created = await service.create_match("livemix", 3, seed=1)
    raw = await repo.client.hgetall(key_for("state", created.match_id))
    assert all(token not in str(raw) for token in created.tokens.values())


async def test_spectator_view_shows_no_hand(service: MatchService) -> None:
    created = await service.create_match("livemix", 4, seed=3)
    view = await service.get_view(created.match_id)
    assert view["seat"] is None and view["legal_moves"] == []
    assert "hand" not in view["observation"] and not hands_seen(view, None)


async def test_view_of_a_seat_not_to_act_lists_no_moves(service: MatchService) -> None:
    created = await service.create_match("vivo", 3, seed=7)
    view = await service.get_view(created.match_id, created.tokens[1])
    assert view["current_player"] == 0 and view["legal_moves"] == [] and not view["may_act"]


async def test_move_applies_and_bumps_version(service: MatchService) -> None:
    created = await service.create_match("vivo", 3, seed=7)
    move = (await service.get_view(created.match_id, created.tokens[0]))["legal_moves"][0]
    result = await service.submit_move(created.match_id, created.tokens[0], move, 1, "r1")
    assert result.version == 2
    assert any(e.get("type") == "play" and e.get("card") == move for _, e in result.events)
    assert (await service.get_view(created.match_id))["current_player"] == 1


async def test_retry_with_same_request_id_returns_first_result(service: MatchService,
                                                               repo: MatchRepo) -> None:
    created = await service.create_match("vivo", 3, seed=7)
    token = created.tokens[0]
    move = (await service.get_view(created.match_id, token))["legal_moves"][0]
    first = await service.submit_move(created.match_id, token, move, 1, "same")
    again = await service.submit_move(created.match_id, token, move, 1, "same")
    assert again.duplicate and again.version == first.version == 2
    assert again.events == first.events
    assert len(await repo.actions(created.match_id)) == 1


async def test_request_id_of_another_seat_is_that_seats_own(service: MatchService) -> None:
    created = await service.create_match("vivo", 3, seed=7)
    move = (await service.get_view(created.match_id, created.tokens[0]))["legal_moves"][0]
    await service.submit_move(created.match_id, created.tokens[0], move, 1, "mine")
    other = (await service.get_view(created.match_id, created.tokens[1]))["legal_moves"][0]
    result = await service.submit_move(created.match_id, created.tokens[1], other, 2, "mine")
    assert not result.duplicate and result.version == 3


async def test_stale_expected_version_is_refused(service: MatchService) -> None:
    created = await service.create_match("vivo", 3, seed=7)
    move = (await service.get_view(created.match_id, created.tokens[0]))["legal_moves"][0]
    with pytest.raises(StaleVersion):
        await service.submit_move(created.match_id, created.tokens[0], move, 5)


async def test_illegal_move_carries_the_legal_moves(service: MatchService) -> None:
    created = await service.create_match("vivo", 3, seed=7)
    view = await service.get_view(created.match_id, created.tokens[0])
    not_in_hand = next(c for c in ("R1", "R2", "R3", "G1", "G2") if c not in view["legal_moves"])
    with pytest.raises(IllegalMove) as err:
        await service.submit_move(created.match_id, created.tokens[0], not_in_hand, 1)
    assert err.value.legal == view["legal_moves"]


async def test_move_out_of_turn_is_not_your_turn(service: MatchService) -> None:
    created = await service.create_match("vivo", 3, seed=7)
    with pytest.raises(NotYourTurn):
        await service.submit_move(created.match_id, created.tokens[1], "R1", 1)


async def test_moves_need_a_valid_token(service: MatchService) -> None:
    created = await service.create_match("vivo", 3, seed=7)
    with pytest.raises(Unauthenticated):
        await service.submit_move(created.match_id, None, "R1", 1)
    with pytest.raises(Unauthenticated):
        await service.submit_move(created.match_id, "not-a-token", "R1", 1)
    other = await service.create_match("vivo", 3, seed=7)
    with pytest.raises(Unauthenticated):
        await service.submit_move(created.match_id, other.tokens[0], "R1", 1)
    with pytest.raises(Unauthenticated):
        await service.get_view(created.match_id, "not-a-token")


async def test_a_seat_token_cannot_act_for_another_seat(service: MatchService) -> None:
    created = await service.create_match("vivo", 3, seed=7)
    with pytest.raises(PermissionDenied):
        await service.get_view(created.match_id, created.tokens[0], as_seat=1)


async def test_admin_acts_for_a_named_seat(service: MatchService) -> None:
    created = await service.create_match("vivo", 3, seed=7)
    move = (await service.get_view(created.match_id, ADMIN, as_seat=0))["legal_moves"][0]
    assert (await service.submit_move(created.match_id, ADMIN, move, 1, as_seat=0)).version == 2
    with pytest.raises(InvalidArgument):
        await service.submit_move(created.match_id, ADMIN, move, 2)


async def test_unknown_match_is_not_found(service: MatchService) -> None:
    with pytest.raises(NotFound):
        await service.get_view("0" * 28)
    with pytest.raises(InvalidArgument):
        await service.get_view("nope")


async def test_bad_create_arguments_are_refused(service: MatchService) -> None:
    with pytest.raises(InvalidArgument):
        await service.create_match("chess", 2)
    with pytest.raises(InvalidConfig):
        await service.create_match("vivo", 9)
    with pytest.raises(InvalidArgument):
        await service.create_match("vivo", 3, seats=[SeatSpec(BOT)] * 3)
    with pytest.raises(InvalidArgument):
        await service.create_match("vivo", 3, seats=[SeatSpec()] * 2)


async def test_open_seats_wait_for_join_then_start(service: MatchService) -> None:
    created = await service.create_match("vivo", 3, seats=[SeatSpec(HUMAN), SeatSpec(OPEN_SEAT),
                                                     SeatSpec(OPEN_SEAT)], seed=2)
    assert list(created.tokens) == [0]
    with pytest.raises(WrongPhase):
        await service.submit_move(created.match_id, created.tokens[0], "R1", 1)
    first = await service.join_match(created.match_id, name="ann")
    assert first.seat == 1 and (await service.get_view(created.match_id))["status"] == "open"
    with pytest.raises(WrongPhase):
        await service.join_match(created.match_id, seat=1)
    second = await service.join_match(created.match_id, seat=2, name="bo")
    view = await service.get_view(created.match_id, second.token)
    assert view["status"] == "active" and view["seat"] == 2
    assert view["seats"][2]["name"] == "bo"
    with pytest.raises(WrongPhase):
        await service.join_match(created.match_id)


async def test_list_matches_by_game_and_status_pages_through_all(service: MatchService,
                                                                clock: Clock) -> None:
    open_ids = []
    for i in range(5):
        clock.advance(1)
        game = "vivo" if i % 2 == 0 else "livemix"
        open_ids.append((game, (await service.create_match(
            game, 3, seats=[SeatSpec(HUMAN), SeatSpec(OPEN_SEAT), SeatSpec(HUMAN)])).match_id))
    await service.create_match("vivo", 3)
    seen, token = [], ""
    while True:
        page, token = await service.list_matches("", "open", page_size=2, page_token=token)
        assert len(page) <= 2
        seen += [m["match_id"] for m in page]
        if not token:
            break
    assert seen == [m for _, m in reversed(open_ids)]
    vivo_open, _ = await service.list_matches("vivo", "open")
    assert [m["match_id"] for m in vivo_open] == [m for g, m in reversed(open_ids) if g == "vivo"]
    assert vivo_open[0]["open_seats"] == [1]
    active, _ = await service.list_matches("vivo", "active")
    assert len(active) == 1
    everything, _ = await service.list_matches("", "", page_size=100)
    assert len(everything) == 6


async def test_list_drops_matches_that_left_the_status_or_expired(service: MatchService,
                                                                   repo: MatchRepo) -> None:
    created = await service.create_match("vivo", 3, seats=[SeatSpec(HUMAN), SeatSpec(OPEN_SEAT),
                                                     SeatSpec(HUMAN)])
    await service.join_match(created.match_id)
    page, _ = await service.list_matches("vivo", "open")
    assert page == []
    assert [m["status"] for m in (await service.list_matches("vivo", "active"))[0]] == ["active"]
    await repo.client.delete(key_for("state", created.match_id))  # as if it had expired
    assert (await service.list_matches("", ""))[0] == []
    assert not any([await repo.client.zcard(key_for("lobby", part="*:any", shard=shard))
                    for shard in range(repo.shards)])


async def test_page_token_of_another_listing_is_refused(service: MatchService,
                                                        clock: Clock) -> None:
    for _ in range(3):
        clock.advance(1)
        await service.create_match("vivo", 3)
    _, token = await service.list_matches("vivo", "active", page_size=1)
    with pytest.raises(InvalidArgument):
        await service.list_matches("livemix", "active", page_token=token)


async def test_whole_match_replay_reproduces_scores(service: MatchService) -> None:
    for game, players in (("vivo", 3), ("livemix", 4), ("mixmatch", 2)):
        options = {"hourglass_seconds": 0} if game == "mixmatch" else {}
        created = await service.create_match(game, players, seed=11, options=options)
        with pytest.raises(WrongPhase):
            await service.get_replay(created.match_id)
        moves = await play_out(service, created.match_id, created.tokens, random.Random(4))
        replay = await service.get_replay(created.match_id)
        assert replay["status"] == "finished" and moves > 10
        config = registry.make_config(game, replay["options"])
        actions = [(a["seat"], a["action"], a["now"]) for a in replay["actions"]]
        state = registry.replay(game, config, replay["seed"], replay["deal"], actions,
                                now=replay["start"])
        assert state.scores() == replay["scores"] == replay["result"]["scores"]
        assert replay["events"][-1][1]["type"] == "match_over"
        with pytest.raises(GameOver):
            await service.submit_move(created.match_id, created.tokens[0], "R1")


async def test_watch_resumes_from_cursor_without_loss_or_repeat(service: MatchService) -> None:
    created = await service.create_match("vivo", 3, seed=5)
    rng = random.Random(1)
    for _ in range(4):
        await play_out(service, created.match_id, created.tokens, rng, limit=1)
    seen = await collect(service.watch(created.match_id, created.tokens[0], 0, follow=False))
    cut = len(seen) // 2
    resumed = seen[:cut] + await collect(service.watch(created.match_id, created.tokens[0],
                                              seen[cut - 1][0], follow=False))
    assert resumed == seen
    seqs = [s for s, _ in seen]
    assert seqs == sorted(set(seqs))
    assert not hands_seen([e for _, e in seen], 0)
    spectator = await collect(service.watch(created.match_id, None, 0, follow=False))
    assert all("to" not in e for _, e in spectator) and len(spectator) < len(seen)


async def test_watch_of_a_finished_match_ends_after_match_over(service: MatchService) -> None:
    created = await service.create_match("vivo", 3, seed=5)
    await play_out(service, created.match_id, created.tokens, random.Random(2))
    events = await collect(service.watch(created.match_id, None, 0))
    assert events[-1][1]["type"] == "match_over"


async def test_resigned_seat_is_played_automatically_and_cannot_win(service: MatchService) -> None:
    created = await service.create_match("vivo", 3, seed=9)
    result = await service.resign(created.match_id, created.tokens[0])
    assert result.version == 2
    view = await service.get_view(created.match_id)
    assert view["seats"][0]["resigned"] and view["current_player"] == 1
    with pytest.raises(PermissionDenied):
        await service.submit_move(created.match_id, created.tokens[0], "R1")
    await play_out(service, created.match_id, {1: created.tokens[1], 2: created.tokens[2]},
             random.Random(3))
    final = await service.get_view(created.match_id)
    assert final["status"] == "finished" and 0 not in final["result"]["winners"]


async def test_match_ends_when_every_human_resigned(service: MatchService) -> None:
    created = await service.create_match("livemix", 3, seats=[SeatSpec(HUMAN), SeatSpec(HUMAN),
                                                        SeatSpec(BOT, policy="random")])
    await service.resign(created.match_id, created.tokens[0])
    await service.resign(created.match_id, created.tokens[1])
    view = await service.get_view(created.match_id)
    assert view["status"] == "finished" and view["result"]["reason"] == "resigned"
    assert view["result"]["winners"] == [2]


async def test_abandon_rules(service: MatchService, repo: MatchRepo) -> None:
    waiting = await service.create_match("vivo", 3, seats=[SeatSpec(HUMAN), SeatSpec(OPEN_SEAT),
                                                     SeatSpec(OPEN_SEAT)])
    await service.abandon(waiting.match_id, waiting.tokens[0])
    assert (await service.get_view(waiting.match_id))["status"] == "abandoned"
    running = await service.create_match("vivo", 3)
    with pytest.raises(PermissionDenied):
        await service.abandon(running.match_id, running.tokens[0])
    with pytest.raises(Unauthenticated):
        await service.abandon(running.match_id, None)
    await service.abandon(running.match_id, ADMIN)
    assert (await service.get_view(running.match_id))["result"]["reason"] == "abandoned"
    assert await repo.client.pttl(key_for("state", running.match_id)) > 0
    with pytest.raises(GameOver):
        await service.abandon(running.match_id, ADMIN)


async def test_finished_match_keys_expire(service: MatchService, repo: MatchRepo) -> None:
    created = await service.create_match("vivo", 3, seed=5)
    assert await repo.client.pttl(key_for("state", created.match_id)) == -1
    await play_out(service, created.match_id, created.tokens, random.Random(2))
    for kind in ("state", "events", "actions"):
        ttl = await repo.client.pttl(key_for(kind, created.match_id))
        assert 0 < ttl <= service.finished_ttl_ms


async def test_a_move_costs_two_round_trips(service: MatchService, repo: MatchRepo) -> None:
    created = await service.create_match("vivo", 3, seed=7)
    move = (await service.get_view(created.match_id, created.tokens[0]))["legal_moves"][0]
    before = repo.trips.total()
    await service.submit_move(created.match_id, created.tokens[0], move, 1, "rt")
    assert repo.trips.total() - before == 2


async def test_a_move_after_this_replicas_own_write_costs_one_round_trip(
        repo: MatchRepo, clock: Clock) -> None:
    from cardroom.services.match.cache import StateCache

    service = new_service(repo, MemoryQueue(), clock=clock, cache=StateCache())
    other = new_service(repo, MemoryQueue(), clock=clock, cache=StateCache())
    reader = new_service(repo, MemoryQueue(), clock=clock)  # no cache of its own
    created = await service.create_match("vivo", 3, seed=7)
    rng = random.Random(3)

    async def move(by: MatchService) -> tuple[int, int]:
        """One move of the seat to act through `by`: (the version it wrote, round trips)."""
        seat = (await reader.get_view(created.match_id))["current_player"]
        view = await reader.get_view(created.match_id, created.tokens[seat])
        before = repo.trips.total()
        done = await by.submit_move(created.match_id, created.tokens[seat],
                                    rng.choice(view["legal_moves"]))
        assert done.version == view["version"] + 1
        return done.version, repo.trips.total() - before

    for _ in range(6):
        assert (await move(service))[1] == 1, repo.trips.counts
    # Another replica's move: this one's copy is stale, where the next seat to act is not
    # yet to act, so the copy refuses the move without a write; it reads and moves on the
    # match Redis has (a read, the write). (A stale copy that takes the move has its write
    # refused: see test_a_replica_never_moves_from_its_copy_of_a_write_redis_lost.)
    assert (await move(other))[1] == 2
    version, trips = await move(service)
    assert (version, trips) == (9, 2)
    assert (await move(service))[1] == 1
    assert len(await repo.actions(created.match_id)) == 9  # version 1 is the deal


def test_state_cache_serves_only_the_exact_version_as_a_private_copy() -> None:
    from cardroom.services.match.cache import StateCache

    cache = StateCache(capacity=2)
    config = registry.make_config("vivo", {"players": 3})
    state = registry.new_game("vivo", config, seed=1)
    cache.put("m", 1, state)
    copy = cache.get("m", 1)
    assert copy is not None and copy is not state
    copy.apply_action(copy.legal_actions(0)[0], 0)
    assert cache.get("m", 1).to_json() == state.to_json()  # type: ignore[union-attr]
    assert cache.get("m", 2) is None
    cache.put("m", 2, state)
    cache.put("m", 3, state)
    assert cache.get("m", 1) is None  # only the newest version of a match is kept
    assert cache.get("m", 3, "another write") is None


async def test_a_replica_never_reuses_its_state_of_a_write_redis_lost(repo: MatchRepo,
                                                                      clock: Clock) -> None:
    from cardroom.services.match.cache import StateCache

    one = new_service(repo, MemoryQueue(), clock=clock, cache=StateCache())
    two = new_service(repo, MemoryQueue(), clock=clock, cache=StateCache())
    created = await one.create_match("vivo", 3, seed=4)
    token = created.tokens[0]
    saved = {key: await repo.client.dump(key) for key in await all_keys(repo, "*")}
    first, second = (await one.get_view(created.match_id, token))["legal_moves"][:2]
    await one.submit_move(created.match_id, token, first, 1)  # version 2, cached by `one`
    await repo.client.flushdb()  # Redis loses that write (as after a crash without fsync) ...
    for key, blob in saved.items():
        await repo.client.restore(key, 0, blob, replace=True)
    await two.submit_move(created.match_id, token, second, 1)  # ... and version 2 is another move
    seen = await one.get_view(created.match_id, token)
    assert seen["version"] == 2
    assert seen["observation"] == (await two.get_view(created.match_id, token))["observation"]
    hand = seen["observation"]["hand"]
    assert first in hand and second not in hand


async def test_a_replica_never_moves_from_its_copy_of_a_write_redis_lost(repo: MatchRepo,
                                                                        clock: Clock) -> None:
    from cardroom.services.match.cache import StateCache

    one = new_service(repo, MemoryQueue(), clock=clock, cache=StateCache())
    two = new_service(repo, MemoryQueue(), clock=clock, cache=StateCache())
    created = await one.create_match("vivo", 3, seed=4)
    token = created.tokens[0]
    saved = {key: await repo.client.dump(key) for key in await all_keys(repo, "*")}
    first, second = (await two.get_view(created.match_id, token))["legal_moves"][:2]
    await one.submit_move(created.match_id, token, first, 1)  # version 2, kept by `one`
    await repo.client.flushdb()  # Redis loses that write ...
    for key, blob in saved.items():
        await repo.client.restore(key, 0, blob, replace=True)
    await two.submit_move(created.match_id, token, second, 1)  # ... version 2 is another move
    # `one` moves next from the match as it last wrote it: version 2 is Redis's too, but of
    # another write, so its compare-and-set refuses and it moves on Redis's match.
    seat = (await two.get_view(created.match_id))["current_player"]
    move = (await two.get_view(created.match_id, created.tokens[seat]))["legal_moves"][0]
    before = repo.trips.total()
    assert (await one.submit_move(created.match_id, created.tokens[seat], move)).version == 3
    assert repo.trips.total() - before == 3  # the refused write, a read, the write
    hand = (await two.get_view(created.match_id, token))["observation"]["hand"]
    assert first in hand and second not in hand
    assert [a["action"] for a in await repo.actions(created.match_id)][-2:] == [second, move]


async def test_replicas_with_state_caches_agree_with_redis(repo: MatchRepo, clock: Clock) -> None:
    from cardroom.services.match.cache import StateCache

    one = new_service(repo, MemoryQueue(), clock=clock, cache=StateCache())
    two = new_service(repo, MemoryQueue(), clock=clock, cache=StateCache())
    created = await one.create_match("livemix", 3, seed=4)
    rng = random.Random(9)
    for turn in range(30):
        service = (one, two)[turn % 3 % 2]
        view = await service.get_view(created.match_id)
        seat = view["current_player"]
        token = created.tokens[seat]
        move = rng.choice((await service.get_view(created.match_id, token))["legal_moves"])
        await service.submit_move(created.match_id, token, move, view["version"])
    stored = registry.from_json("livemix", (await repo.load(created.match_id)).engine)  # type: ignore[union-attr]
    assert (await one.get_view(created.match_id))["observation"] == stored.observation(None)
    assert (await two.get_view(created.match_id))["observation"] == stored.observation(None)


async def test_hidden_hand_check_flags_a_hand_shown_to_another_seat(service: MatchService) -> None:
    created = await service.create_match("livemix", 3, seed=3)
    view = await service.get_view(created.match_id, created.tokens[0])
    assert hands_seen(view, 0) == []
    assert hands_seen(view, 1) and hands_seen(view, None)


class _RacingRepo(MatchRepo):
    """A repository that lets another write slip in just before its next write."""

    before_write: object = None

    async def write(self, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        hook, self.before_write = self.before_write, None
        if callable(hook):
            await hook()
        return await super().write(*args, **kwargs)  # type: ignore[arg-type]


async def test_mixmatch_m8_claim_that_lost_the_race_is_stale_not_judged_on_the_next_table(
        repo: MatchRepo, clock: Clock) -> None:
    from support.match_play import find_claim

    racing = _RacingRepo(repo.client)
    late, first = new_service(racing, clock=clock), new_service(repo, clock=clock)
    for seed in range(50):
        created = await first.create_match("mixmatch", 2, seed=seed,
                                           options={"hourglass_seconds": 0})
        obs = (await first.get_view(created.match_id))["observation"]
        claim = find_claim(obs["table"], obs["target"])
        if claim:
            break
    assert claim
    racing.before_write = lambda: first.submit_move(
        created.match_id, created.tokens[0], f"claim {claim}")
    with pytest.raises(StaleRound, match="stale"):
        await late.submit_move(created.match_id, created.tokens[1], f"claim {claim}")
    # Counted as stale, as the bot workers count their stale claims, not as illegal.
    assert late.metrics.moves.labels("mixmatch", "stale")._value.get() == 1
    assert late.metrics.moves.labels("mixmatch", "illegal")._value.get() == 0
    obs = (await first.get_view(created.match_id))["observation"]
    assert obs["round"] == 2 and obs["out"] == [False, False]


async def test_bot_seats_with_unknown_policies_or_strengths_are_refused_and_nothing_is_stored(
        service: MatchService, repo: MatchRepo) -> None:
    seats = [SeatSpec(HUMAN), SeatSpec(BOT, policy="oracle"), SeatSpec(BOT, policy="random"),
             SeatSpec(BOT, policy="ismcts", strength=9)]
    with pytest.raises(InvalidFields) as refused:
        await service.create_match("vivo", 4, seats=seats, seed=1)
    fields = [field for field, _ in refused.value.violations]
    assert fields == ["seats[1].policy", "seats[3].strength"]
    known = ", ".join(p.name for p in list_policies("vivo"))  # every policy the registry has
    assert "random" in known and f"known: {known}" in refused.value.violations[0][1]
    with pytest.raises(InvalidFields) as by_clock:
        await service.create_match("vivo", 3, seed=1, clock=ClockSpec(10.0, "bot", "solver"))
    assert [field for field, _ in by_clock.value.violations] == ["clock.policy"]
    assert await all_keys(repo, "*") == []


class _BarrierRepo(MatchRepo):
    """A repository whose loads wait for each other, so every caller has read the match
    before any of them writes: only Redis' compare-and-set can tell them apart."""

    def __init__(self, client: object, barrier: asyncio.Barrier) -> None:
        super().__init__(client)  # type: ignore[arg-type]
        self.barrier = barrier

    async def load(self, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        snap = await super().load(*args, **kwargs)  # type: ignore[arg-type]
        await self.barrier.wait()
        return snap


async def _submit_together(service: MatchService, match_id: str, token: str, move: str,
                                 count: int) -> list[object]:
    return list(await asyncio.gather(*(
        service.submit_move(match_id, token, move, 1, f"r{i}") for i in range(count)),
        return_exceptions=True))


async def test_twenty_submits_released_together_apply_the_move_once(repo: MatchRepo,
                                                                    clock: Clock) -> None:
    plain = new_service(repo, MemoryQueue(), clock=clock)
    created = await plain.create_match("vivo", 3, seed=7)
    token = created.tokens[0]
    move = (await plain.get_view(created.match_id, token))["legal_moves"][0]
    racing = MatchService(_BarrierRepo(repo.client, asyncio.Barrier(20)),
                          MemoryQueue(), clock=clock)
    results = await _submit_together(racing, created.match_id, token, move, 20)
    applied = [r for r in results if not isinstance(r, BaseException)]
    assert len(applied) == 1 and applied[0].version == 2  # type: ignore[attr-defined]
    assert all(isinstance(r, StaleVersion) for r in results if r is not applied[0])
    assert len(await repo.actions(created.match_id)) == 1
