import type { AppLoadContext } from "@remix-run/node";

import { isBackendError } from "~/backend/errors";
import { refreshCatalogue } from "~/modules/catalog/catalog.server";
import { redirectWithToast } from "~/toast/toast.server";
import {
  CONFIRM_INTENT,
  planImport,
  PREVIEW_INTENT,
  type ImportAnswer,
  type ImportPlan,
  type ImportPlanView,
} from "./product-import";
import {
  applyPlan,
  isSignedPreview,
  planFingerprint,
  readCatalogue,
  readImportFile,
  signPreview,
  UPLOAD_REFUSALS,
} from "./product-import.server";
import { requireStaff } from "./staff.server";

// The import page's two posts (decision 0040): `preview` (the uploaded file: what it would do, nothing written) and
// `confirm` (the file the preview showed, signed: applied only if the catalogue still gives the same plan).

type Answer = { status: number; body: ImportAnswer };

const refused = (status: number, error: string): Answer => ({ status, body: { kind: "refused", error } });

const toView = (plan: ImportPlan): ImportPlanView => ({
  products: plan.products.map(({ save: _save, ...product }) => product),
  refusals: plan.refusals,
  untouched: plan.untouched,
});

export async function importAction(request: Request, context: AppLoadContext): Promise<Answer | Response> {
  // The guard first, for every post: anyone but staff gets the ordinary 404 (decision 0029).
  const { user, backend } = await requireStaff(request, context);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return refused(400, "The form could not be read. Choose the file again and preview it.");
  }
  const intent = formData.get("intent");
  if (intent !== PREVIEW_INTENT && intent !== CONFIRM_INTENT)
    return refused(400, "This request was not recognised, so nothing was changed.");

  let text: string;
  if (intent === PREVIEW_INTENT) {
    const file = await readImportFile(formData);
    if ("refusal" in file) return refused(file.refusal === "too_large" ? 413 : 400, UPLOAD_REFUSALS[file.refusal]);
    text = file.text;
  } else {
    const [file, fingerprint, signature] = ["file", "fingerprint", "signature"].map((name) =>
      String(formData.get(name) ?? ""),
    );
    text = Buffer.from(file!, "base64").toString("utf8");
    if (!isSignedPreview(user.id, file!, fingerprint!, signature!))
      return refused(400, "This preview could not be confirmed, so nothing was changed. Choose the file again.");
    return confirm(context, user.id, backend.staffCatalogue, text, fingerprint!);
  }
  try {
    const plan = planImport(text, await readCatalogue(user.id, backend.staffCatalogue));
    return { status: plan.refusals.length > 0 ? 400 : 200, body: preview(user.id, text, plan) };
  } catch (error) {
    if (isBackendError(error, "unavailable")) return refused(503, UNAVAILABLE);
    throw error;
  }
}

const UNAVAILABLE = "The shop's database is not reachable right now, so nothing was changed. Please try again.";

function preview(userId: string, text: string, plan: ImportPlan, notice?: string): ImportAnswer {
  const file = Buffer.from(text, "utf8").toString("base64");
  const fingerprint = planFingerprint(plan);
  const writes = plan.refusals.length === 0 && plan.products.some((product) => product.kind !== "same");
  return {
    kind: "preview",
    plan: toView(plan),
    notice: notice ?? null,
    confirm: writes ? { file, fingerprint, signature: signPreview(userId, file, fingerprint) } : null,
  };
}

async function confirm(
  context: AppLoadContext,
  userId: string,
  catalogue: Parameters<typeof applyPlan>[1],
  text: string,
  fingerprint: string,
): Promise<Answer | Response> {
  try {
    const plan = planImport(text, await readCatalogue(userId, catalogue));
    if (plan.refusals.length > 0 || planFingerprint(plan) !== fingerprint)
      return {
        status: 409,
        body: preview(userId, text, plan, CHANGED_MEANWHILE),
      };
    const result = await applyPlan(plan, catalogue);
    // This instance shows the change on its next page; the others within a few seconds (decision 0036).
    if (result.created + result.changed > 0) await refreshCatalogue();
    if (result.refused) {
      const done = `${result.created} created and ${result.changed} changed before it`;
      return refused(409, `${result.refused.product.name} was not imported: ${result.refused.message} (${done}.)`);
    }
    return redirectWithToast(context, "/admin/products", {
      title: "Import applied",
      description: `${result.created} created, ${result.changed} changed; every page shows it within a few seconds.`,
    });
  } catch (error) {
    if (isBackendError(error, "unavailable")) return refused(503, UNAVAILABLE);
    throw error;
  }
}

const CHANGED_MEANWHILE =
  "The catalogue changed since this preview (someone saved a product or an order took stock), so nothing was applied. Here is what the file would do now: check it and confirm again.";
