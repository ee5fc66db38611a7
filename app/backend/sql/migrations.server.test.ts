import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

import { authStandIn, listMigrations } from "./migrations.server";

describe("migrations", () => {
  test("are the files in supabase/migrations, in timestamp order", () => {
    const files = fs
      .readdirSync(path.resolve("supabase/migrations"))
      .filter((file) => file.endsWith(".sql"))
      .sort();
    expect(listMigrations().map((migration) => migration.file)).toEqual(files);
    expect(files.length).toBeGreaterThan(0);
  });

  test("rely only on what Supabase's auth schema provides (auth.users and auth.uid())", () => {
    for (const migration of listMigrations()) {
      const referenced = new Set([...migration.sql.matchAll(/\bauth\.(\w+)/g)].map((match) => match[1]));
      for (const name of referenced) expect(["users", "uid"], `${migration.file} uses auth.${name}`).toContain(name);
      // Trigger functions on auth.users may read only the columns Supabase's auth.users has.
      const onUsers = [...migration.sql.matchAll(/on auth\.users[^;]*execute function public\.(\w+)/g)].map(
        (match) => match[1],
      );
      for (const fn of onUsers) {
        const body = new RegExp(
          `create (?:or replace )?function public\\.${fn}\\(\\)[\\s\\S]*?\\$\\$([\\s\\S]*?)\\$\\$`,
        ).exec(migration.sql)?.[1];
        expect(body, `${migration.file}: the body of ${fn}`).toBeDefined();
        for (const [, column] of body!.matchAll(/\b(?:new|old)\.(\w+)/g)) {
          expect(
            // email_confirmed_at: when GoTrue (or the app's e-mailed link) confirmed the address (decision 0044).
            ["id", "email", "email_confirmed_at", "raw_user_meta_data", "created_at", "updated_at"],
            `${migration.file}: ${fn}`,
          ).toContain(column);
        }
      }
      expect(migration.sql).not.toMatch(/create (schema|role)|auth\.sessions|encrypted_password/i);
    }
  });

  test("the auth stand-in lives outside the migrations", () => {
    expect(authStandIn).toMatch(/create table if not exists auth\.users/);
    for (const migration of listMigrations())
      expect(migration.sql).not.toContain("create table if not exists auth.users");
  });
});
