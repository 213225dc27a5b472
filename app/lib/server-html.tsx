import { createContext, useContext, useState } from "react";
import { useNonce } from "./nonce";

/**
 * Markup the server draws into a page and the browser keeps as it came: a partner's first screen (the built-in
 * sportsbook's overview, issue 41). It is not loader data, which the page would carry twice (once drawn, once as
 * JSON): a loader puts it into the request's load context (`serverHtml`), app/entry.server.tsx hands that to
 * React, and in the browser the component reads it back from the element the server wrote.
 */
export interface ServerHtmlPart {
  html: string;
  /** Run right after the markup, before the first paint (it carries the page's nonce). */
  script?: string;
  /** The markup's first image, which the server's page asks for with its first requests (server only). */
  image?: string;
}

export const ServerHtmlContext = createContext<Map<string, ServerHtmlPart> | undefined>(undefined);

/** The part `id` of this page: from the load context on the server, from the page's own element in the browser. */
export function useServerHtml(id: string | undefined): ServerHtmlPart | undefined {
  const parts = useContext(ServerHtmlContext);
  const [part] = useState<ServerHtmlPart | undefined>(() => {
    if (id === undefined) return undefined;
    if (parts) return parts.get(id);
    if (typeof document === "undefined") return undefined;
    const el = document.getElementById(id);
    return el ? { html: el.innerHTML } : undefined;
  });
  return part;
}

/**
 * Draws a part in the page. In the browser it hydrates over what the server wrote without touching it (a
 * script in it has run already and is not run again).
 */
export function ServerHtml({ id, part }: { id: string; part: ServerHtmlPart }) {
  const nonce = useNonce();
  // The script follows the markup inside the same element: it finds the markup from `document.currentScript`.
  const html = part.script ? `${part.html}<script nonce="${nonce ?? ""}">${part.script}</script>` : part.html;
  return <div id={id} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
}
