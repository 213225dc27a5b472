// Writes the demo catalogue's artwork: one SVG per game (public/games/art/<slug>.svg, 4:3) and one logo per
// studio (public/games/providers/<identity>.svg). Deterministic: the same catalogue gives the same files.
//   npx tsx scripts/generate-game-art.ts
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  DEMO_GAMES,
  DEMO_PROVIDERS,
  type DemoGame,
  type DemoProvider,
} from "../server/modules/game/demo-catalogue";

const root = join(import.meta.dirname, "..", "public", "games");

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

function rng(seed: number) {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const escapeXml = (t: string) =>
  t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360} ${s}% ${l}%)`;

/** Splits a title into at most three lines of about 14 characters. */
function lines(title: string): string[] {
  const out: string[] = [];
  for (const word of title.split(" ")) {
    const last = out[out.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= 14) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out.slice(0, 3);
}

function motif(engine: DemoGame["engine"], accent: string, r: () => number): string {
  switch (engine) {
    case "slot": {
      const syms = ["7", "★", "♦", "♣", "♥", "BAR"];
      return [0, 1, 2]
        .map((i) => {
          const x = 96 + i * 72;
          const s = syms[Math.floor(r() * syms.length)]!;
          return `<rect x="${x}" y="58" width="64" height="84" rx="10" fill="#fff" fill-opacity="0.92"/><text x="${x + 32}" y="113" font-size="${s.length > 1 ? 22 : 40}" font-weight="900" text-anchor="middle" fill="${accent}">${s}</text>`;
        })
        .join("");
    }
    case "dice":
      return `<g transform="rotate(${Math.round(r() * 30 - 15)} 200 100)"><rect x="150" y="50" width="100" height="100" rx="18" fill="#fff"/>${[
        [175, 75],
        [225, 75],
        [200, 100],
        [175, 125],
        [225, 125],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="9" fill="${accent}"/>`)
        .join("")}</g>`;
    case "limbo":
      return `<path d="M60 160 Q220 150 330 40" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round"/><circle cx="330" cy="40" r="14" fill="${accent}" stroke="#fff" stroke-width="4"/><text x="300" y="120" font-size="34" font-weight="900" fill="#fff" text-anchor="end">${(1 + r() * 99).toFixed(2)}×</text>`;
    case "crash": {
      // A rising exponential curve with a rocket at its tip and the multiplier it reached.
      const pts = Array.from({ length: 21 }, (_, i) => {
        const t = i / 20;
        return `${(50 + t * 270).toFixed(1)} ${(165 - (Math.exp(t * 2.3) - 1) * 14).toFixed(1)}`;
      });
      return `<path d="M50 165 L350 165" stroke="#fff" stroke-opacity="0.25" stroke-width="2"/><path d="M${pts.join(" L")} L320 165 Z" fill="${accent}" fill-opacity="0.25"/><path d="M${pts.join(" L")}" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/><g transform="translate(322 34) rotate(40)"><path d="M0 -22 C9 -12 9 8 6 14 L-6 14 C-9 8 -9 -12 0 -22 Z" fill="#fff"/><circle cy="-5" r="4" fill="${accent}"/><path d="M-6 14 L-12 22 L-5 18 Z M6 14 L12 22 L5 18 Z" fill="#fff"/><path d="M-4 16 L0 30 L4 16 Z" fill="${accent}"/></g><text x="60" y="70" font-size="34" font-weight="900" fill="#fff">${(1 + r() * 9).toFixed(2)}×</text>`;
    }
    case "mines":
      return Array.from({ length: 12 }, (_, i) => {
        const x = 110 + (i % 4) * 48;
        const y = 40 + Math.floor(i / 4) * 48;
        const gem = r() < 0.6;
        return `<rect x="${x}" y="${y}" width="40" height="40" rx="8" fill="#fff" fill-opacity="${gem ? 0.9 : 0.25}"/>${gem ? `<path d="M${x + 20} ${y + 8} L${x + 32} ${y + 20} L${x + 20} ${y + 32} L${x + 8} ${y + 20} Z" fill="${accent}"/>` : ""}`;
      }).join("");
    case "hilo": {
      // Two cards, the second face down, and the higher / lower arrows between them.
      const ranks = ["A", "5", "7", "9", "J", "Q", "K"];
      const rank = ranks[Math.floor(r() * ranks.length)]!;
      return `<g transform="rotate(-8 150 100)"><rect x="102" y="42" width="84" height="116" rx="10" fill="#fff"/><text x="144" y="112" font-size="44" font-weight="900" text-anchor="middle" fill="${accent}">${rank}</text><text x="114" y="64" font-size="16" font-weight="900" fill="${accent}">♠</text></g><g transform="rotate(8 250 100)"><rect x="214" y="42" width="84" height="116" rx="10" fill="${accent}" stroke="#fff" stroke-width="4"/><path d="M230 58h52v84h-52z" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="3" stroke-dasharray="6 5"/></g><path d="M200 62l14 18h-28zM200 138l14-18h-28z" fill="#fff"/>`;
    }
    case "videopoker": {
      // A fanned hand of five, a royal flush in the studio's accent: each card's rank in its corner, as a
      // fanned hand is read.
      const faces = ["10", "J", "Q", "K", "A"];
      return faces
        .map((f, i) => {
          const angle = (i - 2) * 13 + Math.round(r() * 2 - 1);
          return `<g transform="rotate(${angle} 200 250)"><rect x="170" y="34" width="60" height="86" rx="8" fill="#fff" stroke="#000" stroke-opacity="0.15"/><text x="185" y="58" font-size="18" font-weight="900" text-anchor="middle" fill="${accent}">${f}</text><text x="185" y="76" font-size="14" font-weight="900" text-anchor="middle" fill="${accent}">♥</text>${i === 4 ? `<text x="205" y="106" font-size="30" font-weight="900" text-anchor="middle" fill="${accent}">♥</text>` : ""}</g>`;
        })
        .join("");
    }
    case "plinko": {
      let pegs = "";
      for (let row = 0; row < 6; row++)
        for (let i = 0; i <= row; i++)
          pegs += `<circle cx="${200 - row * 20 + i * 40}" cy="${36 + row * 22}" r="5" fill="#fff"/>`;
      return `${pegs}<circle cx="${190 + r() * 20}" cy="26" r="9" fill="${accent}" stroke="#fff" stroke-width="3"/>`;
    }
    case "blackjack": {
      // Two cards fanned (an ace and a ten-card: blackjack) over a stack of chips.
      const tens = ["K", "Q", "J", "10"];
      const ten = tens[Math.floor(r() * tens.length)]!;
      const card = (x: number, angle: number, rank: string, suit: string, red: boolean) =>
        `<g transform="rotate(${angle} ${x + 34} 150)"><rect x="${x}" y="46" width="68" height="96" rx="9" fill="#fff" stroke="#000" stroke-opacity="0.15"/><text x="${x + 9}" y="72" font-size="22" font-weight="900" fill="${red ? "#dc2626" : "#111827"}">${rank}</text><text x="${x + 34}" y="118" font-size="40" font-weight="900" text-anchor="middle" fill="${red ? "#dc2626" : "#111827"}">${suit}</text></g>`;
      const chips = [0, 1, 2]
        .map(
          (i) =>
            `<ellipse cx="280" cy="${132 - i * 9}" rx="26" ry="9" fill="${i % 2 ? "#fff" : accent}" stroke="#000" stroke-opacity="0.25"/>`,
        )
        .join("");
      return `${chips}${card(122, -10, "A", "♠", false)}${card(170, 8, ten, "♥", true)}`;
    }
    case "baccarat": {
      // Two fanned cards over a chip.
      const ranks = ["A", "9", "8", "K", "Q", "7"];
      const card = (x: number, angle: number, rank: string, red: boolean) =>
        `<g transform="rotate(${angle} ${x + 36} 150)"><rect x="${x}" y="42" width="72" height="104" rx="9" fill="#fff" stroke="#000" stroke-opacity="0.15"/><text x="${x + 10}" y="66" font-size="20" font-weight="900" fill="${red ? "#dc2626" : "#111827"}">${rank}</text><text x="${x + 36}" y="114" font-size="40" text-anchor="middle" fill="${red ? "#dc2626" : "#111827"}">${red ? "♥" : "♠"}</text></g>`;
      const a = ranks[Math.floor(r() * ranks.length)]!;
      const b = ranks[Math.floor(r() * ranks.length)]!;
      return `${card(140, -12, a, false)}${card(190, 10, b, true)}<circle cx="${120 + Math.round(r() * 10)}" cy="140" r="22" fill="${accent}" stroke="#fff" stroke-width="5" stroke-dasharray="7 5"/>`;
    }
    case "keno": {
      // A 5 × 4 corner of the board, some numbers picked and some drawn.
      return Array.from({ length: 20 }, (_, i) => {
        const x = 100 + (i % 5) * 42;
        const y = 30 + Math.floor(i / 5) * 34;
        const state = r();
        const fill = state < 0.25 ? accent : "#fff";
        const opacity = state < 0.25 ? 1 : state < 0.45 ? 0.9 : 0.3;
        return `<rect x="${x}" y="${y}" width="36" height="28" rx="7" fill="${fill}" fill-opacity="${opacity}"/><text x="${x + 18}" y="${y + 20}" font-size="14" font-weight="800" text-anchor="middle" fill="${state < 0.45 ? "#111827" : "#fff"}">${i + 1}</text>`;
      }).join("");
    }
    case "roulette": {
      // A single-zero wheel seen from above: alternating red and black pockets, one green, a white ball.
      const turn = r() * 360;
      const pockets = Array.from({ length: 18 }, (_, i) => {
        const fill = i === 0 ? "#16a34a" : i % 2 ? "#dc2626" : "#111827";
        return `<path d="${wedge(200, 106, 70, 46, turn + i * 20, turn + (i + 1) * 20)}" fill="${fill}" stroke="#f5d58a" stroke-width="1.5"/>`;
      }).join("");
      const ball = polar(200, 106, 58, turn + 10 + Math.floor(r() * 18) * 20);
      return `<circle cx="200" cy="106" r="78" fill="#3b2412" stroke="#f5d58a" stroke-width="4"/>${pockets}<circle cx="200" cy="106" r="46" fill="${accent}" stroke="#f5d58a" stroke-width="3"/><circle cx="200" cy="106" r="12" fill="#f5d58a"/><path d="M200 72v68M166 106h68" stroke="#f5d58a" stroke-width="5" stroke-linecap="round"/><circle cx="${ball.x.toFixed(1)}" cy="${ball.y.toFixed(1)}" r="7" fill="#fff"/>`;
    }
    case "wheel": {
      // A prize wheel: bright segments, a hub and the pointer on top.
      const colours = ["#fff", accent, "#22d3ee", "#f43f5e", "#a3e635", accent];
      const turn = r() * 30;
      const segments = Array.from({ length: 12 }, (_, i) => {
        const fill = i % 2 ? colours[(i >> 1) % colours.length]! : "#1f2937";
        return `<path d="${wedge(200, 112, 76, 0, turn + i * 30, turn + (i + 1) * 30)}" fill="${fill}" stroke="#fff" stroke-width="2"/>`;
      }).join("");
      return `<circle cx="200" cy="112" r="82" fill="#fff" fill-opacity="0.9"/>${segments}<circle cx="200" cy="112" r="16" fill="#fff" stroke="${accent}" stroke-width="5"/><path d="M186 22h28l-14 26z" fill="#fff" stroke="#111827" stroke-width="3" stroke-linejoin="round"/>`;
    }
  }
}

