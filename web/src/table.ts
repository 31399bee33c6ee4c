// One match's page: the caller's view (GetMatch), kept current by WatchMatch's turn frames,
// moves sent with SubmitMove, Mix Match claims checked by the solver's Verify first.
import { create, toJson } from "@bufbuild/protobuf";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import {
  DeadlineKind, EndReason, MatchEventSchema, MatchStatus, MatchViewSchema, MixMatchMoveSchema,
  SubmitMoveRequestSchema, type MatchEvent, type MatchView, type SubmitMoveRequest, type TurnFrame,
} from "./gen/cardroom/v1/match_pb";
import { match, reasonOf, solver, useCredential } from "./api";
import { clear, h, say } from "./dom";
import * as games from "./games";
import { loadSeat } from "./store";

const LOG_LINES = 30;

/** Stream failures that say nothing of the request: the connection or the replica went
 * away (a stream is resumed from its cursor after them). */
const RETRIED = new Set<Code>([Code.Unavailable, Code.DeadlineExceeded, Code.Unknown, Code.Aborted]);

export class Table {
  private view: MatchView | null = null;
  private events: MatchEvent[] = [];
  private cursor = 0n;
  private stopped = false;
  private abort = new AbortController();
  private timer = 0;
  private busy = false;
  private lastRoundTrip: number | null = null;

  constructor(private root: HTMLElement, private matchId: string) {
    const seat = loadSeat(matchId);
    useCredential(seat?.token ?? null);
  }

  async start(): Promise<void> {
    await this.refresh();
    void this.follow();
    this.timer = window.setInterval(() => this.tick(), 100);
    document.addEventListener("keydown", this.onKey);
  }

  stop(): void {
    this.stopped = true;
    this.abort.abort();
    window.clearInterval(this.timer);
    document.removeEventListener("keydown", this.onKey);
  }

  private async refresh(): Promise<void> {
    try {
      const reply = await match.getMatch({ matchId: this.matchId });
      if (reply.match && (!this.view || reply.match.version >= this.view.version)) {
        this.view = reply.match;
        this.render();
      }
    } catch (error) {
      say(reasonOf(error), "error");
    }
  }

  /** WatchMatch with turn frames; resumes from the last event seen when the stream ends or
   * the connection fails. A refusal (an unknown match, a credential not allowed, a limit)
   * is shown and not retried, except a limit, retried slowly while it is shown. */
  private async follow(): Promise<void> {
    let pause = 300;
    while (!this.stopped) {
      try {
        const stream = match.watchMatch({ matchId: this.matchId, cursor: this.cursor, turns: true },
          { signal: this.abort.signal });
        for await (const item of stream) {
          pause = 300;
          if (item.frame.case === "event") {
            this.events.push(item.frame.value);
            this.cursor = item.frame.value.seq;
          } else if (item.frame.case === "turn") {
            const frame = item.frame.value;
            // A frame carrying the watcher's whole view is drawn as it is; one without it
            // (or the last one, whose summary needs every round) is read with GetMatch.
            if (!frame.result && this.fromFrame(frame)) this.render();
            else await this.refresh();
            if (frame.result) return;
          }
        }
        if (this.view && this.view.status >= MatchStatus.FINISHED) return;
      } catch (error) {
        if (this.stopped || (error instanceof ConnectError && error.code === Code.Canceled)) return;
        const code = error instanceof ConnectError ? error.code : Code.Unknown;
        if (code === Code.ResourceExhausted) {
          say(`Live updates are refused for now: ${reasonOf(error)}; trying again.`, "error");
          pause = 5000;
        } else if (!RETRIED.has(code)) {
          say(`Live updates stopped: ${reasonOf(error)}`, "error");
          return;
        } else {
          pause = Math.min(pause * 2, 5000);
        }
      }
      await new Promise((r) => setTimeout(r, pause));
    }
  }

  /** The view a turn frame gives: the seat's whole view it carries, with who acts, the
   * legal moves, the deadline and the scores; false when it carries none. */
  private fromFrame(frame: TurnFrame): boolean {
    const seatView = frame.seatView;
    if (!this.view || !seatView.case || frame.version < this.view.version) return false;
    this.view = create(MatchViewSchema, {
      ...this.view, version: frame.version, eventSeq: frame.eventSeq, status: frame.status,
      mayAct: frame.mayAct, legalMoves: frame.legalMoves, deadline: frame.deadline,
      deadlineKind: frame.deadlineKind, scores: frame.scores, seatView,
      actingSeats: frame.actingSeats,
    });
    return true;
  }

