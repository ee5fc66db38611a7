import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";

import { shopMailDir } from "../servers";

// The e-mails the e2e shop wrote (no SMTP_URL: one .eml file per message in DATA_DIR/mail), read with mailparser.

export interface ShopMail {
  parsed: ParsedMail;
  /** The http links of the plain-text part, in order. */
  links: string[];
}

/**
 * Each message parsed once per worker, by file name: the shop writes a message aside and renames it into place
 * (app/modules/mail/transport.server.ts), so a listed file is whole and never changes. Without this every poll
 * parsed every message of the run so far, a few hundred by its end.
 */
const parsedFiles = new Map<string, Promise<ShopMail>>();

async function readAll(): Promise<ShopMail[]> {
  if (!fs.existsSync(shopMailDir)) return [];
  const files = fs
    .readdirSync(shopMailDir)
    .filter((file) => file.endsWith(".eml"))
    .sort();
  return Promise.all(
    files.map((file) => {
      let mail = parsedFiles.get(file);
      if (!mail) {
        mail = simpleParser(fs.readFileSync(path.join(shopMailDir, file))).then((parsed) => ({
          parsed,
          links: [...(parsed.text ?? "").matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]),
        }));
        parsedFiles.set(file, mail);
      }
      return mail;
    }),
  );
}

const recipientsOf = (mail: ShopMail) =>
  [mail.parsed.to ?? []].flat().flatMap((to) => to.value.map((address) => address.address?.toLowerCase() ?? ""));

/** Waits for the `nth` (1-based) message to `email` whose subject matches, and returns it. */
export async function waitForMail(email: string, subject: RegExp, nth = 1): Promise<ShopMail> {
  let found: ShopMail | undefined;
  await expect
    .poll(
      async () => {
        const matching = (await readAll()).filter(
          (mail) => recipientsOf(mail).includes(email.toLowerCase()) && subject.test(mail.parsed.subject ?? ""),
        );
        found = matching[nth - 1];
        return matching.length;
      },
      // The outbox writes each message after its transaction, on its own turn: on a loaded two-core machine a
      // sign-up's confirmation has taken over 15 s to appear (written, but after the wait had given up).
      { message: `e-mail ${subject} to ${email}`, timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(nth);
  return found!;
}

/** How many messages to `email` were written so far. */
export async function countMail(email: string, subject: RegExp): Promise<number> {
  return (await readAll()).filter(
    (mail) => recipientsOf(mail).includes(email.toLowerCase()) && subject.test(mail.parsed.subject ?? ""),
  ).length;
}

/** The first link of a message that starts with `prefix` (a path on the shop, e.g. "/auth/callback"). */
export function linkIn(mail: ShopMail, prefix: string): string {
  const link = mail.links.find((candidate) => new URL(candidate).pathname.startsWith(prefix));
  if (!link) throw new Error(`No ${prefix} link in "${mail.parsed.subject}": ${mail.links.join(", ")}`);
  return link;
}
