// `npm run build` (last step): writes a Brotli (.br) and a gzip (.gz) copy beside every compressible file of the
// site's build (build/client), served instead of the file to a browser that accepts them (@fastify/static's
// preCompressed, server/http/ssr.ts). Compressed once here at the highest levels, never per request. On a slow
// phone link the first paint waited for ~900 KB of uncompressed HTML, CSS and JavaScript (issue #20, bench/lcp.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ROOT = "build/client";
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|html|xml|map)$/;
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) walk(path);
    else if (COMPRESSIBLE.test(name) && stat.size >= MIN_BYTES) {
      const body = readFileSync(path);
      const br = brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
      const gz = gzipSync(body, { level: 9 });
      // A copy no smaller than the file is not worth a header: the file is served as it is.
      if (br.length < body.length) writeFileSync(`${path}.br`, br);
      if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
      files++;
      before += body.length;
      after += br.length;
    }
  }
}
walk(ROOT);
console.log(
  `compressed ${files} files in ${ROOT}: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB (brotli)`,
);
