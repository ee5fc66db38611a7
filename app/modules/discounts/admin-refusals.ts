import type { BackendError } from "~/backend/errors";

/**
 * What the back office's discount forms say when the database refused a save (`what`: "this code", "the welcome
 * offer"), with the status to answer: someone saved it meanwhile (409, what was typed kept, to save over knowingly), the
 * database out of reach (503), or its own words (400).
 */
export function saveRefusal(error: BackendError, what: string): { status: number; message: string } {
  if (error.code === "product_changed") {
    return {
      status: 409,
      message: `Someone saved ${what} meanwhile, so yours was not saved. What you typed is kept: save again to replace theirs.`,
    };
  }
  if (error.code === "unavailable") {
    return {
      status: 503,
      message: "The shop's database is not reachable right now, so nothing was changed. Please try again.",
    };
  }
  return { status: 400, message: error.message };
}
