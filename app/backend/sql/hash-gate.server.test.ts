import { describe, expect, test } from "vitest";

import { isBackendError, type BackendError } from "~/backend/errors";
import { authFailureHeaders } from "~/modules/auth/auth-messages";
import { createHashGate, HASH_GATE_RETRY_SECONDS } from "./hash-gate.server";

/** A job that ends when the test says so. */
function heldJob() {
  let finish!: () => void;
  let started = false;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    job: async () => {
      started = true;
      await done;
      return "ok";
    },
    finish: () => finish(),
    get started() {
      return started;
    },
  };
}

describe("createHashGate", () => {
  test("runs at most `concurrency` jobs at once; the next wait in order and start as slots free", async () => {
    const gate = createHashGate({ concurrency: 1, maxQueued: 2 });
    const [a, b, c] = [heldJob(), heldJob(), heldJob()];
    const results = [gate.run(a.job), gate.run(b.job), gate.run(c.job)];
    await Promise.resolve();
    expect([a.started, b.started, c.started]).toEqual([true, false, false]);
    expect(gate.load).toEqual({ running: 1, waiting: 2 });

    a.finish();
    await results[0];
    expect([b.started, c.started]).toEqual([true, false]);
    b.finish();
    c.finish();
    await expect(Promise.all(results)).resolves.toEqual(["ok", "ok", "ok"]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  test("a full queue refuses at once with too_many_attempts instead of growing", async () => {
    const gate = createHashGate({ concurrency: 1, maxQueued: 1 });
    const [a, b] = [heldJob(), heldJob()];
    const running = [gate.run(a.job), gate.run(b.job)];
    const refused = await gate.run(async () => "never").catch((error: unknown) => error);
    expect(isBackendError(refused, "too_many_attempts")).toBe(true);
    // The 429 it becomes says when to try again (authFailureHeaders).
    expect(authFailureHeaders(refused as BackendError)).toEqual({ "Retry-After": String(HASH_GATE_RETRY_SECONDS) });
    a.finish();
    b.finish();
    await Promise.all(running);
    await expect(gate.run(async () => "again")).resolves.toBe("again");
  });

  test("a job that throws frees its slot", async () => {
    const gate = createHashGate({ concurrency: 1, maxQueued: 0 });
    await expect(gate.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(gate.run(async () => "next")).resolves.toBe("next");
  });
});
