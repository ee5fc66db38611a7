import fs from "node:fs";
import { describe, expect, it } from "vitest";

import { missingNodeFlags, SHOP_NODE_FLAGS } from "../../../server/node-flags.js";

// The shop's V8 flags (server/node-flags.js, decision 0049) work only on node's command line: npm start must pass
// every one, and start-up must tell a deployer who started the shop without them.

describe("the shop's node flags", () => {
  it("npm start passes every one", () => {
    const start = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start;
    const beforeServer = start.split("server.js")[0]!.split(/\s+/);
    for (const flag of SHOP_NODE_FLAGS) expect(beforeServer).toContain(flag);
  });

  it("says which are missing, counting a flag given with another value (or in NODE_OPTIONS' spelling) as given", () => {
    expect(missingNodeFlags([])).toEqual(SHOP_NODE_FLAGS);
    expect(missingNodeFlags(["--max-old-space-size=160"])).toEqual(["--max-semi-space-size=4"]);
    expect(missingNodeFlags(["--max-semi-space-size=8"])).toEqual([]);
    expect(missingNodeFlags(["--max_semi_space_size=4"])).toEqual([]);
  });
});
