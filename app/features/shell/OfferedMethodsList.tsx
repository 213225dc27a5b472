import { lazy, type ReactNode, Suspense } from "react";
import type { OfferedMethod } from "~/features/wallet/offered-methods";
import { useHydrated } from "~/lib/hydrated";

// The list itself (its query, the wallet it reads the currency from) comes after the page has hydrated: the
// server has no methods to draw anyway, and a first paint then carries neither the wallet it reads nor the list.
const OfferedMethodsLoaded = lazy(() =>
  import("./OfferedMethodsLoaded").then((m) => ({ default: m.OfferedMethodsLoaded })),
);

export interface OfferedMethodsProps {
  testId: string;
  /** A placeholder's size and corners, like an item's. */
  placeholderClassName: string;
  /** A method's `<li>`. */
  item: (method: OfferedMethod) => ReactNode;
  /** The section around the list. */
  children: (list: ReactNode) => ReactNode;
}

/**
 * The deposit methods the cashier offers this visitor now (issue 36), one item each, with two placeholders
 * while they load. Nothing at all, the section around them included, when there are none or they cannot be
 * loaded: the site never promises a method the cashier lacks.
 */
export function OfferedMethodsList(props: OfferedMethodsProps) {
  const hydrated = useHydrated();
  const loading = props.children(<MethodsList {...props} />);
  if (!hydrated) return loading;
  return (
    <Suspense fallback={loading}>
      <OfferedMethodsLoaded {...props} />
    </Suspense>
  );
}

/** The list: the methods once known, two placeholders until then. */
export function MethodsList({
  testId,
  placeholderClassName,
  item,
  methods,
}: OfferedMethodsProps & { methods?: OfferedMethod[] }) {
  return (
    <ul className="flex flex-wrap gap-2" data-testid={testId} aria-busy={!methods}>
      {methods
        ? methods.map(item)
        : [0, 1].map((i) => <li key={i} className={`${placeholderClassName} animate-pulse bg-surface-2`} />)}
    </ul>
  );
}
