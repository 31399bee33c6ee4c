// A few DOM helpers: elements built from tag, attributes and children (text is escaped by
// being a text node, never HTML).
export type Child = Node | string | number | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | boolean | number | EventListener | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === "function") el.addEventListener(name.replace(/^on/, ""), value);
    else if (value === true) el.setAttribute(name, "");
    else el.setAttribute(name, String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function clear(el: Element): void {
  while (el.firstChild) el.removeChild(el.firstChild);
}

/** Announce `text` in the page's status line (an ARIA live region). */
export function say(text: string, kind: "info" | "error" = "info"): void {
  const line = document.getElementById("status");
  if (!line) return;
  line.textContent = (kind === "error" ? "Refused: " : "") + text;
  line.dataset.kind = kind;
}
