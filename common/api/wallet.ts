import { z } from "zod";
import { decimalString } from "./shared";

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
    /** 1 active (spec); 2 frozen by an operator. */
    status: z.number().int(),
    isCurrent: z.boolean(),
    isHidden: z.boolean(),
  })
  .meta({ id: "WalletAccount" });
export type WalletAccount = z.infer<typeof walletAccount>;

/** POST /api/wallet/accounts */
export const openAccountBody = z.object({ currency: z.string().trim().min(2).max(10) });

export const ACCOUNT_UPDATED = "account.updated";

/** What the player needs to finish paying: a checkout URL, or a crypto address with its payment URI (QR). */
export interface InvoicePublicData {
  checkoutUrl?: string;
  qr?: string;
  address?: string;
  network?: string;
  instructions?: string;
}

/** An invoice (spec point 3); `payment:invoices#{id}` carries it as `invoice.deposit.updated` / `.withdrawal.`. */
export interface Invoice {
  id: string;
  /** 1 deposit, 2 withdrawal. */
  type: number;
  /** 1 pending, 2 success, 3 failure. */
  status: number;
  /** The player's n-th invoice of this type: deposits 1–4 raise ftd, dep2, dep3, dep4; above, dep5plus. */
  number: number;
  amount: string;
  currency: string;
  method: string;
  publicData: InvoicePublicData;
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export type CustomerField =
  | "playerName"
  | "firstName"
  | "lastName"
  | "phone"
  | "city"
  | "postalCode"
  | "address"
  | "country"
  | "playerEmail"
  | "identify_doc_number"
  | "walletAddress";

/** One method of GET /api/payment/methods/{deposit|withdrawal}. */
export interface PaymentMethodView {
  code: string;
  label: string;
  /** One of the spec's icon names (bitcoin, visa, cashAgent, …). */
  icon: string;
  /** `redirect` to a hosted checkout, `crypto` address and QR, `manual` agent instructions. */
  flow: "redirect" | "crypto" | "manual";
  group: string;
  isManualAgent: boolean;
  minAmount: string | null;
  maxAmount: string | null;
  customerFields: CustomerField[];
}

/** Groups carry their methods' codes (spec point 3); `methods` describes each code. */
export interface PaymentMethodsResponse {
  data: { id: string; label: string; icon: string; paymentMethods: string[] }[];
  methods: PaymentMethodView[];
}

export interface InvoiceStatisticsSide {
  count: number;
  successCount: number;
  pendingCount: number;
  successSums: Record<string, string>;
}

/** GET /api/payment/invoices/statistics */
export interface InvoiceStatistics {
  deposits: InvoiceStatisticsSide;
  withdrawals: InvoiceStatisticsSide;
}
