// Each game's table as text: what the caller's view (MatchView.seat_view, typed) shows.
// Nothing here decides what is legal: the view's legal moves say so.
import type { MatchView } from "./gen/cardroom/v1/match_pb";
import { LivemixColour, type LivemixSeatView } from "./gen/cardroom/v1/livemix_pb";
import { VivoHarmony, type VivoSeatView } from "./gen/cardroom/v1/vivo_pb";
import { MixMatchOutcome, MixMatchPhase, type MixMatchSeatView } from "./gen/cardroom/v1/mixmatch_pb";
import { h } from "./dom";
import { cardClass, cardWords } from "./cards";

export type Play = (action: string) => void;

/** An enum value's name as a word: "ALL_OUT" -> "all out". */
function word(name: string | undefined): string {
  return (name ?? "unknown").toLowerCase().replace(/_/g, " ");
}

function seatName(view: MatchView, seat: number): string {
  const name = view.seats[seat]?.name;
  const you = view.seat === seat ? " (you)" : "";
  return `Seat ${seat}${name ? ` ${name}` : ""}${you}`;
}

/** A hand of cards: every card a button; the legal ones marked in words and style. */
function hand(cards: string[], legal: Set<string>, game: "livemix" | "vivo", play: Play,
              mayAct: boolean): HTMLElement {
  const list = h("ul", { class: "hand", "aria-label": "your hand", "data-testid": "hand" });
  cards.forEach((card, i) => {
    const ok = legal.has(card);
    const label = `${cardWords(card, game)}${ok ? ", playable" : ""}`;
    list.append(h("li", {},
      h("button", {
        class: `${cardClass(card, game)}${ok ? " legal" : ""}`,
        "data-card": card, "aria-label": label, title: label,
        "aria-keyshortcuts": i < 9 ? String(i + 1) : undefined,
        disabled: !mayAct,
        onclick: () => play(card),
      }, h("span", { class: "code" }, card), " ", h("span", { class: "words" }, cardWords(card, game)),
      ok ? h("span", { class: "mark" }, " ✓ playable") : null)));
  });
  return list;
}

function trickList(plays: { seat: number; card: string }[], game: "livemix" | "vivo",
                   view: MatchView): HTMLElement {
  return h("ol", { class: "trick", "aria-label": "cards on the trick", "data-testid": "trick" },
    ...plays.map((p) => h("li", {}, `${seatName(view, p.seat)}: `,
      h("span", { class: cardClass(p.card, game) }, `${p.card} (${cardWords(p.card, game)})`))));
}

export function livemix(view: MatchView, seat: LivemixSeatView, play: Play): HTMLElement {
  const legal = new Set(view.legalMoves);
  const circle = seat.circle.map((p, i) =>
    h("li", { class: p.onTable ? "on-table" : "taken" },
      `${p.member}${p.onTable ? "" : " (taken)"}${seat.token === i ? " ← token" : ""}`));
  return h("section", { class: "game livemix", "aria-label": "Livemix table" },
    h("p", {}, `Round ${seat.round + 1} of ${seat.rounds}. `,
      seat.leadColour !== undefined ? `Colour led: ${word(LivemixColour[seat.leadColour])}. ` : "No card led yet. ",
      seat.currentPlayer !== undefined ? `${seatName(view, seat.currentPlayer)} to play.` : ""),
    h("h3", {}, "Member circle"), h("ul", { class: "circle" }, ...circle),
    h("h3", {}, "Trick"), trickList(seat.trick, "livemix", view),
    seat.lastTrick ? h("p", {}, `Last trick taken by ${seatName(view, seat.lastTrick.winner)}`,
      seat.lastTrick.member ? ` with ${seat.lastTrick.member}.` : ".") : null,
    h("h3", {}, "Seats"),
    h("ul", { class: "seats" }, ...seat.handSizes.map((n, s) => h("li", {},
      `${seatName(view, s)}: ${n} cards in hand, ${seat.wonSizes[s] ?? 0} won, Members: `,
      (seat.members[s]?.values ?? []).join(", ") || "none",
      seat.active[s] === false ? " (out of the round)" : ""))),
    seat.hand ? h("h3", {}, "Your hand") : null,
    seat.hand ? hand(seat.hand.values, legal, "livemix", play, view.mayAct) : null);
}

