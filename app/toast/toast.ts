import { z } from "zod";

export const toastSchema = z.object({
  id: z.string().max(40),
  title: z.string().max(120),
  description: z.string().max(300).optional(),
  type: z.enum(["success", "error", "info"]).default("success"),
});
export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = Omit<Toast, "id" | "type"> & { type?: Toast["type"] };
