import type { PlayerChannelKind, RealtimeEvent } from "#common/realtime";

/**
 * A player channel, the online count, `reconnected` (the socket is back after a drop, see client.ts), or the
 * back office's support desk counts (`supportStaff`, decision 0054).
 */
export type Topic = PlayerChannelKind | "online" | "reconnected" | "supportStaff";
type Handler = (event: RealtimeEvent) => void;

/**
 * The tiny typed event bus features listen on: `realtimeBus.on("accounts", (e) => …)`. It outlives
 * reconnections and logins, so a feature subscribes once and never touches the socket.
 */
export class RealtimeBus {
  private handlers = new Map<Topic, Set<Handler>>();

  on(topic: Topic, handler: Handler): () => void {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  emit(topic: Topic, event: RealtimeEvent): void {
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        handler(event);
      } catch (err) {
        // One feature's bug must not stop the others hearing the event.
        console.error(`realtime handler for ${topic} failed`, err);
      }
    }
  }
}

export const realtimeBus = new RealtimeBus();
