// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import path from "node:path";
import { getZodConstraint } from "@conform-to/zod/v3";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";
import { z } from "zod";

import { FormEngine, type FormEngineProps } from "~/forms/form-engine";
import { plainFormState } from "~/forms/zod-form";
import { handOffToBrowser, remixGlobals, VERIFIED_VERSIONS } from "~/framework/internals";
import { startFrameworkOnIntent } from "~/framework/loader";

// Tripwires for internals.ts: each reads what the installed packages do, so that an upgrade that changes
// one of the internals the shop relies on fails here, naming it, rather than in a shopper's browser.

const installed = (name: string, file = "package.json") =>
  readFileSync(path.join(process.cwd(), "node_modules", name, file), "utf8");
const remixBrowser = installed("@remix-run/react", "dist/browser.js");
const remixSingleFetch = installed("@remix-run/react", "dist/single-fetch.js");

describe("the framework internals the shop relies on", () => {
  it.each(Object.entries(VERIFIED_VERSIONS))("were read from %s %s, the installed version", (name, version) => {
    expect((JSON.parse(installed(name)) as { version: string }).version).toBe(version);
  });

  it("Remix's client entry starts from the globals the root's script writes, and writes its router", () => {
    for (const name of [remixGlobals.context, remixGlobals.manifest, remixGlobals.routeModules])
      expect(remixBrowser).toContain(`window.${name}`);
    expect(remixBrowser).toContain(`window.${remixGlobals.router} = router`);
    // The loader sets the route modules itself before it imports the entry.
    expect(startFrameworkOnIntent.toString()).toContain(`window.${remixGlobals.routeModules} = `);
  });

  it("the streamed loader data is written into the stream the hand-off opens, and decoded from it", () => {
    const handOff = handOffToBrowser("{}", "{}").join("\n");
    expect(remixSingleFetch).toContain(`window.${remixGlobals.context}.streamController.enqueue(`);
    expect(handOff).toContain(`window.${remixGlobals.context}.streamController = controller`);
    expect(remixBrowser).toContain(`let stream = window.${remixGlobals.context}.stream;`);
    expect(handOff).toContain(`window.${remixGlobals.context}.stream = new ReadableStream(`);
  });

  it("the server streams the loader data only when renderMeta.didRenderScripts says the scripts were rendered", () => {
    expect(remixSingleFetch).toContain("!context.renderMeta.didRenderScripts");
  });

  it("RemixBrowser's first render throws the pending decoding of the loader data", () => {
    expect(remixBrowser).toContain("throw stateDecodingPromise;");
  });

  it("the router patch is for the installed router", () => {
    const patch = path.join(
      process.cwd(),
      "patches",
      `@remix-run+router+${VERIFIED_VERSIONS["@remix-run/router"]}.patch`,
    );
    expect(readFileSync(patch, "utf8")).toContain("rankedBranches");
    expect(installed("@remix-run/router", "dist/router.cjs.js")).toContain("function rankedBranches(routes)");
  });

  it("the form the page shows before conform loads is the one conform's useForm starts from", async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const schema = z.object({ email: z.string().email().max(100), name: z.string().min(2).optional() });
    const constraint = getZodConstraint(schema);
    const lastResult = {
      status: "error" as const,
      initialValue: { email: "not-an-address", name: "A" },
      error: { email: ["Please enter a valid email"] },
    };
    const published: Parameters<FormEngineProps<typeof schema>["publish"]>[0][] = [];
    const root = createRoot(document.body.appendChild(document.createElement("div")));
    await act(async () =>
      root.render(
        <FormEngine
          id="signup"
          schema={schema}
          constraint={constraint}
          lastResult={lastResult}
          defaultValue={{}}
          publish={(state) => void published.push(state)}
        />,
      ),
    );
    const [conformForm, conformFields] = published.at(-1)!;
    const [plainForm, plainFields] = plainFormState<typeof schema>("signup", constraint, lastResult, {});
    const shape = (metadata: Record<string, unknown>) =>
      Object.fromEntries(
        [
          "id",
          "name",
          "formId",
          "errorId",
          "descriptionId",
          "errors",
          "valid",
          "initialValue",
          "required",
          "maxLength",
          "minLength",
          "pattern",
        ].map((key) => [key, metadata[key]]),
      );
    expect(shape(plainForm as unknown as Record<string, unknown>)).toEqual(
      shape(conformForm as unknown as Record<string, unknown>),
    );
    for (const name of ["email", "name"] as const) {
      expect(shape(plainFields[name] as unknown as Record<string, unknown>)).toEqual(
        shape(conformFields[name] as unknown as Record<string, unknown>),
      );
    }
    expect(plainFields.email.errors).toEqual(["Please enter a valid email"]);
    await act(async () => root.unmount());
  });
});
