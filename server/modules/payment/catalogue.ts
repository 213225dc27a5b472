import type { Direction, MethodIcon, PaymentMethod } from "../../providers/payment/methods";
import type { PaymentProcessor } from "../../providers/payment/port";

export type {
  CustomerField,
  Direction,
  Flow,
  MethodIcon,
  PaymentMethod,
} from "../../providers/payment/methods";

export interface MethodGroup {
  id: string;
  label: string;
  icon: MethodIcon;
}

export const METHOD_GROUPS: MethodGroup[] = [
  { id: "agent", label: "Local agents", icon: "cashAgent" },
  { id: "card", label: "Bank cards", icon: "visa" },
  { id: "instant", label: "Instant bank payments", icon: "bankTransfer" },
  { id: "ewallet", label: "Mobile wallets", icon: "bkash" },
  { id: "crypto", label: "Crypto", icon: "bitcoin" },
];

/** What the configured processors carry, together: the payment-method catalogue of this server. */
export interface Catalogue {
  readonly all: readonly PaymentMethod[];
  find(code: string): PaymentMethod | undefined;
  /**
   * The methods a player may use for one direction, currency and country: manual-agent methods first, then in
   * catalogue order. An unknown country sees the methods that serve every country.
   */
  methodsFor(direction: Direction, currency: string, country?: string): PaymentMethod[];
}

const built = new WeakMap<object, Catalogue>();

/** The catalogue of a set of processors, built once per set (a server's set never changes while it runs). */
export function catalogueOf(processors: Record<string, PaymentProcessor>): Catalogue {
  const known = built.get(processors);
  if (known) return known;
  const all = Object.values(processors).flatMap((p) => p.methods);
  const byCode = new Map(all.map((m) => [m.code, m]));
  const catalogue: Catalogue = {
    all,
    find: (code) => byCode.get(code),
    methodsFor: (direction, currency, country) =>
      all
        .filter(
          (m) =>
            m.direction === direction &&
            m.currencies.includes(currency) &&
            (m.countries.length === 0 || (country !== undefined && m.countries.includes(country))),
        )
        .sort((a, b) => Number(b.isManualAgent) - Number(a.isManualAgent)),
  };
  built.set(processors, catalogue);
  return catalogue;
}
