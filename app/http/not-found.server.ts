/** The shop's ordinary 404, thrown by a loader or action; the log line names the path (never its query). */
export function notFoundResponse(request: Request): Response {
  console.warn(`404: no page at ${new URL(request.url).pathname}`);
  return new Response("Not Found", { status: 404 });
}
