import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Currency } from "#common/api/wallet";
import { AmountInput } from "~/components/ui/AmountInput";
import { ExchangeAmount } from "./ExchangeAmount";
import { testBTC as BTC, testCurrency as cur } from "./test-currencies";

const USD = cur("USD");

const html = (node: ReactNode) => renderToStaticMarkup(node);
const exchange = (account: Currency | undefined, display: Currency | undefined, amount = "1.5") =>
  html(
    <ExchangeAmount
      amount={amount}
      onAmount={() => undefined}
      account={account}
      display={display}
      locale="pt-BR"
      direction="deposit"
    />,
  );

describe("the amount input", () => {
  it("shows the canonical value in the page's locale, as text with the decimal keyboard", () => {
    const out = html(
      <AmountInput value="1234.5" onValueChange={() => undefined} locale="pt-BR" fraction={2} />,
    );
    expect(out).toContain('value="1.234,5"');
    expect(out).toContain('inputMode="decimal"');
    expect(out).toContain('type="text"');
    expect(
      html(<AmountInput value="1500" onValueChange={() => undefined} locale="en" fraction={0} />),
    ).toContain('inputMode="numeric"');
  });
});

describe("the wallet's exchange input", () => {
  it("shows the amount in the display currency, with the indicative-rate note", () => {
    const out = exchange(BTC, USD);
    expect(out).toContain('data-testid="wallet-amount-exchange"');
    // 1.5 mBTC at 95000 USD per BTC, written in pt-BR.
    expect(out).toContain('value="142,5"');
    expect(out).toContain("wallet.exchange.note");
  });

  it("is not there without both rates, or when the currencies are the same", () => {
    expect(exchange(BTC, undefined)).toBe("");
    expect(exchange(undefined, USD)).toBe("");
    expect(exchange(USD, USD)).toBe("");
    expect(exchange(cur("NEW", { rate: { rate: "0" } }), USD)).toBe("");
  });
});
