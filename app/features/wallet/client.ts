import { createContext, useContext } from "react";
import type { createApi } from "~/lib/api";
import { api } from "~/lib/session/client";

export type WalletClient = Pick<ReturnType<typeof createApi>, "get" | "post" | "put">;

/**
 * The client the wallet's method list and payment form call: the session's, unless a view provides another.
 * The restricted withdrawal (decision 0011) provides one holding its withdrawal token in memory, so the same
 * pieces work for a player who cannot log in.
 */
export const WalletClientContext = createContext<WalletClient | undefined>(undefined);

export const useWalletClient = (): WalletClient => useContext(WalletClientContext) ?? api();
