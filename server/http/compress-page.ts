import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Transform } from "node:stream";
import { constants, createBrotliCompress, createGzip } from "node:zlib";

export type Encoding = "br" | "gzip";

/** The compression a request accepts: Brotli before gzip (every browser sends both); none when it names neither. */
export function acceptedEncoding(req: IncomingMessage): Encoding | undefined {
  const accept = String(req.headers["accept-encoding"] ?? "");
  return /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : undefined;
}

/**
 * Compresses a server-rendered page on its way out (Brotli, else gzip, as the browser accepts), flushing after
 * every chunk React Router writes so the stream stays a stream (the deferred data still arrives as it is ready).
 * Only text/html answers with a body are touched. On a slow phone link the home page's 168 KB of HTML went out
 * uncompressed before its first paint (issue #20; ~40 KB compressed). Static files come precompressed
 * (scripts/compress-assets.mjs).
 */
export function compressPage(req: IncomingMessage, res: ServerResponse): void {
  const encoding = acceptedEncoding(req);
  if (!encoding || req.method === "HEAD") return;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (chunk: unknown) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let zip: Transform | undefined;

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    // The headers come as an object or as a flat [name, value, …] list (React Router's node-fetch-server).
    const headers = (typeof rest[0] === "object" ? rest[0] : rest[1]) as
      | OutgoingHttpHeaders
      | string[]
      | undefined;
    const get = (name: string) => {
      if (!Array.isArray(headers)) return headers?.[name];
      for (let i = 0; i < headers.length; i += 2)
        if (headers[i]!.toLowerCase() === name) return headers[i + 1];
      return undefined;
    };
    const type = String(get("content-type") ?? res.getHeader("content-type") ?? "");
    const compressible =
      headers && type.startsWith("text/html") && !get("content-encoding") && status !== 204 && status !== 304;
    if (compressible) {
      if (Array.isArray(headers)) {
        for (let i = headers.length - 2; i >= 0; i -= 2)
          if (headers[i]!.toLowerCase() === "content-length") headers.splice(i, 2);
        headers.push("content-encoding", encoding, "vary", "Accept-Encoding");
      } else {
        delete headers["content-length"];
        headers["content-encoding"] = encoding;
        headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
      }
      zip =
        encoding === "br"
          ? createBrotliCompress({
              params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
              flush: constants.BROTLI_OPERATION_FLUSH,
            })
          : createGzip({ level: 6, flush: constants.Z_SYNC_FLUSH });
      zip.on("data", (chunk: Buffer) => write(chunk));
      zip.on("end", () => end());
      zip.on("error", (err: Error) => res.destroy(err));
    }
    return writeHead(status, ...rest);
  }) as typeof res.writeHead;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!zip) return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    zip.write(chunk as Buffer);
    const cb = rest.find((a) => typeof a === "function") as (() => void) | undefined;
    cb?.();
    return true;
  }) as typeof res.write;
  res.end = ((...args: unknown[]) => {
    if (!zip) return end(...args);
    const chunk = typeof args[0] === "function" ? undefined : args[0];
    if (chunk !== undefined && chunk !== null) zip.write(chunk as Buffer);
    zip.end();
    return res;
  }) as typeof res.end;
}
