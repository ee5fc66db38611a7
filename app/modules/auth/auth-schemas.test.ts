import { parseWithZod } from "@conform-to/zod/v3";
import { describe, expect, it } from "vitest";

import {
  AuthFormSchema,
  ForgotPasswordSchema,
  parseAuthMode,
  ProfileFormSchema,
  ResetPasswordSchema,
} from "~/modules/auth/auth-schemas";

function form(entries: Record<string, string>) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(entries)) formData.set(key, value);
  return formData;
}

describe("parseAuthMode", () => {
  it("opens Sign Up only for mode=signup", () => {
    expect(parseAuthMode("signup")).toBe("signup");
    expect(parseAuthMode("signin")).toBe("signin");
    expect(parseAuthMode(null)).toBe("signin");
    expect(parseAuthMode("admin")).toBe("signin");
  });
});

describe("AuthFormSchema", () => {
  it("accepts an e-mail and password, trimming the e-mail", () => {
    const submission = parseWithZod(form({ intent: "signin", email: " ana@example.com ", password: "secret" }), {
      schema: AuthFormSchema,
    });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.email).toBe("ana@example.com");
  });

  it("requires both fields and a real-looking address", () => {
    const empty = parseWithZod(form({ intent: "signin" }), { schema: AuthFormSchema });
    expect(empty.status).toBe("error");
    expect(empty.status === "error" && empty.error).toMatchObject({
      email: ["Email is required"],
      password: ["Password is required"],
    });
    const invalid = parseWithZod(form({ intent: "signup", email: "ana", password: "x" }), { schema: AuthFormSchema });
    expect(invalid.status === "error" && invalid.error?.email).toEqual(["Please enter a valid email address"]);
  });

  it("refuses an unknown intent", () => {
    expect(
      parseWithZod(form({ intent: "admin", email: "a@b.co", password: "x" }), { schema: AuthFormSchema }).status,
    ).toBe("error");
  });

  it("sets no password-strength rule of its own: the backend's rule and message apply", () => {
    expect(
      parseWithZod(form({ intent: "signup", email: "a@b.co", password: "x" }), { schema: AuthFormSchema }).status,
    ).toBe("success");
  });
});

describe("ForgotPasswordSchema", () => {
  it("needs an e-mail address", () => {
    expect(parseWithZod(form({ email: "a@b.co" }), { schema: ForgotPasswordSchema }).status).toBe("success");
    expect(parseWithZod(form({}), { schema: ForgotPasswordSchema }).status).toBe("error");
  });
});

describe("ResetPasswordSchema", () => {
  it("wants the new password twice, the same", () => {
    expect(
      parseWithZod(form({ password: "new-secret-1", confirmPassword: "new-secret-1" }), { schema: ResetPasswordSchema })
        .status,
    ).toBe("success");
    const mismatch = parseWithZod(form({ password: "new-secret-1", confirmPassword: "new-secret-2" }), {
      schema: ResetPasswordSchema,
    });
    expect(mismatch.status === "error" && mismatch.error?.confirmPassword).toEqual(["Passwords do not match"]);
  });
});

describe("ProfileFormSchema", () => {
  it("trims the name", () => {
    const submission = parseWithZod(form({ fullName: "  Ana Lopez " }), { schema: ProfileFormSchema });
    expect(submission.status === "success" && submission.value.fullName).toBe("Ana Lopez");
  });

  it("treats a blank name as clearing it", () => {
    const submission = parseWithZod(form({ fullName: "   " }), { schema: ProfileFormSchema });
    expect(submission.status === "success" && submission.value.fullName).toBe("");
  });

  it("allows at most 200 characters", () => {
    expect(parseWithZod(form({ fullName: "a".repeat(200) }), { schema: ProfileFormSchema }).status).toBe("success");
    const tooLong = parseWithZod(form({ fullName: "a".repeat(201) }), { schema: ProfileFormSchema });
    expect(tooLong.status === "error" && tooLong.error?.fullName).toEqual([
      "Full name can have at most 200 characters",
    ]);
  });
});
