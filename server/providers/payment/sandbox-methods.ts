import { bothWays, type CustomerField, each, type MethodIcon, method, type PaymentMethod } from "./methods";

/**
 * The methods of the built-in sandbox in its flavours (`sandbox`, `crypto`, `agent`, `cashagent`): offered only
 * while the sandbox is on, for development, tests and demonstrations. Nothing here moves real money.
 */

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

export const SANDBOX_METHODS: PaymentMethod[] = [
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
