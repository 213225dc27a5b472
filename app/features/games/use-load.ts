import { useCallback, useEffect, useRef, useState } from "react";

export interface Loaded<T> {
  data?: T;
  error?: unknown;
  loading: boolean;
  /** Asks again (the retry button of an error state). */
  retry: () => void;
}

/**
 * Loads data in the browser whenever `key` changes, keeping the last answer while the next one loads (a list
 * dims instead of blinking to a skeleton). Answers to an older key are dropped. `key` null loads nothing.
 */
export function useLoad<T>(key: string | null, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({
    loading: key !== null,
  });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key and the attempt stand for the load
  useEffect(() => {
    if (key === null) {
      setState({ loading: false });
      return;
    }
    let current = true;
    setState((s) => ({ data: s.data, loading: true }));
    loadRef.current().then(
      (data) => current && setState({ data, loading: false }),
      (error) => current && setState((s) => ({ data: s.data, error, loading: false })),
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return { ...state, retry };
}
