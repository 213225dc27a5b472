import { Outlet } from "react-router";

/** No header, drawer or footer: pages that only pass the visitor on (spec point 2: /redirect). */
export default function EmptyLayout() {
  return <Outlet />;
}
