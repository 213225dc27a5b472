import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { siteDictionaries } from "./scripts/vite-dictionaries.ts";

const path = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The browser build's chunks. Rolldown sees each route as an entry of its own and cut what several routes share
 * into dozens of small chunks by which routes import them: the home page loaded 51 files, each gzipped on its
 * own (issue 40: its first-paint JavaScript must not grow; issue 41: fewer, larger chunks in the head). Here
 * what every page loads anyway goes together:
 * - `vendor` (it becomes the client entry's chunk): the libraries the entry and the root route import;
 * - `shell`: our modules the root route imports (every page, the back office's too);
 * - `site`: what the site's frame (layouts/default.tsx, every page but the back office and the bare frames)
 *   imports besides those.
 * A module only some routes import keeps Rolldown's own chunking.
 */
function shellChunks() {
  const existing = (paths: string[]) => paths.map(path).filter((p) => existsSync(p));
  const groups: [name: string, roots: string[]][] = [
    [
      "shell",
      existing([
        "./app/root.tsx",
        "./app/entry.client.tsx",
        "./node_modules/@react-router/dev/dist/config/defaults/entry.client.tsx",
      ]),
    ],
    ["site", existing(["./app/layouts/default.tsx"])],
  ];
  let chunkOf: Map<string, string> | undefined;
  return (id: string, ctx: { getModuleInfo(id: string): { importedIds: string[] } | null }) => {
    if (!chunkOf) {
      const found = new Map<string, string>();
      // Each group's static imports, depth first; a module already in an earlier group stays there.
      for (const [name, roots] of groups) {
        const todo = [...roots];
        while (todo.length > 0) {
          const id = todo.pop()!;
          if (found.has(id)) continue;
          found.set(id, name === "shell" && id.includes("/node_modules/") ? "vendor" : name);
          todo.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
        }
      }
      chunkOf = found;
    }
    return chunkOf.get(id) ?? null;
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), siteDictionaries()],
  ...(command === "build" &&
    !isSsrBuild && {
      build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: shellChunks() }] } } } },
    }),
  resolve: {
    alias: [
      { find: "~", replacement: path("./app") },
      { find: "#common", replacement: path("./common") },
      // React Router 7's package exports only its development build (remix-run/react-router#12532, #14753):
      // the browser's production bundle takes its production build instead — no dev warnings, and smaller
      // (the home page's JavaScript budget). The server and the dev server keep the exported one.
      ...(command === "build" && !isSsrBuild
        ? [
            {
              find: /^react-router$/,
              replacement: path("./node_modules/react-router/dist/production/index.mjs"),
            },
            {
              find: /^react-router\/dom$/,
              replacement: path("./node_modules/react-router/dist/production/dom-export.mjs"),
            },
          ]
        : []),
    ],
  },
}));
