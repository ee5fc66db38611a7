// One formatter for the tree; `npm run lint` checks it, `npm run format` applies it.
/** @type {import("prettier").Config} */
export default {
  printWidth: 120,
  plugins: ["@ianvs/prettier-plugin-sort-imports", "prettier-plugin-tailwindcss"],
  importOrder: ["<BUILTIN_MODULES>", "<THIRD_PARTY_MODULES>", "", "^~/", "^[./]"],
  importOrderTypeScriptVersion: "5.0.0",
  tailwindConfig: "./tailwind.config.ts",
  tailwindFunctions: ["clsx", "cn"],
};
