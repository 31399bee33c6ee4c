// The services as a browser reaches them: Connect over fetch to the web process's own
// origin (services/web), with the seat's credential as `authorization: Bearer <token>`.
import { createClient, ConnectError, type Client, type Interceptor } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-web";
import { MatchService } from "./gen/cardroom/v1/match_pb";
import { SolverService } from "./gen/cardroom/v1/solver_pb";
import { BotService } from "./gen/cardroom/v1/bot_pb";
import { PlayerService } from "./gen/cardroom/v1/player_pb";
import { MatchmakerService } from "./gen/cardroom/v1/matchmaker_pb";
import { ErrorInfoSchema, BadRequestSchema } from "./gen/google/rpc/error_details_pb";

let credential: string | null = null;

/** The credential every call carries from now on (null: none). */
export function useCredential(token: string | null): void {
  credential = token;
}

const bearer: Interceptor = (next) => async (req) => {
  if (credential) req.header.set("authorization", `Bearer ${credential}`);
  return next(req);
};

const transport = createConnectTransport({
  baseUrl: location.origin,
  useBinaryFormat: true,
  interceptors: [bearer],
});

export const match: Client<typeof MatchService> = createClient(MatchService, transport);
export const solver: Client<typeof SolverService> = createClient(SolverService, transport);
export const bots: Client<typeof BotService> = createClient(BotService, transport);
export const players: Client<typeof PlayerService> = createClient(PlayerService, transport);
export const matchmaker: Client<typeof MatchmakerService> = createClient(MatchmakerService, transport);

/** The service's own words for a refusal: its message, and the reason and fields its
 * details name (google.rpc.ErrorInfo, google.rpc.BadRequest). */
export function reasonOf(error: unknown): string {
  if (!(error instanceof ConnectError)) return String(error);
  const parts = [error.rawMessage || error.message];
  for (const info of error.findDetails(ErrorInfoSchema)) {
    if (info.reason) parts.push(`(${info.reason})`);
  }
  for (const bad of error.findDetails(BadRequestSchema)) {
    for (const field of bad.fieldViolations) parts.push(`[${field.field}]`);
  }
  return parts.join(" ");
}

/** The refusal's gRPC code name, e.g. "FailedPrecondition". */
export function codeOf(error: unknown): string {
  return error instanceof ConnectError ? String(error.code) : "unknown";
}
