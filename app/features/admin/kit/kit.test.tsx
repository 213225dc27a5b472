import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AdminList } from "./AdminList";
import { EditableRow } from "./EditableRow";

const html = (node: ReactNode) =>
  renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

const list = (query: { isPending: boolean; error: unknown }, items: string[] | undefined) =>
  html(
    <AdminList query={query} items={items} itemKey={(s) => s} emptyText="Nothing here." testId="rows">
      {(s) => <li>{s}</li>}
    </AdminList>,
  );

describe("AdminList", () => {
  it("says loading, failed and empty the same way, and shows the rows otherwise", () => {
    expect(list({ isPending: true, error: null }, undefined)).toContain('aria-busy="true"');
    expect(list({ isPending: false, error: new Error("boom") }, undefined)).toContain(
      '<p role="alert" class="text-sm text-danger">boom</p>',
    );
    const empty = list({ isPending: false, error: null }, []);
    expect(empty).toContain("Nothing here.");
    expect(empty).not.toContain('data-testid="rows"');
    const rows = list({ isPending: false, error: null }, ["a", "b"]);
    expect(rows).toContain('<ul class="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2" data-testid="rows">');
    expect(rows).toContain("<li>a</li><li>b</li>");
    expect(rows).not.toContain("Nothing here.");
  });

  it("takes a paged API list's query whole, its rows keyed by their id", () => {
    const meta = { page: 1, perPage: 20, totalPages: 1, totalRows: 2 };
    const paged = (data?: { data: { id: number; name: string }[]; meta: typeof meta }) =>
      html(
        <MemoryRouter>
          <AdminList paged={{ isPending: !data, error: null, data }} emptyText="Nothing here.">
            {(r) => <li>{r.name}</li>}
          </AdminList>
        </MemoryRouter>,
      );
    expect(paged()).toContain('aria-busy="true"');
    expect(paged({ data: [], meta })).toContain("Nothing here.");
    expect(
      paged({
        data: [
          { id: 1, name: "a" },
          { id: 2, name: "b" },
        ],
        meta,
      }),
    ).toContain("<li>a</li><li>b</li>");
  });
});

const row = (editable: boolean, layout: "side" | "below") =>
  html(
    <EditableRow
      testId="row"
      refresh={["x"]}
      editable={editable}
      layout={layout}
      toggle={{ on: true, labels: ["Hide", "Show"], save: async () => undefined }}
      editor={() => <form />}
      panels={{ games: { label: "Games", render: () => null, readable: true } }}
    >
      <p>Harbor Fortune</p>
    </EditableRow>,
  );

describe("EditableRow", () => {
  it("offers the switch (in its state's words), Edit and its panels to staff who may change it", () => {
    const side = row(true, "side");
    expect(side).toContain("Harbor Fortune");
    expect(side.indexOf(">Hide<")).toBeGreaterThan(0);
    expect(side.indexOf(">Hide<")).toBeLessThan(side.indexOf(">Edit<"));
    expect(side).toContain(">Games<");
    expect(side).not.toContain(">Show<");
    const below = row(true, "below");
    expect(below.indexOf(">Edit<")).toBeLessThan(below.indexOf(">Hide<"));
  });

  it("shows staff who may only look the readable panels and nothing that changes the row", () => {
    for (const layout of ["side", "below"] as const) {
      const r = row(false, layout);
      expect(r).not.toContain(">Hide<");
      expect(r).not.toContain(">Edit<");
      expect(r).toContain(">Games<");
    }
  });
});
