/**
 * The widgets' styles, injected once into the page. Every rule sits under `.lsb` (the class prefix), so the
 * bundle neither leaks into the operator's page nor depends on it. The palette follows the site's tokens
 * (app/app.css); `.lsb--light` switches.
 */
export const STYLE_ID = "lsb-styles";

export const CSS = `
.lsb{--bg:#0b0f1c;--s1:#121829;--s2:#1a2136;--s3:#232c46;--line:#2a3452;--fg:#eef1f8;--muted:#93a0bd;--acc:#22d37c;--acc-fg:#04140b;--acc2:#7b5cff;--gold:#f6c451;--bad:#ff5a6a;--ok:#22d37c;--r:14px;
  color:var(--fg);font:14px/1.4 "Inter Variable",ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;container-type:inline-size;-webkit-font-smoothing:antialiased;font-variant-numeric:tabular-nums}
.lsb--light{--bg:#f3f5fa;--s1:#fff;--s2:#eef1f7;--s3:#e2e7f1;--line:#d6dcea;--fg:#10162a;--muted:#5a6683;--acc:#10b866;--acc-fg:#fff;--acc2:#6246ea;--gold:#c98f0a;--bad:#e23d4f;--ok:#0e9f58}
:where(.lsb) *,:where(.lsb) *::before,:where(.lsb) *::after{box-sizing:border-box}
:where(.lsb) button{font:inherit;color:inherit;background:none;border:0;padding:0;margin:0;cursor:pointer;text-align:inherit}
:where(.lsb) button:disabled{cursor:default}
.lsb :focus-visible{outline:2px solid var(--acc);outline-offset:2px}
:where(.lsb) :is(h1,h2,h3,p){margin:0}
.lsb-muted{color:var(--muted)}.lsb-small{font-size:12px}
.lsb-up{color:var(--ok)}.lsb-down{color:var(--bad)}
.lsb-stack{display:flex;flex-direction:column;gap:20px}
.lsb-section{display:flex;flex-direction:column;gap:10px}
.lsb-section__head{display:flex;align-items:center;justify-content:space-between;gap:12px}
.lsb-section__title{font-size:18px;font-weight:800;letter-spacing:-.01em;display:flex;align-items:center;gap:8px}
.lsb-link{color:var(--acc);font-weight:600;font-size:13px}
.lsb-link:hover{text-decoration:underline}
.lsb-row-gap{display:flex;align-items:center;gap:10px}
/* chips */
.lsb-chips{display:flex;gap:8px;overflow-x:auto;scrollbar-width:none;padding-bottom:2px;min-height:38px}
.lsb-chips::-webkit-scrollbar{display:none}
.lsb-chip{flex:none;display:inline-flex;align-items:center;gap:8px;height:36px;padding:0 14px;border-radius:999px;background:var(--s2);border:1px solid var(--line);font-weight:600;font-size:13px;white-space:nowrap;transition:background .15s,border-color .15s}
.lsb-chip:hover{border-color:color-mix(in oklab,var(--acc) 50%,var(--line))}
.lsb-chip.is-active{background:var(--acc);color:var(--acc-fg);border-color:var(--acc)}
.lsb-chip__count{font-size:11px;font-weight:700;padding:1px 7px;border-radius:999px;background:color-mix(in oklab,var(--fg) 10%,transparent)}
.lsb-chip--live{color:var(--bad)}
.lsb-chips--sub .lsb-chip{height:32px;font-size:12px}
/* live badge: a match's dot is still; the one of the live chip and the live page's title pulses, by transform and opacity, which the compositor runs without repainting (a box-shadow pulse on every match's dot repainted them 60 times a second: a whole core on a page of live matches) */
.lsb-live{display:inline-flex;align-items:center;gap:6px;color:var(--bad);font-weight:700;font-size:12px;white-space:nowrap}
.lsb-live__dot{position:relative;width:7px;height:7px;border-radius:50%;background:var(--bad);display:inline-block;flex:none}
.lsb-live__dot--pulse::after{content:"";position:absolute;inset:0;border-radius:50%;background:var(--bad);opacity:0;animation:lsb-pulse 1.6s ease-out infinite}
@keyframes lsb-pulse{0%{transform:scale(1);opacity:.55}70%,100%{transform:scale(2.7);opacity:0}}
@media (prefers-reduced-motion:reduce){.lsb-live__dot--pulse::after{animation:none}}
.lsb-time{font-size:12px;color:var(--muted);font-weight:600;white-space:nowrap}
/* odds button */
.lsb-odd{position:relative;display:flex;align-items:center;justify-content:space-between;gap:6px;min-width:0;min-height:44px;padding:5px 12px;border-radius:10px;background:var(--s2);border:1px solid var(--line);transition:background .15s,border-color .15s,color .15s}
.lsb-odd:not(.is-picked):hover:not(:disabled){border-color:color-mix(in oklab,var(--acc) 60%,var(--line));background:var(--s3)}
.lsb-odd__label{font-size:12px;line-height:1.25;color:var(--muted);min-width:0;overflow-wrap:anywhere}
.lsb-odd__price{font-weight:800;font-size:14px;display:inline-flex;align-items:center;gap:3px;white-space:nowrap}
.lsb-odd__arrow{font-size:9px}
.lsb-odd.is-picked{background:var(--acc);border-color:var(--acc);color:var(--acc-fg)}
.lsb-odd.is-picked .lsb-odd__label{color:color-mix(in oklab,var(--acc-fg) 75%,transparent)}
.lsb-odd.is-up{border-color:var(--ok);animation:lsb-up 1.6s ease-out}
.lsb-odd.is-up .lsb-odd__price{color:var(--ok)}
.lsb-odd.is-down{border-color:var(--bad);animation:lsb-down 1.6s ease-out}
.lsb-odd.is-down .lsb-odd__price{color:var(--bad)}
.lsb-odd.is-picked.is-up,.lsb-odd.is-picked.is-down{animation:none}
.lsb-odd.is-picked.is-up .lsb-odd__price,.lsb-odd.is-picked.is-down .lsb-odd__price{color:var(--acc-fg)}
@keyframes lsb-up{0%{background:color-mix(in oklab,var(--ok) 35%,var(--s2))}100%{background:var(--s2)}}
@keyframes lsb-down{0%{background:color-mix(in oklab,var(--bad) 35%,var(--s2))}100%{background:var(--s2)}}
.lsb-odd.is-off{opacity:.55;color:var(--muted)}
.lsb-cols-1{display:grid;grid-template-columns:1fr;gap:6px}
.lsb-cols-2{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:6px}
.lsb-cols-3{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:6px}
/* event rows */
.lsb-list{display:flex;flex-direction:column;border:1px solid var(--line);border-radius:var(--r);background:var(--s1);overflow:hidden}
.lsb-row{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,256px) 44px;align-items:center;gap:10px;padding:10px 12px;border-top:1px solid var(--line)}
.lsb-row:first-child{border-top:0}
.lsb-row:hover{background:color-mix(in oklab,var(--s2) 60%,transparent)}
.lsb-row__odds .lsb-odd{padding:5px 8px}
.lsb-row__main{display:grid;grid-template-columns:92px minmax(0,1fr);align-items:center;gap:10px;min-width:0}
.lsb-row__teams{display:flex;flex-direction:column;gap:3px;min-width:0}
.lsb-team{display:flex;align-items:center;justify-content:space-between;gap:8px;min-width:0;font-weight:600}
.lsb-team__name{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.lsb-score{color:var(--gold);font-weight:800;min-width:16px;text-align:right}
.lsb-row__more{height:44px;border-radius:10px;color:var(--muted);font-weight:700;font-size:12px;text-align:center;border:1px solid transparent}
.lsb-row__more:hover{color:var(--fg);border-color:var(--line)}
@container (max-width:620px){
  .lsb-row{grid-template-columns:minmax(0,1fr) 36px;grid-template-areas:"main more" "odds odds";row-gap:8px}
  .lsb-row__main{grid-area:main;grid-template-columns:1fr}
  .lsb-row__time{order:-1}
  .lsb-row__odds{grid-area:odds}
  .lsb-row__more{grid-area:more;height:36px}
}
/* groups */
.lsb-group{display:flex;flex-direction:column;gap:8px}
.lsb-group + .lsb-group{margin-top:10px}
.lsb-group__head{display:flex;align-items:baseline;gap:8px;font-weight:700;padding:0 2px}
.lsb-group__head:not(:disabled):hover .lsb-group__name{color:var(--acc)}
.lsb-group__cat{color:var(--muted);font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.04em}
/* cards */
.lsb-cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:12px}
.lsb-card{position:relative;overflow:hidden;display:flex;flex-direction:column;gap:12px;padding:14px;border-radius:var(--r);background:linear-gradient(160deg,var(--s2),var(--s1));border:1px solid var(--line);min-height:176px}
.lsb-card.has-art{background:linear-gradient(160deg,color-mix(in oklab,var(--acc2) 22%,var(--s1)),var(--s1) 70%)}
.lsb-card__art{position:absolute;right:-22px;top:34px;width:112px;height:112px;object-fit:contain;opacity:.14;pointer-events:none;z-index:0;filter:grayscale(.2)}
.lsb-card > *:not(.lsb-card__art){position:relative;z-index:1}
.lsb-card__head{display:flex;align-items:center;justify-content:space-between;gap:8px;font-size:12px}
.lsb-card__league{color:var(--muted);font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.lsb-card__teams{display:flex;flex-direction:column;gap:6px;font-size:15px;flex:1}
.lsb-card__teams .lsb-team{font-weight:700}
.lsb-card__odds{margin-top:auto}
/* carousels */
.lsb-carousel{display:flex;flex-direction:column;gap:12px}
.lsb-track{display:grid;grid-auto-flow:column;grid-auto-columns:minmax(272px,300px);gap:12px;overflow-x:auto;scroll-snap-type:x mandatory;scrollbar-width:none;padding-bottom:2px}
.lsb-track::-webkit-scrollbar{display:none}
.lsb-track__item{scroll-snap-align:start;display:flex}
.lsb-track__item > .lsb-card{flex:1}
.lsb-arrows{display:flex;gap:6px}
.lsb-arrow{width:32px;height:32px;border-radius:10px;background:var(--s2);border:1px solid var(--line);font-size:18px;font-weight:700;display:grid;place-items:center;text-align:center}
.lsb-arrow:hover{border-color:var(--acc)}
@container (max-width:520px){.lsb-arrows{display:none}.lsb-track{grid-auto-columns:82%}}
/* hero, crumbs */
.lsb-hero{position:relative;overflow:hidden;border-radius:var(--r);padding:18px 20px;background:var(--hero-bg,linear-gradient(120deg,color-mix(in oklab,var(--acc) 18%,var(--s1)),var(--s1) 60%,color-mix(in oklab,var(--acc2) 18%,var(--s1))));border:1px solid var(--line);display:flex;flex-direction:column;gap:4px}
.lsb-hero::after{content:"";position:absolute;inset:0;background-image:var(--lsb-hero);background-size:cover;background-position:center right;opacity:.25;pointer-events:none}
.lsb-hero > *{position:relative;z-index:1}
.lsb-hero__title{font-size:26px;font-weight:800;letter-spacing:-.02em;display:flex;align-items:center;gap:10px}
.lsb-hero__meta{color:var(--muted);font-size:13px}
.lsb-hero--live .lsb-live__dot{width:10px;height:10px}
.lsb-crumbs{font-size:12px;color:var(--muted)}
.lsb-crumbs .lsb-link{font-size:12px}
/* event page */
.lsb-match{border-radius:var(--r);padding:16px 18px 20px;border:1px solid var(--line);background:radial-gradient(120% 140% at 50% 0%,color-mix(in oklab,var(--acc2) 25%,var(--s1)),var(--s1) 65%);display:flex;flex-direction:column;gap:14px}
.lsb-match.is-live{background:radial-gradient(120% 140% at 50% 0%,color-mix(in oklab,var(--bad) 18%,var(--s1)),var(--s1) 65%)}
.lsb-match__board{display:grid;grid-template-columns:1fr auto 1fr;align-items:start;gap:12px}
@container (max-width:520px){.lsb-market__grid .lsb-odd{flex-direction:column;justify-content:center;align-items:center;gap:1px;min-height:54px;padding:4px 6px}.lsb-market__grid .lsb-odd__label{max-width:100%;font-size:11px;text-align:center}
  .lsb-market__grid--long{grid-template-columns:minmax(0,1fr)}
  .lsb-market__grid--long .lsb-odd{flex-direction:row;justify-content:space-between;min-height:44px;padding:5px 12px}
  .lsb-market__grid--long .lsb-odd__label{font-size:12px;text-align:left}}
.lsb-match__team{display:flex;flex-direction:column;align-items:center;gap:8px;text-align:center;font-size:16px;min-width:0}
.lsb-match__team strong{overflow-wrap:anywhere}
.lsb-badge{width:52px;height:52px;border-radius:16px;display:grid;place-items:center;font-weight:800;font-size:18px;background:linear-gradient(135deg,var(--acc),color-mix(in oklab,var(--acc) 40%,var(--s3)));color:var(--acc-fg)}
.lsb-badge--alt{background:linear-gradient(135deg,var(--acc2),color-mix(in oklab,var(--acc2) 40%,var(--s3)));color:#fff}
.lsb-match__mid{display:flex;flex-direction:column;align-items:center;gap:4px;min-width:90px;padding-top:8px}
.lsb-match__score{font-size:34px;font-weight:800;letter-spacing:.02em;color:var(--gold)}
.lsb-match__vs{font-size:20px;font-weight:800;color:var(--muted)}
.lsb-match__clock{font-size:13px;font-weight:600;color:var(--muted)}
.lsb-markets{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,340px),1fr));gap:12px;align-items:start}
.lsb-market{border:1px solid var(--line);border-radius:var(--r);background:var(--s1);padding:12px;display:flex;flex-direction:column;gap:10px}
.lsb-market__name{font-size:14px;font-weight:700;display:flex;align-items:center;justify-content:space-between;gap:8px}
.lsb-tag{font-size:11px;font-weight:700;color:var(--gold);background:color-mix(in oklab,var(--gold) 15%,transparent);padding:2px 8px;border-radius:999px}
/* states */
.lsb-empty{display:flex;flex-direction:column;align-items:center;gap:12px;padding:28px 16px;text-align:center;color:var(--muted);border:1px dashed var(--line);border-radius:var(--r)}
.lsb-skeleton{display:flex;flex-direction:column;gap:8px}
.lsb-skeleton__row{height:64px;border-radius:12px;background:linear-gradient(90deg,var(--s1),var(--s2),var(--s1));background-size:200% 100%;animation:lsb-shine 1.2s linear infinite}
.lsb-ph{display:inline-block;border-radius:6px;color:transparent;background:linear-gradient(90deg,var(--s1),var(--s3),var(--s1));background-size:200% 100%;animation:lsb-shine 1.2s linear infinite}
.lsb-ph--s{width:44px}.lsb-ph--m{width:55%}.lsb-ph--l{width:70%}
.lsb-odd.lsb-ph{border-color:transparent}
@keyframes lsb-shine{0%{background-position:200% 0}100%{background-position:-200% 0}}
/* buttons */
.lsb-btn{display:flex;align-items:center;justify-content:center;gap:8px;width:100%;min-height:46px;padding:0 16px;border-radius:12px;font-weight:800;text-align:center;transition:filter .15s,opacity .15s}
.lsb-btn:disabled{opacity:.45}
.lsb-btn--primary{background:var(--acc);color:var(--acc-fg)}
.lsb-btn--primary:hover:not(:disabled){filter:brightness(1.08)}
.lsb-btn--ghost{border:1px solid var(--line);background:var(--s2)}
.lsb-btn--warn{background:var(--gold);color:#1b1300}
/* slip */
.lsb-slip{display:flex;flex-direction:column;border:1px solid var(--line);border-radius:var(--r);background:var(--s1);overflow:hidden}
.lsb-slip__tabs{display:flex;border-bottom:1px solid var(--line)}
.lsb-slip__tab{flex:1;height:48px;display:flex;align-items:center;justify-content:center;gap:8px;font-weight:700;color:var(--muted);position:relative}
.lsb-slip__tab.is-active{color:var(--fg)}
.lsb-slip__tab.is-active::after{content:"";position:absolute;left:16px;right:16px;bottom:-1px;height:2px;border-radius:2px;background:var(--acc)}
.lsb-count{min-width:20px;height:20px;padding:0 6px;border-radius:999px;background:var(--acc);color:var(--acc-fg);font-size:11px;font-weight:800;display:inline-grid;place-items:center}
.lsb-slip__body,.lsb-mybets{display:flex;flex-direction:column;gap:12px;padding:12px}
.lsb-slip__empty{display:flex;flex-direction:column;align-items:center;gap:10px;padding:28px 16px;text-align:center;color:var(--muted)}
.lsb-slip__empty .lsb-note{width:100%}
.lsb-slip__ticket{width:48px;height:48px;border-radius:14px;display:grid;place-items:center;background:var(--s2);color:var(--acc)}
.lsb-seg{display:grid;grid-auto-flow:column;grid-auto-columns:1fr;gap:4px;padding:4px;border-radius:12px;background:var(--s2)}
.lsb-seg__btn{height:34px;border-radius:9px;font-weight:700;font-size:13px;color:var(--muted);text-align:center}
.lsb-seg__btn.is-active{background:var(--s1);color:var(--fg);box-shadow:0 1px 2px rgb(0 0 0 / .25)}
.lsb-seg__btn:disabled{opacity:.4}
.lsb-legs{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.lsb-leg{border:1px solid var(--line);border-radius:12px;padding:10px 12px;background:var(--s2);display:flex;flex-direction:column;gap:2px}
.lsb-leg.is-changed{border-color:var(--gold)}
.lsb-leg.is-suspended,.lsb-leg.is-closed{border-color:var(--bad)}
.lsb-leg__top{display:flex;align-items:center;gap:8px}
.lsb-leg__pick{flex:1;font-weight:700;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.lsb-leg__odds{font-weight:800;display:inline-flex;align-items:center;gap:4px}
.lsb-leg__x{width:26px;height:26px;border-radius:8px;color:var(--muted);font-size:18px;text-align:center}
.lsb-leg__x:hover{color:var(--fg);background:var(--s3)}
.lsb-leg__market,.lsb-leg__event{font-size:12px;color:var(--muted);overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.lsb-leg__warn{font-size:12px;color:var(--bad);font-weight:600;margin-top:4px}
.lsb-stake{display:flex;flex-direction:column;gap:6px;margin-top:8px}
.lsb-stake__box{display:flex;align-items:center;gap:8px;height:44px;padding:0 12px;border-radius:10px;background:var(--s1);border:1px solid var(--line)}
.lsb-stake__box:focus-within{border-color:var(--acc)}
.lsb-stake__label{font-size:12px;color:var(--muted);white-space:nowrap}
.lsb-stake__input:focus-visible{outline:none}
.lsb-stake__input{flex:1;min-width:0;background:none;border:0;outline:none;color:var(--fg);font:inherit;font-weight:800;font-size:16px;text-align:right}
.lsb-quick{display:grid;grid-template-columns:repeat(4,1fr);gap:6px}
.lsb-quick__btn{height:30px;border-radius:8px;background:var(--s3);font-size:12px;font-weight:700;text-align:center}
.lsb-quick__btn:hover:not(:disabled){background:color-mix(in oklab,var(--acc) 25%,var(--s3))}
.lsb-field{display:flex;flex-direction:column;gap:6px;font-size:12px;color:var(--muted)}
.lsb-field--row{flex-direction:row;align-items:center;justify-content:space-between}
.lsb-select{height:36px;border-radius:10px;background:var(--s2);border:1px solid var(--line);color:var(--fg);font:inherit;font-size:13px;padding:0 10px}
.lsb-sum{display:grid;grid-template-columns:1fr auto;gap:6px 12px;margin:0;font-size:13px}
.lsb-sum dt{color:var(--muted)}.lsb-sum dd{margin:0;font-weight:700;text-align:right}
.lsb-sum__win{color:var(--acc);font-size:15px}
.lsb-note{display:flex;align-items:center;gap:10px;padding:10px 12px;border-radius:10px;font-size:13px;font-weight:600;background:color-mix(in oklab,var(--gold) 14%,transparent);color:var(--fg);border:1px solid color-mix(in oklab,var(--gold) 40%,transparent)}
.lsb-note--ok{background:color-mix(in oklab,var(--ok) 14%,transparent);border-color:color-mix(in oklab,var(--ok) 45%,transparent)}
.lsb-note--bad{background:color-mix(in oklab,var(--bad) 12%,transparent);border-color:color-mix(in oklab,var(--bad) 45%,transparent)}
.lsb-spinner{width:16px;height:16px;border-radius:50%;border:2px solid var(--gold);border-right-color:transparent;animation:lsb-spin .8s linear infinite;flex:none}
@keyframes lsb-spin{to{transform:rotate(360deg)}}
.lsb-slip__clear{align-self:center;color:var(--muted)}
/* my bets */
.lsb-bets{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:10px}
.lsb-bet{border:1px solid var(--line);border-radius:12px;background:var(--s2);padding:12px;display:flex;flex-direction:column;gap:10px}
.lsb-bet__head{display:flex;align-items:center;justify-content:space-between;font-weight:800}
.lsb-bet__legs{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.lsb-bet__pick{display:flex;justify-content:space-between;gap:8px;font-weight:600}
.lsb-status{font-size:11px;font-weight:800;padding:3px 8px;border-radius:999px;background:var(--s3);color:var(--muted)}
.lsb-status--won,.lsb-status--half_won,.lsb-status--cashed_out{background:color-mix(in oklab,var(--ok) 18%,transparent);color:var(--ok)}
.lsb-status--lost,.lsb-status--half_lost,.lsb-status--rejected{background:color-mix(in oklab,var(--bad) 16%,transparent);color:var(--bad)}
.lsb-status--open,.lsb-status--pending{background:color-mix(in oklab,var(--gold) 16%,transparent);color:var(--gold)}
`;

export function injectStyles(doc: Document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement("style");
  style.id = STYLE_ID;
  style.textContent = CSS;
  doc.head.appendChild(style);
}
