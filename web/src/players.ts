// The player pages: quick play (matchmaking), my matches and the leaderboard, on a guest
// player this browser keeps (PlayerService.CreateGuest once; its credential acts for every
// seat the player holds, so a matched or listed match opens with it).
import { Game } from "./gen/cardroom/v1/common_pb";
import { MatchStatus } from "./gen/cardroom/v1/match_pb";
import { TicketState } from "./gen/cardroom/v1/matchmaker_pb";
import { matchmaker, players, reasonOf, useCredential } from "./api";
import { clear, h, say } from "./dom";
import { saveSeat } from "./store";

const PLAYER_KEY = "cardroom.player";
// The games a ticket may name, with their table sizes and the policy that fills a table.
const GAMES: [Game, string, number[], string][] = [
  [Game.VIVO, "VIVO", [3, 4], "heuristic"], [Game.LIVEMIX, "Livemix", [3, 4], "heuristic"],
  [Game.MIXMATCH, "Mix Match", [2, 3, 4], "solver"],
];

export interface Guest { playerId: string; credential: string; name: string }

/** The guest this browser kept, if any (no call made). */
export function keptGuest(): Guest | null {
  try {
    const kept = JSON.parse(localStorage.getItem(PLAYER_KEY) ?? "null") as Guest | null;
    return kept && kept.credential ? kept : null;
  } catch {
    return null;
  }
}

/** This browser's guest player, made on first use; its credential is used from now on. */
export async function guest(): Promise<Guest> {
  let kept = keptGuest();
  if (!kept) {
    useCredential(null);
    const made = await players.createGuest({ displayName: "guest" });
    kept = { playerId: made.player?.playerId ?? "", credential: made.credential,
             name: made.player?.displayName ?? "guest" };
    localStorage.setItem(PLAYER_KEY, JSON.stringify(kept));
  }
  useCredential(kept.credential);
  return kept;
}

function gameSelect(id: string, chosen?: Game): HTMLSelectElement {
  return h("select", { id, name: id },
    ...GAMES.map(([g, name]) => h("option", { value: String(g), selected: g === chosen }, name)));
}

/** #/quick: a ticket for a table of players near the guest's rating, bots after a wait. */
export class Quick {
  private abort = new AbortController();
  private ticket = h("div", { "data-testid": "ticket" });

  constructor(private root: HTMLElement) {}

  async start(): Promise<void> {
    clear(this.root);
    const game = gameSelect("quick-game");
    const size = h("select", { id: "quick-players" });
    const fit = () => {
      const [, , sizes] = GAMES.find(([g]) => String(g) === game.value)!;
      clear(size);
      size.append(...sizes.map((n) => h("option", { value: String(n) }, String(n))));
    };
    game.addEventListener("change", fit);
    fit();
    const botAfter = h("input", { id: "quick-bots", type: "number", min: 0, step: "any", value: 20 });
    const submit = (e: Event) => {
      e.preventDefault();
      void this.queue(Number(game.value), Number(size.value), Number(botAfter.value));
    };
    this.root.append(h("h2", {}, "Quick play"),
      h("form", { "data-testid": "quick", onsubmit: submit },
        h("p", {}, h("label", { for: "quick-game" }, "Game: "), game, " ",
          h("label", { for: "quick-players" }, "Players: "), size),
        h("p", {}, h("label", { for: "quick-bots" }, "Fill with bots after (seconds, 0: never): "), botAfter),
        h("button", { type: "submit" }, "Find a table")),
      this.ticket);
  }

  stop(): void {
    this.abort.abort();
  }

