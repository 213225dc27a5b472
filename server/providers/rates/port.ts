/**
 * Where currency rates come from. Rates are "how many units of the currency one unit of the base buys", as
 * every public feed quotes them, kept as decimal strings (never floats) from the feed's own text.
 */
export interface RatesSource {
  latest(base: string): Promise<Record<string, string>>;
}

const RATE = /"([A-Z0-9]{2,10})"\s*:\s*(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;

/**
 * A JSON feed answering `{ "base": "USD", "rates": { "EUR": 0.92, ... } }` (the shape of openexchangerates,
 * exchangerate.host and most others), at RATES_URL with `{base}` in it replaced. The numbers are read from
 * the text, so 0.1 stays "0.1".
 */
export class JsonRatesFeed implements RatesSource {
  constructor(
    private readonly url: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async latest(base: string): Promise<Record<string, string>> {
    const res = await this.fetchImpl(this.url.replaceAll("{base}", base), {
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`rates feed answered ${res.status}`);
    const text = await res.text();
    const start = text.indexOf('"rates"');
    if (start < 0) throw new Error("rates feed answered without rates");
    const out: Record<string, string> = {};
    for (const m of text.slice(start).matchAll(RATE)) {
      const value = Number(m[2]);
      // Expanded from exponent notation by hand only when needed; most feeds write plain decimals.
      if (value > 0) out[m[1]!] = /[eE]/.test(m[2]!) ? value.toFixed(12) : m[2]!;
    }
    return out;
  }
}