export function vivo(view: MatchView, seat: VivoSeatView, play: Play): HTMLElement {
  const legal = new Set(view.legalMoves);
  return h("section", { class: "game vivo", "aria-label": "VIVO table" },
    h("p", {}, `Round ${seat.round}`, seat.trick !== undefined ? `, trick ${seat.trick}. ` : ". ",
      seat.harmony !== undefined ? `Harmony: ${VivoHarmony[seat.harmony]}. ` : "",
      seat.nextHarmony !== undefined ? `Next harmony: ${VivoHarmony[seat.nextHarmony]}. ` : "",
      seat.currentPlayer !== undefined ? `${seatName(view, seat.currentPlayer)} to play.` : ""),
    h("h3", {}, "Trick"),
    h("ol", { class: "trick", "data-testid": "trick" }, ...seat.trickCards.map((c) => h("li", {},
      `${seatName(view, c.seat)}: `,
      h("span", { class: cardClass(c.card, "vivo") }, `${c.card} (${cardWords(c.card, "vivo")})`),
      c.onHarmony ? " on harmony" : " off harmony"))),
    h("h3", {}, "Scoring rows"),
    h("ul", { class: "seats" }, ...seat.scoringRows.map((row, s) => h("li", {},
      `${seatName(view, s)}: ${seat.handSizes[s] ?? 0} cards in hand; face up: `,
      row.faceUp.map((c) => `${c} (${cardWords(c, "vivo")})`).join(", ") || "none",
      `; face down: ${row.faceDown}`))),
    seat.hand ? h("h3", {}, "Your hand") : null,
    seat.hand ? hand(seat.hand.values, legal, "vivo", play, view.mayAct) : null);
}

export function mixmatch(view: MatchView, seat: MixMatchSeatView, play: Play): HTMLElement {
  const own = seat.seat !== undefined ? seat.own[seat.seat]?.values ?? [] : [];
  const log = seat.roundLog.map((r) => h("li", {},
    `Round ${r.number}: target ${r.target ?? "not rolled"}, ${word(MixMatchOutcome[r.outcome])}`,
    r.winner !== undefined ? ` by ${seatName(view, r.winner)}` : "",
    r.claim ? ` with ${r.claim}` : "", r.timeouts ? `, ${r.timeouts} time-outs` : ""));
  return h("section", { class: "game mixmatch", "aria-label": "Mix Match table" },
    h("p", {}, `Round ${seat.round}${seat.rounds ? ` of ${seat.rounds}` : ""}, phase: ${word(MixMatchPhase[seat.phase])}. `,
      `Cards left in the deck: ${seat.deckSize}.`),
    h("p", { class: "target", "data-testid": "target" },
      seat.target !== undefined ? `Target ${seat.target}` : "Dice not rolled yet",
      seat.dice ? ` (dice ${seat.dice.values.join(", ")})` : ""),
    h("h3", {}, "Table cards"),
    h("ul", { class: "table-cards", "data-testid": "table-cards" },
      ...seat.table.map((n) => h("li", {}, h("span", { class: "card number" }, String(n))))),
    own.length ? h("p", {}, `Your own cards: ${own.join(", ")}`) : null,
    h("h3", {}, "Seats"),
    h("ul", { class: "seats" }, ...seat.won.map((n, s) => h("li", {},
      `${seatName(view, s)}: ${n} cards won`, seat.out[s] ? " (out until the next round)" : ""))),
    log.length ? h("h3", {}, "Rounds") : null, log.length ? h("ol", {}, ...log) : null,
    view.seat !== undefined && seat.phase === MixMatchPhase.CLAIMS ? claimForm(play) : null);
}

function claimForm(play: Play): HTMLElement {
  const input = h("input", { id: "claim", name: "claim", autocomplete: "off",
    "aria-describedby": "claim-help", placeholder: "e.g. (24+12)*2" });
  const form = h("form", { class: "claim", "data-testid": "claim-form",
    onsubmit: (e: Event) => { e.preventDefault(); play(`claim ${input.value}`); } },
  h("label", { for: "claim" }, "Your claim: "), input, " ",
  h("button", { type: "submit" }, "Stop! (claim)"),
  h("p", { id: "claim-help", class: "help" },
    "Use the table's numbers with + - * / and brackets; it is checked before it is sent."));
  return form;
}
