import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const CLOSING_TAGS = ["</body>", "</html>"] as const;

/** The longest end of `text` that begins one of the closing tags: it may be completed by the next chunk. */
function partialTagAtEnd(text: string) {
  for (let length = Math.min(text.length, 6); length > 0; length--) {
    const tail = text.slice(-length);
    if (CLOSING_TAGS.some((tag) => tag.startsWith(tail))) return length;
  }
  return 0;
}

/**
 * Holds the document's `</body></html>` back until the stream ends. React 18 writes them at the end of the shell,
 * and Remix's single-fetch data scripts (and any late Suspense content) stream after it: after `</html>`, which the
 * HTML standard does not allow there ("Stray start tag script"). Browsers recover from that; the document should
 * not need them to. Every other byte passes through as it comes, so the shell still reaches the browser at once.
 * React escapes `<` in text and attributes, and the data scripts escape `</`: a literal closing tag in the stream is
 * always the document's own.
 */
export function holdDocumentEnd() {
  const decoder = new StringDecoder("utf8");
  let carried = "";
  let closed = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let text = carried + decoder.write(chunk);
      for (const tag of CLOSING_TAGS) {
        if (text.includes(tag)) {
          closed = true;
          text = text.replaceAll(tag, "");
        }
      }
      const held = partialTagAtEnd(text);
      carried = text.slice(text.length - held);
      const ready = text.slice(0, text.length - held);
      done(null, ready.length > 0 ? Buffer.from(ready, "utf8") : undefined);
    },
    flush(done) {
      const rest = carried + decoder.end() + (closed ? CLOSING_TAGS.join("") : "");
      done(null, rest.length > 0 ? Buffer.from(rest, "utf8") : undefined);
    },
  });
}
