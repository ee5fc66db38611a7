import { describe, expect, it } from "vitest";

import { orderItemCount, orderNumber, shippingAddressLines, statusBadgeClasses } from "~/modules/account/orders";
import { statusLabel, statusTone } from "~/modules/orders/lifecycle";

describe("orderNumber", () => {
  it("is the last 8 characters of the id, as they are", () => {
    expect(orderNumber("5f0c2a7e-1b2c-4d3e-9f80-a1b2c3d4e5f6")).toBe("c3d4e5f6");
  });

  it("keeps a short id whole", () => {
    expect(orderNumber("abc")).toBe("abc");
  });
});

describe("status badges", () => {
  it.each([
    ["pending", "yellow"],
    ["paid", "green"],
    ["shipped", "blue"],
    ["delivered", "purple"],
    ["cancelled", "red"],
    ["refunded", "gray"],
    ["", "gray"],
  ] as const)("%s is %s", (status, tone) => {
    expect(statusTone(status)).toBe(tone);
    expect(statusBadgeClasses(status)).toContain(`bg-${tone}-100`);
    // Dark text on the pale tint: AA contrast for small text.
    expect(statusBadgeClasses(status)).toContain(`text-${tone}-900`);
  });

  it("does not treat inherited object keys as statuses", () => {
    expect(statusTone("constructor")).toBe("gray");
    expect(statusTone("toString")).toBe("gray");
  });

  it("labels a status as a capitalised word", () => {
    expect(statusLabel("shipped")).toBe("Shipped");
    expect(statusLabel("")).toBe("Unknown");
  });
});

describe("shippingAddressLines", () => {
  it("reads like an envelope", () => {
    expect(
      shippingAddressLines({
        firstName: "Ana",
        lastName: "Lopez",
        phone: "3105550100",
        address: "1 Main St",
        city: "Beverly Hills",
        state: "CA",
        zipCode: "90210",
        country: "United States",
      }),
    ).toEqual(["Ana Lopez", "1 Main St", "Beverly Hills, CA 90210", "United States"]);
  });
});

describe("orderItemCount", () => {
  it("adds up the quantities", () => {
    expect(
      orderItemCount({
        items: [
          {
            id: "1",
            productId: "clip-1",
            quantity: 2,
            pricePerItem: 100,
            variantId: "clip-1",
            productName: "Clip",
            variantLabel: null,
            sku: null,
            image: null,
            paidAmount: 200,
          },
          {
            id: "2",
            productId: "acc-1",
            quantity: 1,
            pricePerItem: 100,
            variantId: "acc-1",
            productName: "Brush",
            variantLabel: null,
            sku: null,
            image: null,
            paidAmount: 100,
          },
        ],
      }),
    ).toBe(3);
  });
});
