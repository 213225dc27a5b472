import type { ReactNode } from "react";
import { useOfferedDepositMethods } from "~/features/wallet/offered-methods";

type OfferedMethod = NonNullable<ReturnType<typeof useOfferedDepositMethods>["data"]>["methods"][number];

/**
 * The deposit methods the cashier offers this visitor now (issue 36), one item each, with two placeholders
 * while they load. Nothing at all, the section around them included, when there are none or they cannot be
 * loaded: the site never promises a method the cashier lacks.
 */
export function OfferedMethodsList({
  testId,
  placeholderClassName,
  item,
  children,
}: {
  testId: string;
  /** A placeholder's size and corners, like an item's. */
  placeholderClassName: string;
  /** A method's `<li>`. */
  item: (method: OfferedMethod) => ReactNode;
  /** The section around the list. */
  children: (list: ReactNode) => ReactNode;
}) {
  const methods = useOfferedDepositMethods();
  const shown = methods.data?.methods ?? [];
  if (methods.isError || (methods.data && shown.length === 0)) return null;
  return children(
    <ul className="flex flex-wrap gap-2" data-testid={testId} aria-busy={!methods.data}>
      {methods.data
        ? shown.map(item)
        : [0, 1].map((i) => <li key={i} className={`${placeholderClassName} animate-pulse bg-surface-2`} />)}
    </ul>,
  );
}
