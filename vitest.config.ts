import tsconfigPaths from "vite-tsconfig-paths";
import { configDefaults, defineConfig } from "vitest/config";

// Four projects (docs/decisions/0030-test-projects.md). `npm test` runs unit and integration, the loop to run after
// every change; `npm run test:slow` runs backend and production, the suites that start databases and servers in
// other processes; `npm run validate` runs all four.
const project = (name: string, include: string[], exclude: string[] = []) => ({
  extends: true as const,
  test: { name, include, exclude: [...configDefaults.exclude, ...exclude] },
});

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    environment: "node",
    setupFiles: ["./tests/support/fail-on-console-error.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      // Pure modules, components and content, with their tests beside them.
      project("unit", ["app/**/*.test.{ts,tsx}"]),
      // Routes and modules called in this process on an in-memory database, a real SMTP server, the server's own parts.
      project("integration", ["tests/integration/**/*.test.ts"], ["tests/integration/{backend,production}/**"]),
      // The backend contract on every adapter: PGlite on disk, a throwaway PostgreSQL 15, the fake Supabase.
      project("backend", ["tests/integration/backend/**/*.test.ts"]),
      // The production build started as `node server.js` in other processes: crashes, restarts, shutdowns, hostile input.
      project("production", ["tests/integration/production/**/*.test.ts"]),
    ],
  },
});
