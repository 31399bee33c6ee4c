// A Cardroom client as another team would write it: Node.js, @grpc/grpc-js, the .proto
// files of proto/ loaded at run time, nothing generated and nothing from the Python side.
//
//   node tests/system/node/client.js 127.0.0.1:50051 vivo3 livemix4 mixmatch2_hourglass ...
//   node tests/system/node/client.js 127.0.0.1:50051 commitment
//   node tests/system/node/client.js 127.0.0.1:50051 lobby
//
// For each scenario it creates a match with every seat human, then plays every seat from
// that seat's own WatchMatch stream (turn frames on) and SubmitMove alone: no GetMatch, and
// no state of its own beyond the last frame. Each frame carries the seat's whole typed view
// (hand, trick, table, own cards, out flags, target, round), which is all it reads to choose
// a move: a legal card, a pick, a claim found on the frame's table for the frame's round, or
// calling time. A spectator stream follows too and must never see a hand. Along the way it
// checks the frames against what the service says when a move is refused (google.rpc.Status
// details decoded with proto/google/rpc); at the end it checks every frame it was sent
// against the replay (each hand the deal less the seat's plays so far; each Mix Match round,
// target and out flag as the events had them) and prints one JSON line per scenario.
//
// 64-bit fields load as decimal strings (longs: String), as docs/other-languages.md says:
// "commitment" creates a match with a seed above 2^53, reads its commitment, withdraws it
// and checks the replay's seed and salt against the commitment with node's crypto.
// "lobby" follows WatchLobby, takes the open seats of a table it sees opened, sees it start
// and plays it out.
"use strict";

const crypto = require("crypto");
const path = require("path");
const grpc = require("@grpc/grpc-js");
const protoLoader = require("@grpc/proto-loader");
const protobuf = require("protobufjs");

const PROTO = path.resolve(__dirname, "..", "..", "..", "proto");
// longs: String, so a 64-bit seed arrives as its exact decimal text.
const LOADER = { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true,
                 includeDirs: [PROTO] };
const GAMES = {
  vivo: { enum: "GAME_VIVO", end: "game_end" },
  livemix: { enum: "GAME_LIVEMIX", end: "game_end" },
  mixmatch: { enum: "GAME_MIXMATCH", end: "game_over" },
};
// Mix Match: a 1 s hourglass (a card drawn each time it runs out), a race (hourglass 0:
// time is called with the `timeout` move) and own cards (variant 2, picked in turn); the
// faster variant keeps each to one round per seat.
const SCENARIOS = {
  vivo3: { game: "vivo", players: 3, options: {} },
  vivo4: { game: "vivo", players: 4, options: {} },
  livemix3: { game: "livemix", players: 3, options: {} },
  livemix4: { game: "livemix", players: 4, options: {} },
  mixmatch2_hourglass: { game: "mixmatch", players: 2,
                         options: { hourglass: { seconds: 1, nanos: 0 }, faster: true } },
  mixmatch3_race: { game: "mixmatch", players: 3,
                    options: { hourglass: { seconds: 0, nanos: 0 }, faster: true } },
  mixmatch2_own_cards: { game: "mixmatch", players: 2,
                         options: { hourglass: { seconds: 0, nanos: 0 }, faster: true,
                                    own_cards: true } },
};
const FAILED_PRECONDITION = grpc.status.FAILED_PRECONDITION;
const ABORTED = grpc.status.ABORTED;

function loadApi() {
  const definition = protoLoader.loadSync(["cardroom/v1/match.proto"], LOADER);
  const api = grpc.loadPackageDefinition(definition).cardroom.v1;
  // The error details travel as a google.rpc.Status in the grpc-status-details-bin trailer.
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => path.join(PROTO, target);
  root.loadSync(["google/rpc/status.proto", "google/rpc/error_details.proto",
                 "cardroom/v1/common.proto"], { keepCase: true });
  return { api, root };
}

