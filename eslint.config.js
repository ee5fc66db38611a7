import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "node_modules/", "public/", "test-results/", "playwright-report/", "data/", "tests/.tmp/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{js,mjs,ts,tsx}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: { react: { version: "18" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      "react/prop-types": "off",
      "react/no-unescaped-entities": "off",
    },
  },
  {
    // Server and client code must not reach each other's private modules.
    files: ["app/components/**", "app/modules/**/!(*.server).ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["*.server", "*.server.*"], message: "Server-only module in shared code" }] },
      ],
    },
  },
  {
    // The app's foundations serve routes, modules and the backend, never the other way round.
    files: ["app/{http,forms,framework,site,toast}/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/backend/*", "~/modules/*", "~/routes/*", "~/components/*"],
              message: "Foundations import no app layer",
            },
          ],
        },
      ],
    },
  },
  {
    // The framework fence: Remix's private names (its UNSAFE_ exports, its __remix* globals) are used only in
    // app/framework, where internals.ts names the versions they were read from; tests and benchmarks read the page
    // through scripts/lib/framework-probe.mjs. An upgrade of Remix then has one folder to check.
    files: ["**/*.{js,mjs,ts,tsx}"],
    ignores: ["app/framework/**", "scripts/lib/framework-probe.mjs"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportSpecifier[imported.name=/^UNSAFE_/]",
          message: "Remix's UNSAFE_ exports belong in app/framework (the framework seam).",
        },
        {
          selector: "MemberExpression[property.name=/^__remix/]",
          message:
            "Remix's private globals belong in app/framework; tests read the page through scripts/lib/framework-probe.mjs.",
        },
      ],
    },
  },
);