  private async queue(game: Game, size: number, botAfter: number): Promise<void> {
    try {
      const me = await guest();
      const policy = GAMES.find(([g]) => g === game)![3];
      const made = await matchmaker.createTicket({ game, minPlayers: size, maxPlayers: size,
        botFill: botAfter > 0 ? { afterSeconds: botAfter, policy } : undefined });
      const ticketId = made.ticket?.ticketId ?? "";
      clear(this.ticket);
      this.ticket.append(h("p", {}, `Waiting for players (ticket ${ticketId})…`),
        h("button", { onclick: () => void matchmaker.cancelTicket({ ticketId }).catch((error) =>
          say(reasonOf(error), "error")) }, "Cancel"));
      for await (const item of matchmaker.watchTicket({ ticketId }, { signal: this.abort.signal })) {
        const ticket = item.ticket;
        if (!ticket) continue;
        if (ticket.state === TicketState.MATCHED) {
          saveSeat(ticket.matchId, { seat: ticket.seat, token: me.credential });
          say(`Matched: seat ${ticket.seat} of ${ticket.matchId}.`);
          location.hash = `#/match/${ticket.matchId}`;
          return;
        }
        if (ticket.state === TicketState.CANCELLED || ticket.state === TicketState.EXPIRED) {
          clear(this.ticket);
          say(`The ticket was ${TicketState[ticket.state].toLowerCase()}.`);
          return;
        }
      }
    } catch (error) {
      if (!this.abort.signal.aborted) say(reasonOf(error), "error");
    }
  }
}

/** #/mine: the guest's matches, newest first, each opened with the guest's credential. */
export class Mine {
  constructor(private root: HTMLElement) {}

  async start(): Promise<void> {
    clear(this.root);
    this.root.append(h("h2", {}, "My matches"));
    if (!keptGuest()) {
      this.root.append(h("p", { "data-testid": "mine" }, "No matches yet: ",
        h("a", { href: "#/quick" }, "quick play"), " starts one."));
      return;
    }
    try {
      const me = await guest();
      const reply = await players.listMyMatches({ pageSize: 50 });
      const rows = reply.matches.map(({ match, seat }) => {
        const id = match?.matchId ?? "";
        const over = (match?.status ?? 0) >= MatchStatus.FINISHED;
        if (!over) saveSeat(id, { seat, token: me.credential });
        return h("tr", { "data-match": id }, h("td", {}, id),
          h("td", {}, Game[match?.game ?? 0].toLowerCase()),
          h("td", {}, MatchStatus[match?.status ?? 0].toLowerCase()), h("td", {}, `seat ${seat}`),
          h("td", {}, over ? h("a", { href: `#/replay/${id}` }, "Replay")
            : h("a", { href: `#/match/${id}` }, "Play")));
      });
      this.root.append(rows.length
        ? h("table", { "data-testid": "mine" },
            h("thead", {}, h("tr", {}, ...["Match", "Game", "Status", "Seat", ""].map((t) => h("th", {}, t)))),
            h("tbody", {}, ...rows))
        : h("p", { "data-testid": "mine" }, "No matches yet."));
    } catch (error) {
      say(reasonOf(error), "error");
    }
  }

  stop(): void {}
}

/** #/leaderboard/GAME: the game's rated players, best first (the guest's row marked). */
export class Leaderboard {
  constructor(private root: HTMLElement, private game: Game) {}

  async start(): Promise<void> {
    clear(this.root);
    const choice = gameSelect("board-game", this.game);
    choice.addEventListener("change", () => { location.hash = `#/leaderboard/${choice.value}`; });
    this.root.append(h("h2", {}, "Leaderboard"), h("p", {}, h("label", { for: "board-game" }, "Game: "), choice));
    try {
      useCredential(keptGuest()?.credential ?? null);
      const reply = await players.getLeaderboard({ game: this.game, pageSize: 20 });
      const me = keptGuest()?.playerId;
      this.root.append(reply.entries.length
        ? h("table", { "data-testid": "leaderboard" },
            h("thead", {}, h("tr", {}, ...["Rank", "Player", "Rating", "Matches"].map((t) => h("th", {}, t)))),
            h("tbody", {}, ...reply.entries.map((e) => h("tr", { "data-player": e.playerId,
                class: e.playerId === me ? "me" : undefined },
              h("td", {}, String(e.rank)), h("td", {}, e.displayName + (e.playerId === me ? " (you)" : "")),
              h("td", {}, (e.rating?.ordinal ?? 0).toFixed(1)), h("td", {}, String(e.rating?.matches ?? 0))))))
        : h("p", { "data-testid": "leaderboard" }, "No rated player yet."),
        h("p", {}, `${reply.total} rated players.`));
    } catch (error) {
      say(reasonOf(error), "error");
    }
  }

  stop(): void {}
}
