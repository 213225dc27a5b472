import { Transform, type TransformCallback } from "node:stream";

/**
 * The page's stylesheet first (issue 41, decision 0078). A server-rendered page paints once its stylesheet is
 * in; everything the head asks for besides (React Router's module preloads, the page's dictionaries, the
 * sportsbook's SDK) is for hydration, and on a phone's slow link every file in flight takes its share of the
 * bandwidth: the stylesheet, asked for last in the head, used to arrive with the last of ~180 KB of scripts.
 * So those links leave the head, and a small script just before the stylesheet adds them back when the
 * stylesheet has loaded (or failed): the scripts start as soon as the first paint has what it needs, and still
 * all at once. The script waits by listening, not by standing after the stylesheet: a script there would stop
 * the parser until the stylesheet is in, and the page is parsed while it comes. Preloads of images and fonts
 * stay: the first paint draws them.
 */

/** The links that wait: module preloads, and preloads of what runs or is read after the first paint. */
const LATER = /<link\b(?=[^>]*\brel="(?:modulepreload|preload)")(?![^>]*\bas="(?:image|font|style)")[^>]*>/g;
const ATTRIBUTE = /([^\s=/>]+)(?:="([^"]*)")?/g;

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&quot;": '"',
  "&#x27;": "'",
  "&lt;": "<",
  "&gt;": ">",
};
const fromEntities = (value: string) => value.replace(/&(?:amp|quot|#x27|lt|gt);/g, (e) => ENTITIES[e]!);

/** One link's attributes as React wrote them, but the nonce (a link runs nothing). */
function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const m of tag.slice("<link".length).matchAll(ATTRIBUTE)) {
    const name = m[1]!.toLowerCase();
    if (name !== "nonce") attributes[name] = fromEntities(m[2] ?? "");
  }
  return attributes;
}

/** The mark on the script that adds the links back (the budget reads the page's first scripts from it). */
const LATER_PRELOADS_MARK = "data-later-preloads";

/**
 * What adds the links back: once, at the first stylesheet's load or error event (they do not bubble, but the
 * document sees them while they are captured), or when the document is parsed if no stylesheet ever comes.
 */
const ADD_BACK =
  '(p=>{let d=0;const go=()=>{if(d)return;d=1;for(const a of p){const l=document.createElement("link");for(const k in a)l.setAttribute(k,a[k]);document.head.append(l)}};const on=e=>{if(e.target instanceof HTMLLinkElement&&e.target.rel==="stylesheet")go()};document.addEventListener("load",on,true);document.addEventListener("error",on,true);document.addEventListener("DOMContentLoaded",go)})';

const STYLESHEET = /<link\b(?=[^>]*\brel="stylesheet")[^>]*>/;

/**
 * `head` (everything before `</head>`) without its later links, and the script that adds them back just
 * before its first stylesheet (at its end if it has none). Unchanged without a nonce: the script could not run
 * under the page's policy.
 */
export function preloadsAfterStylesheet(head: string, nonce: string | undefined): string {
  if (!nonce) return head;
  const later: Record<string, string>[] = [];
  const rest = head.replace(LATER, (tag) => {
    later.push(attributesOf(tag));
    return "";
  });
  if (later.length === 0) return head;
  // As JSON inside a script: nothing in it may close the script or start a comment.
  const list = JSON.stringify(later).replace(/</g, "\\u003c");
  const script = `<script nonce="${nonce}" ${LATER_PRELOADS_MARK}>${ADD_BACK}(${list})</script>`;
  const at = rest.search(STYLESHEET);
  return at === -1 ? rest + script : rest.slice(0, at) + script + rest.slice(at);
}

/** The links a page's later-preloads script adds, read back from its HTML (the budget's first scripts). */
export function laterPreloads(html: string): Record<string, string>[] {
  const opening = `${LATER_PRELOADS_MARK}>${ADD_BACK}(`;
  const at = html.indexOf(opening);
  if (at === -1) return [];
  const from = at + opening.length;
  return JSON.parse(html.slice(from, html.indexOf(")</script>", from))) as Record<string, string>[];
}

/** Heads longer than this are passed on as they are (a page's head is a few KB). */
const MAX_HEAD = 256 * 1024;
const HEAD_END = Buffer.from("</head>");

/** The page's HTML stream with `preloadsAfterStylesheet` applied to its head. */
export function stylesheetFirst(nonce: string | undefined): Transform {
  // The bytes until the head's end; undefined once it has passed. Cut as bytes: "</head>" ends a character, so
  // the head decodes whole whatever the chunks.
  let head: Buffer | undefined = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      if (head === undefined) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf(HEAD_END);
      if (end === -1 && head.length < MAX_HEAD) return done();
      const out =
        end === -1
          ? head
          : Buffer.concat([
              Buffer.from(preloadsAfterStylesheet(head.subarray(0, end).toString("utf8"), nonce)),
              head.subarray(end),
            ]);
      head = undefined;
      done(null, out);
    },
    flush(done: TransformCallback) {
      done(null, head?.length ? head : undefined);
    },
  });
}
