import { useEffect } from "react";
import { type RealtimeAuth, realtime } from "~/lib/realtime";

/**
 * Keeps the tab's realtime connection in step with the session: anonymous for a guest, the player's own once
 * a profile id and a token exist. Reconnects whenever the player changes (login, logout). `null`: not yet (the
 * page's session is still being read, decision 0075).
 */
export function useRealtimeConnection(auth: RealtimeAuth | null = {}) {
  const wait = auth === null;
  const { profileId, getToken, onSessionEnded } = auth ?? {};
  useEffect(() => {
    if (wait) return;
    const client = realtime();
    void client.connect(profileId !== undefined && getToken ? { profileId, getToken, onSessionEnded } : {});
    return () => client.disconnect();
  }, [wait, profileId, getToken, onSessionEnded]);
}
