import type { CustomerField } from "#common/api/wallet";

/**
 * The payment-method catalogue: what a player can pay with, where and in what. Codes follow the spec's
 * `provider.deposit.name` / `provider.withdrawal.name`; `provider` names the processor port that carries the
 * money (`sandbox` and `crypto` are built in; `agent` methods are settled by a person — see docs/payments.md).
 * Amounts are decimal strings in the method's currency.
 */

export type { CustomerField } from "#common/api/wallet";

/** The spec's icon names for payment methods. */
export type MethodIcon =
  | "bitcoin"
  | "ethereum"
  | "tether"
  | "tron"
  | "ton"
  | "visa"
  | "gpay"
  | "masterCard"
  | "cashAgent"
  | "uzcard"
  | "neteller"
  | "astroPay"
  | "bankTransfer"
  | "skrill"
  | "jeton"
  | "pix"
  | "upi"
  | "bkash"
  | "nagad";

export type Direction = "deposit" | "withdrawal";

/**
 * How the player finishes paying: `redirect` to a hosted checkout page, `crypto` to an address shown as a QR
 * code once the processor has made one, `manual` by following an agent's instructions.
 */
export type Flow = "redirect" | "crypto" | "manual";

export interface PaymentMethod {
  code: string;
  provider: string;
  direction: Direction;
  group: string;
  label: string;
  icon: MethodIcon;
  flow: Flow;
  /** Currencies it carries; a player pays in their account's currency. */
  currencies: string[];
  /** Countries it serves; empty means every country we serve. */
  countries: string[];
  /** Per currency: the smallest and largest amount one invoice may carry. */
  limits: Record<string, { min: string; max: string }>;
  customerFields: CustomerField[];
  /** Manual-agent methods come first in the list (spec point 3). */
  isManualAgent: boolean;
}

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

const FIAT_CARD = ["USD", "EUR", "BRL", "INR", "CAD", "TRY", "KZT", "UAH", "NGN"];
const SEPA_COUNTRIES = [
  "AT",
  "BE",
  "DE",
  "ES",
  "FI",
  "IE",
  "IT",
  "LU",
  "PT",
  "SK",
  "SI",
  "EE",
  "LV",
  "LT",
  "MT",
  "CY",
  "GR",
  "HR",
];

/** One limit for every currency listed, scaled by nothing: a method's limits are written per currency. */
const each = (codes: string[], min: string, max: string) =>
  Object.fromEntries(codes.map((c) => [c, { min, max }]));

function method(
  code: string,
  rest: Omit<PaymentMethod, "code" | "provider" | "direction" | "isManualAgent"> & {
    isManualAgent?: boolean;
  },
): PaymentMethod {
  const [provider, direction] = code.split(".") as [string, Direction];
  return { code, provider, direction, isManualAgent: false, ...rest };
}

const CRYPTO: { coin: string; name: string; icon: MethodIcon; min: string; max: string; wmin: string }[] = [
  { coin: "BTC", name: "Bitcoin", icon: "bitcoin", min: "0.0001", max: "5", wmin: "0.0005" },
  { coin: "ETH", name: "Ethereum", icon: "ethereum", min: "0.002", max: "100", wmin: "0.005" },
  { coin: "USDT", name: "Tether USDT (TRC-20)", icon: "tether", min: "5", max: "100000", wmin: "10" },
  { coin: "TON", name: "Toncoin", icon: "ton", min: "1", max: "50000", wmin: "2" },
];

