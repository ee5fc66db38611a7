import type { LoaderFunctionArgs } from "@remix-run/node";

import { csvResponse } from "~/modules/admin/csv";
import { refusePostUnlessStaff, requireStaff } from "~/modules/admin/staff.server";

/** 'Export CSV': every confirmed newsletter subscriber, newest first, streamed. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { staff } = await requireStaff(request, context);
  async function* rows() {
    for await (const subscriber of staff.exportSubscribers()) yield [subscriber.email, subscriber.confirmedAt];
  }
  const stamp = new Date().toISOString().slice(0, 10);
  return csvResponse(`subscribers-${stamp}.csv`, ["E-mail", "Confirmed at (UTC)"], rows(), (error) =>
    console.error("Subscribers export failed:", error),
  );
}

export const action = refusePostUnlessStaff;
