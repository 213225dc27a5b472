import type { sandboxPayments } from "./sandbox-tables";

type Payment = typeof sandboxPayments.$inferSelect;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const TITLES: Record<string, { title: string; approve: string; decline: string }> = {
  checkout: { title: "Pay with the sandbox", approve: "Pay now", decline: "Decline payment" },
  crypto: {
    title: "Crypto payment (testnet)",
    approve: "Simulate the coins arriving",
    decline: "Let it expire",
  },
  manual: { title: "Agent desk", approve: "Confirm the agent received it", decline: "Reject" },
};

/**
 * The sandbox processor's hosted page: what a real processor's checkout (or an agent's desk) would show, with
 * the buttons that decide the payment. Plain HTML of its own, clearly marked as a test environment: it is the
 * third party's page, not the casino's.
 */
export function sandboxPage(p: Payment, opts: { action: string; settled?: string }): string {
  const t = TITLES[p.flavour] ?? TITLES.checkout!;
  const direction = p.direction === "withdrawal" ? "Payout" : "Payment";
  const finished = p.status === "approved" || p.status === "declined";
  const body = finished
    ? `<p class="state ${p.status}">${p.status === "approved" ? "Approved" : "Declined"}. You can close this page.</p>`
    : `<form method="post" action="${escapeHtml(opts.action)}/approve"><button class="primary">${t.approve}</button></form>
       <form method="post" action="${escapeHtml(opts.action)}/decline"><button class="secondary">${t.decline}</button></form>
       <p class="hint">Or leave this page open: the payment stays pending until a button is pressed.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${t.title} · Sandbox</title>
<style>
:root{color-scheme:light dark;--bg:#0b1020;--card:#141a2e;--line:#26304d;--fg:#e8ecf6;--muted:#98a2c0;--accent:#22c55e}
@media (prefers-color-scheme:light){:root{--bg:#f3f5fa;--card:#fff;--line:#dfe4ef;--fg:#121828;--muted:#5b6580}}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;padding:24px}
.card{width:min(420px,100%);background:var(--card);border:1px solid var(--line);border-radius:20px;padding:28px;box-shadow:0 20px 60px -30px #000a}
.badge{display:inline-block;font-size:12px;font-weight:700;letter-spacing:.08em;text-transform:uppercase;color:#f59e0b;border:1px solid #f59e0b66;border-radius:999px;padding:3px 10px}
h1{font-size:20px;margin:14px 0 4px}.merchant{color:var(--muted);margin:0 0 20px}
.amount{font-size:34px;font-weight:800;letter-spacing:-.02em;margin:0}.method{color:var(--muted);margin:2px 0 20px}
.address{font:13px/1.4 ui-monospace,monospace;word-break:break-all;background:var(--bg);border:1px solid var(--line);border-radius:12px;padding:10px 12px;margin:0 0 20px}
form{margin:0 0 10px}button{width:100%;height:48px;border-radius:12px;font:inherit;font-weight:700;cursor:pointer;border:1px solid var(--line)}
.primary{background:var(--accent);border-color:var(--accent);color:#04210f}.secondary{background:transparent;color:var(--fg)}
.hint{color:var(--muted);font-size:13px;margin:14px 0 0}.state{font-weight:700;padding:12px;border-radius:12px;text-align:center}
.approved{background:#22c55e22;color:#22c55e}.declined{background:#ef444422;color:#ef4444}
</style></head>
<body><main class="card">
<span class="badge">Test mode · no real money</span>
<h1>${t.title}</h1>
<p class="merchant">${direction} for Lucky Harbor · ref ${escapeHtml(p.ref.slice(-10))}</p>
<p class="amount">${escapeHtml(p.amount)} ${escapeHtml(p.currency)}</p>
<p class="method">${escapeHtml(p.method)}</p>
${p.address ? `<p class="address">${escapeHtml(p.address)}</p>` : ""}
${body}
</main></body></html>`;
}
