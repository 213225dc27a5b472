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

type MethodFields = Omit<PaymentMethod, "code" | "provider" | "direction" | "isManualAgent"> & {
  isManualAgent?: boolean;
};

function method(code: string, rest: MethodFields): PaymentMethod {
  const [provider, direction] = code.split(".") as [string, Direction];
  return { code, provider, direction, isManualAgent: false, ...rest };
}

/**
 * A method offered both ways, `provider.name`: the deposit and the withdrawal share what `shared` says and differ
 * in what each direction adds (its limits at least).
 */
function bothWays(
  providerAndName: string,
  shared: Omit<MethodFields, "limits">,
  deposit: Partial<MethodFields> & Pick<MethodFields, "limits">,
  withdrawal: Partial<MethodFields> & Pick<MethodFields, "limits">,
): PaymentMethod[] {
  const [provider, name] = providerAndName.split(".");
  return [
    method(`${provider}.deposit.${name}`, { ...shared, ...deposit }),
    method(`${provider}.withdrawal.${name}`, { ...shared, ...withdrawal }),
  ];
}

/** A local agent's mobile wallet in Bangladesh, settled by hand. */
const agentWallet = (name: string, label: string, icon: MethodIcon) =>
  bothWays(
    `agent.${name}`,
    {
      group: "agent",
      label,
      icon,
      flow: "manual",
      currencies: ["BDT"],
      countries: ["BD"],
      customerFields: ["phone"],
      isManualAgent: true,
    },
    { limits: each(["BDT"], "200", "50000") },
    { limits: each(["BDT"], "500", "25000") },
  );

/** A method of the built-in sandbox processor's hosted checkout, for the currencies and countries given. */
const sandboxCheckout = (
  group: string,
  label: string,
  icon: MethodIcon,
  currencies: string[],
  countries: string[],
  customerFields: CustomerField[],
) => ({ group, label, icon, flow: "redirect" as const, currencies, countries, customerFields });

const CRYPTO: { coin: string; name: string; icon: MethodIcon; min: string; max: string; wmin: string }[] = [
  { coin: "BTC", name: "Bitcoin", icon: "bitcoin", min: "0.0001", max: "5", wmin: "0.0005" },
  { coin: "ETH", name: "Ethereum", icon: "ethereum", min: "0.002", max: "100", wmin: "0.005" },
  { coin: "USDT", name: "Tether USDT (TRC-20)", icon: "tether", min: "5", max: "100000", wmin: "10" },
  { coin: "TON", name: "Toncoin", icon: "ton", min: "1", max: "50000", wmin: "2" },
];

/** Cash-agent limits per currency: the smallest deposit, the smallest withdrawal, and the largest of either. */
const CASH_AGENT: Record<string, { min: string; wmin: string; max: string }> = {
  INR: { min: "300", wmin: "500", max: "100000" },
  BDT: { min: "300", wmin: "500", max: "100000" },
  PKR: { min: "500", wmin: "1000", max: "200000" },
  UZS: { min: "50000", wmin: "100000", max: "50000000" },
  KZT: { min: "2000", wmin: "5000", max: "2000000" },
};

const cashAgentLimits = (smallest: "min" | "wmin") =>
  Object.fromEntries(Object.entries(CASH_AGENT).map(([c, l]) => [c, { min: l[smallest], max: l.max }]));

export const PAYMENT_METHODS: PaymentMethod[] = [
  // Manual agents: a local agent takes mobile-wallet money and credits the player by hand.
  ...agentWallet("nagad", "Direct Nagad", "nagad"),
  ...agentWallet("bkash", "Direct bKash", "bkash"),
  ...bothWays(
    "cashagent.cash",
    {
      group: "agent",
      label: "Cash agent",
      icon: "cashAgent",
      flow: "manual",
      currencies: Object.keys(CASH_AGENT),
      countries: [],
      customerFields: ["playerName", "phone", "city"],
      isManualAgent: true,
    },
    { limits: cashAgentLimits("min") },
    { limits: cashAgentLimits("wmin") },
  ),

  // Cards and bank payments through the built-in sandbox processor's hosted checkout.
  ...bothWays(
    "sandbox.card",
    sandboxCheckout("card", "Visa / Mastercard", "visa", FIAT_CARD, [], ["firstName", "lastName"]),
    { limits: each(FIAT_CARD, "10", "5000") },
    {
      icon: "masterCard",
      limits: each(FIAT_CARD, "20", "5000"),
      customerFields: ["firstName", "lastName", "address", "city", "postalCode", "country"],
    },
  ),
  ...bothWays(
    "sandbox.pix",
    sandboxCheckout(
      "instant",
      "PIX",
      "pix",
      ["BRL"],
      ["BR"],
      ["firstName", "lastName", "identify_doc_number"],
    ),
    { limits: each(["BRL"], "10", "50000") },
    { limits: each(["BRL"], "20", "50000") },
  ),
  ...bothWays(
    "sandbox.upi",
    sandboxCheckout("instant", "UPI", "upi", ["INR"], ["IN"], ["playerName", "phone"]),
    { limits: each(["INR"], "300", "200000") },
    { limits: each(["INR"], "500", "200000") },
  ),
  ...bothWays(
    "sandbox.sepa",
    sandboxCheckout("instant", "SEPA bank transfer", "bankTransfer", ["EUR"], SEPA_COUNTRIES, [
      "firstName",
      "lastName",
      "address",
      "postalCode",
      "city",
      "country",
    ]),
    { limits: each(["EUR"], "20", "20000") },
    { limits: each(["EUR"], "20", "20000") },
  ),
  method("sandbox.deposit.openbanking", {
    ...sandboxCheckout(
      "instant",
      "Open banking",
      "bankTransfer",
      ["EUR", "CAD"],
      [...SEPA_COUNTRIES, "CA"],
      ["firstName", "lastName"],
    ),
    limits: each(["EUR", "CAD"], "10", "10000"),
  }),
  ...bothWays(
    "sandbox.bkash",
    sandboxCheckout("ewallet", "bKash", "bkash", ["BDT"], ["BD"], ["phone"]),
    { limits: each(["BDT"], "100", "30000") },
    { limits: each(["BDT"], "300", "30000") },
  ),
  method("sandbox.deposit.nagad", {
    ...sandboxCheckout("ewallet", "Nagad", "nagad", ["BDT"], ["BD"], ["phone"]),
    limits: each(["BDT"], "100", "30000"),
  }),

  // Direct crypto wallets: an address and a payment URI, shown as a QR code once the processor answers.
  ...CRYPTO.flatMap((c) =>
    bothWays(
      `crypto.${c.coin.toLowerCase()}`,
      {
        group: "crypto",
        label: c.name,
        icon: c.icon,
        flow: "crypto",
        currencies: [c.coin],
        countries: [],
        customerFields: [],
      },
      { limits: each([c.coin], c.min, c.max) },
      { limits: each([c.coin], c.wmin, c.max), customerFields: ["walletAddress"] },
    ),
  ),
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