/** A seeded generator (mulberry32): the same moves on every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Session {
  constructor(addr, api, root) {
    this.stub = new api.MatchService(addr, grpc.credentials.createInsecure());
    this.root = root;
    this.calls = {};
  }

  unary(method, request, token) {
    this.calls[method] = (this.calls[method] || 0) + 1;
    const metadata = new grpc.Metadata();
    if (token) metadata.add("authorization", `Bearer ${token}`);
    return new Promise((resolve, reject) => {
      this.stub[method](request, metadata, { deadline: Date.now() + 10000 },
                        (error, reply) => (error ? reject(error) : resolve(reply)));
    });
  }

  watch(request, token) {
    this.calls.WatchMatch = (this.calls.WatchMatch || 0) + 1;
    const metadata = new grpc.Metadata();
    if (token) metadata.add("authorization", `Bearer ${token}`);
    return this.stub.WatchMatch(request, metadata);
  }

  /** The ErrorInfo reason and LegalActions of a failed call, from google.rpc.Status. */
  details(error) {
    const raw = error.metadata && error.metadata.get("grpc-status-details-bin")[0];
    if (!raw) throw new Error(`no rich status on ${error.code} ${error.details}`);
    const status = this.root.lookupType("google.rpc.Status").decode(raw);
    const found = { reason: null, legal: null };
    for (const any of status.details) {
      const name = any.type_url.split("/").pop();
      const message = this.root.lookupType(name).decode(any.value);
      if (name === "google.rpc.ErrorInfo" && message.domain === "cardroom") {
        found.reason = message.reason;
      }
      if (name === "cardroom.v1.LegalActions") found.legal = message.actions || [];
    }
    return found;
  }
}

/** A MatchEvent's typed detail: where it comes from ("livemix", "vivo", "mixmatch" or
 *  "service"), its kind (the event's type) and its fields. */
function detail(event) {
  const source = event.detail;
  check(source, `event ${event.seq} (${event.type}) has no typed detail`);
  const kind = event[source].kind;
  check(kind === event.type, `event ${event.seq}: typed ${kind}, type ${event.type}`);
  return { source, kind, body: event[source][kind] };
}

