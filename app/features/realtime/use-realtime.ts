import { useEffect } from "react";
import { type RealtimeAuth, realtime } from "~/lib/realtime";

/**
 * Keeps the tab's realtime connection in step with the session: anonymous for a guest, the player's own once
 * a profile id and a token exist. Reconnects whenever the player changes (login, logout).
 */
export function useRealtimeConnection(auth: RealtimeAuth = {}) {
  const { profileId, getToken, onSessionEnded } = auth;
  useEffect(() => {
    const client = realtime();
    void client.connect(profileId !== undefined && getToken ? { profileId, getToken, onSessionEnded } : {});
    return () => client.disconnect();
  }, [profileId, getToken, onSessionEnded]);
}
