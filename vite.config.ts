import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ mode }) => ({
  build: {
    // Small inline assets would need a CSP exception for data: URLs in scripts; keep them as files.
    assetsInlineLimit: 0,
  },
  plugins: [
    tailwindcss(),
    // Vitest runs in mode "test" and needs no Remix plugin; a build started from a test (mode "production")
    // still does, even though it inherits VITEST from its parent.
    mode !== "test" &&
      remix({
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
  ],
}));
