import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiErrorBody } from "#common/api/error-body";
import { multipartForm, smallPng } from "../modules/documents/test-support";
import { notifyOfFact } from "../modules/notification/test-support";
import { caller, freshIp, signAccessToken } from "../modules/player/test-support";
import { post } from "../modules/wallet/test-support";
import { dbKinds } from "../test/harness";
import {
  apiOperations,
  type FuzzRequest,
  type Operation,
  operationName,
  validRequest,
} from "../test/openapi";
import { createWalkApp, type WalkApp } from "../test/walk-app";

/**
 * Issue #20: the authorization matrix. Two players with data of every kind (accounts, a deposit invoice, a
 * limit, a document, a sportsbook bet, a house-game session and its round, a favourite, a recent search):
 * - every operation that names a resource in its path or query is called by B with A's ids, and answers
 *   403/404 or B's own data, never A's; A's data is the same afterwards and a refused call wrote nothing;
 * - every operation, called by B, answers nothing of A's (A's e-mail, nickname, document name…);
 * - every operation that wants a session answers 401 in the one shape to no token, an expired token, a
 *   tampered one, one signed with another key or none, and the token of a closed session.
 * Operations come from the API document, so a new route is in the matrix as soon as it is registered.
 */

interface Owner {
  token: string;
  playerId: string;
  sessionId: string;
  email: string;
  nickname: string;
  usdAccountId: string;
  eurAccountId: string;
  invoiceId: string;
  limitId: string;
  documentId: string;
  documentName: string;
  betId: string;
  betRequestId: string;
  houseToken: string;
  roundId: string;
  recentSearchId: string;
  playerBonusId: string;
  playerBonusCodeId: string;
  messageId: string;
  pushId: string;
  playerFreespinId: string;
  chatMessageId: string;
}

/**
 * For each operation that names something in its path or query: A's resource to put there (`owned`), or why
 * the name is nobody's private data (`public`: catalogue entries, provider names, content slugs) or is itself
 * the credential (`capability`: a signed link or session token only its holder has).
 */
type IdStrategy =
  | {
      kind: "owned";
      /** The request's parts with A's ids; the rest comes from a valid generated request. */
      request: (
        a: Owner,
        b: Owner,
      ) => { path?: Record<string, string>; query?: Record<string, string>; body?: unknown };
      /** The token B calls with (default B's access token). */
      token?: (b: Owner) => string;
    }
  | { kind: "public" | "capability"; why: string };

const PUBLIC_CATALOGUE = "a catalogue entry (game, provider, event, page): the same for everyone";

