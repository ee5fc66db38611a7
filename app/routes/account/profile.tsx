import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v3";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useRef } from "react";

import { isBackendError } from "~/backend/errors";
import type { MemberBackend } from "~/backend/ports/backend";
import type { Profile } from "~/backend/ports/profiles";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors, FormField, TextField } from "~/components/form-field";
import { NewPasswordFields, PasswordField, usePasswordsClearedOnRefusal } from "~/components/password-field";
import { ProfileAddresses } from "~/components/saved-addresses";
import { Avatar } from "~/components/user-menu";
import { useIsPosting, useZodForm, type FormConstraint } from "~/forms/zod-form";
import { PRIVATE_HEADERS } from "~/http/cache-control";
import type { ResponseJar } from "~/http/cookies.server";
import { CHANGE_PASSWORD_PATH } from "~/modules/account/account-paths";
import { savedAddressSchema } from "~/modules/account/address-schema";
import { addressAction, addressBeingEdited, isAddressIntent, savedAddresses } from "~/modules/account/addresses.server";
import { changePassword, signOutEverywhere } from "~/modules/auth/account-safety.server";
import { ChangePasswordSchema, ProfileFormSchema } from "~/modules/auth/auth-schemas";
import { requireUser } from "~/modules/auth/session.server";
import { formatLongDate } from "~/modules/dates";
import { withRetryAfter } from "~/modules/limits/rate-limit";
import { originFromMatches, seo } from "~/site/seo";
import { redirectWithToast } from "~/toast/toast.server";

const EDIT_PATH = "/profile?edit=1";
const UPDATE_FAILED = "Failed to update profile";
const UPDATE_PROFILE_INTENT = "update-profile";
// Shown on the edit form, which keeps the saved name.
const unknownIntentResult: SubmissionResult = {
  status: "error",
  error: { "": ["This request was not recognised, so nothing was changed. Please try again."] },
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, member } = await requireUser(request, context);
  const constraint = getZodConstraint(ProfileFormSchema);
  const passwordConstraint = getZodConstraint(ChangePasswordSchema);
  const searchParams = new URL(request.url).searchParams;
  const editing = searchParams.get("edit") === "1";
  const addressConstraint = getZodConstraint(savedAddressSchema);
  const changingPassword = !editing && searchParams.get("password") === "1";
  let profile: Profile | null;
  try {
    profile = await member.profiles.get();
  } catch (error) {
    if (!isBackendError(error)) throw error;
    console.error("Failed to load profile:", error);
    return data(
      {
        account: null,
        // Said on the page (role="alert"), in one place: a toast would repeat it.
        editing: false,
        changingPassword: false,
        constraint,
        passwordConstraint,
        addresses: null,
        addressForm: { editing: false as const },
        addressConstraint,
      },
      { status: 503 },
    );
  }
  // The profile row is created with the account; the auth user fills in should it be missing.
  const account = {
    email: profile?.email ?? user.email,
    fullName: profile?.fullName ?? null,
    avatarUrl: profile?.avatarUrl ?? user.avatarUrl,
    memberSince: profile?.createdAt ?? user.createdAt,
  };
  const addresses = await savedAddresses(member);
  const addressForm = addressBeingEdited(searchParams.get("address"), addresses);
  return data({
    account,
    editing,
    changingPassword,
    constraint,
    passwordConstraint,
    addresses,
    addressForm,
    addressConstraint,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, backend, member } = await requireUser(request, context);
  const formData = await request.formData();
  // Every form here names its intent; a post naming none or another changes nothing (taken as a profile update,
  // an empty post would clear the name).
  const intent = formData.get("intent");
  if (isAddressIntent(intent)) return addressAction(context, member, formData);
  switch (intent) {
    case UPDATE_PROFILE_INTENT:
      return updateProfile(context, member, formData);
    case "change-password":
      return changePassword({ backend, user, context }, formData);
    case "sign-out-everywhere":
      return signOutEverywhere(backend, context);
    default:
      return data({ form: "profile" as const, result: unknownIntentResult }, { status: 400 });
  }
}

