// A Cardroom client as another team would write it: Node.js, @grpc/grpc-js, the .proto
// files of proto/ loaded at run time, nothing generated and nothing from the Python side.
//
//   node tests/system/node/client.js 127.0.0.1:50051 vivo livemix mixmatch
//
// For each game it creates a match with every seat human, then plays every seat from that
// seat's own WatchMatch stream (turn frames on) and SubmitMove alone: no GetMatch (in Mix
// Match each seat claims as soon as the table it read from the events allows). Along
// the way it checks the turn frames against what the service says when a move is refused
// (google.rpc.Status details decoded with proto/google/rpc), and it prints one JSON line
// per game: final scores from the last turn frame, the typed events and the replay, call
// counts and checks. Options, events, the seat's hand and the replay are read from the
// typed messages (cardroom/v1/livemix.proto, vivo.proto, mixmatch.proto) only: no
// google.protobuf.Struct is decoded.
"use strict";

const path = require("path");
const grpc = require("@grpc/grpc-js");
const protoLoader = require("@grpc/proto-loader");
const protobuf = require("protobufjs");

const PROTO = path.resolve(__dirname, "..", "..", "..", "proto");
const LOADER = { keepCase: true, longs: Number, enums: String, defaults: true, oneofs: true,
                 includeDirs: [PROTO] };