const ID_STRATEGIES: Record<string, IdStrategy> = {
  // Player-owned resources, by B with A's ids.
  "PUT /api/player/sessions/{id}/close": { kind: "owned", request: (a) => ({ path: { id: a.sessionId } }) },
  "PUT /api/wallet/accounts/{id}/switch": {
    kind: "owned",
    request: (a) => ({ path: { id: a.eurAccountId } }),
  },
  "PUT /api/wallet/accounts/{id}/hide": { kind: "owned", request: (a) => ({ path: { id: a.eurAccountId } }) },
  "PUT /api/player/limits/{id}": {
    kind: "owned",
    request: (a) => ({ path: { id: a.limitId }, body: { period: "daily", amount: "1" } }),
  },
  "DELETE /api/player/limits/{id}": {
    kind: "owned",
    request: (a) => ({ path: { id: a.limitId }, body: {} }),
  },
  "PUT /api/payment/invoices/{id}/decline": {
    kind: "owned",
    request: (a) => ({ path: { id: a.invoiceId } }),
  },
  "GET /api/sportsbook/bets/{id}": { kind: "owned", request: (a) => ({ path: { id: a.betId } }) },
  "POST /api/sportsbook/bets/{id}/cash-out": {
    kind: "owned",
    request: (a) => ({ path: { id: a.betId }, body: { amount: "1" } }),
  },
  "DELETE /api/player/documents/{id}": { kind: "owned", request: (a) => ({ path: { id: a.documentId } }) },
  "GET /api/player/documents/{id}/file": { kind: "owned", request: (a) => ({ path: { id: a.documentId } }) },
  "DELETE /api/game/search/recent": { kind: "owned", request: (a) => ({ query: { id: a.recentSearchId } }) },
  "PUT /api/game/player-bonuses/{id}/activate": {
    kind: "owned",
    request: (a) => ({ path: { id: a.playerBonusId } }),
  },
  "PUT /api/game/player-bonuses/{id}/cancel": {
    kind: "owned",
    request: (a) => ({ path: { id: a.playerBonusId } }),
  },
  "PUT /api/game/player-freespins/{id}/activate": {
    kind: "owned",
    request: (a) => ({ path: { id: a.playerFreespinId } }),
  },
  "PUT /api/game/player-freespins/{id}/cancel": {
    kind: "owned",
    request: (a) => ({ path: { id: a.playerFreespinId } }),
  },
  "DELETE /api/game/bonuses/bonuscodes": {
    kind: "owned",
    request: (a) => ({ body: { playerBonusCodeId: a.playerBonusCodeId } }),
  },
  "POST /api/notification/messenger/messages/read": {
    kind: "owned",
    request: (a) => ({ body: { messageIds: [a.messageId] } }),
  },
  "DELETE /api/notification/messenger/messages": {
    kind: "owned",
    request: (a) => ({ body: { messageIds: [a.messageId] } }),
  },
  "GET /api/chat/messages/{messageId}/attachment": {
    kind: "owned",
    request: (a) => ({ path: { messageId: a.chatMessageId } }),
  },
  "POST /api/notification/pushes/read": {
    kind: "owned",
    request: (a) => ({ body: { pushIds: [a.pushId] } }),
  },
  // The bet's idempotency key: B reusing A's must get B's own bet (or a refusal), never A's.
  "POST /api/sportsbook/bets": {
    kind: "owned",
    request: (a) => ({
      body: {
        type: "single",
        stake: "1",
        requestId: a.betRequestId,
        selections: [{ selectionId: "1:1x2:home", odds: "2.10" }],
      },
    }),
  },
  "GET /api/house/sessions/{token}/rounds/{id}": {
    kind: "owned",
    request: (a, b) => ({ path: { token: b.houseToken, id: a.roundId } }),
  },
  // Public names.
  "GET /api/game/games/{id}": { kind: "public", why: PUBLIC_CATALOGUE },
  "POST /api/game/games/{id}/play": { kind: "public", why: PUBLIC_CATALOGUE },
  "POST /api/game/games/{id}/favorite": {
    kind: "public",
    why: `${PUBLIC_CATALOGUE}; the favourite is the caller's`,
  },
  "DELETE /api/game/games/{id}/favorite": {
    kind: "public",
    why: `${PUBLIC_CATALOGUE}; the favourite is the caller's`,
  },
  "GET /api/game/providers/{id}": { kind: "public", why: PUBLIC_CATALOGUE },
  // A quest is offered to everyone (its id is the quest's, not a player's); activating or cancelling it acts
  // on the caller's own copy, and the reads below show A's quests unchanged by B's calls.
  "PUT /api/retention/quests/{id}/activate": {
    kind: "public",
    why: `${PUBLIC_CATALOGUE}; the quest is the caller's`,
  },
  "PUT /api/retention/quests/{id}/cancel": {
    kind: "public",
    why: `${PUBLIC_CATALOGUE}; the quest is the caller's`,
  },
  "GET /api/sportsbook/events/{id}": { kind: "public", why: PUBLIC_CATALOGUE },
  "GET /api/content/directories/{directory}": { kind: "public", why: PUBLIC_CATALOGUE },
  "GET /api/game/bonuses/status": {
    kind: "public",
    why: "bonus offers' ids; the status answered is the caller's",
  },
  "POST /api/payment/invoices/deposit": {
    kind: "public",
    why: "bonusId names a bonus offer, the same for everyone; the invoice made is the caller's",
  },
  "POST /api/payment/invoices/withdrawal": {
    kind: "public",
    why: "the invoice body's bonusId names a bonus offer (deposits only); the invoice made is the caller's",
  },
  "GET /api/content/pages/{*}": { kind: "public", why: PUBLIC_CATALOGUE },
  "GET /api/content/questions/{identity}": { kind: "public", why: PUBLIC_CATALOGUE },
  "POST /api/player/avatar/set-avatar": { kind: "public", why: "an avatar of the site's list" },
  "PUT /api/player/profile": {
    kind: "public",
    why: "freshchatRestoreId is the caller's own value for their profile",
  },
  "POST /api/player/social-connections/{provider}": {
    kind: "public",
    why: "a login provider's name; the connection made is the caller's",
  },
  "POST /api/payment/webhooks/{provider}": {
    kind: "public",
    why: "a payment provider's name; the call is signed",
  },
  "POST /api/payment/webhooks/{provider}/{kind}": {
    kind: "public",
    why: "a payment provider's name and the path it appends; the call is signed or confirmed with the provider",
  },
  "POST /api/game/wallet/{provider}/balance": {
    kind: "public",
    why: "a game provider's name; the call is signed",
  },
  "POST /api/game/wallet/{provider}/bet": {
    kind: "public",
    why: "a game provider's name; the call is signed",
  },
  "POST /api/game/wallet/{provider}/win": {
    kind: "public",
    why: "a game provider's name; the call is signed",
  },
  "POST /api/game/wallet/{provider}/rollback": {
    kind: "public",
    why: "a game provider's name; the call is signed",
  },
  "POST /api/game/wallet/{provider}/{action}": {
    kind: "public",
    why: "a game provider's name; the call is signed",
  },
  // Credentials in the path: whoever holds the link is its owner (the house game's frame, the payment page).
  "GET /api/house/sessions/{token}": {
    kind: "capability",
    why: "the signed game session token of the launch URL",
  },
  "GET /api/house/sessions/{token}/rounds": {
    kind: "capability",
    why: "the signed game session token: it lists that session's player's own rounds of its game",
  },
  "POST /api/house/sessions/{token}/play": { kind: "capability", why: "the signed game session token" },
  "POST /api/house/sessions/{token}/mines/start": {
    kind: "capability",
    why: "the signed game session token",
  },
  "POST /api/house/sessions/{token}/mines/reveal": {
    kind: "capability",
    why: "the signed game session token",
  },
  "POST /api/house/sessions/{token}/mines/cashout": {
    kind: "capability",
    why: "the signed game session token",
  },
  "POST /api/house/sessions/{token}/hilo/start": {
    kind: "capability",
    why: "the signed game session token",
  },
  "POST /api/house/sessions/{token}/hilo/action": {
    kind: "capability",
    why: "the signed game session token",
  },
  "POST /api/house/sessions/{token}/videopoker/start": {
    kind: "capability",
    why: "the signed game session token",
  },
  "POST /api/house/sessions/{token}/videopoker/action": {
    kind: "capability",
    why: "the signed game session token",
  },
  "POST /api/house/sessions/{token}/blackjack/start": {
    kind: "capability",
    why: "the signed game session token",
  },
  "POST /api/house/sessions/{token}/blackjack/action": {
    kind: "capability",
    why: "the signed game session token",
  },
  "POST /api/house/sessions/{token}/seeds/rotate": {
    kind: "capability",
    why: "the signed game session token",
  },
  "GET /api/house/sessions/{token}/crash": { kind: "capability", why: "the signed game session token" },
  "POST /api/house/sessions/{token}/crash/bet": { kind: "capability", why: "the signed game session token" },
  "POST /api/house/sessions/{token}/crash/cashout": {
    kind: "capability",
    why: "the signed game session token",
  },
  "GET /api/house/sessions/{token}/crash/history": {
    kind: "capability",
    why: "the signed game session token",
  },
  "GET /api/house/crash/rounds/{id}": {
    kind: "public",
    why: "one crash round is everyone's: its seeds after it ended, its bets with the players' names masked",
  },
  "GET /api/payment/sandbox/{provider}/{ref}": {
    kind: "capability",
    why: "the sandbox payment page's reference",
  },
  "POST /api/payment/sandbox/{provider}/{ref}/{outcome}": {
    kind: "capability",
    why: "the sandbox payment page's reference",
  },
  "GET /api/player/services/sumsub/sandbox/{token}": {
    kind: "capability",
    why: "the verification link's token",
  },
  "POST /api/player/services/sumsub/sandbox/{token}/{outcome}": {
    kind: "capability",
    why: "the verification link's token",
  },
};

