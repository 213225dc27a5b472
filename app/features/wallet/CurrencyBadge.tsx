/** Coins in their brand colour with their sign; fiat on the site's neutral disc. */
const COINS: Record<string, { bg: string; sign: string }> = {
  BTC: { bg: "#f7931a", sign: "₿" },
  ETH: { bg: "#627eea", sign: "Ξ" },
  USDT: { bg: "#26a17b", sign: "₮" },
  USDC: { bg: "#2775ca", sign: "$" },
  TON: { bg: "#0098ea", sign: "◆" },
  TRX: { bg: "#eb0029", sign: "T" },
  LTC: { bg: "#345d9d", sign: "Ł" },
};

/** A currency's round badge: the coin's sign on its colour, or the fiat symbol on a tinted disc. */
export function CurrencyBadge({
  code,
  symbol,
  size = 24,
  className = "",
}: {
  code: string;
  symbol?: string;
  size?: number;
  className?: string;
}) {
  const coin = COINS[code];
  const text = coin?.sign ?? (symbol && symbol.length <= 2 ? symbol : code.slice(0, 1));
  return (
    <span
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        fontSize: Math.round(size * (text.length > 1 ? 0.38 : 0.5)),
        background: coin?.bg,
      }}
      className={`grid shrink-0 place-items-center rounded-full leading-none font-bold ${
        coin ? "text-white" : "bg-surface-3 text-fg ring-1 ring-line"
      } ${className}`}
    >
      {text}
    </span>
  );
}