const GAMES = {
  vivo: { enum: "GAME_VIVO", players: 3, options: { vivo_options: {} }, end: "game_end" },
  livemix: { enum: "GAME_LIVEMIX", players: 4, options: { livemix_options: {} },
             end: "game_end" },
  // Hourglass 0: time may be called at once, so the seats play it turn by turn.
  mixmatch: { enum: "GAME_MIXMATCH", players: 2,
              options: { mixmatch_options: { hourglass: { seconds: 0, nanos: 0 } } },
              end: "game_over" },
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
    metadata.add("authorization", `Bearer ${token}`);
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

/** Play one seat from its own stream until the stream's last frame; that frame. */
function playSeat(session, game, matchId, seat, token, shared) {
  const rng = random(1000 + seat);
  const table = { round: 0, cards: [], target: 0, tried: "" };  // Mix Match, from events
  let hand = null;  // Livemix and VIVO: this seat's cards, from its typed deal and plays
  let last = null;
  let queue = Promise.resolve();
  const stream = session.watch({ match_id: matchId, cursor: 0, turns: true }, token);

  const submit = (action, version) => session.unary("SubmitMove", {
    match_id: matchId, action, expected_version: version,
    request_id: `${matchId}-${seat}-${version}-${action}`}, token);

  async function onTurn(turn) {
    check(turn.seat === seat, `seat ${seat} got a frame for seat ${turn.seat}`);
    check(turn.may_act === turn.acting_seats.includes(seat),
          `may_act disagrees with acting_seats at version ${turn.version}`);
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
    check(turn.legal_moves.length > 0 || game === "mixmatch",
          `seat ${seat} may act with no legal move`);
    if (hand !== null) {
      check(turn.legal_moves.every((move) => hand.includes(move)),
            `seat ${seat} was offered ${turn.legal_moves}, its hand is ${hand}`);
      shared.checks.hand += 1;
    }
    turn.legal_moves.forEach((move) => shared.offered.add(move));
    if (await claim(turn)) return;
    if (turn.legal_moves.length === 0) return;  // Mix Match: wait for the hourglass
    await illegal(turn);
    const move = turn.legal_moves[Math.floor(rng() * turn.legal_moves.length)];
    try {
      await submit(move, turn.version);
      shared.moves += 1;
    } catch (error) {
      // Mix Match: every seat still in may call time; the other seat's call came first.
      check(game === "mixmatch" && [ABORTED, FAILED_PRECONDITION].includes(error.code),
            `a listed move was refused: ${error.details}`);
    }
  }

  // Mix Match: claim when the table reaches the target (both seats may find the same
  // claim: the later one is refused as a stale round); true when a claim was sent.
  async function claim(turn) {
    if (game !== "mixmatch" || turn.legal_moves.some((m) => m.startsWith("pick"))) return false;
    const key = `${table.round}:${table.cards.join(",")}`;
    const expression = table.target ? findClaim(table.cards, table.target) : null;
    if (!expression || table.tried === key) return false;
    table.tried = key;
    try {
      await session.unary("SubmitMove", {
        match_id: matchId, mixmatch: { claim: expression, round: table.round },
        request_id: `${matchId}-${seat}-claim-${key}`}, token);
      shared.checks.claims += 1;
    } catch (error) {
      const { reason } = session.details(error);
      check(error.code === FAILED_PRECONDITION && reason === "ERROR_REASON_STALE_ROUND",
            `a correct claim was refused: ${reason} ${error.details}`);
      shared.checks.stale_round += 1;
    }
    return true;
  }

  function onEvent(event) {
    const { source, kind, body } = detail(event);
    shared.kinds.add(kind);
    if (kind === "match_over") shared.ends.match_over = body.scores;
    if (kind === GAMES[game].end) shared.ends.game = body.scores;
    if (source === "mixmatch") {
      if (body.table && body.table.length) table.cards = body.table;
      if (body.round) table.round = body.round;
      if (kind === "round_started") table.target = 0;
      if (kind === "dice_rolled") table.target = body.target;
    }
    if (kind === "deal") {
      check(event.to === seat, `seat ${seat} saw the deal of seat ${event.to}`);
      hand = [...body.hand];
    }
    if (kind === "play" && body.seat === seat && hand !== null) {
      check(hand.includes(body.card), `seat ${seat} played ${body.card}, not in its hand`);
      hand = hand.filter((card) => card !== body.card);
    }
  }

  // A card other seats were offered is well-formed but not ours: refused, and the
  // refusal's LegalActions must be exactly this frame's list.
  async function illegal(turn) {
    if (game === "mixmatch" || shared.checks.illegal_move >= 3) return;
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

async function playGame(session, game, seed) {
  const spec = GAMES[game];
  const created = await session.unary("CreateMatch", {
    game: spec.enum, players: spec.players, seed,
    seats: Array.from({ length: spec.players }, () => ({ kind: "SEAT_KIND_HUMAN" })),
    ...spec.options });
  const matchId = created.match_id;
  const shared = { acting: new Map(), offered: new Set(), moves: 0, frames: 0, events: 0,
                   kinds: new Set(), ends: {},
                   checks: { illegal_move: 0, not_your_turn: 0, stale_version: 0,
                             wrong_phase: 0, claims: 0, stale_round: 0, hand: 0 } };
  // The match has started (no open seat): joining it and replaying it are the wrong phase.
  await refused(session, session.unary("JoinMatch", { match_id: matchId }), FAILED_PRECONDITION,
                "ERROR_REASON_WRONG_PHASE");
  await refused(session, session.unary("GetReplay", { match_id: matchId }), FAILED_PRECONDITION,
                "ERROR_REASON_WRONG_PHASE");
  shared.checks.wrong_phase += 2;
  const finals = await Promise.all(created.tokens.map(
    ({ seat, token }) => playSeat(session, game, matchId, seat, token, shared)));
  for (const turn of finals) {
    check(turn && turn.status === "MATCH_STATUS_FINISHED" && turn.result,
          "a stream ended without the final turn frame");
    check(same(turn.result.scores, finals[0].result.scores), "seats disagree on the scores");
  }
  const scores = finals[0].result.scores;
  check(same(shared.ends.match_over, scores), "match_over's typed scores differ");
  const replay = await session.unary("GetReplay", { match_id: matchId });
  check(same(replay.scores, scores), "the replay's scores differ");
  check(replay.typed_options === `${game}_options`, "the replay has no typed options");
  check(replay.start && replay.actions.every((a) => a.timestamp),
        "the replay's times are not Timestamps");
  const ended = replay.events.map(detail).filter(({ kind }) => kind === spec.end);
  check(ended.length === 1, `the replay has ${ended.length} ${spec.end} events`);
  return { game, match_id: matchId, scores, winners: finals[0].result.winners,
           game_scores: ended[0].body.scores, moves: shared.moves, frames: shared.frames,
           events: shared.events, kinds: [...shared.kinds].sort(), checks: shared.checks };
}

async function main() {
  const [addr, ...games] = process.argv.slice(2);
  if (!addr) throw new Error("usage: node client.js HOST:PORT [vivo|livemix|mixmatch]...");
  const { api, root } = loadApi();
  const session = new Session(addr, api, root);
  for (const game of games.length ? games : Object.keys(GAMES)) {
    check(game in GAMES, `unknown game ${game}`);
    const before = { ...session.calls };
    const played = await playGame(session, game, 7);
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
