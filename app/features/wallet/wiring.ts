import { onAccountsLoad } from "~/lib/session/session";

/**
 * The wallet's place in every login sequence (spec point 4: load accounts), without the wallet itself: its store
 * (queries, balance and invoice events, actions) loads with the first session, so a guest's first paint never
 * carries it (issue 41). The sequence waits for the store, then for the accounts; the store hears balance and
 * invoice events from the moment it is loaded, before it reads the accounts.
 */
if (typeof window !== "undefined")
  onAccountsLoad(async (profile) => (await import("./store")).loadAccounts(profile));
