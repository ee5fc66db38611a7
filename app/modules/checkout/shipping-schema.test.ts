import { describe, expect, it } from "vitest";
import { shippingSchema } from "~/modules/checkout/shipping-schema";
import { shippingAddress } from "#tests/support/shipping";

const valid = { ...shippingAddress, idempotencyKey: "k_0123456789abcdef" };

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
    expect(shippingSchema.safeParse({ ...valid, phone: "0123456789", zipCode: "12345", firstName: "A" }).success).toBe(true);
  });

  it("refuses a missing or malformed idempotency key", () => {
    expect(shippingSchema.safeParse({ ...valid, idempotencyKey: "short" }).success).toBe(false);
    expect(shippingSchema.safeParse({ ...valid, idempotencyKey: "<script>alert(1)</script>xxxxxxx" }).success).toBe(false);
  });
});
