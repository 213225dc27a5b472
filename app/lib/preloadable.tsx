import { type ComponentType, lazy, type ReactNode, Suspense } from "react";

/**
 * A component kept out of the first paint's JavaScript because only some visitors' pages draw it (issue 41,
 * decision 0072). `preload()` fetches its code. Once it is here the component is drawn as itself, with no
 * `Suspense` boundary around it: the server (which preloads before it renders) and a browser that preloaded
 * before hydrating (entry.client.tsx) draw the same tree, so hydration meets the server's markup as it is. A
 * lazy component in a boundary instead would not do: a dehydrated boundary updated before its code came drops the
 * server's markup (decision 0071), and the server outlines a large boundary into a late swap, so the part
 * flashes its fallback first. Until its code is here (a guest signs in and the part appears), it loads behind a
 * boundary showing `fallback`.
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // A failed fetch is tried again next time.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Part(props: P) {
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return { Component: Part, preload, isLoaded: () => loaded !== undefined };
}
