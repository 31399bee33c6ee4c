// The web table's pages by the address's hash: #/ the lobby, #/match/ID a table (playing
// with the credential kept for it, else watching), #/join/ID an open seat claimed,
// #/replay/ID a finished match move by move, #/quick matchmaking, #/mine the guest's
// matches, #/leaderboard/GAME a game's rated players.
import { Game } from "./gen/cardroom/v1/common_pb";
import { join, Lobby } from "./lobby";
import { Leaderboard, Mine, Quick } from "./players";
import { Replay } from "./replay";
import { Table } from "./table";

interface Page { start(): Promise<void>; stop(): void }

const root = document.getElementById("app")!;
let page: Page | null = null;

async function route(): Promise<void> {
  page?.stop();
  page = null;
  const [, kind, id] = location.hash.replace(/^#/, "").split("/");
  document.body.dataset.page = kind || "lobby";
  if (kind === "join" && id) {
    await join(decodeURIComponent(id));
    return;
  }
  if (kind === "match" && id) page = new Table(root, decodeURIComponent(id));
  else if (kind === "replay" && id) page = new Replay(root, decodeURIComponent(id));
  else if (kind === "quick") page = new Quick(root);
  else if (kind === "mine") page = new Mine(root);
  else if (kind === "leaderboard") page = new Leaderboard(root, Number(id) || Game.VIVO);
  else page = new Lobby(root);
  await page.start();
  document.body.dataset.ready = "1";
}

window.addEventListener("hashchange", () => void route());
void route();
