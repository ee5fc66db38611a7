import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v3";
import { data } from "@remix-run/node";

import { isBackendError } from "~/backend/errors";
import type { StaffReturnsPort } from "~/backend/ports/returns";
import type { ResponseJar } from "~/http/cookies.server";
import { notFoundResponse } from "~/http/not-found.server";
import { returnMovedMessage } from "~/modules/orders/lifecycle";
import { getEnv } from "~/site/env.server";
import { redirectWithToast } from "~/toast/toast.server";
import { RETURN_MOVE_INTENT, ReturnMoveFormSchema, returnMoveOf } from "./return-forms";

/** What a refused return form gets back: which request's which form, and conform's answer. */
export interface ReturnMoveAnswer {
  form: typeof RETURN_MOVE_INTENT;
  requestId: string | null;
  move: string | null;
  result: SubmissionResult<string[]>;
}

/** The order page's return request forms (decision 0047): a move of one of the order's requests, by staff. */
export async function moveReturnRequest(
  request: Request,
  context: ResponseJar,
  staffReturns: StaffReturnsPort,
  orderId: string,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: ReturnMoveFormSchema });
  const named = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : null;
  };
  const answer = (status: number, result: SubmissionResult<string[]>) =>
    data<ReturnMoveAnswer>(
      { form: RETURN_MOVE_INTENT, requestId: named("requestId"), move: named("move"), result },
      { status },
    );
  if (submission.status !== "success") return answer(400, submission.reply());
  const refuse = (status: number, message: string) => answer(status, submission.reply({ formErrors: [message] }));
  // The request must be this order's: the page only moves its own.
  const returns = await staffReturns.forOrder({ orderId });
  if (!returns?.requests.some((asked) => asked.id === submission.value.requestId)) throw notFoundResponse(request);
  try {
    await staffReturns.move(returnMoveOf(submission.value));
  } catch (error) {
    if (!isBackendError(error) || error.code === "not_authorized") throw error;
    switch (error.code) {
      case "order_changed":
        return refuse(409, "The request changed meanwhile, so nothing was done. Here it is as it is now.");
      case "move_not_allowed":
        return refuse(409, `${error.message} Nothing was changed.`);
      case "not_found":
        throw notFoundResponse(request);
      case "unavailable":
        return refuse(503, "The shop's database is not reachable right now, so nothing was changed. Please try again.");
      default:
        return refuse(400, `${error.message} Nothing was changed.`);
    }
  }
  return redirectWithToast(context, new URL(request.url).pathname, {
    title: "Return request",
    description: returnMovedMessage(submission.value.move, getEnv().MAIL !== "off"),
  });
}
