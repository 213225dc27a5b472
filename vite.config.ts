import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const path = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
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
