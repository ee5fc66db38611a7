import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { constants as zlib } from "node:zlib";
import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ mode, isSsrBuild }) => ({
  build: {
    // Small inline assets would need a CSP exception for data: URLs in scripts; keep them as files.
    assetsInlineLimit: 0,
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: shellChunk() } },
    // Terser with two compression passes: the shell chunk is ~4 KB gzip smaller than with esbuild's minifier, which
    // takes the listing and product pages under the 100 KB budget (docs/performance.md, item 21). Slower builds.
    ...(isSsrBuild ? {} : { minify: "terser" as const, terserOptions: { module: true, compress: { passes: 2 } } }),
  },
  plugins: [
    tailwindcss(),
    // Vitest runs in mode "test" and needs no Remix plugin; a build started from a test (mode "production")
    // still does, even though it inherits VITEST from its parent.
    mode !== "test" &&
      remix({
        // Where server.js reads it too (BUILD_DIR, default build/); the test harness builds into tests/.tmp/builds.
        buildDirectory: process.env.BUILD_DIR || "build",
        ignoredRouteFiles: ["**/*"],
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_singleFetch: true,
          v3_lazyRouteDiscovery: true,
          v3_routeConfig: true,
        },
      }),
    tsconfigPaths(),
    mode !== "test" && isSsrBuild && databaseImage(),
    // Scripts and stylesheets compressed once, at the highest levels, next to each file; server.js sends the one
    // the browser accepts. Brotli at level 11 is ~13% smaller than gzip on the shell chunk, too slow to run per
    // request (docs/performance.md, item 18).
    mode !== "test" &&
      !isSsrBuild &&
      compression({
        include: /\.(js|css)$/,
        algorithms: [
          defineAlgorithm("brotliCompress", { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
          defineAlgorithm("gzip", { level: 9 }),
        ],
      }),
  ],
}));

/**
 * Ships a migrated embedded database beside the server build (`build/server/database-image.tar.gz`, the name
 * server.js looks for): a new DATA_DIR starts from it instead of running initdb, which peaks at ~750 MB inside
 * the shop's process (decision 0022). The server build gets one more entry, `database-image.js` (the app's own
 * migration code, built like the rest), which a child process runs once the build is written: the image holds
 * exactly this build's migrations, and initdb's memory is released when the child exits. The image is kept in
 * node_modules/.cache between builds with the same SQL and PGlite.
 */
function databaseImage(): Plugin {
  let root = "";
  let outDir = "";
  return {
    name: "luxe-strands:database-image",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir;
    },
    buildStart() {
      this.emitFile({
        type: "chunk",
        id: path.join(root, "app/backend/sql/database-image.server.ts"),
        fileName: "database-image.js",
      });
    },
    async writeBundle() {
      const script = `const { writeDatabaseImage } = await import(process.argv[1]);
await writeDatabaseImage(process.argv[2], { cacheDir: process.argv[3] });`;
      await promisify(execFile)(process.execPath, [
        "--input-type=module",
        "-e",
        script,
        pathToFileURL(path.join(outDir, "database-image.js")).href,
        path.join(outDir, "database-image.tar.gz"),
        path.join(root, "node_modules/.cache/luxe-strands"),
      ]);
    },
  };
}

/**
 * Every page loads the client entry, the root route and what they import statically; left alone, Rollup splits
 * that into ~20 files (one per shared module), and each costs a request and its headers on a slow network.
 * This puts all of it in one "shell" chunk. Route modules and what only they import keep their own chunks, so no
 * page loads more code than before (docs/performance.md, item 1).
 *
 * The shop window's pages (home, listing, product) share a "storefront" chunk for what their route modules import
 * besides the shell (cards, badges, breadcrumbs, pagination...): otherwise the listing starts ten requests at
 * once, more than the six connections a browser opens to one HTTP/1.1 host, and an Add to Cart tapped while they
 * load waits for a free connection (docs/performance.md, bench:interactions).
 */
function shellChunk(): Rollup.GetManualChunk {
  let chunkOf: Map<string, string> | undefined;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!chunkOf) {
      chunkOf = new Map();
      const assigned = chunkOf;
      const entries = new Set([...getModuleIds()].filter((moduleId) => getModuleInfo(moduleId)?.isEntry));
      /** `roots` and every module they import statically, stopping at those `skip` names. */
      const reachable = (roots: string[], skip: (moduleId: string) => boolean) => {
        const seen = new Set<string>();
        const pending = [...roots];
        while (pending.length > 0) {
          const moduleId = pending.pop() as string;
          if (seen.has(moduleId) || skip(moduleId)) continue;
          seen.add(moduleId);
          pending.push(...(getModuleInfo(moduleId)?.importedIds ?? []));
        }
        return seen;
      };
      const shellRoots = [...[...entries].filter(isShellEntry), ...usedByEveryPage];
      for (const moduleId of reachable(shellRoots, () => false)) assigned.set(moduleId, "shell");
      // How many storefront routes import each module (each virtual route entry imports the route's own file).
      const importers = new Map<string, number>();
      for (const route of storefrontRoutes) {
        for (const moduleId of reachable([route], (other) => assigned.has(other) || entries.has(other)))
          importers.set(moduleId, (importers.get(moduleId) ?? 0) + 1);
      }
      // Shared by two of them: the storefront chunk. Only the app's own modules: a package's module may be imported
      // but tree-shaken away from these pages, and would then load on them for nothing.
      for (const [moduleId, count] of importers) {
        if (count > 1 && moduleId.startsWith(appDir) && !storefrontRoutes.includes(moduleId))
          assigned.set(moduleId, "storefront");
      }
    }
    return chunkOf.get(id);
  };
}

const appDir = projectFile("app") + path.sep;
const storefrontRoutes = [
  "app/routes/home.tsx",
  "app/routes/catalog/listing.tsx",
  "app/routes/catalog/product.tsx",
].map(projectFile);

/**
 * Modules that nearly every page imports without the root doing so: in the shell they cost no request of their own
 * (each ~0.35 KB of headers and a round trip on a slow network).
 */
const usedByEveryPage = ["app/components/responsive-image.tsx", "app/site/seo.ts"].map(projectFile);

/** The absolute path of a file of the project, which must exist: a file that has moved fails the build here. */
function projectFile(file: string): string {
  const absolute = fileURLToPath(new URL(file, import.meta.url));
  if (!existsSync(absolute)) throw new Error(`vite.config.ts names ${file}, which does not exist`);
  return absolute;
}

/** The client entry (Remix's own unless app/entry.client.tsx exists) and the root route. */
function isShellEntry(moduleId: string): boolean {
  return /[/\\]app[/\\]root\.tsx(\?|$)/.test(moduleId) || /entry\.client\.[jt]sx?$/.test(moduleId);
}
