// React Router's default browser entry (@react-router/dev's entry.client.tsx) with one change: the page's
// dictionary files, which the server named in the head instead of writing the texts into the page (issue 41),
// are read before React hydrates, so the first render has the texts the server rendered with.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadPageDictionaries } from "./lib/i18n";

// A file that cannot be read is read again by the root when it renders, which shows the error page if it fails.
void loadPageDictionaries()
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
