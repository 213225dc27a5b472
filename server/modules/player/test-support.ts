import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { OutboxEntry, SessionResponse } from "#common/api/player";
import type { Clock } from "../../lib/clock";

/** A clock the test moves by hand: codes expire, tokens age and rate windows pass without waiting. */
export function manualClock(start = Date.parse("2026-11-23T10:00:00Z")) {
  let t = start;
  const clock: Clock & { advance(ms: number): void; set(ms: number): void } = {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
    set: (ms) => {
      t = ms;
    },
  };
  return clock;
}

let ipCounter = 0;
/** A fresh client address per call, so one test's attempts never count against another's limits. */
export function freshIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let emailCounter = 0;
export function freshEmail(name = "player"): string {
  emailCounter++;
  return `${name}${emailCounter}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

let phoneCounter = Math.floor(Math.random() * 5e7);
/** A Brazilian mobile number no other test uses, in E.164. */
export function freshPhone(): string {
  phoneCounter++;
  return `+55119${String(phoneCounter % 1e8).padStart(8, "0")}`;
}

let cpfCounter = Math.floor(Math.random() * 9e7);
/** A valid Brazilian CPF (check digits computed) no other test uses, as ###.###.###-##. */
export function freshCpf(): string {
  cpfCounter++;
  const d = String(1e8 + (cpfCounter % 9e8))
    .slice(0, 9)
    .split("")
    .map(Number);
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += d[i]! * (length + 1 - i);
    d.push(((sum * 10) % 11) % 10);
  }
  const s = d.join("");
  return `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}`;
}

export const PASSWORD = "harbor-lights-7";

export interface Call {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  body?: unknown;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export function caller(app: () => FastifyInstance) {
  const call = async ({ method = "POST", url, body, token, ip, headers = {} }: Call) => {
    const res: LightMyRequestResponse = await app().inject({
      method,
      url,
      headers: {
        "cf-connecting-ip": ip ?? freshIp(),
        "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    const text = res.body;
    return { status: res.statusCode, body: text ? res.json() : undefined, headers: res.headers };
  };

  const register = async (email = freshEmail(), extra: Record<string, unknown> = {}) => {
    const res = await call({
      url: "/api/player/register",
      body: { email, password: PASSWORD, password_confirmation: PASSWORD, agreements: true, ...extra },
    });
    if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.body)}`);
    // Called as an API client (no site header), so the body carries the token (decision 0037).
    return { email, ...(res.body as Required<SessionResponse>) };
  };

  const login = async (login: string, password = PASSWORD, ip?: string) =>
    call({ url: "/api/player/sessions", body: { login, password }, ip });

  const outbox = async (to: string, channel?: "email" | "sms"): Promise<OutboxEntry[]> => {
    const q = new URLSearchParams({ to, ...(channel ? { channel } : {}) });
    return (await call({ method: "GET", url: `/api/dev/outbox?${q}` })).body.data;
  };

  /** A phone account, registered with the SMS code from the outbox (its phone is proven). */
  const registerPhone = async (phone = freshPhone()) => {
    await call({ url: "/api/player/register/phone", body: { phone } });
    const code = (await outbox(phone, "sms"))[0]!.code!;
    const res = await call({
      url: "/api/player/register/phone",
      body: { phone, code, password: PASSWORD },
    });
    if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { phone, ...(res.body as Required<SessionResponse>) };
  };

  return { call, register, registerPhone, login, outbox };
}

// What other modules' tests use of this module's insides (issue 37: tests reach modules through faces,
// tables and test-support).
export { signAccessToken } from "./access-token";
