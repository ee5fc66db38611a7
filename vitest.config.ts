import tsconfigPaths from "vite-tsconfig-paths";
import { configDefaults, defineConfig } from "vitest/config";

// Five projects (docs/decisions/0030-test-projects.md). `npm test` runs unit and the two integration ones, the loop
// to run after every change; `npm run test:slow` runs backend and production, the suites that start databases and
// servers in other processes; `npm run validate` runs all five.
//
// Worker processes are reused from file to file (vitest decides that for the whole run, from the root's pool
// options): `isolate` per project only says whether a file gets a fresh copy of the app's modules. `test:slow` and
// validate run backend and production with `--isolate`, a process per file as before.
const project = (name: string, include: string[], options: { exclude?: string[]; isolate: boolean }) => ({
  extends: true as const,
  test: {
    name,
    include,
    exclude: [...configDefaults.exclude, ...(options.exclude ?? [])],
    poolOptions: { forks: { isolate: options.isolate } },
  },
});

/** Integration files that set the environment before importing the app (see the "integration-env" project). */
const setsEnvironmentFirst = [
  "tests/integration/account/google.test.ts",
  "tests/integration/catalog/catalog-fixture.test.ts",
  "tests/integration/catalog/shop-pagination.test.ts",
];

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    environment: "node",
    setupFiles: ["./tests/support/fail-on-console-error.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    poolOptions: { forks: { isolate: false } },
    projects: [
      // Pure modules, components and content, with their tests beside them. They share one process (a third of the
      // CPU time of a process per file): such a test must not change the environment or a module's state for good.
      project("unit", ["app/**/*.test.{ts,tsx}"], { isolate: false }),
      // Routes and modules called in this process on PGlite, with a real SMTP server; the server's own parts.
      // Nothing to install beyond npm. The files share a process per worker, as the unit tests do (half the time of
      // a process per file): each installs its own backend and database and uninstalls them after its tests.
      project("integration", ["tests/integration/**/*.test.ts"], {
        exclude: ["tests/integration/{backend,production}/**", ...setsEnvironmentFirst],
        isolate: false,
      }),
      // Files that set the environment before the app's modules read it (once, at import): fresh modules each.
      project("integration-env", setsEnvironmentFirst, { isolate: true }),
      // The backend contract on every adapter (PGlite on disk, a throwaway PostgreSQL 15, the fake Supabase) and the
      // mail outbox shared by several instances on PostgreSQL 15.
      project("backend", ["tests/integration/backend/**/*.test.ts"], { isolate: true }),
      // The production build started as `node server.js` in other processes: crashes, restarts, shutdowns, hostile input.
      project("production", ["tests/integration/production/**/*.test.ts"], { isolate: true }),
    ],
  },
});
