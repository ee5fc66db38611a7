// The products CSV (decision 0040), in-process on the embedded backend: the export's rows and escaping, an import's
// preview (nothing written), a bad row refused by its line, the confirm applying exactly the preview (a count through
// the stock history), a confirm made stale by a change meanwhile refused, and members kept out.
import { installTestBackend } from "#tests/support/pglite";
import { call, get, signUpMember, signUpStaff, testContext, testOrigin, toastOf } from "#tests/support/route-calls";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { Backend } from "~/backend/ports/backend";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import { csvLine, parseCsv } from "~/modules/admin/csv";
import type { ImportAnswer } from "~/modules/admin/product-import";
import { loader as exportLoader } from "~/routes/admin/products-export";
import { action, loader } from "~/routes/admin/products-import";

let backend: Backend;
let db: SqlDatabase;
let uninstall: () => Promise<void>;
// Each import post reads the catalogue within the staff member's export share (5 in 5 minutes): several staff.
let staff: string[];
let memberCookie: string;
const path = "/admin/products/import";

beforeAll(async () => {
  ({ backend, db, uninstall } = await installTestBackend());
  staff = (await signUpStaff(backend, "Csv One", "Csv Two", "Csv Three", "Csv Four")).map((member) => member!.cookie);
  ({ cookie: memberCookie } = await signUpMember(backend, "Just Shopping"));
  // A description a spreadsheet would run as a formula.
  await db.query(`update public.products set description = '=HYPERLINK("http://x")' where id = 'clip-2'`);
});

afterAll(async () => {
  await uninstall();
});

async function exportCsv(cookie: string) {
  const response = await exportLoader({
    request: get("/admin/products/export.csv", cookie),
    params: {},
    context: testContext(),
  });
  expect(response.status).toBe(200);
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer()).replace(/^\uFEFF/, "");
}

function importPost(fields: Record<string, string | Blob>, cookie: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (value instanceof Blob) form.set(name, value, "products.csv");
    else form.set(name, value);
  return new Request(new URL(path, testOrigin), { method: "POST", body: form, headers: { Cookie: cookie } });
}

const preview = async (text: string, cookie: string) => {
  const answer = await call(action, importPost({ intent: "preview", file: new Blob([text]) }, cookie));
  return { status: answer.status, data: answer.data as ImportAnswer };
};

const variant = async (id: string) =>
  (
    await db.query<{ price_cents: number; stock_on_hand: number | null }>(
      "select price_cents, stock_on_hand from public.product_variants where id = $1",
      [id],
    )
  )[0]!;

/** The export with a variant's row edited cell by cell (by the header's column names), and the line that row is on. */
function edit(text: string, variantId: string, cells: Record<string, string>): string {
  const parsed = parseCsv(text);
  if (!("records" in parsed)) throw new Error("unreadable export");
  const [header, ...rows] = parsed.records;
  const at = (name: string) => header!.cells.indexOf(name);
  const edited = rows.map(({ cells: values }) => {
    if (values[at("Variant ID")] !== variantId) return values;
    const copy = [...values];
    for (const [name, value] of Object.entries(cells)) copy[at(name)] = value;
    return copy;
  });
  return [header!.cells, ...edited].map((values) => csvLine(values)).join("");
}

function lineOf(text: string, variantId: string): number {
  const parsed = parseCsv(text);
  if (!("records" in parsed)) throw new Error("unreadable export");
  const at = parsed.records[0]!.cells.indexOf("Variant ID");
  return parsed.records.find((record) => record.cells[at] === variantId)!.line;
}

