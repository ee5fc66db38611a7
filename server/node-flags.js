// V8 flags the shop needs on node's own command line: V8 reads them when it makes the heap, before any of server.js
// runs (v8.setFlagsFromString there changes nothing for these). `npm start` passes them, and so does the harness
// that starts the shop for tests and benchmarks (scripts/lib/shop-harness.mjs); start-up says when they are missing.
//
// --max-semi-space-size=4: V8 grows the young generation to two 16 MB halves during start-up and keeps them; 4 MB
// halves took ~30 MB off the shop's resident memory at rest and under load, at the same CPU per request
// (docs/performance.md, "Memory"; decision 0049).

/** The flags, as `node` takes them. */
export const SHOP_NODE_FLAGS = ["--max-semi-space-size=4"];

const flagName = (flag) => flag.split("=")[0].replaceAll("_", "-");

/**
 * The shop's flags this process was started without: a flag given with another value counts as given (a deployer's
 * choice). `given` defaults to node's own arguments and NODE_OPTIONS.
 */
export function missingNodeFlags(given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)]) {
  const names = new Set(given.filter(Boolean).map(flagName));
  return SHOP_NODE_FLAGS.filter((flag) => !names.has(flagName(flag)));
}
