import { spawnSync } from "node:child_process";
import { httpRequest } from "#tests/support/http";
import { useProductionServers } from "#tests/support/production-server";
import { beforeAll, expect, it } from "vitest";

// A shop killed with SIGKILL (an out-of-memory kill, a node lost) comes back on the same data directory by itself,
// as a container's PID 1 (a fresh PID namespace) and under another hostname (a rescheduled pod); a second live shop
// on that directory is still refused. Decision 0014.

const shops = useProductionServers();
let dataDir: string;

/** The server as PID 1 of a new PID namespace (as in a container), under `hostname`. */
function inContainer(hostname: string) {
  return {
    command: "unshare",
    // --kill-child: SIGKILL to unshare reaches the server too, as a container runtime's kill does.
    args: [
      "--pid",
      "--fork",
      "--mount-proc",
      "--uts",
      "--kill-child",
      "sh",
      "-c",
      `hostname ${hostname} && exec "$@"`,
      "sh",
    ],
  };
}

function startInContainer(hostname: string) {
  return shops.start({ dataDir, wrapper: inContainer(hostname), timeoutMs: 180_000 });
}

beforeAll(async () => {
  const probe = spawnSync(
    "unshare",
    ["--pid", "--fork", "--mount-proc", "--uts", "--kill-child", "sh", "-c", "hostname probe && echo $$"],
    { encoding: "utf8" },
  );
  if (probe.error || probe.status !== 0 || probe.stdout.trim() !== "1") {
    throw new Error(
      `This suite needs \`unshare\` (util-linux) and the right to make PID and UTS namespaces (root): ` +
        `${probe.error?.message ?? probe.stderr}`,
    );
  }
  dataDir = await shops.dataDir();
}, 600_000);

it(
  "restarts after kill -9 as PID 1 of a fresh PID namespace, and under another hostname",
  { timeout: 600_000 },
  async () => {
    const first = await startInContainer("shop-a");
    await first.stop("SIGKILL");

    // Same hostname, PID 1 again: the old lock named "this process".
    const second = await startInContainer("shop-a");
    expect((await httpRequest(second.url, "/readyz")).status).toBe(200);
    await second.stop("SIGKILL");

    // Rescheduled under another hostname: the old lock named a process "on another host".
    const third = await startInContainer("shop-b");
    expect((await httpRequest(third.url, "/readyz")).status).toBe(200);
    await third.stop("SIGKILL");
    // Read once it has stopped: all it wrote is in.
    expect(third.output()).not.toMatch(/"level":"error"/);
  },
);

it(
  "refuses a second live shop on the same data directory with a message that says what to do",
  { timeout: 600_000 },
  async () => {
    // (unshare does not pass SIGTERM on: every server here is killed, so this start waits out the last one's lock too.)
    const live = await startInContainer("shop-live");
    const second = await shops.spawn({ dataDir, wrapper: inContainer("shop-other") });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("is in use by another running shop process");
    expect(second.output()).toContain("DATA_DIR");
    // The live one was not disturbed.
    expect((await httpRequest(live.url, "/readyz")).status).toBe(200);
    await live.stop("SIGKILL");
  },
);
