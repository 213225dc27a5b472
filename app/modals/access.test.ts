import { describe, expect, it } from "vitest";
import { mayOpen, planModals, walletType } from "./access";
import { MODAL_COMPONENTS } from "./components";
import { findModal, MODALS, modalZIndex } from "./registry";

const all = () => true;

/** Spec point 2's list as written (forgot-pass appears twice there). */
const SPEC_IDS =
  "sign-in, sign-up, change-pass, reset-pass, forgot-pass, phone, deposit-error, deposit-success, deposit-status, referral-transfer, confirm, confirm-email, reset-email-send, fiat, wallet, games-filter, confirm-session-logout, wallet-telegram-app, telegram-news, avatars, global-search, geo-popup, add-limit, edit-limit, confirm-delete-limit, confirm-limit-update, game-limit-reached, affiliate-program, balance, bonus-cancel-lock, bonus-condition, bonus-details, cancel-deposit, categories, confirm-bonus-unsettled, confirm-bonus, cookie-request, currencies, demo-game, demo-unavailable, deposit-redirect, email-verify, forgot-pass, get-code, loyalty-earn, loyalty-level, max-bets, mobile-game, package-bonus, providers, quest-rewards, quest-task-games, quest-tasks, quests-hub, restricted-bets, success, turn-over-wager, wallet-bonus-info, wallet-choose-region";
/** Ours beyond the spec's list: the reality check's reminder (decision 0011), the free spins' details (0013). */
const OWN_IDS = ["reality-check", "freespin-details"];
const q = (s: string) => new URLSearchParams(s);

describe("modal access marks", () => {
  it("lists every identifier of the spec once, and ours", () => {
    const ids = MODALS.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...new Set([...SPEC_IDS.split(", "), ...OWN_IDS])].sort());
  });

  it("keeps sign-in and password recovery for guests only", () => {
    for (const id of ["sign-in", "sign-up", "reset-pass", "forgot-pass", "reset-email-send"]) {
      const m = findModal(id)!;
      expect(mayOpen(m, false), id).toBe(true);
      expect(mayOpen(m, true), id).toBe(false);
    }
  });

  it("keeps the player's own modals for logged-in players only", () => {
    for (const id of [
      "change-pass",
      "phone",
      "deposit-success",
      "wallet",
      "avatars",
      "confirm-session-logout",
    ]) {
      const m = findModal(id)!;
      expect(mayOpen(m, true), id).toBe(true);
      expect(mayOpen(m, false), id).toBe(false);
    }
  });

  it("opens the rest for everyone", () => {
    for (const id of ["geo-popup", "cookie-request", "global-search", "telegram-news"]) {
      expect(mayOpen(findModal(id)!, true), id).toBe(true);
      expect(mayOpen(findModal(id)!, false), id).toBe(true);
    }
  });

  it("knows the short names", () => {
    expect(findModal("tg-wallet")?.id).toBe("wallet-telegram-app");
    expect(findModal("tg-news")?.id).toBe("telegram-news");
  });
});

describe("planModals", () => {
  it("strips a guest-only modal for a player and a player-only modal for a guest", () => {
    expect(planModals(q("sign-in=true"), true, all)).toEqual({ open: [], strip: ["sign-in"] });
    expect(planModals(q("wallet=deposit"), false, all)).toEqual({ open: [], strip: ["wallet"] });
  });

  it("keeps what is allowed, in the order of the address, and leaves other parameters alone", () => {
    const plan = planModals(q("page=2&geo-popup=true&wallet=withdraw&change-pass=true"), true, all);
    expect(plan.open.map((o) => [o.param, o.value])).toEqual([
      ["geo-popup", "true"],
      ["wallet", "withdraw"],
      ["change-pass", "true"],
    ]);
    expect(plan.strip).toEqual([]);
  });

  it("strips modals whose component has not landed yet", () => {
    // Every modal of the spec has landed; one whose component is missing is stripped all the same.
    const plan = planModals(q("geo-popup=true&success=true"), false, (entry) => entry.id !== "success");
    expect(plan.open.map((o) => o.entry.id)).toEqual(["geo-popup"]);
    expect(plan.strip).toEqual(["success"]);
  });

  it("has a component for every built modal and for no other", () => {
    const built = MODALS.filter((m) => m.built !== false).map((m) => m.id);
    expect(Object.keys(MODAL_COMPONENTS).sort()).toEqual(built.sort());
    expect(built).toEqual(
      expect.arrayContaining(["wallet", "confirm-bonus", "bonus-cancel-lock", "package-bonus"]),
    );
  });

  it("strips a modal set to false or empty, and a second copy of an open one", () => {
    expect(planModals(q("geo-popup=false"), false, all).strip).toEqual(["geo-popup"]);
    expect(planModals(q("geo-popup="), false, all).strip).toEqual(["geo-popup"]);
    const dup = planModals(q("tg-news=true&telegram-news=true"), false, all);
    expect(dup.open.map((o) => o.param)).toEqual(["tg-news"]);
    expect(dup.strip).toEqual(["telegram-news"]);
  });

  it("reads the wallet's type", () => {
    expect(walletType("deposit")).toBe("deposit");
    expect(walletType("withdraw")).toBe("withdraw");
    expect(walletType("true")).toBeUndefined();
  });

  it("stacks from z-index 1000 by 2", () => {
    expect([0, 1, 2].map(modalZIndex)).toEqual([1000, 1002, 1004]);
  });
});
