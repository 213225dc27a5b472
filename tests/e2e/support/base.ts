import { inject } from "vitest";

/**
 * The server the support helpers talk to: the run's shared one, unless a test file started its own
 * (`useServer`, e.g. one whose clock the test may move) — each file runs in a module scope of its own.
 */
let own: string | undefined;

export const baseUrl = (): string => own ?? inject("baseUrl");

export function useServer(url: string): void {
  own = url;
}
