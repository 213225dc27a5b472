import { describe, expect, it } from "vitest";
import {
  abandonedRegistrationHits,
  betHits,
  depositStage,
  hitKey,
  invoiceHits,
  PIXEL_CODES,
  registrationHits,
  unsent,
  visitHits,
} from "./analytics";

const paid = (id: string, number: number, paidNumber?: number) => ({
  id,
  type: 1,
  status: 2,
  number,
  paidNumber,
});
const codes = (hits: { code: number }[]) => hits.map((h) => h.code);

describe("the ad-pixel funnel (spec point 9)", () => {
  it("has the spec's codes", () => {
    expect(PIXEL_CODES).toEqual({
      visit: 80,
      regfin: 81,
      regnotfin: 82,
      ftd: 83,
      dep2: 84,
      dep3: 85,
      dep4: 86,
      dep5plus: 87,
      bet: 88,
      deposit: 89,
      bet30: 90,
    });
  });

  it("deposit numbers 1 to 4 are ftd, dep2, dep3, dep4; above 4 dep5plus (spec point 4)", () => {
    expect([1, 2, 3, 4, 5, 6, 40].map(depositStage)).toEqual([
      "ftd",
      "dep2",
      "dep3",
      "dep4",
      "dep5plus",
      "dep5plus",
      "dep5plus",
    ]);
    expect([0, -1, 1.5, Number.NaN].map(depositStage)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it("a paid deposit reports its stage, then deposit, both for that invoice", () => {
    expect(invoiceHits(paid("7", 1, 1))).toEqual([
      { event: "ftd", code: 83, fact: "deposit:7" },
      { event: "deposit", code: 89, fact: "deposit:7" },
    ]);
    expect(codes(invoiceHits(paid("8", 2, 2)))).toEqual([84, 89]);
    expect(codes(invoiceHits(paid("9", 5, 5)))).toEqual([87, 89]);
  });

  it("the stage follows the paid deposits: a failed first attempt leaves the first paid one an ftd", () => {
    expect(codes(invoiceHits(paid("12", 2, 1)))).toEqual([83, 89]);
    // An older server without paidNumber: the invoice number, as spec point 4 words it.
    expect(codes(invoiceHits(paid("13", 3)))).toEqual([85, 89]);
  });

  it("pending and failed deposits and every withdrawal report nothing", () => {
    expect(invoiceHits({ id: "1", type: 1, status: 1, number: 1 })).toEqual([]);
    expect(invoiceHits({ id: "1", type: 1, status: 3, number: 1 })).toEqual([]);
    expect(invoiceHits({ id: "2", type: 2, status: 2, number: 1 })).toEqual([]);
  });

  it("a bet is bet then bet30, once per player; registrations and visits have their own facts", () => {
    expect(betHits("42")).toEqual([
      { event: "bet", code: 88, fact: "bet:42" },
      { event: "bet30", code: 90, fact: "bet:42" },
    ]);
    expect(registrationHits("42")).toEqual([{ event: "regfin", code: 81, fact: "registration:42" }]);
    expect(abandonedRegistrationHits("v1")).toEqual([
      { event: "regnotfin", code: 82, fact: "registration-left:v1" },
    ]);
    expect(visitHits("v1")).toEqual([{ event: "visit", code: 80, fact: "visit:v1" }]);
  });
});

describe("once per fact", () => {
  it("drops what was sent before and repeats within one batch, keeping the order", () => {
    const first = [...visitHits("v1"), ...registrationHits("42")];
    const sent = new Set(first.map(hitKey));
    const again = [...visitHits("v1"), ...invoiceHits(paid("7", 1, 1)), ...invoiceHits(paid("7", 1, 1))];
    expect(codes(unsent(again, sent))).toEqual([83, 89]);
    expect(unsent(first, sent)).toEqual([]);
  });

  it("a second bet of the same player is no new fact; another player's is", () => {
    const sent = new Set(betHits("42").map(hitKey));
    expect(unsent(betHits("42"), sent)).toEqual([]);
    expect(codes(unsent(betHits("43"), sent))).toEqual([88, 90]);
  });

  it("the same deposit heard twice (two tabs, a reconnect) is one report of each code", () => {
    const twice = [...invoiceHits(paid("7", 1, 1)), ...invoiceHits(paid("7", 1, 1))];
    expect(codes(unsent(twice, new Set()))).toEqual([83, 89]);
  });
});
