// React Router's default server entry (@react-router/dev's entry.server.node.tsx) with two changes: the page's
// CSP nonce (server/http/security-headers.ts) reaches React, React Router's scripts and the root's own; and the
// markup loaders draw outside their data (app/lib/server-html.tsx) reaches the components that write it. And
// a page is rendered only with the code of the parts some first paints leave out (app/parts.tsx) in hand, and
// the head's links that only hydration needs are added back once the stylesheet is in (decision 0078).
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { stylesheetFirst } from "./lib/later-preloads.server";
import { NonceContext } from "./lib/nonce";
import { ServerHtmlContext } from "./lib/server-html";
import { preloadAllParts } from "./parts";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce || undefined;
  await preloadAllParts();

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots and SPA mode wait for all content before the answer starts.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    // Abort after `streamTimeout`, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerHtmlContext.Provider value={loadContext.serverHtml}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ServerHtmlContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          // The head's hydration-only links wait for the stylesheet (decision 0078).
          const html = stylesheetFirst(nonce);
          html.pipe(body);
          pipe(html);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the shell reject and are logged by React Router; later ones only here.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