describe("products CSV", () => {
  test("the export has one row per variant of every product, escaped, formulas defused; imported back it changes nothing", async () => {
    const text = await exportCsv(staff[0]!);
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines[0]).toMatch(/^Handle,Title,Description,Category,Status,/);
    const variants = Number(
      (await db.query<{ n: number }>("select count(*)::int as n from public.product_variants"))[0]!.n,
    );
    expect(lines).toHaveLength(variants + 1);
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    const answer = await preview(text, staff[0]!);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ kind: "preview", confirm: null, plan: { refusals: [] } });
    expect(answer.data.kind === "preview" && answer.data.plan.products.every((p) => p.kind === "same")).toBe(true);
  });

  test("a bad row is refused by its line number and nothing is written; a confirm is not offered", async () => {
    const text = edit(await exportCsv(staff[1]!), "wig-1", { "Variant Price": "cheap" });
    const line = lineOf(text, "wig-1");
    const before = await variant("wig-1");
    const answer = await preview(text, staff[1]!);
    expect(answer.status).toBe(400);
    expect(answer.data.kind === "preview" && answer.data.plan.refusals).toEqual([
      { line, message: "Variant Price: Enter the price in dollars, e.g. 129.99." },
    ]);
    expect(answer.data.kind === "preview" && answer.data.confirm).toBeNull();
    expect(await variant("wig-1")).toEqual(before);
  });

  test("the preview shows old -> new and writes nothing; the confirm applies it, the count through the stock history", async () => {
    const text = edit(edit(await exportCsv(staff[2]!), "wig-1", { "Variant Price": "321.00" }), "wig-2", {
      "Stock On Hand": "7",
    });
    const before = { price: (await variant("wig-1")).price_cents, stock: (await variant("wig-2")).stock_on_hand };
    const answer = await preview(text, staff[2]!);
    expect(answer.status).toBe(200);
    if (answer.data.kind !== "preview") throw new Error("no preview");
    const changed = answer.data.plan.products.filter((p) => p.kind === "change");
    expect(changed.map((p) => p.id)).toEqual(["wig-1", "wig-2"]);
    expect(changed[0]!.changes).toEqual([{ field: "LS-WIG-1: Price", from: expect.any(String), to: "321.00" }]);
    expect(changed[1]!.stock).toEqual([{ variantId: "wig-2", sku: expect.any(String), from: 0, to: 7 }]);
    expect({ price: (await variant("wig-1")).price_cents, stock: (await variant("wig-2")).stock_on_hand }).toEqual(
      before,
    );

    const confirmed = await call(action, importPost({ intent: "confirm", ...answer.data.confirm! }, staff[2]!));
    expect(confirmed.status).toBe(303);
    expect((await toastOf(confirmed))?.title).toBe("Import applied");
    expect(await variant("wig-1")).toMatchObject({ price_cents: 32100 });
    expect(await variant("wig-2")).toMatchObject({ stock_on_hand: 7 });
    const [movement] = await db.query<{ reason: string; note: string; from_count: number; to_count: number }>(
      "select reason, note, from_count, to_count from public.stock_movements where variant_id = 'wig-2' order by id desc limit 1",
    );
    expect(movement).toEqual({ reason: "staff", note: "CSV import", from_count: 0, to_count: 7 });
  });

  test("a change made between preview and confirm refuses the confirm and applies nothing; a forged confirm too", async () => {
    const text = edit(await exportCsv(staff[3]!), "clip-1", { "Variant Price": "55.55" });
    const answer = await preview(text, staff[3]!);
    if (answer.data.kind !== "preview" || !answer.data.confirm) throw new Error("no confirm");
    const price = (await variant("clip-1")).price_cents;
    await db.query("update public.products set name = 'Renamed meanwhile', version = version + 1 where id = 'clip-1'");
    const stale = await call(action, importPost({ intent: "confirm", ...answer.data.confirm }, staff[3]!));
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({ kind: "preview", notice: expect.stringMatching(/nothing was applied/) });
    expect((await variant("clip-1")).price_cents).toBe(price);

    const forged = await call(
      action,
      importPost(
        { intent: "confirm", ...answer.data.confirm, file: Buffer.from("Handle\n").toString("base64") },
        staff[3]!,
      ),
    );
    expect(forged.status).toBe(400);
    expect((await variant("clip-1")).price_cents).toBe(price);
  });

  test("a member gets the ordinary 404 for the page and its post; a staff post of nothing is a 400", async () => {
    for (const answer of [
      await call(loader, get(path, memberCookie)),
      await call(action, importPost({ intent: "preview", file: new Blob(["x"]) }, memberCookie)),
    ])
      expect({ status: answer.status, thrown: answer.thrown }).toEqual({ status: 404, thrown: true });
    const empty = await call(action, importPost({ intent: "preview" }, staff[0]!));
    expect({ status: empty.status, data: empty.data }).toEqual({
      status: 400,
      data: { kind: "refused", error: expect.stringMatching(/^Choose a CSV file/) },
    });
  });
});
