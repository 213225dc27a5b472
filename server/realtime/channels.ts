import {
  CRASH_CHANNEL,
  GLOBAL_ONLINE,
  GUEST_CHAT_CHANNEL,
  PLAYER_CHANNELS,
  SPORT_CHANNELS,
  SUPPORT_STAFF_CHANNEL,
} from "#common/realtime";
import { errorOf, type ProtocolError } from "./protocol";

const PLAYER_NAMESPACES = new Set<string>(Object.values(PLAYER_CHANNELS));

/**
 * Who may subscribe to a channel: `ns:name#id` only the connection whose user is `id` (103 otherwise);
 * `support:guest#{id}` and the staff's `support:staff` only with its subscription token (`tokenValid`, checked by the hub); `global:online`,
 * the public sport channels (`sport:live`, `sport:live#{sportId}`, `sport:event#{id}`) and the crash game's `crash:game` anyone; anything else is unknown (102).
 */
export function canSubscribe(
  channel: string,
  userId: string | undefined,
  tokenValid = false,
): ProtocolError | undefined {
  if (channel === GLOBAL_ONLINE || channel === SPORT_CHANNELS.live || channel === CRASH_CHANNEL)
    return undefined;
  if (channel.startsWith(`${GUEST_CHAT_CHANNEL}#`) || channel === SUPPORT_STAFF_CHANNEL)
    return tokenValid ? undefined : errorOf.permissionDenied();
  for (const namespace of [SPORT_CHANNELS.event, SPORT_CHANNELS.live]) {
    const prefix = `${namespace}#`;
    if (channel.startsWith(prefix) && /^\d{1,15}$/.test(channel.slice(prefix.length))) return undefined;
  }
  const hash = channel.lastIndexOf("#");
  if (hash < 0 || !PLAYER_NAMESPACES.has(channel.slice(0, hash))) return errorOf.unknownChannel();
  const owner = channel.slice(hash + 1);
  if (!userId || owner !== userId) return errorOf.permissionDenied();
  return undefined;
}
