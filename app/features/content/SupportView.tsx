import type { HelpContent } from "#common/api/content";
import type { SiteLocale } from "#common/i18n/locales";
import { IconTile } from "~/components/ui/IconTile";
import { NamedIcon } from "~/components/ui/icons";
import { OpenChatButton } from "~/features/chat/ChatLauncher";
import { ContentLinkList, MoreLink } from "./links";
import { PageHeader } from "./PageHeader";
import { QuestionList } from "./QuestionCard";

/** The help centre: popular questions, ways to reach support, responsible-gaming tools. */
export function SupportView({ support, locale }: { support: HelpContent["support"]; locale: SiteLocale }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader title={support.title} intro={support.intro} />
      <OpenChatButton className="mb-8" />
      <div className="grid gap-8 lg:grid-cols-[1fr_340px]">
        <section aria-labelledby="support-highlights">
          <div className="mb-4 flex items-end justify-between gap-4">
            <h2 id="support-highlights" className="text-xl font-bold">
              {support.highlightsTitle}
            </h2>
            <MoreLink link={support.allQuestions} locale={locale} />
          </div>
          <QuestionList questions={support.highlights} locale={locale} />
        </section>
        <aside className="flex flex-col gap-4">
          <h2 className="text-xl font-bold">{support.channelsTitle}</h2>
          {support.channels.map((channel) => (
            <div key={channel.title} className="rounded-card border border-line bg-surface p-5">
              <div className="flex items-center gap-3">
                <IconTile className="bg-accent/12 text-accent">
                  <NamedIcon name={channel.icon} className="size-5" />
                </IconTile>
                <h3 className="font-semibold">{channel.title}</h3>
              </div>
              <p className="mt-3 text-sm leading-relaxed text-muted">{channel.text}</p>
              <MoreLink link={channel.link} locale={locale} className="mt-3" />
            </div>
          ))}
        </aside>
      </div>
      <section className="mt-10 flex flex-col gap-4 rounded-card border border-gold/30 bg-gradient-to-br from-gold/10 to-transparent p-5 sm:flex-row sm:items-center sm:p-8">
        <IconTile size="lg" className="bg-gold/15 text-gold">
          <NamedIcon name="heart" />
        </IconTile>
        <div className="flex-1">
          <h2 className="text-lg font-bold">{support.responsibleGaming.title}</h2>
          <p className="mt-1 text-sm leading-relaxed text-muted">{support.responsibleGaming.text}</p>
        </div>
        <ContentLinkList
          links={support.responsibleGaming.links}
          locale={locale}
          className="flex flex-wrap gap-2"
          linkClassName="inline-flex rounded-full border border-line bg-surface px-4 py-2 text-sm font-semibold transition hover:border-gold/60"
        />
      </section>
    </div>
  );
}
