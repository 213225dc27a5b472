/** Spec point 2: in the messenger app the wallet modal is its `wallet-telegram-app` variant (`tg-wallet`). */
const VARIANTS: Record<string, string> = { wallet: "tg-wallet" };

/**
 * The query string with every modal that has a mini-app variant renamed to it (value and order kept), or
 * undefined when nothing changes. Features keep opening `?wallet=deposit`; the mini-app shows its own wallet.
 */
export function messengerModalSearch(search: string): string | undefined {
  const q = new URLSearchParams(search);
  let changed = false;
  const out = new URLSearchParams();
  for (const [key, value] of q) {
    const variant = VARIANTS[key];
    if (variant && !q.has(variant)) {
      out.append(variant, value);
      changed = true;
    } else if (!variant) out.append(key, value);
    else changed = true; // both in the address: the variant already there wins
  }
  return changed ? `?${out}` : undefined;
}
