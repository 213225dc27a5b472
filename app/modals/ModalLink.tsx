import { Link, type LinkProps, useLocation } from "react-router";

/** This page's address with a modal opened on it (`?param=value`; modals open through the query, spec point 2). */
export function withModal(pathname: string, search: string, param: string, value = "true"): string {
  const q = new URLSearchParams(search);
  q.set(param, value);
  return `${pathname}?${q}`;
}

/** A link to this page with a modal opened on it (`?param=value`), for a `<Link to>`. */
export function useModalLink(): (param: string, value?: string) => string {
  const { pathname, search } = useLocation();
  return (param, value) => withModal(pathname, search, param, value);
}

/** A link that opens a modal over this page (`?modal=value`): the page and its scroll position stay. */
export function ModalLink({
  modal,
  value,
  ...rest
}: Omit<LinkProps, "to"> & { modal: string; value?: string }) {
  const href = useModalLink();
  return <Link to={href(modal, value)} preventScrollReset {...rest} />;
}
