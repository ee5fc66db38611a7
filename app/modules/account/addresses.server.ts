// The saved addresses' actions on /profile (decision 0044): add or edit, make default, remove. The database decides
// whose an address is (RLS); a refusal keeps what was typed, an address that is not the member's is a 404.
import { parseWithZod } from "@conform-to/zod/v3";
import { data } from "@remix-run/node";

import { isBackendError } from "~/backend/errors";
import type { SavedAddress } from "~/backend/ports/addresses";
import type { MemberBackend } from "~/backend/ports/backend";
import type { ResponseJar } from "~/http/cookies.server";
import { ADDRESS_INTENTS } from "~/modules/account/address-paths";
import { addressOf, savedAddressSchema } from "~/modules/account/address-schema";
import { redirectWithToast } from "~/toast/toast.server";

const NOT_FOUND = "That address is no longer saved.";

/** The member's saved addresses (decision 0044), or null when they cannot be read now (the page says so). */
export async function savedAddresses(member: MemberBackend): Promise<SavedAddress[] | null> {
  try {
    return await member.addresses.list();
  } catch (error) {
    if (!isBackendError(error)) throw error;
    console.error("Failed to load saved addresses:", error);
    return null;
  }
}

/**
 * The address `?address=` opens: "new", a saved one, or a 404 for any other value. None while the addresses cannot
 * be read (the page says so instead).
 */
export function addressBeingEdited(param: string | null, addresses: readonly SavedAddress[] | null) {
  if (param === null || addresses === null) return { editing: false as const };
  if (param === "new") return { editing: true as const, address: null };
  const address = addresses.find((saved) => saved.id === param);
  if (!address) throw new Response("Not Found", { status: 404 });
  return { editing: true as const, address };
}

export function isAddressIntent(intent: unknown): boolean {
  return Object.values(ADDRESS_INTENTS).includes(intent as never);
}

export async function addressAction(context: ResponseJar, member: MemberBackend, formData: FormData) {
  const id = formData.get("addressId");
  const addressId = typeof id === "string" && id !== "" ? id : null;
  switch (formData.get("intent")) {
    case ADDRESS_INTENTS.save:
      return saveAddress(context, member, formData, addressId);
    case ADDRESS_INTENTS.makeDefault:
      return changed(
        context,
        addressId !== null && (await member.addresses.setDefault({ id: addressId })),
        "Default address updated",
      );
    default:
      return changed(
        context,
        addressId !== null && (await member.addresses.remove({ id: addressId })),
        "Address removed",
      );
  }
}

async function changed(context: ResponseJar, done: boolean, description: string) {
  // A button of an address removed meanwhile (another tab) says so on the profile, which shows the list as it is now.
  return redirectWithToast(
    context,
    "/profile",
    done ? { title: "Success", description } : { type: "error", title: "Address not found", description: NOT_FOUND },
  );
}

async function saveAddress(context: ResponseJar, member: MemberBackend, formData: FormData, addressId: string | null) {
  const submission = parseWithZod(formData, { schema: savedAddressSchema });
  const answer = (status: number, formErrors?: string[]) =>
    data(
      { form: "address" as const, addressId, result: submission.reply(formErrors ? { formErrors } : undefined) },
      { status },
    );
  if (submission.status !== "success") return answer(400);
  try {
    await member.addresses.save({
      id: addressId,
      address: addressOf(submission.value),
      makeDefault: submission.value.makeDefault === "on",
    });
  } catch (error) {
    if (!isBackendError(error)) throw error;
    if (error.code === "not_found") return answer(404, [NOT_FOUND]);
    if (error.code === "invalid_input") return answer(400, [error.message]);
    console.error("Saving an address failed:", error);
    return answer(error.code === "unavailable" ? 503 : 400, ["The address could not be saved. Please try again."]);
  }
  return redirectWithToast(context, "/profile", { title: "Success", description: "Address saved" });
}
