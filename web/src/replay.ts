// A finished match move by move (GetReplay): each action in turn, with the events it
// caused (the deal revealed, since the match is over), and the final scores.
import { EndReason, type GetReplayResponse } from "./gen/cardroom/v1/match_pb";
import { match, reasonOf, useCredential } from "./api";
import { clear, h, say } from "./dom";
import { describe } from "./table";

export class Replay {
  private replay: GetReplayResponse | null = null;
  private step = 0;

  constructor(private root: HTMLElement, private matchId: string) {}

  async start(): Promise<void> {
    useCredential(null);
    try {
      this.replay = await match.getReplay({ matchId: this.matchId });
    } catch (error) {
      say(reasonOf(error), "error");
      return;
    }
    document.addEventListener("keydown", this.onKey);
    this.render();
  }

  stop(): void {
    document.removeEventListener("keydown", this.onKey);
  }

  private onKey = (e: KeyboardEvent): void => {
    if (e.key === "ArrowRight") this.go(this.step + 1);
    if (e.key === "ArrowLeft") this.go(this.step - 1);
  };

  private go(step: number): void {
    const total = this.replay?.actions.length ?? 0;
    this.step = Math.max(0, Math.min(total, step));
    this.render();
  }

  private render(): void {
    const replay = this.replay;
    if (!replay) return;
    clear(this.root);
    const total = replay.actions.length;
    const done = replay.actions.slice(0, this.step);
    const result = replay.result;
    this.root.append(
      h("h2", {}, `Replay of ${this.matchId}`),
      h("p", { "data-testid": "replay-step", "aria-live": "polite" }, `Move ${this.step} of ${total}`,
        this.step ? `: ${seat(replay, this.step - 1)} ${replay.actions[this.step - 1].action}` : ""),
      h("p", {},
        h("button", { onclick: () => this.go(0) }, "First"), " ",
        h("button", { onclick: () => this.go(this.step - 1), "aria-keyshortcuts": "ArrowLeft" }, "Previous"), " ",
        h("button", { onclick: () => this.go(this.step + 1), "aria-keyshortcuts": "ArrowRight", "data-testid": "next" }, "Next"), " ",
        h("button", { onclick: () => this.go(total) }, "Last")),
      h("ol", { class: "actions" }, ...done.map((a, i) => h("li", {}, `${seat(replay, i)}: ${a.action}`))),
      h("section", { "aria-label": "final scores" }, h("h3", {}, "Final scores"),
        h("p", { "data-testid": "replay-scores" }, replay.scores.join(", ")),
        result ? h("p", {}, `Ended: ${EndReason[result.reason].toLowerCase()}; winners: `,
          result.winners.map((w) => `seat ${w}`).join(", ") || "none") : null),
      h("details", {}, h("summary", {}, `All ${replay.events.length} events`),
        h("ol", {}, ...replay.events.map((e) => h("li", {}, describe(e))))));
  }
}

function seat(replay: GetReplayResponse, i: number): string {
  const s = replay.actions[i].seat;
  return s === undefined ? "host" : `seat ${s}`;
}
