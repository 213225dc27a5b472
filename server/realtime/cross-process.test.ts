import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import type { PublicationContext } from "centrifuge";
import { describe, expect, it } from "vitest";
import { playerChannel } from "#common/realtime";
import { once, sdkClient, startRealtimeServer, tokenFor } from "./test-support";

const redisUrl = process.env.TEST_REDIS_URL;

/** Two real server processes sharing Redis, as behind a load balancer (CI has Redis on 127.0.0.1:6379). */
describe.runIf(redisUrl)("realtime across two processes", () => {
  it("delivers a publication made in process A to a client connected to process B", {
    timeout: 60_000,
  }, async () => {
    const a = spawn(process.execPath, ["--import", "tsx", "server/realtime/test-process.ts", redisUrl!], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    const lines = createInterface({ input: a.stdout! });
    const nextLine = () => new Promise<string>((resolve) => lines.once("line", resolve));
    const b = await startRealtimeServer({ redisUrl });
    const client = sdkClient(b.url, { token: await tokenFor("88") });
    try {
      const portOfA = Number(await nextLine());
      expect(portOfA).toBeGreaterThan(0);
      expect(portOfA).not.toBe(b.port);
      const channel = playerChannel("accounts", 88);
      const sub = client.newSubscription(channel);
      sub.subscribe();
      client.connect();
      await once(sub, "subscribed");
      const received = once<PublicationContext>(sub, "publication");
      a.stdin!.write(
        `${JSON.stringify({ channel, data: { event: "account.updated", data: { balance: "12.5" } } })}\n`,
      );
      expect(await nextLine()).toBe("published");
      expect((await received).data).toEqual({ event: "account.updated", data: { balance: "12.5" } });
    } finally {
      client.disconnect();
      a.kill("SIGTERM");
      await b.close();
    }
  });
});
