import { shippingAddress } from "#tests/support/shipping";
import { describe, expect, it } from "vitest";

import { shippingSchema } from "~/modules/checkout/shipping-schema";

const valid = { ...shippingAddress, shippingMethod: "standard", idempotencyKey: "k_0123456789abcdef" };

function messageFor(field: keyof typeof valid, value: string | undefined) {
  const result = shippingSchema.safeParse({ ...valid, [field]: value });
  expect(result.success).toBe(false);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe("shippingSchema", () => {
  it("accepts a complete address and trims it", () => {
    expect(shippingSchema.parse({ ...valid, city: "  Beverly Hills " }).city).toBe("Beverly Hills");
  });

  it.each([
    ["firstName", "", "First name is required"],
    ["lastName", "   ", "Last name is required"],
    ["email", "not-an-email", "Valid email is required"],
    ["phone", "310555", "Valid phone number is required"],
    ["address", "", "Address is required"],
    ["city", "", "City is required"],
    ["state", "", "State is required"],
    ["zipCode", "9021", "Valid zip code is required"],
    ["country", "", "Country is required"],
  ] as const)("says '%s' %j: %s", (field, value, message) => {
    expect(messageFor(field, value)).toBe(message);
  });

  it("says the same when a field is missing altogether", () => {
    expect(messageFor("firstName", undefined)).toBe("First name is required");
    expect(messageFor("zipCode", undefined)).toBe("Valid zip code is required");
  });

  it("accepts the spec's minimum lengths exactly", () => {
    expect(shippingSchema.safeParse({ ...valid, phone: "0123456789", zipCode: "12345", firstName: "A" }).success).toBe(
      true,
    );
  });

  it("refuses over-long text with a message that names the field, instead of cutting it", () => {
    expect(messageFor("firstName", "A".repeat(101))).toBe("First name must be 100 characters or fewer.");
    expect(messageFor("lastName", "B".repeat(200))).toBe("Last name must be 100 characters or fewer.");
    expect(messageFor("address", "1 Rodeo Drive ".repeat(400))).toBe("Address must be 200 characters or fewer.");
    expect(messageFor("zipCode", "9".repeat(13))).toBe("ZIP code must be 12 characters or fewer.");
    expect(shippingSchema.safeParse({ ...valid, firstName: "A".repeat(100), address: "x".repeat(200) }).success).toBe(
      true,
    );
  });

  it("needs a shipping method the address may use", () => {
    expect(messageFor("shippingMethod", undefined)).toBe("Please choose a shipping method.");
    expect(messageFor("shippingMethod", "free")).toBe("Please choose a shipping method.");
    expect(messageFor("shippingMethod", "international")).toBe(
      "International shipping is for addresses outside the United States.",
    );
    const abroad = shippingSchema.safeParse({ ...valid, country: "Canada" });
    expect(abroad.success ? undefined : abroad.error.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["shippingMethod", "This shipping method is for US addresses: please choose International shipping."],
    ]);
    expect(shippingSchema.safeParse({ ...valid, country: "Canada", shippingMethod: "international" }).success).toBe(
      true,
    );
  });

  it("refuses a missing or malformed idempotency key", () => {
    expect(shippingSchema.safeParse({ ...valid, idempotencyKey: "short" }).success).toBe(false);
    expect(shippingSchema.safeParse({ ...valid, idempotencyKey: "<script>alert(1)</script>xxxxxxx" }).success).toBe(
      false,
    );
  });
});
