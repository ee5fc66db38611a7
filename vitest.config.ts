import tsconfigPaths from "vite-tsconfig-paths";
import { configDefaults, defineConfig } from "vitest/config";

// Four projects (docs/decisions/0030-test-projects.md). `npm test` runs unit and integration, the loop to run after
// every change; `npm run test:slow` runs backend and production, the suites that start databases and servers in
// other processes; `npm run validate` runs all four.
const project = (name: string, include: string[], options: { exclude?: string[]; isolate?: boolean } = {}) => ({
  extends: true as const,
  test: { name, include, exclude: [...configDefaults.exclude, ...(options.exclude ?? [])], isolate: options.isolate },
});

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    environment: "node",
    setupFiles: ["./tests/support/fail-on-console-error.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      // Pure modules, components and content, with their tests beside them. They share one process (a third of the
      // CPU time of a process per file): such a test must not change the environment or a module's state for good.
      project("unit", ["app/**/*.test.{ts,tsx}"], { isolate: false }),
      // Routes and modules called in this process on an in-memory PGlite, with a real SMTP server; the server's own
      // parts. Nothing to install beyond npm. A process per file: modules read the environment once, and tests
      // install their own backend.
      project("integration", ["tests/integration/**/*.test.ts"], {
        exclude: ["tests/integration/{backend,production}/**"],
      }),
      // The backend contract on every adapter (PGlite on disk, a throwaway PostgreSQL 15, the fake Supabase) and the
      // mail outbox shared by several instances on PostgreSQL 15.
      project("backend", ["tests/integration/backend/**/*.test.ts"]),
      // The production build started as `node server.js` in other processes: crashes, restarts, shutdowns, hostile input.
      project("production", ["tests/integration/production/**/*.test.ts"]),
    ],
  },
});
