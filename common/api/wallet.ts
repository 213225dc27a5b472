import { z } from "zod";
import { INVOICE_STATUS, INVOICE_TYPE } from "../constants";
import { pagingQuery } from "./paging";
import { currencyCode, decimalString } from "./shared";

/**
 * The wallet, currency and payment calls as the site and the server both see them (spec points 3 and 7).
 * Amounts are decimal strings, never numbers.
 */

export { type Currency, currency } from "./settings";

/** One wallet account; GET /api/wallet/accounts and `wallet:accounts#{id}` (event `account.updated`). */
export const walletAccount = z
  .object({
    id: z.string(),
    currency: z.string(),
    balance: decimalString,
    /**
     * Bonus money (decision 0013): bets use it after the real balance; it is never withdrawable. The active
     * bonus's wagering progress is on its PlayerBonus (common/api/bonus.ts).
     */
    bonusBalance: decimalString,
    /** 1 active (spec); 2 frozen by an operator. */
    status: z.number().int(),
    isCurrent: z.boolean(),
    isHidden: z.boolean(),
  })
  .meta({ id: "WalletAccount" });
export type WalletAccount = z.infer<typeof walletAccount>;

/** POST /api/wallet/accounts */
export const openAccountBody = z.object({ currency: z.string().trim().min(2).max(10) });

export { ACCOUNT_UPDATED } from "../realtime";

/** What the player needs to finish paying: a checkout URL, or a crypto address with its payment URI (QR). */
export const invoicePublicData = z
  .object({
    checkoutUrl: z.string().optional(),
    qr: z.string().optional(),
    address: z.string().optional(),
    network: z.string().optional(),
    instructions: z.string().optional(),
  })
  .meta({ id: "InvoicePublicData" });
export type InvoicePublicData = z.infer<typeof invoicePublicData>;

/** An invoice (spec point 3); `payment:invoices#{id}` carries it as `invoice.deposit.updated` / `.withdrawal.`. */
export const invoice = z
  .object({
    id: z.string(),
    /** 1 deposit, 2 withdrawal. */
    type: z.number().int(),
    /** 1 pending, 2 success, 3 failure. */
    status: z.number().int(),
    /** The player's n-th invoice of this type: deposits 1–4 raise ftd, dep2, dep3, dep4; above, dep5plus. */
    number: z.number().int(),
    /** On a paid deposit's announcement: the player's n-th paid deposit (the ad-pixel funnel, decision 0019). */
    paidNumber: z.number().int().optional(),
    amount: decimalString,
    currency: z.string(),
    method: z.string(),
    publicData: invoicePublicData,
    failureReason: z.string().nullable(),
    /**
     * Whether the player may cancel it now (PUT …/decline): a pending deposit, or a pending withdrawal still
     * waiting for review. A withdrawal the processor has is no longer ours to give back.
     */
    cancellable: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Invoice" });
export type Invoice = z.infer<typeof invoice>;

export const CUSTOMER_FIELDS = [
  "playerName",
  "firstName",
  "lastName",
  "phone",
  "city",
  "postalCode",
  "address",
  "country",
  "playerEmail",
  "identify_doc_number",
  "walletAddress",
] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];

/** One method of GET /api/payment/methods/{deposit|withdrawal}. */
export const paymentMethodView = z
  .object({
    code: z.string(),
    label: z.string(),
    /** One of the spec's icon names (bitcoin, visa, cashAgent, …). */
    icon: z.string(),
    /** `redirect` to a hosted checkout, `crypto` address and QR, `manual` agent instructions. */
    flow: z.enum(["redirect", "crypto", "manual"]),
    group: z.string(),
    isManualAgent: z.boolean(),
    minAmount: decimalString.nullable(),
    maxAmount: decimalString.nullable(),
    customerFields: z.array(z.enum(CUSTOMER_FIELDS)),
  })
  .meta({ id: "PaymentMethod" });
export type PaymentMethodView = z.infer<typeof paymentMethodView>;

/** Groups carry their methods' codes (spec point 3); `methods` describes each code. */
export const paymentMethodsResponse = z.object({
  data: z.array(
    z.object({ id: z.string(), label: z.string(), icon: z.string(), paymentMethods: z.array(z.string()) }),
  ),
  methods: z.array(paymentMethodView),
});
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponse>;

/** `?currency&country` of the methods lists; the country defaults to the visitor's. */
export const methodsQuery = z.object({
  currency: currencyCode,
  country: z
    .string()
    .max(8)
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Use a two-letter country code")
    .optional(),
});

/** POST /api/payment/invoices/{deposit|withdrawal}; an `Idempotency-Key` header makes a retry safe. */
export const invoiceBody = z.object({
  method: z.string().min(1).max(100),
  amount: z.string().max(60),
  currency: currencyCode,
  customerFields: z.record(z.string(), z.string().max(500)).default({}),
  /**
   * Deposits only: the deposit bonus chosen (GET /api/game/bonuses?currency&amount). It is issued once, when
   * this invoice is paid, if the deposit still qualifies; a bonus that does not qualify is refused (422
   * `bonus_not_available`) before any invoice is made.
   */
  bonusId: z
    .string()
    .max(18)
    .regex(/^\d{1,18}$/)
    .optional(),
});
export type InvoiceRequestBody = z.infer<typeof invoiceBody>;

/** GET /api/payment/invoices: the player's invoices, newest first, with the history's filters. */
export const invoicesQuery = z.object({
  type: z.coerce
    .number()
    .pipe(z.union([z.literal(INVOICE_TYPE.deposit), z.literal(INVOICE_TYPE.withdrawal)]))
    .optional(),
  status: z.coerce
    .number()
    .pipe(
      z.union([
        z.literal(INVOICE_STATUS.pending),
        z.literal(INVOICE_STATUS.success),
        z.literal(INVOICE_STATUS.failure),
      ]),
    )
    .optional(),
  currency: currencyCode.optional(),
  dateFrom: z.iso.date().max(10).optional(),
  dateTo: z.iso.date().max(10).optional(),
  ...pagingQuery({ perPage: 20, maxPerPage: 100 }).shape,
});
export type InvoicesQuery = z.infer<typeof invoicesQuery>;

export const invoiceStatisticsSide = z.object({
  count: z.number().int(),
  successCount: z.number().int(),
  pendingCount: z.number().int(),
  successSums: z.record(z.string(), decimalString),
});
export type InvoiceStatisticsSide = z.infer<typeof invoiceStatisticsSide>;

/** GET /api/payment/invoices/statistics */
export const invoiceStatistics = z.object({
  deposits: invoiceStatisticsSide,
  withdrawals: invoiceStatisticsSide,
});
export type InvoiceStatistics = z.infer<typeof invoiceStatistics>;

/** A processor's webhook answer: received, and whether it changed an invoice (a replay changes nothing). */
export const webhookAnswer = z.object({ received: z.literal(true), applied: z.boolean() });
