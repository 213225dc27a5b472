import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { connect, type Socket } from "node:net";
import { createInterface } from "node:readline";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { Disconnect } from "../realtime/protocol";
import { gracefulShutdown } from "./shutdown";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A POST whose body is sent in two halves: the request is in flight until the second half goes. */
function slowUpload(port: number, url: string) {
  const body = JSON.stringify({ note: "x".repeat(1000) });
  const socket = connect(port, "127.0.0.1");
  let answer = "";
  socket.setEncoding("utf8").on("data", (d: string) => {
    answer += d;
  });
  const ended = once(socket, "close").then(() => answer);
  socket.write(
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 500)}`,
  );
  return { finish: () => socket.end(body.slice(500)), answer: ended, socket };
}

/** Whether a new TCP connection to the port is refused. */
async function refused(port: number): Promise<boolean> {
  const socket: Socket = connect(port, "127.0.0.1");
  try {
    await once(socket, "connect");
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ECONNREFUSED";
  } finally {
    socket.destroy();
  }
}

describe("graceful shutdown on SIGTERM", () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child?.exitCode === null) child.kill("SIGKILL");
  });

  it("refuses new connections, lets the request under way finish, closes websockets, exits 0", async () => {
    child = spawn(process.execPath, ["--import", "tsx", "server/http/shutdown-process.ts"], {
      env: { ...process.env, LOG_LEVEL: "warn", SHUTDOWN_TIMEOUT_S: "10" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = once(child, "exit") as Promise<[number | null, string | null]>;
    // The port is the one line that is a number (the log shares stdout).
    const lines = createInterface({ input: child.stdout! });
    let port = 0;
    for await (const line of lines) {
      if (/^\d+$/.test(line.trim())) {
        port = Number(line.trim());
        break;
      }
    }
    expect(port).toBeGreaterThan(0);

    // A websocket held open, and a request whose body is still arriving.
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/connection/websocket`);
    await once(ws, "open");
    const wsClosed = once(ws, "close") as Promise<[number, Buffer]>;
    const upload = slowUpload(port, "/api/shutdown-test/upload");
    await sleep(200);

    const signalled = Date.now();
    child.kill("SIGTERM");
    // The websocket client is told to reconnect (elsewhere): the protocol's shutdown code.
    const [code] = await wsClosed;
    expect(code).toBe(Disconnect.shutdown.code);
    // New connections are refused while the upload is still under way.
    let isRefused = false;
    for (let i = 0; i < 50 && !isRefused; i++) {
      isRefused = await refused(port);
      if (!isRefused) await sleep(100);
    }
    expect(isRefused).toBe(true);
    expect(child.exitCode).toBeNull();

    // The request under way completes: the route's own answer (the API's 404 for an unknown call), not a 503.
    upload.finish();
    const answer = await upload.answer;
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect(answer.toLowerCase()).toContain("connection: close");
    expect(answer).toContain('"code":"not_found"');

    const [exitCode] = await exited;
    expect(exitCode).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
  }, 120_000);
});

describe("the shutdown deadline", () => {
  it("exits 1 when a request is still under way at the deadline", async () => {
    const app = Fastify();
    app.decorate("markShuttingDown", () => undefined);
    app.post("/upload", async () => ({ ok: true }));
    await app.listen({ port: 0, host: "127.0.0.1" });
    const port = (app.server.address() as { port: number }).port;
    const upload = slowUpload(port, "/upload");
    await sleep(100);
    const exits: number[] = [];
    const exited = new Promise<void>((resolve) => {
      gracefulShutdown(app, {
        timeoutS: 1,
        exit: (code) => {
          exits.push(code);
          resolve();
        },
      })("SIGTERM");
    });
    const started = Date.now();
    await exited;
    expect(exits).toEqual([1]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    upload.socket.destroy();
    await app.close();
  });
});
