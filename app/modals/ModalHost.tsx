import { type ComponentType, lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { storedConsent } from "~/features/analytics/consent";
import { messengerModalSearch } from "~/features/messenger/modals";
import { useMessenger } from "~/features/messenger/state";
import { planModals } from "./access";
import { OpenModalContext } from "./context";
import { findModal, type ModalEntry, type ModalProps } from "./registry";
import { useModals } from "./use-modal";

// One lazy component per modal, made once: the modal's code (and the map of every modal's loader) loads only
// when it first opens.
const loads = new Map<string, Promise<{ default: ComponentType<ModalProps> }>>();
function load(id: string) {
  let p = loads.get(id);
  if (!p) {
    p = import("./components").then((m) => m.MODAL_COMPONENTS[id]!());
    loads.set(id, p);
  }
  return p;
}
const components = new Map<string, ComponentType<ModalProps>>();
function componentOf(entry: ModalEntry): ComponentType<ModalProps> {
  let c = components.get(entry.id);
  if (!c) {
    c = lazy(() => load(entry.id));
    components.set(entry.id, c);
  }
  return c;
}

const cookieEntry = findModal("cookie-request")!;

/**
 * Renders the modals the address asks for, stacked in the address's order, and strips from it (without a
 * history entry) every modal the visitor may not open or that has no component yet (spec point 2).
 * `loggedIn` comes from the session once the accounts feature provides it.
 */
export function ModalHost({ loggedIn }: { loggedIn: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const modals = useModals();
  // In the messenger app some modals have their own variant (the wallet): shown at once, address fixed below.
  const { active: messenger, login: messengerLogin } = useMessenger();
  const variantSearch = messenger ? messengerModalSearch(location.search) : undefined;
  const search = variantSearch ?? location.search;
  const plan = useMemo(() => planModals(new URLSearchParams(search), loggedIn), [search, loggedIn]);

  useEffect(() => {
    if (variantSearch === undefined) return;
    navigate(
      { pathname: location.pathname, search: variantSearch, hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [variantSearch, location.pathname, location.hash, navigate]);
  // Modals are drawn after hydration: their parts are lazy and the server cannot know stored choices.
  const [mounted, setMounted] = useState(false);
  const [cookiePending, setCookiePending] = useState(false);

  useEffect(() => {
    setMounted(true);
    setCookiePending(storedConsent() === null);
  }, []);

  const stripKey = plan.strip.join("&");
  // A player's modal in a mini-app's address waits for the automatic login instead of being stripped.
  const holding = messengerLogin === "running" || variantSearch !== undefined;
  // Also on every change of the address: another effect of the first load (the affiliate landing's clean-up)
  // may replace the address with one computed before this strip, bringing the stripped modal back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: stripKey stands for plan.strip
  useEffect(() => {
    if (plan.strip.length && !holding) modals.strip(plan.strip);
  }, [stripKey, holding, search]);

  // A modal in the first page's address starts loading while the page hydrates, not after.
  if (typeof document !== "undefined") for (const o of plan.open) void load(o.entry.id);
  if (!mounted) return null;
  const cookieInAddress = plan.open.some((o) => o.entry === cookieEntry);
  const CookieRequest = componentOf(cookieEntry);
  return (
    <Suspense fallback={null}>
      {plan.open.map((o, level) => {
        const Modal = componentOf(o.entry);
        const close = () => {
          if (o.entry === cookieEntry) setCookiePending(storedConsent() === null);
          modals.close(o.entry.id);
        };
        return (
          <OpenModalContext key={o.entry.id} value={{ id: o.entry.id, level, close }}>
            <Modal value={o.value} level={level} close={close} />
          </OpenModalContext>
        );
      })}
      {/* Shown on its own until the visitor chooses, without touching the address. It waits while another modal is open:
          as a notice it would lie on top of that modal (a phone's bottom sheet and its buttons). */}
      {cookiePending && !cookieInAddress && plan.open.length === 0 && (
        <OpenModalContext value={{ id: cookieEntry.id, level: 0, close: () => setCookiePending(false) }}>
          <CookieRequest value="true" level={0} close={() => setCookiePending(false)} />
        </OpenModalContext>
      )}
    </Suspense>
  );
}
