// The lobby: the public matches (ListMatches), joining an open seat, creating a table.
import { Game, } from "./gen/cardroom/v1/common_pb";
import { ClockExpiry, MatchStatus, SeatKind, type CreateMatchRequest, type MatchSummary } from "./gen/cardroom/v1/match_pb";
import { create } from "@bufbuild/protobuf";
import { durationFromMs } from "@bufbuild/protobuf/wkt";
import { CreateMatchRequestSchema, MoveClockSchema, SeatSpecSchema } from "./gen/cardroom/v1/match_pb";
import { MixMatchOptionsSchema } from "./gen/cardroom/v1/mixmatch_pb";
import { bots, match, reasonOf, useCredential } from "./api";
import { clear, h, say } from "./dom";
import { saveSeat } from "./store";

const GAMES: [Game, string, number, number][] = [
  [Game.LIVEMIX, "Livemix", 3, 4], [Game.VIVO, "VIVO", 3, 3], [Game.MIXMATCH, "Mix Match", 2, 2],
];

export class Lobby {
  private timer = 0;
  private list = h("div", { "data-testid": "lobby" });

  constructor(private root: HTMLElement) {}

  private abort = new AbortController();
  private live = new Map<string, MatchSummary>();

  async start(): Promise<void> {
    clear(this.root);
    this.root.append(h("h2", {}, "Lobby"), this.list, await this.form());
    await this.load();
    await this.watch();
  }

  stop(): void {
    window.clearInterval(this.timer);
    this.abort.abort();
  }

  /** The lobby live from WatchLobby: each item is a match as listed after its change, or
   * its going; should the stream fail, the list is polled instead. */
  private async watch(): Promise<void> {
    void (async () => {
      try {
        for await (const change of match.watchLobby({}, { signal: this.abort.signal })) {
          if (change.match) this.live.set(change.matchId, change.match);
          else if (change.matchId) this.live.delete(change.matchId);
          this.show([...this.live.values()].filter((m) => m.status < MatchStatus.FINISHED));
        }
      } catch (error) {
        if (this.abort.signal.aborted) return;
        say(`Live lobby updates stopped (${reasonOf(error)}); the list is read every 2 s instead.`);
        this.timer = window.setInterval(() => void this.load(), 2000);
      }
    })();
  }

  private async load(): Promise<void> {
    try {
      const reply = await match.listMatches({ pageSize: 50 });
      this.show(reply.matches);
    } catch (error) {
      say(reasonOf(error), "error");
    }
  }

  private show(matches: MatchSummary[]): void {
    clear(this.list);
    if (!matches.length) {
      this.list.append(h("p", {}, "No public table yet: create one below."));
      return;
    }
    this.list.append(h("table", {},
      h("thead", {}, h("tr", {}, ...["Match", "Game", "Status", "Seats", ""].map((t) => h("th", {}, t)))),
      h("tbody", {}, ...matches.map((m) => h("tr", { "data-match": m.matchId },
        h("td", {}, m.matchId), h("td", {}, Game[m.game].toLowerCase()),
        h("td", {}, MatchStatus[m.status].toLowerCase()),
        h("td", {}, m.seats.map((s, i) => `${i}: ${SeatKind[s.kind].toLowerCase()}${s.name ? ` ${s.name}` : ""}`).join("; ")),
        h("td", {},
          m.openSeats.length ? h("button", { onclick: () => void join(m.matchId) }, `Join seat ${m.openSeats[0]}`) : null, " ",
          h("a", { href: `#/match/${m.matchId}` }, "Watch"), " ",
          m.status >= MatchStatus.FINISHED ? h("a", { href: `#/replay/${m.matchId}` }, "Replay") : null))))));
  }

