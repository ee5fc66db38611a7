/**
 * A profile's one "full name" as checkout's first and last name: the first word is the first name, the rest
 * the last name, which keeps family names of several words whole ("Vincent van Gogh", "Gabriel García
 * Márquez"). A guess the shopper can correct on the form; a single word is a first name only.
 */
export function splitFullName(fullName: string | null | undefined): { firstName: string; lastName: string } {
  const words = (fullName ?? "").trim().split(/\s+/u).filter(Boolean);
  const [firstName = "", ...rest] = words;
  return { firstName, lastName: rest.join(" ") };
}
