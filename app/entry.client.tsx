// React Router's default browser entry (@react-router/dev's entry.client.tsx) with one change: what the first
// render needs and the first paint's scripts leave out is fetched before React hydrates, so that render matches
// what the server drew (issue 41): the page's dictionary files, which the server named in the head instead of
// writing the texts into the page, and the code of the parts the first paint leaves out (app/parts.ts) that the server drew.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadPageDictionaries } from "./lib/i18n";
import { preloadDrawnParts } from "./parts";

// A file that cannot be read is read again by the root when it renders, which shows the error page if it fails.
void Promise.all([loadPageDictionaries(), preloadDrawnParts()])
  .catch(() => undefined)
  .then(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
  );
