import { z } from "zod";

/**
 * POST /api/player/sessions/realtime-token (decision 0037): a short-lived token the site's realtime client
 * connects with (Centrifuge's getToken), since the site cannot read the session token itself. The hub takes it;
 * the HTTP API does not.
 */
export const realtimeTokenResponse = z
  .object({
    token: z.string(),
    /** Seconds the token lasts; the hub asks for a new one before then. */
    expiresIn: z.number().int(),
  })
  .meta({ id: "RealtimeToken" });
export type RealtimeTokenResponse = z.infer<typeof realtimeTokenResponse>;