export const PAYMENT_METHODS: PaymentMethod[] = [
  // Manual agents: a local agent takes mobile-wallet money and credits the player by hand.
  method("agent.deposit.nagad", {
    group: "agent",
    label: "Direct Nagad",
    icon: "nagad",
    flow: "manual",
    currencies: ["BDT"],
    countries: ["BD"],
    limits: each(["BDT"], "200", "50000"),
    customerFields: ["phone"],
    isManualAgent: true,
  }),
  method("agent.deposit.bkash", {
    group: "agent",
    label: "Direct bKash",
    icon: "bkash",
    flow: "manual",
    currencies: ["BDT"],
    countries: ["BD"],
    limits: each(["BDT"], "200", "50000"),
    customerFields: ["phone"],
    isManualAgent: true,
  }),
  method("agent.withdrawal.nagad", {
    group: "agent",
    label: "Direct Nagad",
    icon: "nagad",
    flow: "manual",
    currencies: ["BDT"],
    countries: ["BD"],
    limits: each(["BDT"], "500", "25000"),
    customerFields: ["phone"],
    isManualAgent: true,
  }),
  method("agent.withdrawal.bkash", {
    group: "agent",
    label: "Direct bKash",
    icon: "bkash",
    flow: "manual",
    currencies: ["BDT"],
    countries: ["BD"],
    limits: each(["BDT"], "500", "25000"),
    customerFields: ["phone"],
    isManualAgent: true,
  }),
  method("cashagent.deposit.cash", {
    group: "agent",
    label: "Cash agent",
    icon: "cashAgent",
    flow: "manual",
    currencies: ["INR", "BDT", "PKR", "UZS", "KZT"],
    countries: [],
    limits: {
      INR: { min: "300", max: "100000" },
      BDT: { min: "300", max: "100000" },
      PKR: { min: "500", max: "200000" },
      UZS: { min: "50000", max: "50000000" },
      KZT: { min: "2000", max: "2000000" },
    },
    customerFields: ["playerName", "phone", "city"],
    isManualAgent: true,
  }),
  method("cashagent.withdrawal.cash", {
    group: "agent",
    label: "Cash agent",
    icon: "cashAgent",
    flow: "manual",
    currencies: ["INR", "BDT", "PKR", "UZS", "KZT"],
    countries: [],
    limits: {
      INR: { min: "500", max: "100000" },
      BDT: { min: "500", max: "100000" },
      PKR: { min: "1000", max: "200000" },
      UZS: { min: "100000", max: "50000000" },
      KZT: { min: "5000", max: "2000000" },
    },
    customerFields: ["playerName", "phone", "city"],
    isManualAgent: true,
  }),

  // Cards and bank payments through the built-in sandbox processor's hosted checkout.
  method("sandbox.deposit.card", {
    group: "card",
    label: "Visa / Mastercard",
    icon: "visa",
    flow: "redirect",
    currencies: FIAT_CARD,
    countries: [],
    limits: each(FIAT_CARD, "10", "5000"),
    customerFields: ["firstName", "lastName"],
  }),
  method("sandbox.withdrawal.card", {
    group: "card",
    label: "Visa / Mastercard",
    icon: "masterCard",
    flow: "redirect",
    currencies: FIAT_CARD,
    countries: [],
    limits: each(FIAT_CARD, "20", "5000"),
    customerFields: ["firstName", "lastName", "address", "city", "postalCode", "country"],
  }),
  method("sandbox.deposit.pix", {
    group: "instant",
    label: "PIX",
    icon: "pix",
    flow: "redirect",
    currencies: ["BRL"],
    countries: ["BR"],
    limits: each(["BRL"], "10", "50000"),
    customerFields: ["firstName", "lastName", "identify_doc_number"],
  }),
  method("sandbox.withdrawal.pix", {
    group: "instant",
    label: "PIX",
    icon: "pix",
    flow: "redirect",
    currencies: ["BRL"],
    countries: ["BR"],
    limits: each(["BRL"], "20", "50000"),
    customerFields: ["firstName", "lastName", "identify_doc_number"],
  }),
  method("sandbox.deposit.upi", {
    group: "instant",
    label: "UPI",
    icon: "upi",
    flow: "redirect",
    currencies: ["INR"],
    countries: ["IN"],
    limits: each(["INR"], "300", "200000"),
    customerFields: ["playerName", "phone"],
  }),
  method("sandbox.withdrawal.upi", {
    group: "instant",
    label: "UPI",
    icon: "upi",
    flow: "redirect",
    currencies: ["INR"],
    countries: ["IN"],
    limits: each(["INR"], "500", "200000"),
    customerFields: ["playerName", "phone"],
  }),
  method("sandbox.deposit.sepa", {
    group: "instant",
    label: "SEPA bank transfer",
    icon: "bankTransfer",
    flow: "redirect",
    currencies: ["EUR"],
    countries: SEPA_COUNTRIES,
    limits: each(["EUR"], "20", "20000"),
    customerFields: ["firstName", "lastName", "address", "postalCode", "city", "country"],
  }),
  method("sandbox.withdrawal.sepa", {
    group: "instant",
    label: "SEPA bank transfer",
    icon: "bankTransfer",
    flow: "redirect",
    currencies: ["EUR"],
    countries: SEPA_COUNTRIES,
    limits: each(["EUR"], "20", "20000"),
    customerFields: ["firstName", "lastName", "address", "postalCode", "city", "country"],
  }),
  method("sandbox.deposit.openbanking", {
    group: "instant",
    label: "Open banking",
    icon: "bankTransfer",
    flow: "redirect",
    currencies: ["EUR", "CAD"],
    countries: [...SEPA_COUNTRIES, "CA"],
    limits: each(["EUR", "CAD"], "10", "10000"),
    customerFields: ["firstName", "lastName"],
  }),
  method("sandbox.deposit.bkash", {
    group: "ewallet",
    label: "bKash",
    icon: "bkash",
    flow: "redirect",
    currencies: ["BDT"],
    countries: ["BD"],
    limits: each(["BDT"], "100", "30000"),
    customerFields: ["phone"],
  }),
  method("sandbox.deposit.nagad", {
    group: "ewallet",
    label: "Nagad",
    icon: "nagad",
    flow: "redirect",
    currencies: ["BDT"],
    countries: ["BD"],
    limits: each(["BDT"], "100", "30000"),
    customerFields: ["phone"],
  }),
  method("sandbox.withdrawal.bkash", {
    group: "ewallet",
    label: "bKash",
    icon: "bkash",
    flow: "redirect",
    currencies: ["BDT"],
    countries: ["BD"],
    limits: each(["BDT"], "300", "30000"),
    customerFields: ["phone"],
  }),

  // Direct crypto wallets: an address and a payment URI, shown as a QR code once the processor answers.
  ...CRYPTO.flatMap((c) => [
    method(`crypto.deposit.${c.coin.toLowerCase()}`, {
      group: "crypto",
      label: c.name,
      icon: c.icon,
      flow: "crypto",
      currencies: [c.coin],
      countries: [],
      limits: each([c.coin], c.min, c.max),
      customerFields: [],
    }),
    method(`crypto.withdrawal.${c.coin.toLowerCase()}`, {
      group: "crypto",
      label: c.name,
      icon: c.icon,
      flow: "crypto",
      currencies: [c.coin],
      countries: [],
      limits: each([c.coin], c.wmin, c.max),
      customerFields: ["walletAddress"],
    }),
  ]),
];

const BY_CODE = new Map(PAYMENT_METHODS.map((m) => [m.code, m]));

export function findMethod(code: string): PaymentMethod | undefined {
  return BY_CODE.get(code);
}

/**
 * The methods a player may use for one direction, currency and country: manual-agent methods first, then in
 * catalogue order. An unknown country sees the methods that serve every country.
 */
export function methodsFor(direction: Direction, currency: string, country?: string): PaymentMethod[] {
  return PAYMENT_METHODS.filter(
    (m) =>
      m.direction === direction &&
      m.currencies.includes(currency) &&
      (m.countries.length === 0 || (country !== undefined && m.countries.includes(country))),
  ).sort((a, b) => Number(b.isManualAgent) - Number(a.isManualAgent));
}
