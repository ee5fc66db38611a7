import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The lint rule that keeps Remix's private names inside app/framework (eslint.config.js), run on code as it would
// be written in each place.
const eslint = new ESLint();

async function fenceMessages(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === "no-restricted-syntax").map((m) => m.message);
}

const unsafeImport = `import { UNSAFE_useScrollRestoration } from "react-router-dom";\nexport const hook = UNSAFE_useScrollRestoration;\n`;
const routerGlobal = `export const ready = () => Boolean((window as unknown as { __remixRouter?: object }).__remixRouter);\n`;

describe("the framework fence", () => {
  it("refuses an UNSAFE_ import in app/components, and in a route", async () => {
    expect(await fenceMessages("app/components/fence-probe.tsx", unsafeImport)).toEqual([
      expect.stringContaining("app/framework"),
    ]);
    expect(await fenceMessages("app/routes/fence-probe.tsx", unsafeImport)).toHaveLength(1);
  });

  it("refuses the router's private global in a test or a benchmark", async () => {
    expect(await fenceMessages("tests/e2e/fence-probe.spec.ts", routerGlobal)).toEqual([
      expect.stringContaining("framework-probe"),
    ]);
    expect(
      await fenceMessages("scripts/bench/fence-probe.mjs", "export const r = () => window.__remixRouter;\n"),
    ).toHaveLength(1);
  });

  it("allows both inside app/framework and in the one probe", async () => {
    expect(await fenceMessages("app/framework/fence-probe.tsx", unsafeImport)).toEqual([]);
    expect(
      await fenceMessages("scripts/lib/framework-probe.mjs", "export const r = () => window.__remixRouter;\n"),
    ).toEqual([]);
  });
});
