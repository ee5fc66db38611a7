// node scripts/bench/profile-server.mjs -- [--path=/product/clip-1] [--method=GET] [--as=visitor] [--duration=10] [--skip-build]
// Where the production server's CPU time goes under load: runs it with --cpu-prof, loads one path with autocannon,
// and prints the functions with the most self time and the modules with the most inclusive time, counting only
// the load window (start-up and migrations are left out). The .cpuprofile stays in
// tests/.tmp/profiles/ for Chrome DevTools (Performance > Load profile).
// POST /cart and POST /checkout are sent as the benchmarks send them (visitor cart cookie, fresh idempotency key);
// with --as=member, as a member signed up first (POST /cart adds clip-1, as bench:server does; checkout places an
// order from the member's one-line stored cart, which the first order empties, so later ones answer "Cart is empty").
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";

import { options, printTable } from "./lib/report.mjs";
import {
  cartAddBody,
  checkoutBody,
  formHeaders,
  memberCartAdd,
  signUpMember,
  visitorCartCookie,
} from "./lib/shop-client.mjs";
import { buildSnapshot, removeSnapshot, startShopServer, tmpDir } from "./lib/shop-server.mjs";

const settings = options({
  path: "/product/clip-1",
  method: "GET",
  duration: 10,
  connections: 50,
  skipBuild: false,
  top: 25,
  as: "visitor",
});

/** Self time per function and inclusive time per module, from the samples inside [from, to] (µs). */
function summarize(profile, from, to) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const sampleTime = new Map();
  let now = profile.startTime;
  profile.samples.forEach((id, index) => {
    now += profile.timeDeltas[index] ?? 0;
    if (now >= from && now <= to) sampleTime.set(id, (sampleTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const total = [...sampleTime.values()].reduce((sum, time) => sum + time, 0);
  const shortUrl = (url) =>
    url
      .replace(/^file:\/\/.*?\/node_modules\//, "")
      .replace(/^file:\/\/.*?\/tests\/\.tmp\/bench-build-[^/]+\//, "build/")
      .replace(/^file:\/\/.*?\/(server(?:\.js|\/))/, "$1");
  const moduleOf = (url) => {
    const short = shortUrl(url);
    if (/^(?:@[^/]+\/)?[^/]+\/.+/.test(short) && url.includes("/node_modules/"))
      return short.match(/^((?:@[^/]+\/)?[^/]+)/)[1];
    if (short.startsWith("build/")) return "the app (build/server)";
    if (short.startsWith("node:")) return short.split("/")[0];
    return short || "(native/VM)";
  };
  const self = new Map();
  const inclusive = new Map();
  for (const [id, time] of sampleTime) {
    const frame = nodes.get(id).callFrame;
    const key = `${frame.functionName || "(anonymous)"}  ${shortUrl(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ""}`;
    self.set(key, (self.get(key) ?? 0) + time);
    const seen = new Set();
    for (let current = id; current !== undefined; current = parents.get(current)) {
      const module = moduleOf(nodes.get(current).callFrame.url);
      if (seen.has(module)) continue;
      seen.add(module);
      inclusive.set(module, (inclusive.get(module) ?? 0) + time);
    }
  }
  const percent = (time) => `${((time / total) * 100).toFixed(1)}%`;
  const top = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, settings.top);
  return {
    totalMs: total / 1000,
    self: top(self).map(([key, time]) => [percent(time), key]),
    inclusive: top(inclusive).map(([key, time]) => [percent(time), key]),
  };
}

async function main() {
  const profileDir = path.join(tmpDir, "profiles");
  fs.mkdirSync(profileDir, { recursive: true });
  const before = new Set(fs.readdirSync(profileDir));
  const snapshot = await buildSnapshot({ skipBuild: settings.skipBuild });
  const server = await startShopServer(snapshot, {
    label: "Profiled",
    nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`],
  }).catch((error) => {
    removeSnapshot(snapshot);
    throw error;
  });
  let window;
  let result;
  try {
    const request = { method: settings.method, path: settings.path };
    const member = settings.as === "member" ? await signUpMember(server.baseUrl) : undefined;
    if (member) {
      await memberCartAdd(server.baseUrl, member.cookie, "clip-1");
      request.headers = { Cookie: member.cookie };
    }
    if (settings.method === "POST") {
      const cookie = member?.cookie ?? (await visitorCartCookie(server.baseUrl, [{ productId: "clip-1" }]));
      const addBody = cartAddBody(member ? "clip-1" : "clip-2");
      Object.assign(request, {
        headers: formHeaders(server.baseUrl, cookie),
        setupRequest: (req) => ({ ...req, body: settings.path.startsWith("/checkout") ? checkoutBody() : addBody }),
      });
    }
    // The profile's clock is the server's monotonic clock in µs; ours is the same clock in this process.
    const started = process.hrtime.bigint();
    result = await autocannon({
      url: server.baseUrl,
      connections: settings.connections,
      duration: settings.duration,
      requests: [request],
    });
    window = { from: Number(started / 1000n), to: Number(process.hrtime.bigint() / 1000n) };
  } finally {
    await server.stop();
    removeSnapshot(snapshot);
  }
  const file = fs.readdirSync(profileDir).find((name) => !before.has(name) && name.endsWith(".cpuprofile"));
  if (!file) throw new Error("The server wrote no CPU profile (did it exit cleanly on SIGTERM?)");
  const summary = summarize(JSON.parse(fs.readFileSync(path.join(profileDir, file), "utf8")), window.from, window.to);
  console.log(
    `\n${settings.method} ${settings.path} (${settings.as}): ${Math.round(
      result.requests.average,
    )} rps under the profiler, ${summary.totalMs.toFixed(0)} ms of samples in the load window\n`,
  );
  printTable([["self", "function"], ...summary.self]);
  console.log("");
  printTable([["inclusive", "module"], ...summary.inclusive]);
  console.log(`\nProfile: ${path.relative(process.cwd(), path.join(profileDir, file))}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