  private async form(): Promise<HTMLElement> {
    let policies: string[] = ["random"];
    try {
      const reply = await bots.listPolicies({});
      policies = reply.policies.map((p) => p.name);
    } catch (error) {
      say(`bot policies: ${reasonOf(error)}`, "error");
    }
    const game = h("select", { id: "game", name: "game" },
      ...GAMES.map(([g, name]) => h("option", { value: String(g) }, name)));
    const players = h("input", { id: "players", type: "number", min: 2, max: 6, value: 3 });
    const seats = h("fieldset", { id: "seats" }, h("legend", {}, "Seats"));
    const clock = h("input", { id: "clock", type: "number", min: 0, step: "any", value: 0 });
    const hourglass = h("input", { id: "hourglass", type: "number", min: 0, step: "any", value: 30 });
    const priv = h("input", { id: "private", type: "checkbox" });
    const drawSeats = () => {
      const n = Number(players.value);
      while (seats.children.length - 1 > n) seats.lastElementChild?.remove();
      for (let i = seats.children.length - 1; i < n; i++) {
        const kind = h("select", { id: `seat-${i}-kind`, "aria-label": `seat ${i}` },
          h("option", { value: "human" }, "me"), h("option", { value: "open" }, "open (join by link)"),
          h("option", { value: "bot", selected: i > 0 }, "bot"));
        const policy = h("select", { id: `seat-${i}-policy`, "aria-label": `seat ${i} bot policy` },
          ...policies.map((p) => h("option", { value: p }, p)));
        const strength = h("input", { id: `seat-${i}-strength`, type: "number", min: 0, value: 0,
          "aria-label": `seat ${i} bot strength` });
        seats.append(h("div", { class: "seat-spec" }, h("label", { for: `seat-${i}-kind` }, `Seat ${i}: `),
          kind, " policy ", policy, " strength ", strength));
      }
    };
    const fitGame = () => {
      const spec = GAMES.find(([g]) => String(g) === game.value)!;
      players.min = String(spec[2]);
      players.max = String(spec[3]);
      players.value = String(spec[3]);
      drawSeats();
    };
    game.addEventListener("change", fitGame);
    players.addEventListener("change", drawSeats);
    fitGame();
    const submit = async (e: Event) => {
      e.preventDefault();
      const request = create(CreateMatchRequestSchema, { game: Number(game.value), players: Number(players.value),
        private: priv.checked });
      for (let i = 0; i < Number(players.value); i++) {
        const kind = (document.getElementById(`seat-${i}-kind`) as HTMLSelectElement).value;
        request.seats.push(create(SeatSpecSchema, {
          kind: kind === "human" ? SeatKind.HUMAN : kind === "open" ? SeatKind.OPEN : SeatKind.BOT,
          name: kind === "bot" ? "" : `player ${i}`,
          policy: kind === "bot" ? (document.getElementById(`seat-${i}-policy`) as HTMLSelectElement).value : "",
          strength: kind === "bot" ? Number((document.getElementById(`seat-${i}-strength`) as HTMLInputElement).value) : 0,
        }));
      }
      if (Number(clock.value) > 0) {
        request.clock = create(MoveClockSchema, { seconds: Number(clock.value), onExpiry: ClockExpiry.BOT });
      }
      if (Number(game.value) === Game.MIXMATCH) setHourglass(request, Number(hourglass.value));
      try {
        const created = await match.createMatch(request);
        const mine = created.tokens[0];
        if (mine) saveSeat(created.matchId, { seat: mine.seat, token: mine.token });
        say(`Created ${created.matchId}.`);
        location.hash = `#/match/${created.matchId}`;
      } catch (error) {
        say(reasonOf(error), "error");
      }
    };
    return h("form", { class: "create", "data-testid": "create", onsubmit: submit },
      h("h2", {}, "New table"),
      h("p", {}, h("label", { for: "game" }, "Game: "), game, " ", h("label", { for: "players" }, "Players: "), players),
      seats,
      h("p", {}, h("label", { for: "clock" }, "Move clock (seconds, 0: none): "), clock),
      h("p", {}, h("label", { for: "hourglass" }, "Mix Match hourglass (seconds, 0: none): "), hourglass),
      h("p", {}, priv, h("label", { for: "private" }, " Private (kept out of the lobby)")),
      h("button", { type: "submit" }, "Create table"));
  }
}

function setHourglass(request: CreateMatchRequest, seconds: number): void {
  request.typedOptions = { case: "mixmatchOptions",
    value: create(MixMatchOptionsSchema, { hourglass: durationFromMs(seconds * 1000) }) };
}

/** Claim an open seat of `matchId`, keep its credential, and open its table. */
export async function join(matchId: string, seat?: number): Promise<void> {
  try {
    useCredential(null);
    const joined = await match.joinMatch({ matchId, seat, name: "guest" });
    saveSeat(matchId, { seat: joined.seat, token: joined.token });
    say(`Joined seat ${joined.seat}.`);
    location.hash = `#/match/${matchId}`;
  } catch (error) {
    say(reasonOf(error), "error");
  }
}
