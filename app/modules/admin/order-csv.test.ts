import { describe, expect, test } from "vitest";

import type { StaffOrderExport } from "~/backend/ports/staff";
import { csvLine } from "./csv";
import { ORDER_CSV_HEADER, orderCsvRows } from "./order-csv";

const order: StaffOrderExport = {
  id: "0b6f2f4e-8a51-4c55-9a7b-6c1d2e3f4a5b",
  userId: null,
  status: "paid",
  totalAmount: 41_997,
  refundedAmount: 0,
  shippingMethod: "standard",
  shippingAmount: 999,
  currency: "usd",
  email: "grace@example.com",
  firstName: "Grace",
  lastName: "Hopper",
  createdAt: "2026-12-01T10:00:00.000Z",
  carrier: null,
  trackingNumber: null,
  itemCount: 3,
  shippingAddress: {
    firstName: "Grace",
    lastName: "Hopper",
    phone: "+1 555 0100",
    address: "1 Navy Yard, Apt 2",
    city: "Arlington",
    state: "VA",
    zipCode: "22201",
    country: "United States",
  },
  discount: null,
  lines: [
    {
      sku: "CLIP-22-HB",
      productName: "Clip-in",
      variantLabel: "22 inch / Honey Blonde",
      quantity: 2,
      pricePerItem: 19_999,
      paidAmount: 39_998,
    },
    { sku: "=cmd", productName: "Brush", variantLabel: null, quantity: 1, pricePerItem: 1_000, paidAmount: 1_000 },
  ],
};

describe("orderCsvRows", () => {
  test("one row per line, each as wide as the header, the address and the line as bought", () => {
    const rows = orderCsvRows(order);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toHaveLength(ORDER_CSV_HEADER.length);
    const cell = (row: number, column: (typeof ORDER_CSV_HEADER)[number]) =>
      rows[row]![ORDER_CSV_HEADER.indexOf(column)];
    expect(cell(0, "Phone")).toBe("+1 555 0100");
    expect(cell(1, "Address")).toBe("1 Navy Yard, Apt 2");
    expect(cell(1, "ZIP code")).toBe("22201");
    expect([cell(0, "Line"), cell(0, "SKU"), cell(0, "Variant"), cell(0, "Quantity"), cell(0, "Unit price")]).toEqual([
      1,
      "CLIP-22-HB",
      "22 inch / Honey Blonde",
      2,
      199.99,
    ]);
    expect(cell(1, "Order number")).toBe(cell(0, "Order number"));
  });

  test("the order's money is on its first row only, so that a column's sum is the orders' sum", () => {
    const rows = orderCsvRows(order);
    const column = (name: (typeof ORDER_CSV_HEADER)[number]) => rows.map((row) => row[ORDER_CSV_HEADER.indexOf(name)]);
    expect(column("Subtotal")).toEqual([409.98, null]);
    expect(column("Shipping")).toEqual([9.99, null]);
    expect(column("Total")).toEqual([419.97, null]);
  });

  test("a discount code: its code and amount on the first row, each line's paid amount, the subtotal before it", () => {
    const discounted: StaffOrderExport = {
      ...order,
      totalAmount: 41_997 - 6_150,
      discount: { code: "SAVE15", amountCents: 6_150 },
      lines: [
        { ...order.lines[0]!, paidAmount: 39_998 - 6_000 },
        { ...order.lines[1]!, paidAmount: 1_000 - 150 },
      ],
    };
    const rows = orderCsvRows(discounted);
    const column = (name: (typeof ORDER_CSV_HEADER)[number]) => rows.map((row) => row[ORDER_CSV_HEADER.indexOf(name)]);
    expect(column("Discount code")).toEqual(["SAVE15", null]);
    expect(column("Discount")).toEqual([61.5, null]);
    expect(column("Line paid")).toEqual([339.98, 8.5]);
    expect(column("Subtotal")).toEqual([409.98, null]);
    expect(column("Total")).toEqual([358.47, null]);
    expect(ORDER_CSV_HEADER.slice(-3)).toEqual(["Discount code", "Discount", "Line paid"]);
  });

  test("a phone or SKU that looks like a formula stays text in the written line", () => {
    const [first, second] = orderCsvRows(order);
    expect(csvLine(first!)).toContain(",'+1 555 0100,");
    expect(csvLine(second!)).toContain(",'=cmd,");
  });

  test("an order without lines still has its row", () => {
    const rows = orderCsvRows({ ...order, lines: [] });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveLength(ORDER_CSV_HEADER.length);
  });
});
