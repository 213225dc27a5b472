import { describe, expect, it } from "vitest";
import type { SportEvent } from "#common/api/sportsbook";
import type { EventsQuery, SportSummary } from "./api";
import { toHtml } from "./dom";
import { FIRST_SCREEN_ATTR, type FirstScreenSource, overviewFirstScreen } from "./first-screen";
import { SEED_ID, type StoreSeed, state } from "./store";

const event = (id: number, status: SportEvent["status"], home = `Home ${id}`): SportEvent => ({
  id,
  sportId: 1,
  categoryId: 10,
  championshipId: 100,
  sportName: "Soccer",
  categoryName: "England",
  championshipName: "Premier",
  home,
  away: `Away ${id}`,
  startsAt: "2026-12-05T18:30:00.000Z",
  status,
  top: id % 2 === 0,
  marketCount: 4,
  markets: [
    {
      id: "1x2",
      type: "match_result",
      name: "Match result",
      status: "open",
      selections: [
        { id: `${id}:1`, name: "1", odds: `1.${id % 100}` },
        { id: `${id}:X`, name: "X", odds: "3.40" },
        { id: `${id}:2`, name: "2", odds: "4.10" },
      ],
    },
  ],
});

const sports: SportSummary[] = [
  {
    id: 1,
    code: "soccer",
    name: "Soccer",
    events: 40,
    live: 20,
    cardImgUrl: "/sports/cardsImages/soccer.svg",
  },
];

function source(events: SportEvent[]): FirstScreenSource & { asked: EventsQuery[] } {
  const asked: EventsQuery[] = [];
  return {
    asked,
    sports: () => sports,
    events: (q) => {
      asked.push(q);
      const list = events.filter(
        (e) => (q.status === undefined || e.status === q.status) && (!q.top || e.top),
      );
      return list.slice(0, q.limit ?? 50);
    },
  };
}

const seedOf = (html: string): StoreSeed => {
  const m = new RegExp(`<script type="application/json" id="${SEED_ID}">(.*?)</script>`, "s").exec(html);
  return JSON.parse(m![1]!) as StoreSeed;
};

describe("the built-in sportsbook's first screen, drawn by the server", () => {
  const events = [
    ...Array.from({ length: 20 }, (_, i) => event(100 + i, "live")),
    ...Array.from({ length: 20 }, (_, i) => event(200 + i, "scheduled")),
  ];

  it("draws the overview's odds with the widget's views and carries the reads it was drawn from", () => {
    const src = source(events);
    const { html, script, image } = overviewFirstScreen("en", src);
    // The overview's own three reads, as the bundle makes them.
    expect(src.asked).toEqual([
      { top: true, limit: 8 },
      { status: "live", limit: 50 },
      { status: "scheduled", limit: 12 },
    ]);
    expect(html).toContain(FIRST_SCREEN_ATTR);
    expect(html).toContain('class="lsb-odd__price"');
    expect(html).toContain("1.5"); // event 105's home price (live list)
    expect(html).toContain("Top events");
    // Inert: no handler reaches the markup, and no skeleton is drawn (every read is there).
    expect(html).not.toMatch(/\sonclick=/);
    expect(html).not.toContain('aria-busy="true"');
    // Kick-offs carry their instant for the page's script to write in the visitor's zone.
    expect(html).toContain('<time class="lsb-time" datetime="2026-12-05T18:30:00.000Z">');
    expect(script).toContain("formatKickoff");
    // The top cards' art is asked for while the page is parsed, not after its first layout.
    expect(html).toContain('class="lsb-card__art" src="/sports/cardsImages/soccer.svg"');
    expect(html).not.toContain('loading="lazy"');
    // The first of them is named for the page's head, to be fetched before the scripts.
    expect(image).toBe("/sports/cardsImages/soccer.svg");

    const seed = seedOf(html);
    expect(Object.keys(seed.reads)).toEqual([
      "sports:en",
      'events:en:{"top":true,"limit":8}',
      'events:en:{"status":"live","limit":50}',
      'events:en:{"status":"scheduled","limit":12}',
    ]);
    expect(seed.reads['events:en:{"status":"live","limit":50}']).toHaveLength(20);
    // Only the events drawn travel with the page: 10 live rows, 12 upcoming rows, and the top cards among them.
    const drawn = new Set([...html.matchAll(/data-event="(\d+)"/g)].map((m) => Number(m[1])));
    expect(new Set(seed.events.map((e) => e.id))).toEqual(drawn);
    expect(seed.events.length).toBeLessThan(events.length);
    // The bundle's store is left as it was found: empty, with no session.
    expect(state.events.size).toBe(0);
    expect(state.cache.size).toBe(0);
    expect(state.params).toBeUndefined();
  });

  it("writes names as text, and the seed cannot end its script element", () => {
    const evil = event(300, "scheduled", '</script><img src=x onerror="alert(1)">');
    const { html } = overviewFirstScreen("en", source([evil]));
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;/script&gt;&lt;img src=x onerror=");
    // One script element only: the seed's own.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(seedOf(html).events[0]!.home).toBe(evil.home);
  });

  it("names no image when the drawing has none (a sport without card art)", () => {
    const plain = source(events);
    plain.sports = () => sports.map(({ cardImgUrl: _, ...s }) => s);
    const drawn = overviewFirstScreen("en", plain);
    expect(drawn.html).toContain('class="lsb-odd__price"');
    expect(drawn.html).not.toContain("<img");
    expect(drawn).not.toHaveProperty("image");
  });

  it("draws each locale's words", () => {
    const { html } = overviewFirstScreen("ru", source(events));
    expect(html).toContain('data-culture="ru-RU"');
    expect(html).not.toContain("Top events");
    expect(seedOf(html).reads).toHaveProperty("sports:ru");
  });
});

describe("the widgets' markup as text", () => {
  it("escapes text and attributes, drops handlers and holes, closes what is not void", () => {
    const html = toHtml({
      tag: "div",
      props: { class: 'a"b', onclick: () => 1, hidden: true, title: false },
      children: [
        "x < y & z",
        { tag: "#hole", props: {}, children: [] },
        { tag: "img", props: { src: "/a.svg", alt: "" }, children: [] },
      ],
    });
    expect(html).toBe('<div class="a&quot;b" hidden>x &lt; y &amp; z<img src="/a.svg" alt=""></div>');
  });
});