/** A query parameter that names a resource (not a filter, a page or a currency). */
const NAMES_A_RESOURCE = /^(ids?|.*Ids?|token|ref)$/;

/**
 * The operations whose path or query names something, and the player's operations whose body does: each needs
 * its entry in ID_STRATEGIES. (The sportsbook's sport, category and championship ids are catalogue filters.)
 */
const namesSomething = (op: Operation) =>
  op.parameters.some(
    (p) =>
      p.in === "path" ||
      (p.in === "query" &&
        NAMES_A_RESOURCE.test(p.name) &&
        !/^(sport|category|championship)Id$/.test(p.name)),
  ) ||
  (op.auth !== "none" && Object.keys(op.body?.schema.properties ?? {}).some((k) => NAMES_A_RESOURCE.test(k)));

for (const kind of dbKinds()) {
  describe(`the authorization matrix [${kind}]`, () => {
    let t: WalkApp;
    let operations: Operation[];
    let allOperations: Operation[];
    let a: Owner;
    let b: Owner;
    const { call, register } = caller(() => t.app);

    /** A player with one of everything a player can own, each found back by its id. */
    async function owner(label: string): Promise<Owner> {
      const { accessToken: token, profile, email } = await register();
      const nickname = `${label}${Math.random().toString(36).slice(2, 8)}`;
      expect(
        (await call({ method: "PUT", url: "/api/player/profile", body: { nickname }, token })).status,
      ).toBe(200);
      const usd = await call({ url: "/api/wallet/accounts", body: { currency: "USD" }, token });
      const eur = await call({ url: "/api/wallet/accounts", body: { currency: "EUR" }, token });
      await post(t.database.db, {
        accountId: BigInt(usd.body.data.id),
        amount: "100",
        kind: "adjustment",
        reference: "matrix:opening",
        idempotencyKey: `matrix-opening:${usd.body.data.id}`,
      });
      const invoice = await call({
        url: "/api/payment/invoices/deposit",
        body: {
          method: "sandbox.deposit.card",
          amount: "10",
          currency: "USD",
          customerFields: { firstName: label, lastName: "Harbor" },
        },
        token,
      });
      expect(invoice.status, JSON.stringify(invoice.body)).toBeLessThan(300);
      const invoices = await call({ method: "GET", url: "/api/payment/invoices", token });
      const limit = await call({
        url: "/api/player/limits",
        body: { definition: 1, period: "weekly", amount: "500", currency: "USD" },
        token,
      });
      expect(limit.status, JSON.stringify(limit.body)).toBe(201);
      const documentName = `${label}-passport-${Math.random().toString(36).slice(2, 8)}.png`;
      const form = multipartForm(
        { type: "id" },
        { name: documentName, data: await smallPng(), contentType: "image/png" },
      );
      const document = await t.app.inject({
        method: "POST",
        url: "/api/player/documents",
        headers: { ...form.headers, authorization: `Bearer ${token}` },
        payload: form.payload,
      });
      expect(document.statusCode, document.body).toBe(201);
      const chatForm = multipartForm(
        { text: `${label} needs help` },
        { name: `${label}-receipt.png`, data: await smallPng(), contentType: "image/png" },
      );
      const chat = await t.app.inject({
        method: "POST",
        url: "/api/chat/messages",
        headers: { ...chatForm.headers, authorization: `Bearer ${token}` },
        payload: chatForm.payload,
      });
      expect(chat.statusCode, chat.body).toBe(201);
      const betRequestId = `matrix-${label}-${Math.random().toString(36).slice(2, 10)}`;
      const bet = await call({
        url: "/api/sportsbook/bets",
        body: {
          type: "single",
          stake: "5",
          requestId: betRequestId,
          selections: [{ selectionId: "1:1x2:home", odds: "2.10" }],
        },
        token,
      });
      expect(bet.status, JSON.stringify(bet.body)).toBeLessThan(300);
      const launch = await call({ url: "/api/game/games/harbor-dice/play", body: { real: true }, token });
      expect(launch.status, JSON.stringify(launch.body)).toBe(200);
      const houseToken = new URL(launch.body.data.url, "http://x").searchParams.get("token")!;
      const round = await call({
        url: `/api/house/sessions/${houseToken}/play`,
        body: { amount: "1", dice: { target: 50, direction: "over" } },
      });
      expect(round.status, JSON.stringify(round.body)).toBe(200);
      await call({ method: "POST", url: "/api/game/games/harbor-dice/favorite", body: {}, token });
      await call({ method: "GET", url: `/api/game/games/search?q=${label}dice`, token });
      const recent = await call({ method: "GET", url: "/api/game/search/recent", token });
      const sessions = await call({ method: "GET", url: "/api/player/sessions", token });
      // A code that issues a bonus at once, and a deposit code that waits (and may be withdrawn).
      const welcome = await call({
        url: "/api/game/bonuses/bonuscodes",
        body: { bonusCode: "WELCOME10", trigger: "manual" },
        token,
      });
      expect(welcome.body.data?.playerBonusId, JSON.stringify(welcome.body)).toBeTruthy();
      const reload = await call({
        url: "/api/game/bonuses/bonuscodes",
        body: { bonusCode: "RELOAD50", trigger: "deposit" },
        token,
      });
      expect(reload.body.data?.playerBonusCodeId, JSON.stringify(reload.body)).toBeTruthy();
      // A message and a push, as a deposit's fact writes them.
      await t.database.db.transaction((tx) =>
        notifyOfFact(tx, {
          kind: "deposit.succeeded",
          key: `matrix:${profile.id}`,
          playerId: profile.id,
          data: { currency: "USD", amount: "10" },
        }),
      );
      const message = await call({ method: "GET", url: "/api/notification/messenger/messages", token });
      const pushed = await call({ method: "GET", url: "/api/notification/pushes", token });
      const spins = await call({
        url: "/api/game/bonuses/bonuscodes",
        body: { bonusCode: "FREESPINS20", trigger: "manual" },
        token,
      });
      expect(spins.body.data?.playerFreespinId, JSON.stringify(spins.body)).toBeTruthy();
      return {
        token,
        playerId: String(profile.id),
        sessionId: String(sessions.body.data[0].id),
        email,
        nickname,
        usdAccountId: String(usd.body.data.id),
        eurAccountId: String(eur.body.data.id),
        invoiceId: String(invoices.body.data[0].id),
        limitId: String(limit.body.data.id),
        documentId: String(document.json().data.id),
        documentName,
        betId: String(bet.body.data.id),
        betRequestId,
        houseToken,
        roundId: String(round.body.data.round.id),
        recentSearchId: String(recent.body.data[0].id),
        playerBonusId: String(welcome.body.data.playerBonusId),
        playerBonusCodeId: String(reload.body.data.playerBonusCodeId),
        messageId: String(message.body.data[0].id),
        pushId: String(pushed.body.data[0].id),
        playerFreespinId: String(spins.body.data.playerFreespinId),
        chatMessageId: String(chat.json().data.message.id),
      };
    }

    /** Everything A can see of their own, to compare before and after B's calls. */
    async function viewOf(p: Owner) {
      const reads = [
        "/api/player/profile",
        "/api/wallet/accounts",
        "/api/player/limits",
        "/api/payment/invoices",
        "/api/player/documents",
        "/api/sportsbook/bets?status=open",
        "/api/game/games/favorites",
        "/api/game/search/recent",
        "/api/game/player-bonuses",
        "/api/game/player-freespins",
        "/api/game/bonuses/bonuscodes",
        "/api/retention/quests",
        "/api/notification/messenger/messages",
        "/api/notification/pushes",
        "/api/chat/conversation",
        `/api/house/sessions/${p.houseToken}/rounds/${p.roundId}`,
      ];
      const view: Record<string, unknown> = {};
      for (const url of reads) {
        const res = await call({ method: "GET", url, token: p.token });
        view[url] = [res.status, res.body];
      }
      const sessions = await call({ method: "GET", url: "/api/player/sessions", token: p.token });
      view.sessions = sessions.body.data.map((s: { id: unknown }) => s.id);
      return view;
    }

    beforeAll(async () => {
      t = await createWalkApp(kind);
      // The back office's calls are staff's (their own matrix: server/modules/admin/permissions.test.ts); a
      // player's token opens none of them, as the 401 check below also shows.
      allOperations = await apiOperations(t.app);
      operations = allOperations.filter((op) => op.auth !== "staff");
      a = await owner("alice");
      b = await owner("bob");
      // Building the app and seeding takes long on a busy machine.
    }, 180_000);
    afterAll(() => t?.close());

    const sample = (op: Operation): FuzzRequest => fc.sample(validRequest(op), { numRuns: 1, seed: 20 })[0]!;

    async function send(
      req: { method: string; url: string; headers?: Record<string, string>; payload?: string | Buffer },
      token?: string,
    ) {
      const mark = await t.writes.mark();
      const res = await t.app.inject({
        method: req.method as "GET",
        url: req.url,
        headers: {
          "cf-connecting-ip": freshIp(),
          ...req.headers,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(req.payload !== undefined ? { payload: req.payload } : {}),
      });
      return {
        status: res.statusCode,
        text: res.body,
        json: safeJson(res.body),
        written: await t.writes.since(mark),
      };
    }

    it("knows how to name another player's resource in every operation that names one", () => {
      const missing = operations
        .filter((op) => namesSomething(op) && !ID_STRATEGIES[operationName(op)])
        .map(operationName);
      expect(
        missing,
        `Add each of these operations to ID_STRATEGIES in server/http/authorization.test.ts: how to fill its path or query with another player's resource ("owned"), or why what it names is nobody's private data ("public") or is itself the credential ("capability"):\n${missing.join("\n")}`,
      ).toEqual([]);
      const stale = Object.keys(ID_STRATEGIES).filter(
        (name) => !operations.some((op) => operationName(op) === name),
      );
      expect(
        stale,
        `ID_STRATEGIES names operations the API no longer has; remove them:\n${stale.join("\n")}`,
      ).toEqual([]);
    });

    it("answers player B's calls with A's ids 403 or 404, or with B's own data; A's data stays as it was", async () => {
      const problems: string[] = [];
      let checked = 0;
      for (const op of operations) {
        const strategy = ID_STRATEGIES[operationName(op)];
        if (strategy?.kind !== "owned") continue;
        const urlOf = (parts: ReturnType<typeof strategy.request>) => {
          const generated = new URL(base.url, "http://x").pathname.split("/");
          let url = op.path;
          for (const p of op.parameters.filter((x) => x.in === "path"))
            url = url.replace(
              `{${p.name}}`,
              parts.path?.[p.name] !== undefined
                ? encodeURIComponent(parts.path[p.name]!)
                : generated[op.path.split("/").indexOf(`{${p.name}}`)]!,
            );
          return parts.query ? `${url}?${new URLSearchParams(parts.query)}` : url;
        };
        const base = sample(op);
        const parts = strategy.request(a, b);
        const url = urlOf(parts);
        const body =
          "body" in parts
            ? parts.body
            : op.body
              ? base.payload
                ? JSON.parse(String(base.payload))
                : {}
              : undefined;
        const before = await viewOf(a);
        const res = await send(
          {
            method: op.method,
            url,
            ...(body !== undefined
              ? { payload: JSON.stringify(body), headers: { "content-type": "application/json" } }
              : {}),
          },
          strategy.token ? strategy.token(b) : b.token,
        );
        checked++;
        const name = operationName(op);
        // What B sent (A's bet key) may come back in B's own answer; anything else of A's may not.
        const leak = leaksOf(res.text, a, `${url} ${JSON.stringify(body ?? null)}`);
        if (res.status >= 500) problems.push(`${name}: answered ${res.status}`);
        else if (res.status < 300 && leak.length)
          problems.push(`${name}: answered ${res.status} with A's ${leak.join(", ")}`);
        else if (res.status >= 300 && ![403, 404].includes(res.status))
          problems.push(`${name}: answered ${res.status} (${res.text.slice(0, 200)}), expected 403 or 404`);
        if (res.status >= 400 && !apiErrorBody.safeParse(res.json).success)
          problems.push(`${name}: error not in the one shape`);
        if (res.status >= 400 && res.written.length)
          problems.push(`${name}: refused but wrote ${[...new Set(res.written)].join(", ")}`);
        const after = await viewOf(a);
        if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`${name}: changed A's data`);
        // The ids are real: A reading the same resource finds it.
        if (op.method === "GET") {
          const own = await send({ method: "GET", url: urlOf(strategy.request(a, a)) }, a.token);
          if (own.status !== 200)
            problems.push(`${name}: A's own call answered ${own.status}; the strategy's ids are wrong`);
        }
        if (process.env.MATRIX_DEBUG) console.log(`matrix: ${name} ${res.status} ${res.text.slice(0, 120)}`);
      }
      expect(checked).toBeGreaterThanOrEqual(10);
      expect(problems, problems.join("\n")).toEqual([]);
    });

    it("answers nothing of A's to B, whatever B calls", async () => {
      const problems: string[] = [];
      for (const op of operations) {
        if (op.auth === "none") continue;
        // Valid requests B might make, several per operation; their answers must not show A's data.
        for (const req of fc.sample(validRequest(op), { numRuns: 3, seed: 7 })) {
          const res = await send(req, b.token);
          const leak = leaksOf(res.text, a);
          if (leak.length)
            problems.push(`${operationName(op)} (${req.note}): answered A's ${leak.join(", ")}`);
          if (res.status >= 500) problems.push(`${operationName(op)} (${req.note}): answered ${res.status}`);
          // B's own calls may log B out or lock B's account: B signs in again.
          if (res.status === 401 || res.status === 403) b = { ...b, ...(await relogin(b)) };
        }
      }
      expect(problems, problems.join("\n")).toEqual([]);
      // The check can fail: A's own calls do show A's data.
      const own = await send({ method: "GET", url: "/api/player/documents" }, a.token);
      expect(leaksOf(own.text, a)).toContain("document name");
    });

    /** A fresh session for a player whose own call closed theirs. */
    async function relogin(p: Owner): Promise<Pick<Owner, "token">> {
      const res = await call({
        url: "/api/player/sessions",
        body: { login: p.email, password: "harbor-lights-7" },
      });
      if (res.status === 200 || res.status === 201) return { token: res.body.accessToken };
      return { token: p.token };
    }

    it("answers 401 in the one shape to every call that wants a session, unless the token is a live session's", async () => {
      const { accessToken: closedToken } = await register();
      expect(
        (await call({ url: "/api/player/sessions/logout", body: {}, token: closedToken })).status,
      ).toBeLessThan(300);
      const now = new Date();
      const expired = await signAccessToken(
        t.config.JWT_SECRET,
        { playerId: a.playerId, sessionId: a.sessionId },
        { now: new Date(now.getTime() - 48 * 3_600_000), ttlSeconds: 3600 },
      );
      const [head, payload, signature] = b.token.split(".");
      const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
      const asA = Buffer.from(JSON.stringify({ ...claims, sub: a.playerId, sid: a.sessionId })).toString(
        "base64url",
      );
      const otherKey = await signAccessToken(
        "another-secret-another-secret-another-secret",
        { playerId: a.playerId, sessionId: a.sessionId },
        { now, ttlSeconds: 3600 },
      );
      const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${asA}.`;
      const flipped = signature!.at(-2) === "A" ? "B" : "A";
      const badTokens: Record<string, string | undefined> = {
        "no token": undefined,
        "an expired token": expired,
        "a token whose claims were changed": `${head}.${asA}.${signature}`,
        "a token whose signature was changed": `${head}.${payload}.${signature!.slice(0, -2)}${flipped}${signature!.at(-1)}`,
        "a token signed with another key": otherKey,
        "an unsigned token": none,
        "the token of a logged-out session": closedToken,
        "not a token": "harbor",
      };
      const problems: string[] = [];
      let checked = 0;
      for (const op of allOperations) {
        if (op.auth === "none") continue;
        const req = sample(op);
        for (const [what, token] of Object.entries(badTokens)) {
          // A guest may call an optional-auth operation; a token that is sent is checked all the same.
          if (op.auth === "optional" && token === undefined) continue;
          const res = await send(req, token);
          checked++;
          const body = apiErrorBody.safeParse(res.json);
          if (res.status !== 401 || !body.success)
            problems.push(`${operationName(op)} with ${what}: ${res.status} ${res.text.slice(0, 200)}`);
          else if (!["unauthorized", "session_expired"].includes(String(body.data.code)))
            problems.push(`${operationName(op)} with ${what}: code ${body.data.code}`);
          if (res.written.length)
            problems.push(`${operationName(op)} with ${what}: wrote ${[...new Set(res.written)].join(", ")}`);
        }
      }
      expect(checked).toBeGreaterThan(300);
      expect(problems, problems.join("\n")).toEqual([]);
    });
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What of A's an answer shows: values only A has (ids are small numbers that B's data may share). */
function leaksOf(text: string, a: Owner, sent = ""): string[] {
  const markers: [string, string][] = [
    ["e-mail", a.email],
    ["nickname", a.nickname],
    ["document name", a.documentName.replace(/\.png$/, "")],
    ["bet request id", a.betRequestId],
    ["game session token", a.houseToken],
  ];
  return markers.filter(([, value]) => text.includes(value) && !sent.includes(value)).map(([what]) => what);
}
