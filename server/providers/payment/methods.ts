import type { CustomerField } from "#common/api/wallet";

export type { CustomerField } from "#common/api/wallet";

/**
 * A payment method: what a player can pay with, where and in what. Each processor names the methods it carries
 * (`PaymentProcessor.methods`); the catalogue a player sees is theirs together. Codes follow the spec's
 * `provider.deposit.name` / `provider.withdrawal.name`; `provider` is the processor's id. Amounts are decimal
 * strings in the method's currency.
 */

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

/** One limit for every currency listed, scaled by nothing: a method's limits are written per currency. */
export const each = (codes: string[], min: string, max: string) =>
  Object.fromEntries(codes.map((c) => [c, { min, max }]));

export type MethodFields = Omit<PaymentMethod, "code" | "provider" | "direction" | "isManualAgent"> & {
  isManualAgent?: boolean;
};

export function method(code: string, rest: MethodFields): PaymentMethod {
  const [provider, direction] = code.split(".") as [string, Direction];
  return { code, provider, direction, isManualAgent: false, ...rest };
}

/**
 * A method offered both ways, `provider.name`: the deposit and the withdrawal share what `shared` says and differ
 * in what each direction adds (its limits at least).
 */
export function bothWays(
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
