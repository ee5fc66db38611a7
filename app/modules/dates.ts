const longDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** "March 12, 2024". UTC so that the server's and the browser's renderings agree. */
export function formatLongDate(iso: string | Date): string {
  return longDate.format(typeof iso === "string" ? new Date(iso) : iso);
}
