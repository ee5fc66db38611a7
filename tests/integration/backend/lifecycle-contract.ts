// The order's life (app/modules/orders/lifecycle.ts) held to the database's, move by move, for every adapter: each
// pair of statuses is tried through the back office's port (public.move_order, then apply_order_move), and the
// database allows exactly the moves the module states for staff, writing the e-mail the module names. Registered
// by describeBackendContract.
import {
  newKey,
  placeOrder,
  requestWith,
  setUpStaff,
  signUpShopper,
  uniqueEmail,
} from "#tests/support/backend-helpers";
import { beforeAll, describe, expect, test } from "vitest";

import type { Backend, RequestBackend } from "~/backend/ports/backend";
import type { OrderMove } from "~/backend/ports/staff";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import { moveBetween, MOVES, ORDER_STATUSES, type MoveRule, type OrderStatus } from "~/modules/orders/lifecycle";

export function describeLifecycleContract(context: () => { backend: Backend; db: SqlDatabase }): void {
  describe("the order's life (issue 40)", () => {
    let staff: RequestBackend;

    beforeAll(async () => {
      const { backend } = context();
      const owner = await signUpShopper(backend);
      await backend.syncStaff({ staffEmails: [owner.email], orderRecipients: [] });
      staff = (await setUpStaff(backend, owner.email)).scope;
    });

    const moveFor = (orderId: string, move: Pick<MoveRule, "from" | "to" | "needs">, from: OrderStatus): OrderMove => ({
      orderId,
      expectedStatus: from,
      newStatus: move.to,
      ...(move.needs === "parcel" ? { carrier: "UPS", trackingNumber: "1Z999" } : {}),
      ...(move.needs === "reason" ? { note: "Asked by the test" } : {}),
    });

    /** A new guest order walked to `status` along the module's own moves (shortest way from pending). */
    async function orderIn(status: OrderStatus): Promise<string> {
      const { backend } = context();
      const order = await placeOrder(backend.forRequest(requestWith()), {
        userId: null,
        items: [{ productId: "clip-1", quantity: 1 }],
        email: uniqueEmail("life"),
        idempotencyKey: newKey(),
      });
      const path = (target: OrderStatus, seen: OrderStatus[]): MoveRule[] | null => {
        const last = seen.at(-1)!;
        if (last === target) return [];
        for (const move of MOVES) {
          if (!move.from.includes(last) || seen.includes(move.to)) continue;
          const rest = path(target, [...seen, move.to]);
          if (rest) return [move, ...rest];
        }
        return null;
      };
      let at: OrderStatus = "pending";
      for (const move of path(status, ["pending"])!) {
        await staff.staff.moveOrder(moveFor(order.id, move, at));
        at = move.to;
      }
      return order.id;
    }

    test("every status is reachable, and the database allows exactly the module's moves, each with its e-mail", async () => {
      const { db } = context();
      const statusOf = async (id: string) =>
        (await db.query<{ status: string }>("select status from public.orders where id = $1", [id]))[0]?.status;
      const mailKinds = async (id: string) =>
        (
          await db.query<{ kind: string }>(
            "select kind from public.outbox where payload ->> 'id' = $1 order by created_at",
            [id],
          )
        ).map((row) => row.kind);
      const allowed: string[] = [];
      for (const from of ORDER_STATUSES) {
        const standing = await orderIn(from);
        expect(await statusOf(standing)).toBe(from);
        for (const to of ORDER_STATUSES) {
          const rule = moveBetween(from, to);
          const expected = rule !== null && rule.by.includes("staff");
          const id = expected ? await orderIn(from) : standing;
          const mailBefore = await mailKinds(id);
          const attempt = staff.staff.moveOrder(moveFor(id, rule ?? { from: [from], to, needs: "reason" }, from));
          if (expected) {
            await attempt;
            allowed.push(`${from}->${to}`);
            expect(await statusOf(id)).toBe(to);
            expect(await mailKinds(id)).toEqual([...mailBefore, rule!.email]);
          } else {
            await expect(attempt).rejects.toMatchObject({ code: "move_not_allowed" });
            expect(await statusOf(id)).toBe(from);
            expect(await mailKinds(id)).toEqual(mailBefore);
          }
        }
      }
      expect(allowed).toEqual(
        ORDER_STATUSES.flatMap((from) =>
          ORDER_STATUSES.filter((to) => moveBetween(from, to)?.by.includes("staff")).map((to) => `${from}->${to}`),
        ),
      );
      expect(allowed.length).toBeGreaterThan(0);
    });
  });
}
