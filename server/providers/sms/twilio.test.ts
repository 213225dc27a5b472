import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twilioSms } from "./twilio";

interface Seen {
  method?: string;
  url?: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A stand-in for api.twilio.com on loopback: records each request, answers what the test asks for. */
describe("Twilio SMS adapter", () => {
  let server: Server;
  let base = "";
  const seen: Seen[] = [];
  let answer: { status: number; body: unknown } = { status: 201, body: { sid: "SM123", status: "queued" } };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        res.writeHead(answer.status, { "content-type": "application/json" });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const sms = () =>
    twilioSms({ accountSid: "AC0123", authToken: "s3cret", from: "+15005550006", apiUrl: base });

  it("posts the message form-encoded to the account's Messages resource with basic auth", async () => {
    await sms().send({ to: "+5511912345678", text: "Your code: 123456" });
    const req = seen.at(-1)!;
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/2010-04-01/Accounts/AC0123/Messages.json");
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from("AC0123:s3cret").toString("base64")}`);
    expect(req.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(req.body))).toEqual({
      To: "+5511912345678",
      From: "+15005550006",
      Body: "Your code: 123456",
    });
  });

  it("fails with Twilio's reason when the message is refused", async () => {
    answer = { status: 400, body: { code: 21211, message: "The 'To' number is not a valid phone number." } };
    await expect(sms().send({ to: "+1", text: "x" })).rejects.toThrow(/21211.*not a valid phone number/);
  });
});
