import { describe, expect, it } from "vitest";

import { createFloodGate } from "./flood-gate.server";

describe("the flood gate", () => {
  it("refuses a closed client's posts to that page until its wait has passed, with what to say", () => {
    let clock = 1_000_000;
    const gate = createFloodGate(() => clock);
    expect(gate.refusal("203.0.113.7", "/auth")).toBeNull();
    gate.close("203.0.113.7", "/auth", 42);
    expect(gate.refusal("203.0.113.7", "/auth")).toEqual({
      status: 429,
      retryAfterSeconds: 42,
      text: "Too many attempts from your network. Please try again in 42 seconds.\n",
    });
    // The same page whatever the spelling; another page or client is open.
    expect(gate.refusal("203.0.113.7", "/Auth/")).toMatchObject({ retryAfterSeconds: 42 });
    expect(gate.refusal("203.0.113.7", "/checkout")).toBeNull();
    expect(gate.refusal("203.0.113.8", "/auth")).toBeNull();
    expect(gate.refusal(undefined, "/auth")).toBeNull();
    clock += 41_500;
    expect(gate.refusal("203.0.113.7", "/auth")).toMatchObject({ retryAfterSeconds: 1 });
    clock += 500;
    expect(gate.refusal("203.0.113.7", "/auth")).toBeNull();
  });

  it("counts an IPv6 client by its /64, and a fetcher's data path as its page", () => {
    const gate = createFloodGate(() => 0);
    gate.close("2001:db8:1:2:aaaa::1", "/auth.data", 10);
    expect(gate.refusal("2001:db8:1:2:bbbb::9", "/auth")).toMatchObject({ retryAfterSeconds: 10 });
    expect(gate.refusal("2001:db8:1:3::1", "/auth")).toBeNull();
  });
});
