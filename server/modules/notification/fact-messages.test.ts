import { describe, expect, it } from "vitest";
import { noticeOfFact } from "./fact-messages";

describe("what a fact tells the player", () => {
  it("writes a deposit in the player's language, with the amount as they read numbers", () => {
    const fact = {
      kind: "deposit.succeeded",
      key: "d1",
      data: { currency: "USD", amount: "1234.50" },
    } as const;
    expect(noticeOfFact(fact, "en")).toEqual({
      kind: "deposit.succeeded",
      title: "Deposit received",
      body: "1,234.5 USD is on your balance. Good luck!",
      url: "/wallet/history",
      push: true,
    });
    expect(noticeOfFact(fact, "ru")?.body).toBe("1\u00a0234,5 USD на вашем балансе. Удачи!");
    expect(noticeOfFact(fact, "pt-br")?.title).toBe("Depósito recebido");
    // A language without texts reads English.
    expect(noticeOfFact(fact, "de")?.title).toBe("Deposit received");
  });

  it("keeps an amount exact, however many decimals", () => {
    const fact = {
      kind: "bonus.issued",
      key: "b1",
      data: { currency: "BTC", amount: "0.00012345" },
    } as const;
    expect(noticeOfFact(fact, "en")?.body).toBe(
      "A bonus of 0.00012345 BTC is waiting for you in your bonuses.",
    );
  });

  it("does not call a bonus that started at once waiting (issue 36: the welcome bonus of a deposit)", () => {
    const data = { currency: "USD", amount: "50", active: true };
    expect(noticeOfFact({ kind: "bonus.issued", key: "b2", data }, "en")).toMatchObject({
      title: "Bonus active",
      body: "Your bonus of 50 USD is active: it is on your bonus balance and its wagering has started.",
    });
    expect(noticeOfFact({ kind: "bonus.issued", key: "b3", data }, "ru")?.body).not.toContain("ждёт");
  });

  it("tells a failed withdrawal apart from a completed one", () => {
    const data = { currency: "EUR", amount: "50", status: "failure" };
    expect(noticeOfFact({ kind: "withdrawal.completed", key: "w1", data }, "en")?.title).toBe(
      "Withdrawal not completed",
    );
    expect(
      noticeOfFact({ kind: "withdrawal.completed", key: "w2", data: { ...data, status: "success" } }, "en")
        ?.title,
    ).toBe("Withdrawal completed");
  });

  it("names the level reached, and says nothing of a document still pending", () => {
    expect(
      noticeOfFact({ kind: "level.reached", key: "l1", data: { order: 2, name: "Silver" } }, "en"),
    ).toMatchObject({
      title: "New level: Silver",
      url: "/loyalty",
      push: true,
    });
    expect(
      noticeOfFact({ kind: "document.reviewed", key: "x", data: { status: "approved" } }, "en")?.title,
    ).toBe("Document approved");
    expect(
      noticeOfFact({ kind: "document.reviewed", key: "y", data: { status: "pending" } }, "en"),
    ).toBeNull();
    expect(noticeOfFact({ kind: "quest.completed", key: "q", data: { questId: 3 } }, "ru")?.title).toBe(
      "Квест выполнен",
    );
  });
});
