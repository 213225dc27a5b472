import { useEffect, useState } from "react";

let done = false;

/**
 * False on the server and while the page hydrates, true after (and from the first render of anything mounted
 * later): what only the browser draws waits for it, so the first render matches the server's.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(done);
  useEffect(() => {
    done = true;
    setHydrated(true);
  }, []);
  return hydrated;
}