/** A point at `angle` degrees (clockwise from 12 o'clock) on a circle. */
function polar(cx: number, cy: number, radius: number, angle: number) {
  const a = ((angle - 90) * Math.PI) / 180;
  return { x: cx + radius * Math.cos(a), y: cy + radius * Math.sin(a) };
}

/** A ring segment (or a pie slice when `inner` is 0) from angle `from` to `to`. */
function wedge(cx: number, cy: number, outer: number, inner: number, from: number, to: number): string {
  const p = (radius: number, angle: number) => {
    const { x, y } = polar(cx, cy, radius, angle);
    return `${x.toFixed(1)} ${y.toFixed(1)}`;
  };
  const arc = to - from > 180 ? 1 : 0;
  return inner > 0
    ? `M${p(outer, from)} A${outer} ${outer} 0 ${arc} 1 ${p(outer, to)} L${p(inner, to)} A${inner} ${inner} 0 ${arc} 0 ${p(inner, from)} Z`
    : `M${cx} ${cy} L${p(outer, from)} A${outer} ${outer} 0 ${arc} 1 ${p(outer, to)} Z`;
}

function gameSvg(game: DemoGame, provider: DemoProvider): string {
  const r = rng(hash(game.slug));
  const hue = r() * 360;
  const [base, accent] = provider.palette;
  const from = hsl(hue, 70, 30);
  const to = base;
  const glow = hsl(hue + 140, 85, 60);
  const shapes = Array.from({ length: 7 }, () => {
    const x = Math.round(r() * 400);
    const y = Math.round(r() * 300);
    const size = Math.round(20 + r() * 90);
    return r() < 0.5
      ? `<circle cx="${x}" cy="${y}" r="${size}" fill="${glow}" fill-opacity="${(0.08 + r() * 0.18).toFixed(2)}"/>`
      : `<path d="M${x} ${y - size} L${x + size * 0.3} ${y - size * 0.3} L${x + size} ${y} L${x + size * 0.3} ${y + size * 0.3} L${x} ${y + size} L${x - size * 0.3} ${y + size * 0.3} L${x - size} ${y} L${x - size * 0.3} ${y - size * 0.3} Z" fill="${accent}" fill-opacity="${(0.1 + r() * 0.2).toFixed(2)}"/>`;
  }).join("");
  const title = lines(game.name);
  const size = title.some((l) => l.length > 11) ? 30 : 36;
  const top = 232 - (title.length - 1) * (size + 2);
  const text = title
    .map(
      (l, i) =>
        `<text x="200" y="${top + i * (size + 2)}" font-size="${size}" font-weight="900" text-anchor="middle" fill="#fff" stroke="#000" stroke-opacity="0.35" stroke-width="4" paint-order="stroke">${escapeXml(l)}</text>`,
    )
    .join("");
  const badge = game.isDemoContent
    ? `<rect x="318" y="12" width="70" height="22" rx="11" fill="#000" fill-opacity="0.55"/><text x="353" y="28" font-size="12" font-weight="700" text-anchor="middle" fill="#fff">DEMO</text>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300" preserveAspectRatio="xMidYMid slice" role="img" aria-label="${escapeXml(game.name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="l" cx="0.5" cy="0.35" r="0.6"><stop offset="0" stop-color="${glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>
<linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.6"/></linearGradient></defs>
<rect width="400" height="300" fill="url(#g)"/><rect width="400" height="300" fill="url(#l)"/>${shapes}
<g transform="translate(${(title.length - 1) * 20} ${-(title.length - 1) * 14}) scale(${1 - (title.length - 1) * 0.1})">${motif(game.engine, accent, r)}</g><rect width="400" height="300" fill="url(#f)"/>
<g font-family="Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif">${text}<text x="200" y="284" font-size="13" font-weight="600" text-anchor="middle" fill="#fff" fill-opacity="0.8">${escapeXml(provider.name)}</text>${badge}</g>
</svg>
`;
}