async function updateProfile(context: ResponseJar, member: MemberBackend, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ProfileFormSchema });
  // A refusal is answered on the form, in one place: the field's own message, or this one for the form.
  if (submission.status !== "success") {
    return data(
      { form: "profile" as const, result: submission.reply({ formErrors: [UPDATE_FAILED] }) },
      { status: 400 },
    );
  }
  try {
    await member.profiles.updateFullName({ fullName: submission.value.fullName });
  } catch (error) {
    if (!isBackendError(error)) throw error;
    console.error("Failed to update profile:", error);
    return data(
      { form: "profile" as const, result: submission.reply({ formErrors: [UPDATE_FAILED, error.message] }) },
      { status: error.code === "unavailable" ? 503 : 400 },
    );
  }
  // Back to view mode, showing the saved profile.
  return redirectWithToast(context, "/profile", { title: "Success", description: "Profile updated successfully" });
}

export default function ProfilePage() {
  const {
    account,
    editing,
    changingPassword,
    constraint,
    passwordConstraint,
    addresses,
    addressForm,
    addressConstraint,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-16">
      <h1 className="font-serif text-3xl text-ink sm:text-4xl">My Profile</h1>
      {account ? (
        <section
          aria-labelledby="profile-name"
          className="mt-8 rounded-2xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
            <Avatar user={account} size="lg" />
            <div className="min-w-0 max-w-full">
              {/* A long name is cut to two lines, the full value in its title (and in the details below); with no
                  name the heading says 'User', as the profile screen is specified. */}
              <h2
                id="profile-name"
                className="line-clamp-2 font-serif text-2xl text-ink"
                title={account.fullName || undefined}
                dir="auto"
              >
                {account.fullName || "User"}
              </h2>
              <p className="truncate text-ink-muted" title={account.email}>
                {account.email}
              </p>
              <p className="mt-1 text-sm text-ink-muted">Member since {formatLongDate(account.memberSince)}</p>
            </div>
          </div>

          {editing || actionData?.form === "profile" ? (
            <EditProfileForm
              fullName={account.fullName ?? ""}
              email={account.email}
              constraint={constraint}
              lastResult={actionData?.result}
            />
          ) : changingPassword || actionData?.form === "password" ? (
            <ChangePasswordForm
              email={account.email}
              constraint={passwordConstraint}
              lastResult={actionData?.form === "password" ? actionData.result : undefined}
            />
          ) : (
            <>
              <dl className="mt-8 space-y-4 border-t border-sand-200 pt-6 text-sm">
                <div>
                  <dt className="font-medium text-ink">Full Name</dt>
                  <dd className="mt-1 text-ink-muted" dir="auto">
                    {account.fullName || "Not set"}
                  </dd>
                </div>
                <div>
                  <dt className="font-medium text-ink">Email</dt>
                  <dd className="mt-1 text-ink-muted">{account.email}</dd>
                </div>
              </dl>
              <div className="mt-8 flex flex-wrap gap-3">
                <Link to={EDIT_PATH} preventScrollReset className="btn btn-primary">
                  Edit Profile
                </Link>
                <Link to="/orders" className="btn btn-outline">
                  View Orders
                </Link>
              </div>
              <p className="mt-6 text-sm">
                <Link
                  to={CHANGE_PASSWORD_PATH}
                  preventScrollReset
                  className="font-medium text-brand-700 hover:underline"
                >
                  Change password
                </Link>
              </p>
              <SignOutEverywhereForm />
            </>
          )}
        </section>
      ) : (
        <div role="alert" className="mt-8 rounded-2xl border border-red-300 bg-red-50 p-6 text-red-800">
          <p className="font-semibold">Failed to load profile</p>
          <p className="mt-1 text-sm">Please try again in a moment.</p>
          <Link to="/profile" className="btn btn-outline mt-4">
            Try again
          </Link>
        </div>
      )}
      {account && (
        <ProfileAddresses
          addresses={addresses}
          opened={addressForm}
          constraint={addressConstraint}
          refused={actionData?.form === "address" ? actionData : null}
        />
      )}
    </div>
  );
}

