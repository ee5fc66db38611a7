import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";

import { resolveTab, tabIndexForKey, Tabs, tabSearch } from "~/components/tabs";

const ids = ["extensions", "wigs", "general"] as const satisfies readonly [string, ...string[]];

describe("resolveTab", () => {
  it("returns a known tab", () => {
    expect(resolveTab("wigs", ids)).toBe("wigs");
  });

  it("falls back to the first tab when missing or unknown", () => {
    expect(resolveTab(null, ids)).toBe("extensions");
    expect(resolveTab(undefined, ids)).toBe("extensions");
    expect(resolveTab("", ids)).toBe("extensions");
    expect(resolveTab("WIGS", ids)).toBe("extensions");
    expect(resolveTab("<script>", ids)).toBe("extensions");
  });
});

describe("tabSearch", () => {
  it("sets the tab parameter and keeps the others", () => {
    expect(tabSearch("?color=blonde&tab=wigs", "tab", "general")).toBe("?color=blonde&tab=general");
    expect(tabSearch("", "tab", "wigs")).toBe("?tab=wigs");
    expect(tabSearch("?a=1", "section", "x y")).toBe("?a=1&section=x+y");
  });
});

describe("tabIndexForKey", () => {
  it("moves with the arrow keys and wraps around", () => {
    expect(tabIndexForKey("ArrowRight", 0, 3)).toBe(1);
    expect(tabIndexForKey("ArrowRight", 2, 3)).toBe(0);
    expect(tabIndexForKey("ArrowLeft", 0, 3)).toBe(2);
    expect(tabIndexForKey("ArrowLeft", 2, 3)).toBe(1);
  });

  it("jumps with Home and End and ignores other keys", () => {
    expect(tabIndexForKey("Home", 2, 3)).toBe(0);
    expect(tabIndexForKey("End", 0, 3)).toBe(2);
    expect(tabIndexForKey("Enter", 1, 3)).toBeNull();
    expect(tabIndexForKey("ArrowDown", 1, 3)).toBeNull();
  });
});

describe("Tabs server rendering", () => {
  function render(url: string, selected: (typeof ids)[number]) {
    return renderToString(
      <StaticRouter location={url}>
        <Tabs
          label="Hair care topics"
          param="tab"
          tabs={[
            { id: "extensions", label: "Extensions" },
            { id: "wigs", label: "Wigs" },
            { id: "general", label: "General Care" },
          ]}
          selected={selected}
        >
          <p>Panel content</p>
        </Tabs>
      </StaticRouter>,
    );
  }

  it("renders plain links with ARIA roles and no tabindex before hydration", () => {
    const html = render("/care?color=red&tab=wigs", "wigs");
    expect(html).toContain('role="tablist" aria-label="Hair care topics"');
    expect(html).toContain('href="/care?color=red&amp;tab=general#tab-tabs"');
    expect(html).toMatch(/<a[^>]*aria-selected="true"[^>]*>Wigs<\/a>/);
    expect(html).toMatch(/<a[^>]*aria-selected="false"[^>]*>Extensions<\/a>/);
    expect(html).toContain('aria-controls="tab-panel-wigs"');
    expect(html).not.toContain('aria-controls="tab-panel-extensions"');
    expect(html).not.toMatch(/<a[^>]*tabindex/);
    expect(html).toContain('role="tabpanel" id="tab-panel-wigs" aria-labelledby="tab-tab-wigs"');
    expect(html).toContain("Panel content");
  });
});
