import { NamedIcon } from "~/components/ui/icons";
import { OpenChatButton } from "~/features/chat/ChatLauncher";
import { ContactForm } from "~/features/contact/ContactForm";
import { loadHelpScreen } from "~/features/content/load";
import { pageMeta } from "~/features/content/meta";
import { PageHeader } from "~/features/content/PageHeader";
import { samePathKeepsData } from "~/lib/revalidate";
import type { Route } from "./+types/contact";

export const shouldRevalidate = samePathKeepsData;

export const loader = (args: Route.LoaderArgs) => loadHelpScreen(args, "contact");

export function meta({ data }: Route.MetaArgs) {
  return pageMeta(data?.texts.title, data?.texts.description);
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { locale, texts } = loaderData;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader title={texts.title} intro={texts.intro} />
      <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
        <ContactForm locale={locale} texts={texts} />
        <aside className="self-start rounded-card border border-line bg-surface-2/60 p-5 sm:p-6">
          <OpenChatButton className="mb-5 w-full justify-center" />
          <h2 className="font-bold">{texts.asideTitle}</h2>
          <ul className="mt-4 flex flex-col gap-4">
            {texts.aside.map((tip) => (
              <li key={tip.title} className="flex gap-3">
                <NamedIcon name="check" className="mt-0.5 size-5 shrink-0 text-accent" />
                <div>
                  <p className="text-sm font-semibold">{tip.title}</p>
                  <p className="mt-0.5 text-sm leading-relaxed text-muted">{tip.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </div>
  );
}
