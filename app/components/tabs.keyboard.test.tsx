// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { resolveTab, Tabs } from "~/components/tabs";

const tabs = [
  { id: "extensions", label: "Extensions" },
  { id: "wigs", label: "Wigs" },
  { id: "general", label: "General Care" },
] as const;
const ids = ["extensions", "wigs", "general"] as const;

/** Stands in for a route whose loader picks the tab from the URL. */
function CareTabs() {
  const selected = resolveTab(new URLSearchParams(useLocation().search).get("tab"), ids);
  return (
    <Tabs label="Hair care topics" param="tab" tabs={tabs} selected={selected}>
      <p>Panel for {selected}</p>
    </Tabs>
  );
}

describe("Tabs after hydration", () => {
  let container: HTMLDivElement;
  let root: Root;
  let router: ReturnType<typeof createMemoryRouter>;

  beforeEach(async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement("div");
    document.body.append(container);
    router = createMemoryRouter([{ path: "/care", Component: CareTabs }], { initialEntries: ["/care?color=red"] });
    root = createRoot(container);
    await act(async () => root.render(<RouterProvider router={router} />));
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  const tabElements = () => Array.from(container.querySelectorAll<HTMLAnchorElement>('[role="tab"]'));

  async function press(key: string) {
    const target = document.activeElement ?? tabElements()[0]!;
    await act(async () => {
      target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
    });
  }

  it("uses a roving tabindex and plain hrefs without the no-JS fragment", () => {
    expect(tabElements().map((tab) => tab.getAttribute("tabindex"))).toEqual(["0", "-1", "-1"]);
    expect(tabElements()[1]?.getAttribute("href")).toBe("/care?color=red&tab=wigs");
  });

  it("moves and activates with arrow keys, Home and End, keeping other parameters", async () => {
    tabElements()[0]!.focus();
    await press("ArrowRight");
    expect(router.state.location.search).toBe("?color=red&tab=wigs");
    expect(document.activeElement?.textContent).toBe("Wigs");
    expect(tabElements().map((tab) => tab.getAttribute("aria-selected"))).toEqual(["false", "true", "false"]);
    expect(tabElements().map((tab) => tab.getAttribute("tabindex"))).toEqual(["-1", "0", "-1"]);
    expect(container.querySelector('[role="tabpanel"]')?.textContent).toBe("Panel for wigs");

    await press("End");
    expect(router.state.location.search).toBe("?color=red&tab=general");
    await press("ArrowRight");
    expect(router.state.location.search).toBe("?color=red&tab=extensions");
    await press("ArrowLeft");
    expect(router.state.location.search).toBe("?color=red&tab=general");
    await press("Home");
    expect(router.state.location.search).toBe("?color=red&tab=extensions");
    expect(document.activeElement?.textContent).toBe("Extensions");
  });

  it("replaces the history entry instead of adding one per tab", async () => {
    tabElements()[0]!.focus();
    await press("ArrowRight");
    expect(router.state.historyAction).toBe("REPLACE");
  });
});
