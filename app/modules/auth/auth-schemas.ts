import { z } from "zod";

import { PROFILE_NAME_MAX_LENGTH } from "~/backend/constants";
import { refusingControlCharacters } from "~/forms/form-text";

// One schema per form, used by conform on both sides (STYLE.md habit 3), each refusing control characters in its
// fields (form-text.ts). Each is marked pure so that a page's own code leaves zod out: the browser loads the schema
// on demand (useZodForm). The spec sets no password strength rules (section 5): the backend's own rule and message
// apply, shown as they are.

export const authModes = ["signin", "signup"] as const;
export type AuthMode = (typeof authModes)[number];

/** `?mode=signup` opens the Sign Up side; anything else is Sign In. */
export function parseAuthMode(value: string | null | undefined): AuthMode {
  return value === "signup" ? "signup" : "signin";
}

const EmailSchema = /* @__PURE__ */ z
  .string({ required_error: "Email is required" })
  .trim()
  .max(320, "Email is too long")
  .email("Please enter a valid email address");

const PasswordSchema = /* @__PURE__ */ z
  .string({ required_error: "Password is required" })
  .max(1024, "Password is too long");

export const AuthFormSchema = /* @__PURE__ */ refusingControlCharacters(
  z.object({
    intent: z.enum(authModes),
    email: EmailSchema,
    password: PasswordSchema,
    redirectTo: z.string().optional(),
  }),
);

export const ForgotPasswordSchema = /* @__PURE__ */ refusingControlCharacters(
  z.object({
    email: EmailSchema,
  }),
);

/** A new password, typed twice. */
const newPasswordShape = {
  password: PasswordSchema,
  confirmPassword: /* @__PURE__ */ z.string({ required_error: "Please repeat the new password" }),
};

const passwordsMatch = (value: { password: string; confirmPassword: string }) =>
  value.password === value.confirmPassword;
const passwordsDiffer = { message: "Passwords do not match", path: ["confirmPassword"] };

export const ResetPasswordSchema = /* @__PURE__ */ refusingControlCharacters(
  z.object(newPasswordShape).refine(passwordsMatch, passwordsDiffer),
);

export const ProfileFormSchema = /* @__PURE__ */ refusingControlCharacters(
  z.object({
    // conform turns an empty input into undefined: a blank name clears it (the profile then shows the address).
    fullName: z
      .string()
      .trim()
      .max(PROFILE_NAME_MAX_LENGTH, `Full name can have at most ${PROFILE_NAME_MAX_LENGTH} characters`)
      .optional()
      .transform((value) => value ?? ""),
  }),
);

/** Changing the password from a signed-in session (profile): the current one first, then the new one twice. */
export const ChangePasswordSchema = /* @__PURE__ */ refusingControlCharacters(
  z
    .object({
      currentPassword: z
        .string({ required_error: "Please enter your current password" })
        .max(1024, "Password is too long"),
      ...newPasswordShape,
    })
    .refine(passwordsMatch, passwordsDiffer),
);

/** The staff set-up link's form (decision 0032): its token, and the account's new password typed twice. */
export const StaffSetupSchema = /* @__PURE__ */ refusingControlCharacters(
  z
    .object({
      token: z.string({ required_error: "This set-up link is incomplete" }).max(200, "This set-up link is not valid"),
      ...newPasswordShape,
    })
    .refine(passwordsMatch, passwordsDiffer),
);
