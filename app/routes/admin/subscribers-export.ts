import type { LoaderFunctionArgs } from "@remix-run/node";

import { csvResponse } from "~/modules/admin/csv";
import { startExport } from "~/modules/admin/fair-share.server";
import { refusePostUnlessStaff, requireStaff } from "~/modules/admin/staff.server";

/** 'Export CSV': every confirmed newsletter subscriber, newest first, streamed; one export at a time per staff member. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, staff } = await requireStaff(request, context);
  const { rows, finish } = await startExport(user.id, () => staff.exportSubscribers(), "/admin/subscribers");
  async function* lines() {
    for await (const subscriber of rows) yield [subscriber.email, subscriber.confirmedAt];
  }
  const stamp = new Date().toISOString().slice(0, 10);
  return csvResponse(
    `subscribers-${stamp}.csv`,
    ["E-mail", "Confirmed at (UTC)"],
    lines(),
    (error) => console.error("Subscribers export failed:", error),
    finish,
  );
}

export const action = refusePostUnlessStaff;
