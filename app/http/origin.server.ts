/** The public origin of the site: SITE_URL when the app sits behind a proxy that rewrites hosts, else the request's. */
export function getOrigin(request: Request): string {
  return process.env.SITE_URL?.replace(/\/$/, "") ?? new URL(request.url).origin;
}

/** The origin links outside a request use (e-mails, the start-up log): SITE_URL, else this machine's port. */
export function configuredOrigin(siteUrl: string | undefined): string {
  return (siteUrl ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
}
