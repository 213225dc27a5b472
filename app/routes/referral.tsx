import type { MetaDescriptor } from "react-router";
import { ReferralPage } from "~/features/referral/ReferralPage";
import { BRAND } from "~/features/shell/brand";
import { metaTexts } from "~/lib/i18n";
import { programmePageLoader } from "~/lib/route-guards";
import type { Route } from "./+types/referral";

/**
 * `/referral` (spec point 2), open to guests too (issue 42): the programme's terms are read here for the first
 * paint (they are the same for everyone); a player's own link and earnings load in the page.
 */
export async function loader(args: Route.LoaderArgs) {
  const { locale, initial } = await programmePageLoader(args, "referral", (client) =>
    client.get("/referral/terms").then((r) => r.data),
  );
  return { locale, terms: initial };
}

export function meta({ matches }: Route.MetaArgs): MetaDescriptor[] {
  const layout = metaTexts<{ referral?: { title?: string; guest?: { intro?: string } } }>(matches);
  const referral = layout?.referral;
  // A public page since guests read the programme's terms here (issue 42): indexed, with a description.
  return [
    { title: referral?.title ? `${referral.title} — ${BRAND.name}` : BRAND.name },
    ...(referral?.guest?.intro ? [{ name: "description", content: referral.guest.intro }] : []),
  ];
}

export default function Referral({ loaderData }: Route.ComponentProps) {
  return <ReferralPage initialTerms={loaderData.terms} />;
}
