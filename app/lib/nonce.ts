import { createContext, useContext } from "react";

/**
 * The page's CSP nonce. The server's policy runs only the scripts that carry it, so every script the server
 * writes into a page (React Router's, the storage shim, the paint script) takes it from here. Set by
 * app/entry.server.tsx; in the browser it is empty (browsers hide nonces from the page, and scripts added
 * after load come from the allowed hosts instead).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
