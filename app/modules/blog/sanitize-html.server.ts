import { execFile } from "node:child_process";
import { createRequire } from "node:module";

/**
 * DOMPurify needs a DOM, and on the server isomorphic-dompurify brings jsdom: over 100 MB resident that the shop
 * would carry for good after sanitising a few articles once. So the sanitising runs in a short-lived child
 * process; the shop's own memory never holds jsdom (a worker thread was tried: its freed heap stayed resident,
 * ~30 MB). See docs/decisions/0010-server-memory.md.
 */
const sanitiserSource = `
const DOMPurify = require(process.argv[1]);
let input = "";
process.stdin.setEncoding("utf8").on("data", (chunk) => (input += chunk)).on("end", () => {
  const { htmls, config } = JSON.parse(input);
  process.stdout.write(JSON.stringify(htmls.map((html) => DOMPurify.sanitize(html, config))));
});
`;

/** HTML with anything executable removed (scripts, event handlers, javascript: URLs, iframes). */
export function sanitizeHtml(htmls: readonly string[]): Promise<string[]> {
  const dompurifyPath = createRequire(import.meta.url).resolve("isomorphic-dompurify");
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ["-e", sanitiserSource, dompurifyPath],
      { maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`The HTML sanitiser failed: ${stderr.trim() || error.message}`));
        resolve(JSON.parse(stdout) as string[]);
      },
    );
    child.stdin?.end(JSON.stringify({ htmls, config: { USE_PROFILES: { html: true } } }));
  });
}
