// Cards as words for people and screen readers: the notation's letters spelled out (the
// notation itself, and which cards may be played, come from the service).
const LIVEMIX: Record<string, string> = { H: "heart", G: "gem", F: "flower", M: "moon" };
const VIVO: Record<string, string> = { R: "red", G: "green", B: "blue", Y: "yellow" };

/** "H12" -> "heart 12" (Livemix), "R5" -> "red 5" (VIVO); anything else as it is. */
export function cardWords(card: string, game: "livemix" | "vivo"): string {
  const table = game === "livemix" ? LIVEMIX : VIVO;
  const colour = table[card.charAt(0).toUpperCase()];
  return colour ? `${colour} ${card.slice(1)}` : card;
}

/** A CSS class naming the card's colour (the word is always shown too). */
export function cardClass(card: string, game: "livemix" | "vivo"): string {
  const table = game === "livemix" ? LIVEMIX : VIVO;
  return `card colour-${table[card.charAt(0).toUpperCase()] ?? "none"}`;
}
