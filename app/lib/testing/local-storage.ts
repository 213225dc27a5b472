/**
 * For unit tests, which run in Node: a Map standing in for the browser's localStorage (`store` is the Map, to
 * clear or read; `localStorage` the Web Storage face the code under test calls).
 */
export function memoryLocalStorage() {
  const store = new Map<string, string>();
  const localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  return { store, localStorage };
}
