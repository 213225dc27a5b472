import { useEffect, useRef, useState } from "react";
import type { HomeBanner } from "#common/api/content";
import type { SiteLocale } from "#common/i18n/locales";
import { Pressable } from "~/components/ui/Button";
import { NamedIcon } from "~/components/ui/icons";
import { ContentLink } from "./links";

const ACCENTS: Record<HomeBanner["accent"], string> = {
  gold: "from-[#3a2606] via-[#5a3a0b] to-[#1b1206]",
  green: "from-[#06301f] via-[#0b4a31] to-[#061a12]",
  violet: "from-[#231447] via-[#3a2180] to-[#140b2c]",
  blue: "from-[#0a2147] via-[#12367a] to-[#081428]",
};

const AUTOPLAY_MS = 7000;

/**
 * Home banners: native horizontal scrolling with CSS scroll snap (swipe on phones, arrows and dots on desktop),
 * no carousel library. Advances on its own unless the visitor is interacting or prefers reduced motion.
 */
export function BannerCarousel({ banners, locale }: { banners: HomeBanner[]; locale: SiteLocale }) {
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);

  const goTo = (index: number) => {
    const el = track.current;
    if (!el) return;
    const count = banners.length;
    const next = ((index % count) + count) % count;
    el.scrollTo({ left: next * el.clientWidth, behavior: "smooth" });
  };

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const onScroll = () => setActive(Math.round(el.scrollLeft / Math.max(el.clientWidth, 1)));
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => el.removeEventListener("scroll", onScroll);
  }, []);

  useEffect(() => {
    if (paused || banners.length < 2) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = window.setInterval(() => {
      const el = track.current;
      if (!el || document.hidden) return;
      const current = Math.round(el.scrollLeft / Math.max(el.clientWidth, 1));
      el.scrollTo({ left: ((current + 1) % banners.length) * el.clientWidth, behavior: "smooth" });
    }, AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [paused, banners.length]);

  if (banners.length === 0) return null;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={banners[0]?.eyebrow ?? banners[0]?.title}
      className="group relative"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocusCapture={() => setPaused(true)}
      onBlurCapture={() => setPaused(false)}
      onTouchStart={() => setPaused(true)}
    >
      <div
        ref={track}
        className="flex snap-x snap-mandatory overflow-x-auto scroll-smooth rounded-card [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {banners.map((banner, i) => (
          <article
            key={banner.id}
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${banners.length}`}
            className={`relative flex w-full shrink-0 snap-start snap-always overflow-hidden bg-gradient-to-br ${ACCENTS[banner.accent] ?? ACCENTS.green}`}
          >
            <img
              src={banner.image}
              alt=""
              width={640}
              height={400}
              loading={i === 0 ? "eager" : "lazy"}
              fetchPriority={i === 0 ? "high" : "auto"}
              className="pointer-events-none absolute top-0 right-0 h-[54%] w-full object-contain object-top-right sm:inset-y-0 sm:h-full sm:w-[62%] sm:object-cover sm:object-right"
            />
            <div className="absolute inset-0 bg-gradient-to-t from-black/70 via-black/25 to-transparent sm:bg-gradient-to-r sm:from-black/35 sm:via-black/10" />
            <div className="relative flex min-h-[430px] max-w-xl flex-col justify-end gap-3 px-5 pt-8 pb-12 sm:min-h-[340px] sm:justify-center sm:px-10 sm:py-8 lg:min-h-[360px]">
              {banner.eyebrow ? (
                <p className="self-start rounded-full bg-black/45 px-2.5 py-1 text-xs font-bold uppercase tracking-[0.18em] text-gold backdrop-blur-sm sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
                  {banner.eyebrow}
                </p>
              ) : null}
              <h2 className="text-[1.9rem] font-extrabold leading-[1.08] tracking-tight text-white text-balance sm:text-4xl lg:text-[2.6rem]">
                {banner.title}
              </h2>
              <p className="max-w-md text-[0.95rem] leading-relaxed text-white/80 sm:text-base">
                {banner.text}
              </p>
              <div className="pt-2">
                <ContentLink
                  href={banner.cta.href}
                  locale={locale}
                  className="inline-flex items-center gap-2 rounded-full bg-accent px-6 py-3 text-sm font-bold text-accent-fg shadow-lg shadow-black/30 transition hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
                >
                  {banner.cta.label}
                  <NamedIcon name="arrowRight" className="size-4" />
                </ContentLink>
              </div>
            </div>
          </article>
        ))}
      </div>
      {banners.length > 1 ? (
        <>
          <div className="absolute inset-x-0 bottom-4 flex justify-center gap-2 sm:bottom-5 sm:left-10 sm:justify-start">
            {banners.map((banner, i) => (
              <Pressable
                key={banner.id}
                onClick={() => goTo(i)}
                aria-label={banner.title}
                aria-current={i === active}
                className={`h-2 rounded-full transition-all ${i === active ? "w-7 bg-white" : "w-2 bg-white/40 hover:bg-white/70"}`}
              />
            ))}
          </div>
          {(["chevronLeft", "chevronRight"] as const).map((icon, i) => (
            <Pressable
              key={icon}
              onClick={() => goTo(active + (i === 0 ? -1 : 1))}
              aria-label={banners[(active + (i === 0 ? -1 : 1) + banners.length) % banners.length]?.title}
              className={`absolute top-1/2 hidden size-10 -translate-y-1/2 place-items-center rounded-full bg-black/35 text-white opacity-0 backdrop-blur transition group-hover:opacity-100 hover:bg-black/55 focus-visible:opacity-100 sm:grid ${i === 0 ? "left-3" : "right-3"}`}
            >
              <NamedIcon name={icon} className="size-5" />
            </Pressable>
          ))}
        </>
      ) : null}
    </section>
  );
}
