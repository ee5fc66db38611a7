import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The size limits of issue 37, checked on every file git tracks: no file under app/ over 400 lines (the typed static
// data in app/content aside), and no function in app/routes or app/backend over 120 lines (counted from its first line
// to its last, nested functions included).
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 120;

/**
 * Files over the limit when the check was written, each being split by its own change of issue 37. An entry that fits
 * the limit again fails the test until it is taken off, so the list only shrinks.
 */
const filesBeingSplit = new Set<string>([]);

/** Route components over the limit when the check was written ("file name"), likewise being split. */
const functionsBeingSplit = new Set<string>([]);

const trackedFiles = execFileSync("git", ["ls-files", "app"], { encoding: "utf8" }).split("\n").filter(Boolean);
const sourceFiles = trackedFiles.filter((file) => /\.(ts|tsx)$/.test(file));
const lineCount = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

interface LongFunction {
  /** "file name", as functionsBeingSplit lists it. */
  id: string;
  at: string;
  lines: number;
}

/** Every function-like node of `file` longer than `max` lines. */
function longFunctions(file: string, max: number): LongFunction[] {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) found.push({ id: `${file} ${functionName(node)}`, at: `${file}:${first + 1}`, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function functionName(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return "(anonymous)";
}

describe("code size", () => {
  it(`keeps every file under app/ (content aside) within ${MAX_FILE_LINES} lines`, () => {
    const tooLong = trackedFiles
      .filter((file) => !file.startsWith("app/content/") && /\.(ts|tsx|js|css)$/.test(file))
      .map((file) => ({ file, lines: lineCount(readFileSync(file, "utf8")) }))
      .filter(({ lines }) => lines > MAX_FILE_LINES);
    expect(tooLong.filter(({ file }) => !filesBeingSplit.has(file))).toEqual([]);
    const fitAgain = [...filesBeingSplit].filter((file) => !tooLong.some((long) => long.file === file));
    expect(fitAgain, "within the limit now: take them off filesBeingSplit").toEqual([]);
  });

  it(`keeps every function in app/routes and app/backend within ${MAX_FUNCTION_LINES} lines`, () => {
    const checked = sourceFiles.filter((file) => /^app\/(routes|backend)\//.test(file));
    expect(checked.length).toBeGreaterThan(50);
    const tooLong = checked.flatMap((file) => longFunctions(file, MAX_FUNCTION_LINES));
    expect(tooLong.filter(({ id }) => !functionsBeingSplit.has(id))).toEqual([]);
    const fitAgain = [...functionsBeingSplit].filter((id) => !tooLong.some((long) => long.id === id));
    expect(fitAgain, "within the limit now: take them off functionsBeingSplit").toEqual([]);
  });
});
