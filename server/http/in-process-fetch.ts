import type { FastifyInstance } from "fastify";
import type { SiteFetch } from "#common/site-fetch";

/**
 * The site's loaders reach the API through this instead of loopback HTTP (issue #20): Fastify's in-process
 * request (`inject`) runs the same routes, hooks and schemas as a real call, without a socket, an HTTP
 * parser and a second stream per call. It comes from 127.0.0.1 like the loopback call did, so the API trusts
 * the x-forwarded-for the server put there for the visitor (server/http/ssr.ts), exactly as before.
 */
export function inProcessFetch(app: FastifyInstance): SiteFetch {
  return async (input, init = {}) => {
    const url = new URL(input, "http://in-process");
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    let payload: string | Buffer | undefined;
    if (typeof init.body === "string") payload = init.body;
    else if (init.body !== undefined && init.body !== null) {
      // A form (a file upload) is encoded as fetch would, with its multipart boundary.
      const encoded = new Request(url, { method: init.method ?? "POST", body: init.body });
      payload = Buffer.from(await encoded.arrayBuffer());
      const type = encoded.headers.get("content-type");
      if (type) headers["content-type"] = type;
    }
    const call = app.inject({
      method: (init.method ?? "GET") as "GET",
      url: url.pathname + url.search,
      headers,
      payload,
      remoteAddress: "127.0.0.1",
    });
    // The caller's timeout (spec point 9: 10 s) still holds: the page stops waiting, as fetch would.
    const signal = init.signal;
    const res = signal
      ? await new Promise<Awaited<typeof call>>((resolve, reject) => {
          const abort = () => reject(signal.reason ?? new DOMException("Aborted", "AbortError"));
          if (signal.aborted) return abort();
          signal.addEventListener("abort", abort, { once: true });
          call.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
        })
      : await call;
    const out = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) out.append(name, v);
      else out.set(name, String(value));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304 || init.method === "HEAD";
    return new Response(empty ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: out,
    });
  };
}
