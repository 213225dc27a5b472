import type { PlaceBetBody, SportBet, SportEvent } from "#common/api/sportsbook";

/** GET /api/sportsbook/sports: a sport with its event counts (common/api/sportsbook.ts sportSummary). */
export interface SportSummary {
  id: number;
  code: string;
  name: string;
  widgetBgUrl?: string;
  cardBgUrl?: string;
  cardImgUrl?: string;
  events: number;
  live: number;
}

/** A refused call in the API's one error shape: `code` is what the slip explains (BET_REFUSALS). */
export class SportsbookApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

export interface EventsQuery {
  sportId?: number;
  categoryId?: number;
  championshipId?: number;
  status?: "scheduled" | "live";
  top?: boolean;
  limit?: number;
}

/** The sportsbook API as the widgets call it: reads are public, bets carry the sportsbook token. */
export class SportsbookApi {
  constructor(
    public base: string,
    private readonly session: () => { token?: string; locale: string },
  ) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const { token } = this.session();
    const headers: Record<string, string> = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${this.base}/api/sportsbook${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    const json = text ? (JSON.parse(text) as unknown) : undefined;
    if (!res.ok) {
      const e = (json ?? {}) as { code?: unknown; message?: unknown; errors?: Record<string, string[]> };
      throw new SportsbookApiError(
        res.status,
        String(e.code ?? res.status),
        String(e.message ?? res.statusText),
        e.errors,
      );
    }
    return json as T;
  }

  private query(q: Record<string, string | number | boolean | undefined>): string {
    const params = new URLSearchParams();
    const all: Record<string, string | number | boolean | undefined> = {
      ...q,
      locale: this.session().locale,
    };
    for (const [k, v] of Object.entries(all)) {
      if (v === undefined || v === false) continue;
      params.set(k, v === true ? "1" : String(v));
    }
    return params.toString();
  }

  async sports(): Promise<SportSummary[]> {
    return unwrap(
      await this.call<SportSummary[] | { data: SportSummary[] }>("GET", `/sports?${this.query({})}`),
    );
  }

  async events(q: EventsQuery): Promise<SportEvent[]> {
    return unwrap(
      await this.call<SportEvent[] | { data: SportEvent[] }>("GET", `/events?${this.query({ ...q })}`),
    );
  }

  async event(id: number): Promise<SportEvent> {
    return unwrap(
      await this.call<SportEvent | { data: SportEvent }>("GET", `/events/${id}?${this.query({})}`),
    );
  }

  async placeBet(body: PlaceBetBody): Promise<SportBet> {
    return unwrap(await this.call<SportBet | { data: SportBet }>("POST", "/bets", body));
  }

  async bets(status: "open" | "settled"): Promise<SportBet[]> {
    return unwrap(await this.call<SportBet[] | { data: SportBet[] }>("GET", `/bets?status=${status}`));
  }

  async cashOut(betId: string, amount: string): Promise<SportBet> {
    return unwrap(
      await this.call<SportBet | { data: SportBet }>("POST", `/bets/${encodeURIComponent(betId)}/cash-out`, {
        amount,
      }),
    );
  }
}

/** Answers come in the API's `{ data }` envelope (or bare, as a real provider may send them). */
function unwrap<T>(answer: T | { data: T }): T {
  return answer !== null && typeof answer === "object" && "data" in answer && !Array.isArray(answer)
    ? (answer as { data: T }).data
    : (answer as T);
}
