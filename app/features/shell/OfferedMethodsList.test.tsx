import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OfferedMethodsList } from "./OfferedMethodsList";

describe("the payment marks (decision 0073: the list loads after hydration)", () => {
  it("draws the section with two placeholders on the server, and asks for nothing there", () => {
    const client = new QueryClient();
    const html = renderToString(
      <QueryClientProvider client={client}>
        <OfferedMethodsList
          testId="marks"
          placeholderClassName="h-9 w-32"
          item={(m) => <li key={m.code}>{m.label}</li>}
        >
          {(list) => <section>{list}</section>}
        </OfferedMethodsList>
      </QueryClientProvider>,
    );
    expect(html).toMatch(/^<section><ul [^>]*data-testid="marks" aria-busy="true"/);
    expect(html.match(/animate-pulse/g)).toHaveLength(2);
    // No boundary for hydration to keep dehydrated (decision 0071), and the list's query lives in the chunk that
    // loads after hydration: nothing was asked here.
    expect(html).not.toContain("<!--$");
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
