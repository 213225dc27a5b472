import { describe, expect, it } from "vitest";
import { once, sdkClient, startRealtimeServer, tokenFor } from "./test-support";

const redisUrl = process.env.TEST_REDIS_URL;

/** A session closed on one process drops its sockets on every process (they share Redis). */
describe.runIf(redisUrl)("closing a session across processes", () => {
  it("disconnects the session's socket held by another process", async () => {
    const a = await startRealtimeServer({ redisUrl });
    const b = await startRealtimeServer({ redisUrl });
    const sessionId = `s-${Date.now()}`;
    const onB = sdkClient(b.url, { token: await tokenFor("51", { sessionId }) });
    try {
      onB.connect();
      await once(onB, "connected");
      const disconnected = once<{ code: number }>(onB, "disconnected");
      a.realtime.hub.disconnectSession(sessionId);
      expect((await disconnected).code).toBe(3503);
    } finally {
      onB.disconnect();
      await a.close();
      await b.close();
    }
  });
});
