// The orders CSV's columns and rows (docs/decisions/0041-fulfilment-and-customers.md): one row per order line, so a
// packer or a label tool reads the SKU and quantity of each, with the order, its customer and its address repeated
// on every row; the order's money on its first row only, so that a column's sum is the orders' sum.
import type { StaffOrderExport } from "~/backend/ports/staff";
import { orderNumber } from "~/modules/account/orders";
import type { CsvValue } from "./csv";

export const ORDER_CSV_HEADER = [
  "Order number",
  "Order id",
  "Placed at (UTC)",
  "Status",
  "First name",
  "Last name",
  "E-mail",
  "Customer",
  "Items",
  "Subtotal",
  "Shipping",
  "Total",
  "Refunded",
  "Currency",
  "Carrier",
  "Tracking number",
  "Phone",
  "Address",
  "City",
  "State",
  "ZIP code",
  "Country",
  "Line",
  "SKU",
  "Product",
  "Variant",
  "Quantity",
  "Unit price",
  // Issue 41, last so that tools reading the columns above by position read them as before: the order's discount code
  // and amount (with its money, on its first row), and what each line cost after it (Subtotal - Discount + Shipping
  // = Total; a refund of a line gives back its "Line paid").
  "Discount code",
  "Discount",
  "Line paid",
] as const;

const amount = (cents: number) => Number((cents / 100).toFixed(2));

/** The CSV rows of one order: one per line (one with blank line cells for an order without lines). */
export function orderCsvRows(order: StaffOrderExport): CsvValue[][] {
  const address = order.shippingAddress;
  const orderCells = (first: boolean): CsvValue[] => [
    orderNumber(order.id),
    order.id,
    order.createdAt,
    order.status,
    order.firstName,
    order.lastName,
    order.email,
    order.userId ? "member" : "guest",
    order.itemCount,
    first ? amount(order.totalAmount - order.shippingAmount + (order.discount?.amountCents ?? 0)) : null,
    first ? amount(order.shippingAmount) : null,
    first ? amount(order.totalAmount) : null,
    first ? amount(order.refundedAmount) : null,
    order.currency.toUpperCase(),
    order.carrier,
    order.trackingNumber,
    address.phone,
    address.address,
    address.city,
    address.state,
    address.zipCode,
    address.country,
  ];
  const discountCells = (first: boolean): CsvValue[] => [
    first ? (order.discount?.code ?? null) : null,
    first && order.discount ? amount(order.discount.amountCents) : null,
  ];
  if (order.lines.length === 0)
    return [[...orderCells(true), null, null, null, null, null, null, ...discountCells(true), null]];
  return order.lines.map((line, index) => [
    ...orderCells(index === 0),
    index + 1,
    line.sku,
    line.productName,
    line.variantLabel,
    line.quantity,
    amount(line.pricePerItem),
    ...discountCells(index === 0),
    amount(line.paidAmount),
  ]);
}
