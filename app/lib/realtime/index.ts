import { useSyncExternalStore } from "react";
import { type ConnectionState, RealtimeClient } from "./client";

export { realtimeBus } from "./bus";
export type { ConnectionState, RealtimeAuth } from "./client";

let client: RealtimeClient | undefined;

/**
 * The tab's realtime client, created on first use in the browser. The SDK is loaded lazily: it is not needed
 * for the first paint.
 */
export function realtime(): RealtimeClient {
  if (!client) {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    client = new RealtimeClient(
      `${scheme}://${window.location.host}/api/connection/websocket`,
      () => import("centrifuge"),
    );
  }
  return client;
}

const subscribe = (onChange: () => void) =>
  typeof window === "undefined" ? () => {} : realtime().onState(onChange);

/** The connection state for the UI: disconnected, connecting or connected. */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(
    subscribe,
    () => realtime().state,
    () => "disconnected",
  );
}
