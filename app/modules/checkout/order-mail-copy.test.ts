import { describe, expect, test } from "vitest";

import { orderPlacedNotice, orderQuestionsText, paymentProcessingText, thankYouText } from "./order-mail-copy";

describe("what the shop says about an order's e-mails", () => {
  test("with mail, the specification's texts", () => {
    expect(orderPlacedNotice(true)).toEqual({
      title: "Order placed successfully!",
      description: "You will receive a confirmation email shortly.",
    });
    expect(thankYouText({ sendsMail: true, own: true })).toMatch(/will send you a confirmation email/);
    expect(paymentProcessingText(true)).toMatch(/We will e-mail you/);
    expect(orderQuestionsText(true)).toMatch(/confirmation e-mail/);
  });

  test("with mail off, no e-mail is promised anywhere", () => {
    const texts = [
      orderPlacedNotice(false).title,
      orderPlacedNotice(false).description,
      thankYouText({ sendsMail: false, own: true }),
      thankYouText({ sendsMail: false, own: false }),
      paymentProcessingText(false),
      orderQuestionsText(false),
    ];
    for (const text of texts) expect(text).not.toMatch(/e-?mail/i);
    expect(orderPlacedNotice(false).title).toBe("Order placed successfully!");
  });

  test("a browser that did not place the order is only thanked: nothing about where it ships", () => {
    expect(thankYouText({ sendsMail: true, own: false })).toBe("Thank you for your purchase.");
  });
});
