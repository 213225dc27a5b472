import type { ApiModule, AppDeps } from "../../app";
import type { Job, JobLog } from "../../jobs/scheduler";
import { createTelegramBot } from "../../providers/telegram-bot";
import { type FactConsumer, registerConsumer, type StoredFact } from "../facts";
import { type CampaignRunner, campaignRunner } from "./campaigns";
import { type DeliveryDeps, type DeliveryRunner, deliveryRunner } from "./delivery";
import type { NotifiedFact } from "./fact-messages";
import { NOTIFIED_KINDS, notifyOfFact } from "./facts";
import { jobsOfNotification } from "./jobs";
import { inboxRoutes } from "./player-routes";
import { notificationRoutes } from "./routes";

const runners = new WeakMap<AppDeps, DeliveryRunner>();
const campaignRunners = new WeakMap<AppDeps, CampaignRunner>();
/** The delivery runners of the apps open in this process (one in production; tests open several). */
const live = new Set<DeliveryRunner>();

/**
 * The facts consumer: a fact the player is told about becomes a message (and a push) in their language. Its
 * delivery is nudged for once the consumer's transaction commits (the delivery job sends what a nudge missed);
 * consumers are registered once per process, so every open app's runner is nudged: each sends only its own rows.
 */
const notificationsConsumer: FactConsumer = {
  name: "notifications",
  kinds: NOTIFIED_KINDS,
  async handle(tx, fact) {
    if (await notifyOfFact(tx, fact as StoredFact & NotifiedFact)) for (const r of live) r.nudge();
  },
};

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
 * The one campaign runner of an app (decision 0029): nudged when staff make a campaign, run by the
 * `message-campaigns` job; the messages it writes are handed to the app's delivery runner.
 */
export function messageCampaigns(deps: AppDeps, log?: Log): CampaignRunner {
  let runner = campaignRunners.get(deps);
  if (!runner) {
    const delivery = notificationDelivery(deps, log);
    runner = campaignRunner({ db: deps.db, config: deps.config, clock: deps.clock, log }, (written) => {
      if (written > 0) delivery.nudge();
    });
    campaignRunners.set(deps, runner);
  }
  return runner;
}

/**
 * Notifications: the contact form, and the player's messages and pushes (issue #18, decision 0016) with their
 * delivery to the page (realtime), the browser (Web Push) and the messenger (the bot).
 */
export const notificationModule: ApiModule = async (api, deps) => {
  const delivery = notificationDelivery(deps, api.log);
  live.add(delivery);
  const campaigns = messageCampaigns(deps, api.log);
  api.addHook("onClose", async () => {
    live.delete(delivery);
    await campaigns.close();
    await delivery.close();
  });
  registerConsumer(notificationsConsumer);
  await api.register(notificationRoutes(deps));
  await api.register(inboxRoutes(deps, delivery));
};

// What the back office (admin) uses (issue 37 step 3).
// What the server's jobs, seed and start-up use (issue 37 step 3).
export { campaignById, createCampaign, listCampaigns, previewSegment } from "./campaigns";
export {
  announceContactCounts,
  contactCounts,
  contactMessage,
  contactMessages,
  markContactDone,
  replyToContact,
} from "./contact-desk";

/** The notifications' scheduled work, for the job runner (server/jobs). */
export function notificationJobs(deps: AppDeps, log: Pick<JobLog, "error">): Job[] {
  const warn = { warn: (obj: object, msg: string) => log.error(obj, msg) };
  return jobsOfNotification(
    {
      delivery: notificationDeliveryDeps(deps, warn),
      campaigns: { db: deps.db, config: deps.config, clock: deps.clock, log: warn },
    },
    () => notificationDelivery(deps).nudge(),
  );
}
