import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { preloadable } from "./preloadable";

const Part = ({ name }: { name: string }) => <p>hello {name}</p>;

// renderToString cannot wait: what suspends shows its fallback, so these see whether a render would suspend.
const draw = (C: ComponentType<{ name: string }>) => renderToString(<C name="Ada" />);

describe("preloadable (decision 0072: a part some first paints draw, out of everyone's first JavaScript)", () => {
  it("draws the part itself once preloaded: no Suspense boundary for the server to outline or hydration to wait on", async () => {
    let loads = 0;
    const part = preloadable(
      async () => {
        loads++;
        return Part;
      },
      <i>waiting</i>,
    );
    await part.preload();
    expect(part.isLoaded()).toBe(true);
    // Exactly what the component draws alone: no boundary markers (<!--$-->), no fallback.
    expect(draw(part.Component)).toBe(renderToString(<Part name="Ada" />));
    await part.preload();
    expect(loads).toBe(1);
  });

  it("shows the fallback when drawn before its code is here, and loads it", async () => {
    const part = preloadable(async () => Part, <i>waiting</i>);
    expect(draw(part.Component)).toContain("waiting");
    await part.preload();
    expect(draw(part.Component)).toContain("Ada");
    expect(draw(part.Component)).not.toContain("waiting");
  });

  it("asks again after a failed load", async () => {
    let tries = 0;
    const part = preloadable(async () => {
      tries++;
      if (tries === 1) throw new Error("offline");
      return Part;
    });
    await expect(part.preload()).rejects.toThrow("offline");
    expect(part.isLoaded()).toBe(false);
    await part.preload();
    expect(tries).toBe(2);
    expect(draw(part.Component)).toContain("Ada");
  });
});
