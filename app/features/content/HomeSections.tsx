import type { HomeSection } from "#common/api/content";
import type { SiteLocale } from "#common/i18n/locales";
import { NamedIcon } from "~/components/ui/icons";
import { OfferedMethodsList } from "~/features/shell/OfferedMethodsList";
import { useTranslation } from "~/lib/i18n-react";
import { ContentLink, ContentLinkList, MoreLink } from "./links";
import { QuestionList } from "./QuestionCard";

function OfferedMethods({ title, text }: { title: string; text?: string }) {
  return (
    <OfferedMethodsList
      testId="home-payments"
      placeholderClassName="h-11 w-36 rounded-xl"
      item={(m) => (
        <li
          key={m.code}
          data-method={m.code}
          className="flex items-center gap-2 rounded-xl border border-line bg-surface px-3.5 py-2.5 text-sm font-semibold"
        >
          <span className={`size-2.5 rounded-full bg-current ${METHOD_COLOURS[m.icon] ?? "text-muted"}`} />
          {m.label}
        </li>
      )}
    >
      {(list) => (
        <section>
          <SectionHeading title={title} text={text} />
          {list}
        </section>
      )}
    </OfferedMethodsList>
  );
}

function SectionHeading({ title, text, action }: { title: string; text?: string; action?: React.ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
      <div>
        <h2 className="text-xl font-bold tracking-tight sm:text-2xl">{title}</h2>
        {text ? <p className="mt-1 text-sm text-muted">{text}</p> : null}
      </div>
      {action}
    </div>
  );
}

const METHOD_COLOURS: Record<string, string> = {
  visa: "text-[#5b8cff]",
  masterCard: "text-[#ff9f1c]",
  pix: "text-[#32bcad]",
  bitcoin: "text-[#f7931a]",
  ethereum: "text-[#8c9eff]",
  tether: "text-[#26a17b]",
  tron: "text-[#ff4d4f]",
  skrill: "text-[#c2389d]",
  neteller: "text-[#7dc242]",
  astroPay: "text-[#ff6b6b]",
  jeton: "text-[#ff7a45]",
  bankTransfer: "text-muted",
};

/** The home page's content sections, in the order the content lists them. */
export function HomeSections({ sections, locale }: { sections: HomeSection[]; locale: SiteLocale }) {
  // The adult badge draws the operator's minimum age (MIN_AGE), as the texts beside it state it.
  const { t } = useTranslation("layout");
  return (
    <>
      {sections.map((section) => {
        switch (section.type) {
          case "features":
            return (
              <section key={section.id} aria-labelledby={section.id}>
                <SectionHeading title={section.title} text={section.text} />
                <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                  {section.items.map((item) => (
                    <li key={item.title} className="feature-card">
                      <span className="feature-card-icon">
                        <NamedIcon name={item.icon} />
                      </span>
                      <div>
                        <h3 className="font-semibold">{item.title}</h3>
                        <p className="mt-1 text-sm leading-relaxed text-muted sm:mt-1.5">{item.text}</p>
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            );
          case "steps":
            return (
              <section key={section.id} className="rounded-card border border-line bg-surface p-5 sm:p-8">
                <SectionHeading title={section.title} text={section.text} />
                <ol className="grid gap-5 sm:grid-cols-3">
                  {section.items.map((item, i) => (
                    <li key={item.title} className="flex gap-4">
                      <span className="step-number">{i + 1}</span>
                      <div>
                        <h3 className="font-semibold">{item.title}</h3>
                        <p className="mt-1 text-sm leading-relaxed text-muted">{item.text}</p>
                      </div>
                    </li>
                  ))}
                </ol>
                {section.cta ? (
                  <ContentLink
                    href={section.cta.href}
                    locale={locale}
                    className="mt-6 inline-flex items-center gap-2 rounded-full bg-accent px-5 py-2.5 text-sm font-bold text-accent-fg transition hover:brightness-110"
                  >
                    {section.cta.label}
                    <NamedIcon name="arrowRight" className="size-4" />
                  </ContentLink>
                ) : null}
              </section>
            );
          case "payments":
            // The methods the cashier offers now, not a list of the content's own (issue 36).
            return <OfferedMethods key={section.id} title={section.title} text={section.text} />;
          case "faq":
            return section.questions.length === 0 ? null : (
              <section key={section.id}>
                <SectionHeading
                  title={section.title}
                  text={section.text}
                  action={<MoreLink link={section.link} locale={locale} />}
                />
                <QuestionList questions={section.questions} locale={locale} />
              </section>
            );
          case "trust":
            return (
              <section
                key={section.id}
                className="rounded-card border border-line bg-gradient-to-br from-surface to-surface-2 p-5 sm:p-8"
              >
                <h2 className="text-xl font-bold tracking-tight sm:text-2xl">{section.title}</h2>
                <ul className="mt-4 flex flex-wrap gap-2">
                  {section.badges.map((b) => (
                    <li key={b.label} className="trust-badge">
                      <NamedIcon
                        name={b.icon}
                        className="size-5 text-gold"
                        text={b.icon === "adult" ? t("footer.ageBadge") : undefined}
                      />
                      {b.label}
                    </li>
                  ))}
                </ul>
                <p className="mt-4 max-w-3xl text-sm leading-relaxed text-muted">{section.text}</p>
                <ContentLinkList
                  links={section.links}
                  locale={locale}
                  className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm"
                  linkClassName="font-semibold text-accent hover:underline"
                />
              </section>
            );
          default:
            return null;
        }
      })}
    </>
  );
}