function logoSvg(p: DemoProvider): string {
  const [a, b] = p.palette;
  const initials = p.name
    .split(" ")
    .slice(0, 2)
    .map((w) => w[0])
    .join("");
  // A self-contained plate (dark base, the studio's colours, white type): an <img> cannot inherit the page's
  // text colour, so the logo must read on its own in both themes.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 340 80" width="340" height="80" role="img" aria-label="${escapeXml(p.name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>
<linearGradient id="w" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${a}" stop-opacity="0.55"/><stop offset="1" stop-color="${b}" stop-opacity="0.15"/></linearGradient></defs>
<rect width="340" height="80" rx="18" fill="#0b1220"/><rect width="340" height="80" rx="18" fill="url(#w)"/>
<rect x="10" y="10" width="60" height="60" rx="15" fill="url(#g)"/><text x="40" y="50" font-size="24" font-weight="900" text-anchor="middle" fill="#fff" font-family="Inter, system-ui, sans-serif">${escapeXml(initials)}</text>
<text x="84" y="48" font-size="${p.name.length > 18 ? 19 : 22}" font-weight="800" fill="#fff" font-family="Inter, system-ui, sans-serif">${escapeXml(p.name)}</text>
</svg>
`;
}

const providers = new Map(DEMO_PROVIDERS.map((p) => [p.identity, p]));
for (const dir of ["art", "providers"]) {
  mkdirSync(join(root, dir), { recursive: true });
  for (const f of readdirSync(join(root, dir))) rmSync(join(root, dir, f));
}
for (const game of DEMO_GAMES) {
  writeFileSync(join(root, "art", `${game.slug}.svg`), gameSvg(game, providers.get(game.provider)!));
}
for (const p of DEMO_PROVIDERS) writeFileSync(join(root, "providers", `${p.identity}.svg`), logoSvg(p));
console.log(`wrote ${DEMO_GAMES.length} game images and ${DEMO_PROVIDERS.length} logos under public/games/`);