  private onKey = (e: KeyboardEvent): void => {
    if (!this.view || (e.target instanceof HTMLInputElement)) return;
    const n = Number(e.key);
    if (n >= 1 && n <= 9) {
      const buttons = this.root.querySelectorAll<HTMLButtonElement>("[data-testid=hand] button");
      buttons[n - 1]?.click();
    }
  };

  /** Send one move (canonical text; "claim EXPR" for a Mix Match claim). */
  play = async (action: string): Promise<void> => {
    const view = this.view;
    if (!view || this.busy) return;
    const request = create(SubmitMoveRequestSchema, {
      matchId: this.matchId, expectedVersion: view.version,
      requestId: crypto.randomUUID(),
    });
    if (action.startsWith("claim ")) {
      const expression = action.slice(6).trim();
      if (!(await this.checkClaim(view, expression))) return;
      const round = view.seatView.case === "mixmatch" ? view.seatView.value.round : 0;
      request.move = { case: "mixmatch",
        value: create(MixMatchMoveSchema, { action: { case: "claim", value: expression }, round }) };
    } else {
      request.move = { case: "action", value: action };
    }
    await this.submit(request);
  };

  private async submit(request: SubmitMoveRequest): Promise<void> {
    this.busy = true;
    const started = performance.now();
    document.body.dataset.submittedAt = String(performance.timeOrigin + started);
    try {
      const reply = await match.submitMove(request);
      this.lastRoundTrip = performance.now() - started;
      document.body.dataset.lastRoundTrip = this.lastRoundTrip.toFixed(1);
      say(`Move accepted (version ${reply.version}).`);
      await this.refresh();
    } catch (error) {
      say(reasonOf(error), "error");
      const refusal = this.root.querySelector("[data-testid=refusal]");
      if (refusal) refusal.textContent = reasonOf(error);
    } finally {
      this.busy = false;
    }
  }

  /** The claim's grammar and arithmetic, as the solver reads them (the same parser the
   * match service uses): a claim that does not parse is refused here, with its reason. */
  private async checkClaim(view: MatchView, expression: string): Promise<boolean> {
    if (view.seatView.case !== "mixmatch") return false;
    const seat = view.seatView.value;
    const own = view.seat !== undefined ? seat.own[view.seat]?.values ?? [] : [];
    try {
      const verdict = await solver.verify({
        expression, cards: [...seat.table, ...own], target: seat.target ?? 1, rules: seat.rules,
      });
      if (!verdict.canonicalExpression) return this.notAClaim(verdict.reason);
      return true;
    } catch (error) {
      // The solver refuses an expression that does not parse as a bad argument.
      if (error instanceof ConnectError && error.code === Code.InvalidArgument) {
        return this.notAClaim(reasonOf(error));
      }
      say(reasonOf(error), "error");
      return false;
    }
  }

  private notAClaim(reason: string): false {
    const text = `Not a claim: ${reason}`;
    say(text, "error");
    const refusal = this.root.querySelector("[data-testid=refusal]");
    if (refusal) refusal.textContent = text;
    return false;
  }

  private tick(): void {
    const clock = this.root.querySelector<HTMLElement>("[data-testid=deadline]");
    const view = this.view;
    if (!clock || !view?.deadline) return;
    const left = Math.max(0, (timestampDate(view.deadline).getTime() - Date.now()) / 1000);
    const what = view.deadlineKind === DeadlineKind.HOURGLASS ? "Hourglass" : "Move clock";
    clock.textContent = `${what}: ${left.toFixed(1)} s left`;
    clock.dataset.left = left.toFixed(1);
  }

  private render(): void {
    const view = this.view;
    if (!view) return;
    clear(this.root);
    const over = view.status >= MatchStatus.FINISHED;
    const who = view.seat !== undefined ? `You play seat ${view.seat}.` : "You are watching (spectator).";
    const game = view.seatView.case;
    let table: HTMLElement | null = null;
    if (view.seatView.case === "livemix") table = games.livemix(view, view.seatView.value, this.play);
    else if (view.seatView.case === "vivo") table = games.vivo(view, view.seatView.value, this.play);
    else if (view.seatView.case === "mixmatch") table = games.mixmatch(view, view.seatView.value, this.play);
    const acting = view.actingSeats;
    const turn = acting.length === 0 ? "No one to act."
      : acting.length > 1 ? `Seats ${acting.join(", ")} may act.`
        : `Seat ${acting[0]} to act.`;
    this.root.append(
      h("h2", {}, `${game ?? "match"} ${this.matchId}`),
      h("p", { "data-testid": "whoami" }, who, " ", h("a", { href: `#/match/${this.matchId}` }, "Link to this table"),
        " (share it: others watch, or join an open seat from the lobby)."),
      h("p", { "data-testid": "state", "data-version": String(view.version), "data-status": MatchStatus[view.status],
        "data-event-seq": String(view.eventSeq) },
        `Status: ${MatchStatus[view.status].toLowerCase()}. Version ${view.version}. `, over ? "" : turn,
        view.mayAct ? h("strong", { class: "your-turn" }, " Your move.") : ""),
      h("p", { "data-testid": "deadline", class: "deadline", role: "timer", "aria-live": "off" }),
      h("p", { "data-testid": "refusal", class: "refusal", role: "alert" }),
      table ?? h("p", {}, "No view of this game."),
      this.legalMoves(view) ?? "",
      this.summary(view),
      this.log(view.eventSeq),
      over ? h("p", {}, h("a", { href: `#/replay/${this.matchId}`, "data-testid": "replay-link" }, "Replay this match move by move")) : "",
    );
    this.tick();
    // When each view was drawn, on the wall clock every page shares (for measurements).
    document.body.dataset.drawnVersion = String(view.version);
    document.body.dataset.drawnAt = String(performance.timeOrigin + performance.now());
  }

