import { parseWithZod } from "@conform-to/zod/v3";
import { describe, expect, test } from "vitest";

import { addressOf, sameAddress, savedAddressSchema } from "./address-schema";

const home = {
  firstName: "Ada",
  lastName: "Lovelace",
  phone: "3105550142",
  address: "1 Rodeo Drive",
  city: "Beverly Hills",
  state: "CA",
  zipCode: "90210",
  country: "United States",
};

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("savedAddressSchema", () => {
  test("takes the checkout's address fields, trimmed, with the checkout's messages", () => {
    const ok = parseWithZod(form({ ...home, city: "  Beverly Hills ", makeDefault: "on" }), {
      schema: savedAddressSchema,
    });
    expect(ok.status === "success" && ok.value).toEqual({ ...home, makeDefault: "on" });
    const refused = parseWithZod(form({ ...home, zipCode: "123", phone: "" }), { schema: savedAddressSchema });
    expect(refused.status).toBe("error");
    expect(refused.reply().error).toMatchObject({
      zipCode: ["Valid zip code is required"],
      phone: ["Valid phone number is required"],
    });
  });
});

describe("sameAddress", () => {
  test("compares the address fields as a shopper reads them: spaces at the ends aside, letter case kept", () => {
    expect(sameAddress(home, { ...home, city: " Beverly Hills " })).toBe(true);
    expect(sameAddress(home, { ...home, city: "beverly hills" })).toBe(false);
    // Fields other than the address (an e-mail, an id) do not count.
    const withEmail = { ...home, email: "a@example.com" };
    const withId = { ...home, id: "x" };
    expect(sameAddress(withEmail, withId)).toBe(true);
    expect(addressOf({ city: 3 })).toMatchObject({ city: "", address: "" });
  });
});
