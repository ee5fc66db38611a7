import { useServerDocument } from "~/framework/server-document";

const STYLESHEET_ID = "stylesheet";

/** The inline stylesheet as the browser received it, read once (the CSP hides the nonce from the attribute). */
let stylesheetInDocument: { css: string; nonce: string } | undefined;

/**
 * The whole stylesheet in a <style> in the head (production; the development server links the file instead), so
 * that the first paint needs the document alone (docs/decisions/0018). In the browser React keeps the server's
 * element as it is (hydration does not rewrite its text); were the document ever rendered afresh in the browser,
 * the new element takes the text and nonce of the one it replaces, so the page never loses its styles.
 */
export function InlineStylesheet() {
  const server = useServerDocument();
  let { stylesheet: css, nonce } = server;
  if (typeof document !== "undefined") {
    const element = document.getElementById(STYLESHEET_ID);
    stylesheetInDocument ??= { css: element?.textContent ?? "", nonce: element?.nonce ?? "" };
    ({ css, nonce } = stylesheetInDocument);
  }
  if (!css) return null;
  return <style id={STYLESHEET_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />;
}

/**
 * In place of Remix's `<Scripts>`: the script that hands the server's context to the browser and starts the
 * framework on the shopper's intent (framework/script.server.ts). Its text exists only in the server's document;
 * the browser keeps it as it is.
 */
export function FrameworkScript() {
  const { nonce, frameworkScript } = useServerDocument();
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: frameworkScript || " " }} />;
}