  private legalMoves(view: MatchView): HTMLElement | null {
    if (view.seat === undefined || !view.legalMoves.length) return null;
    const input = h("input", { id: "move", name: "move", autocomplete: "off", "aria-label": "move" });
    return h("section", { "aria-label": "moves" },
      h("h3", {}, "Legal moves"),
      h("ul", { class: "legal-moves", "data-testid": "legal-moves" }, ...view.legalMoves.map((m) =>
        h("li", {}, h("button", { "data-move": m, disabled: !view.mayAct, onclick: () => this.play(m) }, m)))),
      h("form", { onsubmit: (e: Event) => { e.preventDefault(); void this.play(input.value.trim()); } },
        h("label", { for: "move" }, "Type a move: "), input, " ", h("button", { type: "submit" }, "Send")));
  }

  private summary(view: MatchView): HTMLElement {
    const rows = view.seats.map((s, i) => h("tr", {},
      h("th", { scope: "row" }, `Seat ${i}${s.name ? ` ${s.name}` : ""}${s.policy ? ` (bot ${s.policy})` : ""}`),
      ...view.roundScores.map((r) => h("td", {}, String(r.scores[i] ?? 0))),
      h("td", { "data-testid": `score-${i}` }, String(view.scores[i] ?? 0n)),
      h("td", {}, view.result?.winners.includes(i) ? "winner" : "")));
    const result = view.result;
    return h("section", { "aria-label": "scores", class: "summary" },
      h("h3", {}, result ? "Match summary" : "Scores"),
      result ? h("p", { "data-testid": "result" }, `Over: ${EndReason[result.reason].toLowerCase()}. `,
        `Winners: ${result.winners.map((w) => `seat ${w}`).join(", ") || "none"}. `,
        `Final scores: ${result.scores.join(", ")}.`) : null,
      h("table", {},
        h("thead", {}, h("tr", {}, h("th", {}, "Seat"),
          ...view.roundScores.map((_, r) => h("th", {}, `Round ${r + 1}`)),
          h("th", {}, "Total"), h("th", {}, ""))),
        h("tbody", {}, ...rows)));
  }

  /** The events of the round the view shows, up to the view (so the page shows one
   * moment: a card a past round showed is not on the page once a new round is dealt). */
  private log(upto: bigint): HTMLElement {
    const shown = this.events.filter((e) => e.seq <= upto);
    let start = 0;
    shown.forEach((e, i) => { if (e.type.startsWith("round_start")) start = i; });
    const recent = shown.slice(start).slice(-LOG_LINES);
    return h("section", { "aria-label": "events" },
      h("h3", {}, "Events this round"),
      h("ol", { class: "log", "data-testid": "log" }, ...recent.map((e) => h("li", { value: Number(e.seq) },
        describe(e)))));
  }
}

/** One event in words: its type and its typed detail (the service already left out what
 * this caller may not see). */
export function describe(event: MatchEvent): string {
  const json = toJson(MatchEventSchema, event) as Record<string, unknown>;
  const detail = json[event.detail.case ?? ""] as Record<string, unknown> | undefined;
  const inner = detail ? Object.values(detail)[0] : undefined;
  const to = event.to !== undefined ? ` (to seat ${event.to})` : "";
  return `${event.type}${to}${inner && typeof inner === "object" ? ": " + compact(inner) : ""}`;
}

function compact(value: unknown): string {
  return JSON.stringify(value).replace(/[{}"]/g, "").replace(/,/g, ", ").replace(/:/g, ": ");
}
