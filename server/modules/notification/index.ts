import type { ApiModule, AppDeps } from "../../app";
import { createTelegramBot } from "../../providers/telegram-bot";
import { type DeliveryDeps, type DeliveryRunner, deliveryRunner } from "./delivery";
import { inboxRoutes } from "./player-routes";
import { notificationRoutes } from "./routes";

const runners = new WeakMap<AppDeps, DeliveryRunner>();

type Log = { warn(obj: object, msg: string): void };

/** What delivery runs on, from the app's dependencies. */
export const notificationDeliveryDeps = (deps: AppDeps, log?: Log): DeliveryDeps => ({
  db: deps.db,
  config: deps.config,
  clock: deps.clock,
  publisher: deps.realtime,
  bot: createTelegramBot(deps.config),
  log,
});

/**
 * The one delivery runner of an app (decision 0016): what the routes, the facts consumer and the delivery job
 * nudge to send new messages and pushes.
 */
export function notificationDelivery(
  deps: AppDeps,
  log?: { warn(obj: object, msg: string): void },
): DeliveryRunner {
  let runner = runners.get(deps);
  if (!runner) {
    runner = deliveryRunner({
      db: deps.db,
      config: deps.config,
      clock: deps.clock,
      publisher: deps.realtime,
      bot: createTelegramBot(deps.config),
      log,
    });
    runners.set(deps, runner);
  }
  return runner;
}

/**
 * Notifications: the contact form, and the player's messages and pushes (issue #18, decision 0016) with their
 * delivery to the page (realtime), the browser (Web Push) and the messenger (the bot).
 */
export const notificationModule: ApiModule = async (api, deps) => {
  const delivery = notificationDelivery(deps, api.log);
  api.addHook("onClose", () => delivery.close());
  await api.register(notificationRoutes(deps));
  await api.register(inboxRoutes(deps, delivery));
};
