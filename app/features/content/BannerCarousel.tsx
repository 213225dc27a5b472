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
            className={`banner-slide ${ACCENTS[banner.accent] ?? ACCENTS.green}`}
          >
            <img
              src={banner.image}
              alt=""
              width={640}
              height={400}
              loading={i === 0 ? "eager" : "lazy"}
              fetchPriority={i === 0 ? "high" : "auto"}
              className="banner-art"
            />
            <div className="banner-shade" />
            <div className="banner-body">
              {banner.eyebrow ? <p className="banner-eyebrow">{banner.eyebrow}</p> : null}
              <h2 className="banner-title">{banner.title}</h2>
              <p className="banner-text">{banner.text}</p>
              <div className="pt-2">
                <ContentLink href={banner.cta.href} locale={locale} className="banner-cta">
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
              className={`banner-arrow ${i === 0 ? "left-3" : "right-3"}`}
            >
              <NamedIcon name={icon} className="size-5" />
            </Pressable>
          ))}
        </>
      ) : null}
    </section>
  );
}
