// Writes the sports' artwork (spec point 3): for every sport of common/sport/sports.ts
//   public/sports/widgetBackgrounds/<code>.svg   1200×240, the widget's header background
//   public/sports/cardsBackgrounds/<code>.svg    400×240, a sport card's background
//   public/sports/cardsImages/<code>.svg         200×200, the pictogram on a card (transparent)
// Dark gradients in the sport's colour with a pictogram of its family. Deterministic: same list, same files.
//   npx tsx scripts/generate-sport-art.ts
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SPORTS, type SportDefinition, type SportFamily } from "../common/sport/sports";

const root = join(import.meta.dirname, "..", "public", "sports");
const FOLDERS = ["widgetBackgrounds", "cardsBackgrounds", "cardsImages"] as const;

const rgb = (hex: string) =>
  [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
const hexOf = (c: number[]) =>
  `#${c
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
/** `a` moved toward `b` by `t` (0–1). */
const mix = (a: string, b: string, t: number) => {
  const x = rgb(a);
  const y = rgb(b);
  return hexOf(x.map((v, i) => v + (y[i]! - v) * t));
};

const NIGHT = "#0b0f1a";

/**
 * A family's pictogram in a 100×100 box, drawn with `ink` lines (and `accent` fills where a detail wants one).
 * Simple shapes only: they must read at 40 px.
 */
function pictogram(family: SportFamily, ink: string, accent: string): string {
  const stroke = (width: number) =>
    `fill="none" stroke="${ink}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;
  const line = stroke(5);
  const thin = `fill="none" stroke="${ink}" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"`;
  const solid = `fill="${ink}"`;
  switch (family) {
    case "ball": {
      // The classic panels: a pentagon in the middle, five more cut by the rim.
      const pentagon = (cx: number, cy: number, r: number, turn: number) =>
        `M${[0, 1, 2, 3, 4]
          .map((i) => {
            const a = ((turn + i * 72 - 90) * Math.PI) / 180;
            return `${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`;
          })
          .join("L")}z`;
      const rim = [0, 1, 2, 3, 4].map((i) => {
        const a = ((i * 72 - 90) * Math.PI) / 180;
        return pentagon(50 + 40 * Math.cos(a), 50 + 40 * Math.sin(a), 13, 36);
      });
      const spokes = [0, 1, 2, 3, 4]
        .map((i) => {
          const a = ((i * 72 - 90) * Math.PI) / 180;
          return `M${(50 + 13 * Math.cos(a)).toFixed(1)} ${(50 + 13 * Math.sin(a)).toFixed(1)}L${(50 + 28 * Math.cos(a)).toFixed(1)} ${(50 + 28 * Math.sin(a)).toFixed(1)}`;
        })
        .join("");
      return `<clipPath id="ball"><circle cx="50" cy="50" r="36"/></clipPath><g clip-path="url(#ball)"><path d="${rim.join("")}" ${solid}/></g><path d="${pentagon(50, 50, 13, 0)}" ${solid}/><path d="${spokes}" ${thin}/><circle cx="50" cy="50" r="36" ${line}/>`;
    }
    case "basketball":
      return `<circle cx="50" cy="50" r="36" ${line}/><path d="M50 14v72M14 50h72M25 24c12 14 12 38 0 52M75 24c-12 14-12 38 0 52" ${thin}/>`;
    case "racket":
      return `<ellipse cx="42" cy="38" rx="22" ry="27" transform="rotate(-35 42 38)" ${line}/><path d="M30 26l24 24M26 38l20 20M38 20l20 20M28 52l26-26M22 40l22-22M38 58l20-20" ${thin} stroke-opacity="0.6"/><path d="M57 58l22 22" ${stroke(8)}/><circle cx="80" cy="26" r="8" fill="${accent}"/>`;
    case "puck":
      return `<path d="M26 14l18 56c2 6 6 8 12 8h22" ${stroke(7)}/><ellipse cx="68" cy="84" rx="16" ry="5" ${solid}/><rect x="52" y="79" width="32" height="5" ${solid}/>`;
    case "volleyball":
      return `<circle cx="50" cy="50" r="36" ${line}/><path d="M50 14c-6 16-4 28 6 36M86 50c-16-4-28 0-36 0s-22 12-28 26M50 50c8 10 22 18 32 16M50 50c-12-4-26-2-34 6" ${thin}/>`;
    case "handball":
      return `<circle cx="50" cy="50" r="36" ${line}/><path d="M20 32c18 8 42 8 60 0M20 68c18-8 42-8 60 0M50 14v72" ${thin}/>`;
    case "oval":
      return `<ellipse cx="50" cy="50" rx="40" ry="24" transform="rotate(-35 50 50)" ${line}/><path d="M35 65l30-30M44 48l8 8M50 42l8 8M38 54l8 8" ${thin}/>`;
    case "bat":
      return `<path d="M22 82l46-52c4-5 12-6 16-2s3 12-2 16L30 90z" ${line}/><path d="M18 86l6 6" ${stroke(7)}/><circle cx="28" cy="28" r="11" fill="${accent}"/><path d="M21 22c4 3 4 9 0 12M35 22c-4 3-4 9 0 12" fill="none" stroke="${NIGHT}" stroke-width="2"/>`;
    case "paddle":
      return `<circle cx="44" cy="42" r="26" fill="${accent}" stroke="${ink}" stroke-width="5"/><path d="M62 60l18 20" ${stroke(10)}/><circle cx="78" cy="22" r="7" ${solid}/>`;
    case "shuttle":
      return `<path d="M30 20l20 48 20-48" ${line}/><path d="M40 20l10 48 10-48M30 20h40M36 38h28" ${thin}/><path d="M38 68h24v6a12 12 0 0 1-24 0z" fill="${accent}" stroke="${ink}" stroke-width="4"/>`;
    case "target":
      return `<circle cx="46" cy="54" r="32" ${line}/><circle cx="46" cy="54" r="20" ${thin}/><circle cx="46" cy="54" r="7" fill="${accent}"/><path d="M46 54l34-34M70 16l10 4 4 10M66 22l12 2 2 12" ${thin}/>`;
    case "cue":
      return `<path d="M14 86l62-62" ${stroke(6)}/><circle cx="62" cy="72" r="9" ${solid}/><circle cx="80" cy="72" r="9" fill="${accent}"/><circle cx="71" cy="56" r="9" ${solid}/>`;
    case "combat":
      return `<path d="M30 46c0-16 10-26 26-26h6c12 0 20 10 20 22v14c0 8-6 14-14 14H42c-8 0-12-6-12-12z" fill="${accent}" stroke="${ink}" stroke-width="5" stroke-linejoin="round"/><path d="M30 50c-8 0-12 6-10 12s8 8 14 4M38 70v14h34V70" ${line}/>`;
    case "golf":
      return `<path d="M40 84V16" ${line}/><path d="M40 16l30 10-30 12z" fill="${accent}" stroke="${ink}" stroke-width="4" stroke-linejoin="round"/><ellipse cx="46" cy="84" rx="30" ry="6" ${thin}/><circle cx="68" cy="74" r="6" ${solid}/>`;
    case "car": {
      const squares = [0, 1, 2, 3]
        .flatMap((r) =>
          [0, 1, 2, 3, 4].map((c) =>
            (r + c) % 2 === 0
              ? `<rect x="${30 + c * 10}" y="${18 + r * 10}" width="10" height="10" ${solid}/>`
              : "",
          ),
        )
        .join("");
      return `<path d="M28 16v70" ${line}/>${squares}<rect x="30" y="18" width="50" height="40" fill="none" stroke="${ink}" stroke-width="2"/>`;
    }
    case "motorbike":
      return `<circle cx="26" cy="66" r="14" ${line}/><circle cx="76" cy="66" r="14" ${line}/><path d="M26 66l18-22h20l12 22M44 44l-6-10h-8M64 44l6-12h10" ${line}/><path d="M46 52h14" stroke="${accent}" stroke-width="8" stroke-linecap="round"/>`;
    case "bike":
      return `<circle cx="26" cy="64" r="16" ${line}/><circle cx="76" cy="64" r="16" ${line}/><path d="M26 64l16-26h26l8 26M42 38l10 26 16-26M38 30h10M68 38l-2-10h8" ${line}/>`;
    case "horse":
      return `<path d="M28 22v30a22 22 0 0 0 44 0V22" ${stroke(12)}/><path d="M28 22v30a22 22 0 0 0 44 0V22" fill="none" stroke="${accent}" stroke-width="4" stroke-linecap="round"/><circle cx="28" cy="34" r="2.5" fill="${NIGHT}"/><circle cx="72" cy="34" r="2.5" fill="${NIGHT}"/><circle cx="31" cy="52" r="2.5" fill="${NIGHT}"/><circle cx="69" cy="52" r="2.5" fill="${NIGHT}"/>`;
    case "dog":
      return `<ellipse cx="50" cy="64" rx="18" ry="15" ${solid}/><ellipse cx="26" cy="42" rx="8" ry="10" ${solid}/><ellipse cx="40" cy="26" rx="8" ry="10" ${solid}/><ellipse cx="60" cy="26" rx="8" ry="10" ${solid}/><ellipse cx="74" cy="42" rx="8" ry="10" ${solid}/>`;
    case "water":
      return `<path d="M14 40c9-8 18-8 27 0s18 8 27 0 14-6 18-4M14 58c9-8 18-8 27 0s18 8 27 0 14-6 18-4M14 76c9-8 18-8 27 0s18 8 27 0 14-6 18-4" ${line}/><circle cx="70" cy="20" r="7" fill="${accent}"/>`;
    case "winter": {
      const arm = (deg: number) =>
        `<g transform="rotate(${deg} 50 50)"><path d="M50 50V14M50 26l-8-8M50 26l8-8M50 38l-6-6M50 38l6-6" ${thin}/></g>`;
      return `${[0, 60, 120, 180, 240, 300].map(arm).join("")}<circle cx="50" cy="50" r="6" fill="${accent}"/>`;
    }
    case "athletics":
      return `<circle cx="50" cy="56" r="30" ${line}/><path d="M44 16h12M50 16v10M74 30l6-6" ${line}/><path d="M50 56V38M50 56l12 8" ${line}/><circle cx="50" cy="56" r="4" fill="${accent}"/>`;
    case "stick":
      return `<path d="M22 16l34 60c2 4 6 6 10 6h10M78 16L44 76c-2 4-6 6-10 6H24" ${stroke(6)}/><circle cx="50" cy="88" r="6" fill="${accent}"/>`;
    case "chess":
      return `<circle cx="50" cy="26" r="10" ${line}/><path d="M40 40h20l-4 10 6 22H38l6-22z" fill="${accent}" stroke="${ink}" stroke-width="5" stroke-linejoin="round"/><path d="M28 84h44M34 74h32" ${line}/>`;
    case "controller":
      return `<path d="M28 32h44c10 0 16 8 18 18l4 20c2 10-10 16-16 8l-8-10H30l-8 10c-6 8-18 2-16-8l4-20c2-10 8-18 18-18z" ${line}/><path d="M30 46v14M23 53h14" ${line}/><circle cx="68" cy="48" r="4" fill="${accent}"/><circle cx="76" cy="56" r="4" ${solid}/>`;
    case "trophy":
      return `<path d="M32 18h36v22c0 12-8 20-18 20s-18-8-18-20z" fill="${accent}" stroke="${ink}" stroke-width="5" stroke-linejoin="round"/><path d="M32 26H20c0 12 6 18 14 18M68 26h12c0 12-6 18-14 18M50 60v14M36 84h28M40 74h20" ${line}/>`;
    case "boost":
      return `<path d="M56 10L24 56h22l-6 34 36-48H54z" fill="${accent}" stroke="${ink}" stroke-width="5" stroke-linejoin="round"/>`;
    case "lottery":
      return `<circle cx="32" cy="62" r="18" ${line}/><circle cx="68" cy="62" r="18" fill="${accent}" stroke="${ink}" stroke-width="5"/><circle cx="50" cy="32" r="18" ${line}/><text x="50" y="39" font-family="Arial, sans-serif" font-size="20" font-weight="700" text-anchor="middle" fill="${ink}">7</text>`;
  }
}

function widgetBackground(s: SportDefinition): string {
  const deep = mix(s.colour, NIGHT, 0.72);
  const glow = mix(s.colour, "#ffffff", 0.1);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="240" viewBox="0 0 1200 240">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${NIGHT}"/><stop offset="0.55" stop-color="${deep}"/><stop offset="1" stop-color="${mix(s.colour, NIGHT, 0.5)}"/></linearGradient>
<radialGradient id="r" cx="0.85" cy="0.3" r="0.5"><stop offset="0" stop-color="${glow}" stop-opacity="0.45"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>
<pattern id="p" width="24" height="24" patternUnits="userSpaceOnUse" patternTransform="rotate(-30)"><path d="M0 0v24" stroke="#ffffff" stroke-opacity="0.035" stroke-width="10"/></pattern></defs>
<rect width="1200" height="240" fill="url(#g)"/><rect width="1200" height="240" fill="url(#p)"/><rect width="1200" height="240" fill="url(#r)"/>
<g transform="translate(930 -10) scale(2.6)" opacity="0.22">${pictogram(s.family, "#ffffff", s.colour)}</g>
<rect y="236" width="1200" height="4" fill="${s.colour}"/>
</svg>
`;
}

function cardBackground(s: SportDefinition): string {
  const deep = mix(s.colour, NIGHT, 0.6);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="240" viewBox="0 0 400 240">
<defs><linearGradient id="g" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="${NIGHT}"/><stop offset="1" stop-color="${deep}"/></linearGradient>
<radialGradient id="r" cx="0.8" cy="0.2" r="0.7"><stop offset="0" stop-color="${s.colour}" stop-opacity="0.5"/><stop offset="1" stop-color="${s.colour}" stop-opacity="0"/></radialGradient></defs>
<rect width="400" height="240" rx="16" fill="url(#g)"/><rect width="400" height="240" rx="16" fill="url(#r)"/>
<path d="M240 240L400 80v160z" fill="#ffffff" fill-opacity="0.04"/><path d="M290 240L400 130v110z" fill="#ffffff" fill-opacity="0.04"/>
<g transform="translate(230 60) scale(1.9)" opacity="0.16">${pictogram(s.family, "#ffffff", "#ffffff")}</g>
</svg>
`;
}

function cardImage(s: SportDefinition): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">
<circle cx="100" cy="100" r="92" fill="${s.colour}" fill-opacity="0.18"/><circle cx="100" cy="100" r="92" fill="none" stroke="${s.colour}" stroke-opacity="0.6" stroke-width="3"/>
<g transform="translate(30 30) scale(1.4)">${pictogram(s.family, "#ffffff", s.colour)}</g>
</svg>
`;
}

for (const folder of FOLDERS) {
  const dir = join(root, folder);
  mkdirSync(dir, { recursive: true });
  // A sport that left the list leaves no stale file behind.
  for (const file of readdirSync(dir)) if (file.endsWith(".svg")) rmSync(join(dir, file));
}
for (const s of SPORTS) {
  writeFileSync(join(root, "widgetBackgrounds", `${s.code}.svg`), widgetBackground(s));
  writeFileSync(join(root, "cardsBackgrounds", `${s.code}.svg`), cardBackground(s));
  writeFileSync(join(root, "cardsImages", `${s.code}.svg`), cardImage(s));
}
console.log(`wrote ${SPORTS.length * FOLDERS.length} files under public/sports/`);
