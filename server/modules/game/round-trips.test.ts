import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signWalletCall } from "../../providers/games/signature";
import { createTestApp, dbKinds, type TestApp } from "../../test/harness";
import { roundTrips } from "../../test/round-trips";
import { drainFacts } from "../facts";
import { caller } from "../player/test-support";
import { playerInRealGame } from "./test-support";

const SECRET = "house-games-secret-house-games-secret-0123";

/**
 * Statements sent to PostgreSQL per call, BEGIN and COMMIT included: a ratchet that only goes down (issue 38:
 * a money path's cost is its round trips; pgbench's TPC-B transaction is 7). Lower it when a change lowers it.
 */
const CEILING = { balance: 1, bet: 1, win: 1, rollback: 2, houseRound: 4 };

/** A call's own statements: the facts relay reads new facts after a commit, beside the call (its consumers' work). */
const ofCall = (statements: string[]) =>
  statements.filter((q) => !/^select .* from "domain_facts" where \("domain_facts"\."pending"/.test(q));

describe.runIf(dbKinds().includes("postgres"))("seamless wallet round trips (issue 38)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("postgres", { env: { HOUSE_GAMES_SECRET: SECRET } });
  });
  afterAll(async () => {
    await t?.app.close();
    await t?.database.close();
  });

  async function wallet(action: string, body: object) {
    const raw = JSON.stringify(body);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/game/wallet/house/${action}`,
      headers: { "content-type": "application/json", ...signWalletCall(SECRET, raw, new Date()) },
      payload: raw,
    });
    return res.json();
  }

  it("a bet and its win (also a win of 0) stay within their round trips", async () => {
    const p = await playerInRealGame(
      caller(() => t.app),
      t.database.db,
      "harbor-fortune",
      "100",
    );
    const id = randomUUID();
    // Warm: the first call of a kind may read what later ones keep.
    await wallet("bet", {
      token: p.sessionId,
      transactionId: `w-${id}`,
      roundId: `w-${id}`,
      amount: "1",
      currency: "USD",
    });
    const bet = await roundTrips(() =>
      wallet("bet", { token: p.sessionId, transactionId: id, roundId: id, amount: "1", currency: "USD" }),
    );
    expect(bet.result.status).toBe("RS_OK");
    const win = await roundTrips(() =>
      wallet("win", {
        token: p.sessionId,
        transactionId: `${id}-win`,
        referenceTransactionId: id,
        roundId: id,
        amount: "2",
        currency: "USD",
        roundClosed: true,
      }),
    );
    expect(win.result.status).toBe("RS_OK");
    // The win's fact goes to its consumers now, not while the next call is counted.
    await drainFacts(t.database.db);
    // A lost round closes with a win of 0: nothing moves, the round, the answer and the fact are one statement.
    const lostId = randomUUID();
    await wallet("bet", {
      token: p.sessionId,
      transactionId: lostId,
      roundId: lostId,
      amount: "1",
      currency: "USD",
    });
    const lost = await roundTrips(() =>
      wallet("win", {
        token: p.sessionId,
        transactionId: `${lostId}-win`,
        referenceTransactionId: lostId,
        roundId: lostId,
        amount: "0",
        currency: "USD",
        roundClosed: true,
      }),
    );
    expect(lost.result.status).toBe("RS_OK");
    // A rollback of a staked bet: the session with both ids in one read, then one statement.
    const undoneId = randomUUID();
    await wallet("bet", {
      token: p.sessionId,
      transactionId: undoneId,
      roundId: undoneId,
      amount: "1",
      currency: "USD",
    });
    await drainFacts(t.database.db);
    const rollback = await roundTrips(() =>
      wallet("rollback", {
        token: p.sessionId,
        transactionId: `${undoneId}-rb`,
        referenceTransactionId: undoneId,
        roundId: undoneId,
      }),
    );
    expect(rollback.result).toMatchObject({ status: "RS_OK", balance: "99" });
    bet.statements = ofCall(bet.statements);
    win.statements = ofCall(win.statements);
    lost.statements = ofCall(lost.statements);
    rollback.statements = ofCall(rollback.statements);
    // The balance a house game asks after each move: the session, the balance and the free rounds in one read.
    await drainFacts(t.database.db);
    const balance = await roundTrips(() => wallet("balance", { token: p.sessionId }));
    expect(balance.result).toMatchObject({ status: "RS_OK", balance: "99", freeRounds: [] });
    expect(balance.statements.length, balance.statements.join("\n")).toBeLessThanOrEqual(CEILING.balance);
    expect(lost.statements.length, lost.statements.join("\n")).toBeLessThanOrEqual(CEILING.win);
    expect(bet.statements.length, bet.statements.join("\n")).toBeLessThanOrEqual(CEILING.bet);
    expect(win.statements.length, win.statements.join("\n")).toBeLessThanOrEqual(CEILING.win);
    expect(rollback.statements.length, rollback.statements.join("\n")).toBeLessThanOrEqual(CEILING.rollback);
  });

  it("a house dice round, played whole by one call, stays within its round trips", async () => {
    const p = await playerInRealGame(
      caller(() => t.app),
      t.database.db,
      "harbor-dice",
      "100",
    );
    const play = () =>
      t.app.inject({
        method: "POST",
        url: `/api/house/sessions/${p.sessionId}/play`,
        payload: { amount: "1", dice: { target: 50, direction: "over" } },
      });
    // Warm: the first round reads the player and the seeds this process then keeps.
    expect((await play()).statusCode).toBe(200);
    await drainFacts(t.database.db);
    // The draw, the stake, the win and "settled" (decision 0074: no "paying" between them).
    const round = await roundTrips(play);
    expect(round.result.statusCode, round.result.body).toBe(200);
    expect(round.result.json().data.round.status).toBe("settled");
    const statements = ofCall(round.statements);
    expect(statements.length, statements.join("\n")).toBeLessThanOrEqual(CEILING.houseRound);
  });
});
