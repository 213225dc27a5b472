/**
 * The built-in verification service's hosted page: where Sumsub's widget would ask for a passport and a selfie,
 * a tester decides the review. Plain HTML of its own, marked as a test environment; `action` is built by the
 * server from a token it checked, so it holds no markup.
 */
export function identitySandboxPage(action: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>Identity check · Sandbox</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#0f172a;color:#e2e8f0;font:16px/1.5 system-ui,sans-serif;padding:20px;box-sizing:border-box}
main{max-width:400px;width:100%;background:#1e293b;border-radius:16px;padding:24px;border:1px solid #334155}
small{color:#fbbf24;font-weight:700;text-transform:uppercase;letter-spacing:.08em}
p{color:#94a3b8}form{margin:8px 0}
button{width:100%;padding:14px;border-radius:10px;border:1px solid #475569;font:inherit;font-weight:700;cursor:pointer;background:none;color:inherit}
.ok{background:#16a34a;border-color:#16a34a;color:#fff}
</style></head>
<body><main>
<small>Test mode · no real check</small>
<h1>Verify your identity</h1>
<p>A real verification service would ask for an identity document and a selfie here. In the sandbox, decide the outcome of the review.</p>
<form method="post" action="${action}/approve"><button class="ok">Approve verification</button></form>
<form method="post" action="${action}/reject"><button>Reject verification</button></form>
</main></body></html>`;
}
