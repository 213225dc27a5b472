import { useOfferedDepositMethods } from "~/features/wallet/offered-methods";
import { MethodsList, type OfferedMethodsProps } from "./OfferedMethodsList";

/** OfferedMethodsList once the page has hydrated: the methods from the cashier, or nothing at all. */
export function OfferedMethodsLoaded(props: OfferedMethodsProps) {
  const methods = useOfferedDepositMethods();
  const shown = methods.data?.methods ?? [];
  if (methods.isError || (methods.data && shown.length === 0)) return null;
  return props.children(<MethodsList {...props} methods={methods.data ? shown : undefined} />);
}
