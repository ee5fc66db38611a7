import { describe, expect, it } from "vitest";

import { splitFullName } from "~/modules/account/full-name";

describe("splitFullName", () => {
  it("takes the first word as the first name and the rest as the last name", () => {
    expect(splitFullName("Ada Lovelace")).toEqual({ firstName: "Ada", lastName: "Lovelace" });
    expect(splitFullName("Vincent van Gogh")).toEqual({ firstName: "Vincent", lastName: "van Gogh" });
    expect(splitFullName("Gabriel García Márquez")).toEqual({ firstName: "Gabriel", lastName: "García Márquez" });
  });

  it("collapses stray spaces and keeps a single word as the first name", () => {
    expect(splitFullName("  Cher  ")).toEqual({ firstName: "Cher", lastName: "" });
    expect(splitFullName(" Mary \t Jane   Watson ")).toEqual({ firstName: "Mary", lastName: "Jane Watson" });
  });

  it("gives empty names when there is no name", () => {
    expect(splitFullName(null)).toEqual({ firstName: "", lastName: "" });
    expect(splitFullName(undefined)).toEqual({ firstName: "", lastName: "" });
    expect(splitFullName("   ")).toEqual({ firstName: "", lastName: "" });
  });
});
