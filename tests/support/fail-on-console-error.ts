import { afterEach, beforeEach, vi } from "vitest";

// An unexpected console.error is a bug the assertions did not catch; tests that expect one spy on it themselves.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});
