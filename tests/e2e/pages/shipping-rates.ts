import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

import { visit } from "../fixtures";
import { stripeShopPort } from "../servers";
import { act } from "./navigation";

// The back office's shipping rates (decision 0039) in the e2e shops. The rates are the whole shop's: a spec that
// changes them does so on the card-payment shop (whose specs never charge Express), one project at a time.

const LOCK = path.join(os.tmpdir(), `shop-e2e-shipping-rates-${stripeShopPort}.lock`);
const STALE_LOCK_MS = 120_000;

/** Runs `work` while no other project's spec changes the rates (workers are processes: a directory is the lock). */
export async function withRatesHeld<T>(work: () => Promise<T>): Promise<T> {
  await expect
    .poll(
      () => {
        try {
          fs.mkdirSync(LOCK);
          return true;
        } catch {
          // A lock left by a killed run is taken over once it is older than any spec could hold it.
          const age = Date.now() - (fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
          if (age > STALE_LOCK_MS) fs.rmSync(LOCK, { recursive: true, force: true });
          return false;
        }
      },
      { message: "the shipping rates lock", timeout: 150_000, intervals: [250] },
    )
    .toBe(true);
  try {
    return await work();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

/** Opens /admin/shipping, types `prices` (field label to dollars) and saves; waits for the toast. */
export async function saveRates(page: Page, hasJs: boolean, prices: Record<string, string>) {
  await visit(page, "/admin/shipping");
  const main = page.getByRole("main");
  for (const [label, dollars] of Object.entries(prices)) await main.getByLabel(label).fill(dollars);
  await act(page, hasJs, () => main.getByRole("button", { name: "Save rates" }).click());
  await expect(page.getByTestId("toast")).toContainText("Shipping rates saved");
}