/** A correct Mix Match claim over one to three table cards with + and *, or null. */
function findClaim(cards, target) {
  const search = (text, total, left, depth) => {
    if (total === target) return text;
    if (depth === 3) return null;
    for (let i = 0; i < left.length; i += 1) {
      const rest = left.filter((_, j) => j !== i);
      for (const [op, next] of [["+", total + left[i]], ["*", total * left[i]]]) {
        const found = search(`(${text})${op}${left[i]}`, next, rest, depth + 1);
        if (found) return found;
      }
    }
    return null;
  };
  for (let i = 0; i < cards.length; i += 1) {
    const found = search(String(cards[i]), cards[i], cards.filter((_, j) => j !== i), 1);
    if (found) return found;
  }
  return null;
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Expect `promise` to fail with `code` and ErrorInfo `reason`; the decoded details. */
async function refused(session, promise, code, reason) {
  try {
    await promise;
  } catch (error) {
    const found = session.details(error);
    check(error.code === code && found.reason === reason,
          `expected ${reason}, got code ${error.code} ${found.reason}: ${error.details}`);
    return found;
  }
  throw new Error(`expected ${reason}, the call succeeded`);
}

/** What a frame says the seat holds and sees (the frame's typed seat view). */
function seatView(turn, game) {
  check(turn.seat_view === game, `a ${game} frame carries a ${turn.seat_view} view`);
  return turn[game];
}

/** Play one seat from its own stream until the stream's last frame; that frame. Every
 *  decision reads the frame at hand and nothing else; `log` keeps what each frame showed,
 *  for the check against the replay at the end. */
function playSeat(session, game, matchId, seat, token, shared, log) {
  const rng = random(1000 + seat);
  let last = null;
  let queue = Promise.resolve();
  const stream = session.watch({ match_id: matchId, cursor: 0, turns: true }, token);

  const submit = (action, version) => session.unary("SubmitMove", {
    match_id: matchId, action, expected_version: version,
    request_id: `${matchId}-${seat}-${version}-${action}`}, token);

  async function onTurn(turn) {
    check(turn._seat === "seat" && turn.seat === seat,
          `seat ${seat} got a frame for seat ${turn.seat}`);
    check(turn.may_act === turn.acting_seats.includes(seat),
          `may_act disagrees with acting_seats at version ${turn.version}`);
    const view = seatView(turn, game);
    check(view.seat === seat, `the frame's view is seat ${view.seat}'s`);
    log.push({ event_seq: Number(turn.event_seq), version: turn.version,
               hand: view.hand ? [...view.hand.values].sort() : null,
               round: view.round, target: view._target ? view.target : null,
               out: view.out ? view.out[seat] : null, scores: turn.scores });
    if (turn.status !== "MATCH_STATUS_ACTIVE") return;
    const acted = shared.acting.get(turn.version);
    check(acted === undefined || same(acted, turn.acting_seats),
          `two seats were told different acting seats at version ${turn.version}`);
    shared.acting.set(turn.version, turn.acting_seats);
    if (!turn.may_act) {
      check(turn.legal_moves.length === 0, "a seat that may not act was offered moves");
      await outOfTurn(turn);
      return;
    }
    if (game === "mixmatch") {
      await mixmatch(turn, view);
      return;
    }
    const hand = view.hand.values;
    check(turn.legal_moves.length > 0, `seat ${seat} may act with no legal move`);
    check(turn.legal_moves.every((move) => hand.includes(move)),
          `seat ${seat} was offered ${turn.legal_moves}, its hand is ${hand}`);
    check(same([...view.legal_actions].sort(), [...turn.legal_moves].sort()),
          "the frame's view and the frame list different legal cards");
    shared.checks.hand += 1;
    turn.legal_moves.forEach((move) => shared.offered.add(move));
    await illegal(turn);
    const move = turn.legal_moves[Math.floor(rng() * turn.legal_moves.length)];
    await submit(move, turn.version);
    shared.moves += 1;
  }

  // Mix Match from the frame alone: a pick or pass when it is this seat's to pick; a claim
  // found on the frame's table and own cards, tagged with the frame's round; else calling
  // time when the frame lists it (in a race at once, with an hourglass once it ran out).
  async function mixmatch(turn, view) {
    if (view.phase === "MIX_MATCH_PHASE_PICK") {
      const move = turn.legal_moves[Math.floor(rng() * turn.legal_moves.length)];
      await submit(move, turn.version);
      shared.moves += 1;
      shared.checks.picks += 1;
      return;
    }
    check(view.phase === "MIX_MATCH_PHASE_CLAIMS", `phase ${view.phase} with seats to act`);
    check(!view.out[seat], "a seat that is out was told it may act");
    const own = view.own.length ? view.own[seat].values : [];
    const expression = view._target ? findClaim([...view.table, ...own], view.target) : null;
    if (expression) {
      try {
        await session.unary("SubmitMove", {
          match_id: matchId, mixmatch: { claim: expression, round: view.round },
          request_id: `${matchId}-${seat}-claim-${turn.version}`}, token);
        shared.checks.claims += 1;
      } catch (error) {
        // Another seat's claim came first: this round is decided (or, its claim ending
        // the last round, the game is over).
        const { reason } = session.details(error);
        check(error.code === FAILED_PRECONDITION
              && ["ERROR_REASON_STALE_ROUND", "ERROR_REASON_GAME_OVER"].includes(reason),
              `a correct claim was refused: ${reason} ${error.details}`);
        shared.checks.stale_round += 1;
      }
      return;
    }
    if (!turn.legal_moves.includes("timeout")) return;  // the hourglass still runs
    try {
      await submit("timeout", turn.version);
      shared.moves += 1;
    } catch (error) {
      // Every seat still in may call time; the other seat's call came first.
      check([ABORTED, FAILED_PRECONDITION].includes(error.code),
            `calling time was refused: ${error.details}`);
    }
  }

  function onEvent(event) {
    const { kind, body } = detail(event);
    shared.kinds.add(kind);
    if (kind === "match_over") shared.ends.match_over = body.scores;
    if (kind === GAMES[game].end) shared.ends.game = body.scores;
    if (kind === "deal") check(event.to === seat, `seat ${seat} saw seat ${event.to}'s deal`);
  }

  // A card other seats were offered is well-formed but not ours: refused, and the
  // refusal's LegalActions must be exactly this frame's list.
  async function illegal(turn) {
    if (shared.checks.illegal_move >= 3) return;
    const other = [...shared.offered].find((m) => !turn.legal_moves.includes(m));
    if (!other) return;
    const found = await refused(session, submit(other, turn.version), FAILED_PRECONDITION,
                                "ERROR_REASON_ILLEGAL_MOVE");
    check(same(found.legal, turn.legal_moves),
          `LegalActions ${found.legal} differ from the turn frame's ${turn.legal_moves}`);
    shared.checks.illegal_move += 1;
  }

  // Moving while another seat is to play: not your turn, or (the match moved on since
  // this frame) a stale version; either way nothing is applied.
  async function outOfTurn(turn) {
    if (game === "mixmatch" || shared.checks.not_your_turn >= 3 || !shared.offered.size) {
      return;
    }
    const [card] = shared.offered;
    try {
      await submit(card, turn.version);
    } catch (error) {
      const { reason } = session.details(error);
      if (error.code === ABORTED && reason === "ERROR_REASON_STALE_VERSION") {
        shared.checks.stale_version += 1;
        return;
      }
      check(error.code === FAILED_PRECONDITION && reason === "ERROR_REASON_NOT_YOUR_TURN",
            `out of turn: code ${error.code} ${reason}: ${error.details}`);
      shared.checks.not_your_turn += 1;
      return;
    }
    throw new Error("a move out of turn was applied");
  }

  return new Promise((resolve, reject) => {
    stream.on("data", (item) => {
      if (item.frame === "event") {
        shared.events += 1;
        onEvent(item.event);
        return;
      }
      last = item.turn;
      shared.frames += 1;
      queue = queue.then(() => onTurn(item.turn)).catch((error) => {
        stream.cancel();
        reject(error);
      });
    });
    stream.on("error", reject);
    stream.on("end", () => queue.then(() => resolve(last), reject));
  });
}

/** A spectator's stream to its end: every frame has the public view (no seat, no hand). */
function spectate(session, game, matchId, shared) {
  const stream = session.watch({ match_id: matchId, cursor: 0, turns: true }, null);
  return new Promise((resolve, reject) => {
    stream.on("data", (item) => {
      if (item.frame !== "turn") return;
      const view = seatView(item.turn, game);
      if (item.turn._seat === "seat" || view._seat === "seat" || view.hand) {
        stream.cancel();
        reject(new Error("a spectator's frame named a seat or held a hand"));
      }
      shared.checks.spectator_frames += 1;
    });
    stream.on("error", reject);
    stream.on("end", resolve);
  });
}

/** Each logged frame against the replay's unredacted events up to that frame's event_seq:
 *  a seat's hand is its last deal less its plays since; a Mix Match round, its target and
 *  the seat's out flag are what the events had made them. */
function checkAgainstReplay(game, replay, seat, log) {
  const events = replay.events.map((event) => ({ seq: Number(event.seq), to: event.to,
                                                 hasTo: event._to === "to", ...detail(event) }));
  let checked = 0;
  for (const frame of log) {
    const past = events.filter((e) => e.seq <= frame.event_seq && e.source === game);
    if (game === "mixmatch") {
      const started = past.filter((e) => e.kind === "round_started");
      const round = started.length ? started[started.length - 1].body.round : 1;
      const rolled = past.filter((e) => e.kind === "dice_rolled" && e.body.round === round);
      const ended = past.some((e) => e.kind === "round_ended" && e.body.round === round);
      const out = past.some((e) => e.kind === "claim_rejected" && e.body.round === round
                            && e.body.seat === seat);
      const over = past.some((e) => e.kind === "game_over");
      if (!over) {
        check(frame.round === round, `frame at ${frame.event_seq}: round ${frame.round}, ` +
              `the events say ${round}`);
        if (!ended) {
          const target = rolled.length ? rolled[0].body.target : null;
          check(frame.target === target, `frame at ${frame.event_seq}: target ` +
                `${frame.target}, the events say ${target}`);
          check(frame.out === out, `frame at ${frame.event_seq}: out ${frame.out}`);
        }
        checked += 1;
      }
      continue;
    }
    const deals = past.filter((e) => e.kind === "deal" && e.hasTo && e.to === seat);
    if (!deals.length) continue;
    const dealt = deals[deals.length - 1];
    const played = past.filter((e) => e.kind === "play" && e.seq > dealt.seq
                               && e.body.seat === seat).map((e) => e.body.card);
    const hand = dealt.body.hand.filter((card) => !played.includes(card)).sort();
    const over = past.some((e) => e.kind === "game_end");
    if (!over) {
      check(same(frame.hand, hand), `seat ${seat} at ${frame.event_seq}: the frame's hand ` +
            `${frame.hand}, the replay's ${hand}`);
      checked += 1;
    }
  }
  return checked;
}

async function playGame(session, name, seed) {
  const spec = SCENARIOS[name];
  const game = spec.game;
  const created = await session.unary("CreateMatch", {
    game: GAMES[game].enum, players: spec.players, seed: String(seed),
    seats: Array.from({ length: spec.players }, () => ({ kind: "SEAT_KIND_HUMAN" })),
    [`${game}_options`]: spec.options });
  const matchId = created.match_id;
  const shared = { acting: new Map(), offered: new Set(), moves: 0, frames: 0, events: 0,
                   kinds: new Set(), ends: {},
                   checks: { illegal_move: 0, not_your_turn: 0, stale_version: 0,
                             wrong_phase: 0, claims: 0, stale_round: 0, hand: 0, picks: 0,
                             spectator_frames: 0, replay_frames: 0 } };
  // The match has started (no open seat): joining it and replaying it are the wrong phase.
  await refused(session, session.unary("JoinMatch", { match_id: matchId }), FAILED_PRECONDITION,
                "ERROR_REASON_WRONG_PHASE");
  await refused(session, session.unary("GetReplay", { match_id: matchId }), FAILED_PRECONDITION,
                "ERROR_REASON_WRONG_PHASE");
  shared.checks.wrong_phase += 2;
  const logs = created.tokens.map(() => []);
  const watching = spectate(session, game, matchId, shared);
  const finals = await Promise.all(created.tokens.map(
    ({ seat, token }) => playSeat(session, game, matchId, seat, token, shared, logs[seat])));
  await watching;
  for (const turn of finals) {
    check(turn && turn.status === "MATCH_STATUS_FINISHED" && turn.result,
          "a stream ended without the final turn frame");
    check(same(turn.result.scores, finals[0].result.scores), "seats disagree on the scores");
  }
  const scores = finals[0].result.scores.map(Number);  // int64: decimal strings
  check(same(shared.ends.match_over.map(Number), scores), "match_over's typed scores differ");
  const replay = await session.unary("GetReplay", { match_id: matchId });
  check(same(replay.scores.map(Number), scores), "the replay's scores differ");
  check(replay.typed_options === `${game}_options`, "the replay has no typed options");
  check(replay.start && replay.actions.every((a) => a.timestamp),
        "the replay's times are not Timestamps");
  check(replay.seed === String(seed), `the replay's seed ${replay.seed} is not ${seed}`);
  for (const { seat } of created.tokens) {
    shared.checks.replay_frames += checkAgainstReplay(game, replay, seat, logs[seat]);
  }
  const ended = replay.events.map(detail).filter(({ kind }) => kind === GAMES[game].end);
  check(ended.length === 1, `the replay has ${ended.length} ${GAMES[game].end} events`);
  return { scenario: name, game, players: spec.players, match_id: matchId, scores,
           winners: finals[0].result.winners, game_scores: ended[0].body.scores,
           moves: shared.moves, frames: shared.frames, events: shared.events,
           kinds: [...shared.kinds].sort(), checks: shared.checks };
}

/** A seed above 2^53 round-trips as a decimal string, and the replay's seed and salt give
 *  the commitment the match showed before it was played (SHA-256 of the salt's bytes and
 *  the seed's decimal text). */
async function commitment(session) {
  const seed = "3553788000622394687";
  check(String(Number(seed)) !== seed, "the seed must be one a double cannot hold");
  const created = await session.unary("CreateMatch", {
    game: "GAME_VIVO", players: 3, seed,
    seats: [{ kind: "SEAT_KIND_HUMAN" }, { kind: "SEAT_KIND_OPEN" }, { kind: "SEAT_KIND_OPEN" }] });
  const [{ token }] = created.tokens;
  const { match } = await session.unary("GetMatch", { match_id: created.match_id }, token);
  check(/^[0-9a-f]{64}$/.test(match.seed_commitment), "no commitment in the view");
  await session.unary("AbandonMatch", { match_id: created.match_id }, token);
  const replay = await session.unary("GetReplay", { match_id: created.match_id });
  check(replay.seed === seed, `the replay's seed ${replay.seed} is not ${seed}`);
  const digest = crypto.createHash("sha256").update(Buffer.from(replay.seed_salt, "hex"))
    .update(replay.seed).digest("hex");
  check(digest === match.seed_commitment && replay.seed_commitment === digest,
        "the seed and salt do not give the commitment");
  const wrong = crypto.createHash("sha256").update(Buffer.from(replay.seed_salt, "hex"))
    .update(String(Number(seed))).digest("hex");
  check(wrong !== digest, "a seed that lost digits would pass the check");
  return { scenario: "commitment", seed: replay.seed, commitment: digest, checked: true };
}

/** Follow the lobby stream, see a table opened by someone else, take both its open seats
 *  from what the lobby said (its id and open_seats), see it start, and play it out from
 *  the turn frames like any other match. */
async function lobby(session) {
  const stream = session.stub.WatchLobby({ game: "GAME_VIVO" }, new grpc.Metadata());
  const changes = [];
  const waitFor = (test) => new Promise((resolve, reject) => {
    const look = () => {
      const found = changes.find(test);
      if (found) { resolve(found); return true; }
      return false;
    };
    if (look()) return;
    const onData = () => { if (look()) stream.removeListener("data", onData); };
    stream.on("data", onData);
    stream.on("error", reject);
  });
  stream.on("data", (change) => changes.push(change));
  stream.on("error", () => {});
  await waitFor((c) => c.kind === "LOBBY_CHANGE_KIND_CURRENT");
  // The host: one human seat, two open; no seed, so the table is public.
  const created = await session.unary("CreateMatch", {
    game: "GAME_VIVO", players: 3,
    seats: [{ kind: "SEAT_KIND_HUMAN" }, { kind: "SEAT_KIND_OPEN" }, { kind: "SEAT_KIND_OPEN" }] });
  const opened = await waitFor((c) => c.kind === "LOBBY_CHANGE_KIND_OPENED"
                                && c.match_id === created.match_id);
  check(same(opened.match.open_seats, [1, 2]), `the lobby lists seats ${opened.match.open_seats}`);
  check(opened.match.dealt_by === "DEALT_BY_SERVER", "a public table dealt by its creator");
  const tokens = [{ seat: 0, token: created.tokens[0].token }];
  for (const seat of opened.match.open_seats) {
    const joined = await session.unary("JoinMatch", { match_id: opened.match_id, seat,
                                                      name: `node ${seat}` });
    tokens.push({ seat: joined.seat, token: joined.token });
  }
  await waitFor((c) => c.kind === "LOBBY_CHANGE_KIND_STARTED" && c.match_id === created.match_id);
  stream.cancel();
  const shared = { acting: new Map(), offered: new Set(), moves: 0, frames: 0, events: 0,
                   kinds: new Set(), ends: {},
                   checks: { illegal_move: 0, not_your_turn: 0, stale_version: 0,
                             wrong_phase: 0, claims: 0, stale_round: 0, hand: 0, picks: 0,
                             spectator_frames: 0, replay_frames: 0 } };
  const finals = await Promise.all(tokens.map(({ seat, token }) =>
    playSeat(session, "vivo", created.match_id, seat, token, shared, [])));
  check(finals.every((t) => t.status === "MATCH_STATUS_FINISHED"), "the joined match did not end");
  return { scenario: "lobby", match_id: created.match_id, moves: shared.moves,
           kinds: [...new Set(changes.map((c) => c.kind))].sort(),
           scores: finals[0].result.scores.map(Number) };
}

async function main() {
  const [addr, ...names] = process.argv.slice(2);
  if (!addr) throw new Error("usage: node client.js HOST:PORT [scenario|commitment]...");
  const { api, root } = loadApi();
  const session = new Session(addr, api, root);
  for (const name of names.length ? names : Object.keys(SCENARIOS)) {
    check(["commitment", "lobby"].includes(name) || name in SCENARIOS,
          `unknown scenario ${name}`);
    const before = { ...session.calls };
    const played = name === "commitment" ? await commitment(session)
      : name === "lobby" ? await lobby(session)
        : await playGame(session, name, "3553788000622394687");
    played.calls = {};
    for (const [method, count] of Object.entries(session.calls)) {
      played.calls[method] = count - (before[method] || 0);
    }
    process.stdout.write(`${JSON.stringify(played)}\n`);
  }
  session.stub.close();
}

main().catch((error) => {
  process.stderr.write(`${error.stack || error}\n`);
  process.exit(1);
});
