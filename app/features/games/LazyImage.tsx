import { useEffect, useRef, useState } from "react";

/** Spec point 9: lazy images start loading 400px before they reach the viewport. */
export const LAZY_ROOT_MARGIN = "400px";

type Waiting = (visible: boolean) => void;
let observer: IntersectionObserver | undefined;
const waiting = new WeakMap<Element, Waiting>();

/** One observer for every lazy image of the page: hundreds of cards, one callback. */
function observe(el: Element, onVisible: Waiting): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        waiting.get(e.target)?.(true);
        waiting.delete(e.target);
        observer?.unobserve(e.target);
      }
    },
    { rootMargin: LAZY_ROOT_MARGIN },
  );
  waiting.set(el, onVisible);
  observer.observe(el);
  return () => {
    waiting.delete(el);
    observer?.unobserve(el);
  };
}

/**
 * An image whose file is asked for only when it comes within 400px of the viewport (in a horizontal row too:
 * the observer's margin applies on every side). Until then its place is a plain surface; while it loads, a shimmer.
 */
export function LazyImage({ src, alt, className = "" }: { src: string; alt: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === "undefined") {
      setShown(true);
      return;
    }
    return observe(el, setShown);
  }, []);
  return (
    <div ref={ref} className={`relative overflow-hidden bg-surface-2 ${className}`}>
      {/* The shimmer runs only while the file loads: dozens of cards waiting out of view would pulse forever. */}
      {shown && !loaded && (
        <div className="absolute inset-0 animate-pulse bg-surface-3/60" aria-hidden="true" />
      )}
      {shown && (
        <img
          src={src}
          alt={alt}
          decoding="async"
          onLoad={() => setLoaded(true)}
          onError={() => setLoaded(true)}
          className={`absolute inset-0 size-full object-cover transition-opacity duration-300 ${loaded ? "opacity-100" : "opacity-0"}`}
        />
      )}
    </div>
  );
}