function EditProfileForm({
  fullName,
  email,
  constraint,
  lastResult,
}: {
  fullName: string;
  email: string;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const saving = useIsPosting("/profile");
  const [form, fields, firstInvalid, formEngine] = useZodForm({
    id: "edit-profile",
    loadSchema: import.meta.env.SSR
      ? undefined
      : () => import("~/modules/auth/auth-schemas").then((module) => module.ProfileFormSchema),
    constraint,
    lastResult,
    defaultValue: { fullName },
  });
  return (
    <Form method="post" action={EDIT_PATH} className="mt-8 border-t border-sand-200 pt-6" {...getFormProps(form)}>
      {formEngine}
      <fieldset disabled={saving} className="space-y-4">
        <legend className="sr-only">Edit profile</legend>
        <input type="hidden" name="intent" value={UPDATE_PROFILE_INTENT} />
        <TextField
          label="Full Name"
          field={fields.fullName}
          autoComplete="name"
          placeholder="Your name"
          firstInvalid={firstInvalid}
        />
        <FormField
          label="Email"
          inputProps={{
            id: "profile-email",
            type: "email",
            value: email,
            readOnly: true,
            className: "bg-sand-50 text-ink-muted",
          }}
          hint="Your email address cannot be changed here."
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <SaveOrCancel saving={saving} label="Save Changes" />
      </fieldset>
    </Form>
  );
}

/** The profile forms' buttons: submit, and Cancel back to the view. */
function SaveOrCancel({ saving, label }: { saving: boolean; label: string }) {
  return (
    <div className="flex flex-wrap gap-3 pt-2">
      <button type="submit" className="btn btn-primary">
        {saving ? "Saving..." : label}
      </button>
      <Link
        to="/profile"
        preventScrollReset
        className={`btn btn-outline ${saving ? "pointer-events-none opacity-60" : ""}`}
        aria-disabled={saving || undefined}
      >
        Cancel
      </Link>
    </div>
  );
}

function ChangePasswordForm({
  email,
  constraint,
  lastResult,
}: {
  email: string;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const saving = useIsPosting("/profile");
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields, firstInvalid, formEngine] = useZodForm({
    id: "change-password",
    loadSchema: import.meta.env.SSR
      ? undefined
      : () => import("~/modules/auth/auth-schemas").then((module) => module.ChangePasswordSchema),
    constraint,
    lastResult,
  });
  usePasswordsClearedOnRefusal(formRef, lastResult, ["currentPassword", "password", "confirmPassword"]);
  return (
    <Form
      ref={formRef}
      method="post"
      action={CHANGE_PASSWORD_PATH}
      className="mt-8 border-t border-sand-200 pt-6"
      {...getFormProps(form)}
    >
      {formEngine}
      <fieldset disabled={saving} className="space-y-4">
        <legend className="font-serif text-xl text-ink">Change password</legend>
        <input type="hidden" name="intent" value="change-password" />
        {/* For password managers: whose password this is. */}
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <PasswordField
          label="Current password"
          field={fields.currentPassword}
          autoComplete="current-password"
          toggleLabel="Show current password"
          firstInvalid={firstInvalid}
        />
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          firstInvalid={firstInvalid}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <SaveOrCancel saving={saving} label="Change password" />
      </fieldset>
    </Form>
  );
}

/** A plain form: works without JavaScript, and a POST so that no link or prefetch can trigger it. */
function SignOutEverywhereForm() {
  const busy = useIsPosting("/profile");
  return (
    <Form method="post" action="/profile" className="mt-6 border-t border-sand-200 pt-6">
      <input type="hidden" name="intent" value="sign-out-everywhere" />
      <p className="text-sm text-ink-muted">
        Signed in on a device you no longer use? End every session of your account, this one too.
      </p>
      <button type="submit" className="btn btn-outline mt-3" disabled={busy}>
        Sign out everywhere
      </button>
    </Form>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "My Profile",
    description: "Your account details.",
    origin: originFromMatches(matches),
    path: "/profile",
    noIndex: true,
  });

/** Personal pages: never stored by a browser or a shared cache. */
export const headers: HeadersFunction = ({ actionHeaders }) => withRetryAfter(actionHeaders, PRIVATE_HEADERS);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
