import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { throwawayDir } from "#scripts/lib/shop-harness.mjs";
import { checkoutForm, httpRequest, nextCookies, signUpThroughAuth } from "#tests/support/http";
import { useEmbeddedProductionServer } from "#tests/support/production-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Every screen the spec names, as the production server streams it to a browser, through the Nu Html Checker (the
// W3C's validator, run locally from the vnu-jar package with the machine's Java). One run of the checker for all of
// them: its start costs more than the checks.
const suite = useEmbeddedProductionServer();
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const pagesDir = throwawayDir("valid-html-");
/** The checker itself, as the vnu-jar package ships it. */
const vnuJar = path.join(path.dirname(createRequire(import.meta.url).resolve("vnu-jar")), "build/dist/vnu.jar");

const publicScreens = [
  "/",
  "/shop",
  "/shop?category=clip-in&sort=price-low",
  "/extensions/clip-in",
  "/wigs",
  "/sale",
  "/product/clip-1",
  "/cart",
  "/checkout",
  "/wishlist",
  "/auth",
  "/auth?mode=signup",
  "/forgot-password",
  "/blog",
  "/blog/blog-1",
  "/about",
  "/size-guide",
  "/care",
  "/returns",
  "/shipping",
  "/faq",
  "/privacy",
  "/terms",
  "/careers",
  "/no-such-page",
];
const memberScreens = ["/profile", "/profile?address=new", "/orders", "/cart", "/checkout", "/wishlist"];

interface NuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
}

/** The file a screen's HTML is saved as, named after it so that a message says which screen it is about. */
const fileFor = (who: string, screen: string) =>
  path.join(pagesDir.path, `${who}${screen.replace(/[^a-z0-9]+/gi, "_")}.html`);

async function save(who: string, screen: string, cookie?: string) {
  const response = await httpRequest(suite.server.url, screen, { cookie, headers: { "User-Agent": BROWSER } });
  expect([200, 404], `${screen} as ${who}`).toContain(response.status);
  fs.writeFileSync(fileFor(who, screen), response.body);
}

let messages: NuMessage[] = [];

beforeAll(async () => {
  for (const screen of publicScreens) await save("visitor", screen);
  const email = `valid-html-${Date.now()}@example.com`;
  const member = await signUpThroughAuth(suite.server.url, email);
  const cart = await httpRequest(suite.server.url, "/cart", {
    form: { intent: "add", productId: "clip-1", quantity: "2" },
    cookie: member,
  });
  const cookie = nextCookies(cart, member);
  // A saved address (decision 0044), so that /profile lists it and /checkout offers it.
  const saved = await httpRequest(suite.server.url, "/profile", {
    form: { ...checkoutForm({ email }), intent: "save-address" },
    cookie,
  });
  expect(saved.status).toBe(303);
  for (const screen of memberScreens) await save("member", screen, cookie);
  const placed = await httpRequest(suite.server.url, "/checkout", { form: checkoutForm({ email }), cookie });
  expect(placed.location).toMatch(/^\/order-success/);
  await save("member", placed.location ?? "", nextCookies(placed, cookie));
  await save("member", "/orders", nextCookies(placed, cookie));

  const files = fs.readdirSync(pagesDir.path).map((name) => path.join(pagesDir.path, name));
  // --exit-zero-always: the messages are the result; a non-zero exit would only say there were some.
  const { stdout } = await promisify(execFile)(
    "java",
    ["-jar", vnuJar, "--errors-only", "--format", "json", "--stdout", "--exit-zero-always", ...files],
    { maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
    throw new Error("The Nu Html Checker needs Java: apt-get install -y openjdk-17-jre-headless (.ci/run does).");
  });
  messages = (JSON.parse(stdout) as { messages: NuMessage[] }).messages;
}, 120_000);

afterAll(() => pagesDir.remove());

describe("the HTML of every screen", () => {
  it("was checked: every saved screen reached the checker", () => {
    expect(fs.readdirSync(pagesDir.path).length).toBeGreaterThanOrEqual(publicScreens.length + memberScreens.length);
  });

  it("has no error the Nu Html Checker reports (its dated CSS parser's complaints aside)", () => {
    const errors = messages
      .filter((message) => message.type === "error" || message.subType === "fatal")
      // The checker's CSS parser predates nesting, @layer and other CSS the stylesheet uses.
      .filter((message) => !message.message.startsWith("CSS:"))
      .map((message) => `${path.basename(message.url ?? "")}: ${message.message} [${message.extract ?? ""}]`);
    expect(errors).toEqual([]);
  });
});
