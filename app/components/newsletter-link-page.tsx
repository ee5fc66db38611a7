import {
  newsletterLinkCopy,
  newsletterLinks,
  type NewsletterLink,
  type NewsletterLinkOutcome,
} from "~/modules/newsletter/newsletter-links";
import { LinkButtonOutcome, LinkOutcome } from "./link-outcome";

/** An e-mailed newsletter link's page: its one button, then what it did (or that the link does not work). */
export function NewsletterLinkPage({
  link,
  token,
  outcome,
}: {
  link: NewsletterLink;
  token: string | null;
  outcome: NewsletterLinkOutcome | undefined;
}) {
  const { ask, path, button } = newsletterLinks[link];
  if (outcome) return <LinkOutcome {...newsletterLinkCopy[outcome]} />;
  if (!token) return <LinkOutcome {...newsletterLinkCopy.invalid} />;
  return <LinkButtonOutcome {...newsletterLinkCopy[ask]} action={path} token={token} label={button} />;
}
