/** The public origin of the site: SITE_URL when the app sits behind a proxy that rewrites hosts, else the request's. */
export function getOrigin(request: Request): string {
  return process.env.SITE_URL?.replace(/\/$/, "") ?? new URL(request.url).origin;
}
