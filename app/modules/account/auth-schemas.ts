import { z } from "zod";
import { PROFILE_NAME_MAX_LENGTH } from "~/backend/constants";

// One schema per form, used by conform on both sides (STYLE.md habit 3). The spec sets no password
// strength rules (section 5): the backend's own rule and message apply, shown as they are.

export const authModes = ["signin", "signup"] as const;
export type AuthMode = (typeof authModes)[number];

/** `?mode=signup` opens the Sign Up side; anything else is Sign In. */
export function parseAuthMode(value: string | null | undefined): AuthMode {
  return value === "signup" ? "signup" : "signin";
}

const EmailSchema = z
  .string({ required_error: "Email is required" })
  .trim()
  .max(320, "Email is too long")
  .email("Please enter a valid email address");

const PasswordSchema = z.string({ required_error: "Password is required" }).max(1024, "Password is too long");

export const AuthFormSchema = z.object({
  intent: z.enum(authModes),
  email: EmailSchema,
  password: PasswordSchema,
  redirectTo: z.string().optional(),
});

export const ForgotPasswordSchema = z.object({
  email: EmailSchema,
});

export const ResetPasswordSchema = z
  .object({
    password: PasswordSchema,
    confirmPassword: z.string({ required_error: "Please repeat the new password" }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

export const ProfileFormSchema = z.object({
  // conform turns an empty input into undefined: a blank name clears it (shown as 'User').
  fullName: z
    .string()
    .trim()
    .max(PROFILE_NAME_MAX_LENGTH, `Full name can have at most ${PROFILE_NAME_MAX_LENGTH} characters`)
    .optional()
    .transform((value) => value ?? ""),
});
