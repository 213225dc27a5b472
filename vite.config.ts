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
 * - `shell` (the client entry's chunk): the libraries and our modules the entry and the root route import (every
 *   page, the back office's too);
 * - `site`: what the site's frame (layouts/default.tsx, every page but the back office and the bare frames)
 *   imports besides those, and the kit pieces the home page brings;
 * - `lobby`: the game and content modules the home page shares with other pages (decision 0073).
 * Any other module keeps Rolldown's own chunking.
 */
function chunkNames() {
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
  // The home page's modules beside its route: the lobby's rows and cards and the content sections go together
  // in `lobby`, the small kit pieces they share with most pages join `site`. In a dozen small chunks of their own
  // they cost the home ~5 KB of gzip that two do not (issue 41).
  const home = path("./app/routes/home.tsx");
  const lobbyOwn = /\/app\/features\/(games|content)\//;
  let chunkOf: Map<string, string> | undefined;
  return (
    id: string,
    ctx: { getModuleInfo(id: string): { importedIds: string[]; importers: string[] } | null },
  ) => {
    if (!chunkOf) {
      const found = new Map<string, string>();
      // Each group's static imports, depth first; a module already in an earlier group stays there.
      for (const [name, roots] of groups) {
        const todo = [...roots];
        while (todo.length > 0) {
          const id = todo.pop()!;
          if (found.has(id)) continue;
          found.set(id, name);
          todo.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
        }
      }
      // Breadth first from the home route; what only the home imports stays in its route's chunk.
      const homeOnly = new Set([home]);
      const todo = [...(ctx.getModuleInfo(home)?.importedIds ?? [])];
      for (let i = 0; i < todo.length; i++) {
        const id = todo[i]!;
        if (found.has(id) || homeOnly.has(id)) continue;
        const info = ctx.getModuleInfo(id);
        if (info?.importers.every((by) => homeOnly.has(by))) homeOnly.add(id);
        else found.set(id, lobbyOwn.test(id) ? "lobby" : "site");
        todo.push(...(info?.importedIds ?? []));
      }
      chunkOf = found;
    }
    return chunkOf.get(id) ?? null;
  };
}

/**
 * The groups in order (a group of higher priority takes its modules, and the dependencies it brings along, first):
 * were `lobby` made first it would take the shell's modules it imports.
 */
function chunkGroups() {
  const chunkOf = chunkNames();
  const only = (name: string) => (id: string, ctx: Parameters<typeof chunkOf>[1]) =>
    chunkOf(id, ctx) === name ? name : null;
  return [
    { name: only("shell"), priority: 3 },
    { name: only("site"), priority: 2 },
    { name: only("lobby"), priority: 1 },
  ];
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), siteDictionaries()],
  ...(command === "build" &&
    !isSsrBuild && {
      build: { rolldownOptions: { output: { codeSplitting: { groups: chunkGroups() } } } },
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
