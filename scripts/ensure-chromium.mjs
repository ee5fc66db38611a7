// Browser tests need a Chromium. Playwright's own browser download cannot work on these machines,
// so we use Debian's package: install it when we are root, otherwise say exactly what to run.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

import { chromiumPath as chromePath } from "./lib/chromium.mjs";

if (existsSync(chromePath)) process.exit(0);

if (process.env.CHROME_PATH) {
  console.error(`CHROME_PATH is set to ${chromePath}, but no file is there.`);
  process.exit(1);
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (!isRoot) {
  console.error(
    "Chromium is needed for the end-to-end tests and is not installed. Run:\n  sudo apt-get update && sudo apt-get install -y chromium",
  );
  process.exit(1);
}

console.log("Chromium not found: installing Debian's chromium package (about 30 s)...");
const apt = (args) =>
  execFileSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
apt(["update"]);
apt(["install", "-y", "--no-install-recommends", "chromium"]);
if (!existsSync(chromePath)) {
  console.error(`apt-get finished but ${chromePath} is still missing.`);
  process.exit(1);
}
