import { describe, expect, test } from "vitest";

import { BackendConfigError, resolveBackendConfig } from "./config.server";

const base = { DATA_DIR: "./data", DATABASE_POOL_SIZE: 10 };

describe("resolveBackendConfig", () => {
  test("nothing set: the embedded database in DATA_DIR", () => {
    expect(resolveBackendConfig(base)).toEqual({ kind: "embedded", dataDir: "./data" });
    expect(resolveBackendConfig({ ...base, DATA_DIR: "/var/lib/shop" })).toEqual({
      kind: "embedded",
      dataDir: "/var/lib/shop",
    });
  });

  test("DATABASE_URL alone: postgres", () => {
    expect(resolveBackendConfig({ ...base, DATABASE_URL: "postgres://shop:pw@db:5432/shop" })).toEqual({
      kind: "postgres",
      databaseUrl: "postgres://shop:pw@db:5432/shop",
      poolSize: 10,
    });
  });

  test("both Supabase variables: supabase, with the URL normalised to its origin", () => {
    expect(
      resolveBackendConfig({ ...base, SUPABASE_URL: "https://abc.supabase.co/", SUPABASE_ANON_KEY: "key" }),
    ).toEqual({
      kind: "supabase",
      url: "https://abc.supabase.co",
      anonKey: "key",
    });
  });

  test("BACKEND chooses explicitly, even with other variables around", () => {
    expect(resolveBackendConfig({ ...base, BACKEND: "embedded", DATABASE_URL: "postgres://db/shop" })).toMatchObject({
      kind: "embedded",
    });
    expect(
      resolveBackendConfig({
        ...base,
        BACKEND: "supabase",
        DATABASE_URL: "postgres://db/shop",
        SUPABASE_URL: "https://abc.supabase.co",
        SUPABASE_ANON_KEY: "key",
      }),
    ).toMatchObject({ kind: "supabase" });
  });

  test.each([
    [{ SUPABASE_URL: "https://abc.supabase.co" }, /SUPABASE_ANON_KEY is not set/],
    [{ SUPABASE_ANON_KEY: "key" }, /SUPABASE_URL is not set/],
    [{ BACKEND: "supabase" as const }, /SUPABASE_URL and SUPABASE_ANON_KEY are not set/],
    [{ BACKEND: "postgres" as const }, /BACKEND=postgres needs DATABASE_URL/],
    [
      { DATABASE_URL: "postgres://db/shop", SUPABASE_URL: "https://abc.supabase.co" },
      /choose one with BACKEND=postgres or BACKEND=supabase/,
    ],
    [{ DATABASE_URL: "not a url" }, /DATABASE_URL is not a valid URL/],
    [{ DATABASE_URL: "mysql://db/shop" }, /must start with postgres:\/\//],
    [{ SUPABASE_URL: "abc.supabase.co", SUPABASE_ANON_KEY: "key" }, /SUPABASE_URL is not a valid URL/],
    [{ SUPABASE_URL: "ftp://abc.supabase.co", SUPABASE_ANON_KEY: "key" }, /http\(s\) URL/],
    [{ SUPABASE_URL: "https://abc.supabase.co/rest/v1", SUPABASE_ANON_KEY: "key" }, /without a path/],
  ])("misconfiguration %o stops with a message that says what to set", (env, message) => {
    expect(() => resolveBackendConfig({ ...base, ...env })).toThrow(BackendConfigError);
    expect(() => resolveBackendConfig({ ...base, ...env })).toThrow(message);
  });
});
