// @vitest-environment jsdom
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";

import { OrderLine, OrderTotals } from "~/components/order-summary";

/** The server's markup, read back as a browser would: rows as "label|value" pairs, elements by selector. */
function render(element: ReactElement) {
  const container = document.createElement("div");
  container.innerHTML = renderToStaticMarkup(<StaticRouter location="/">{element}</StaticRouter>);
  const rows = [...container.querySelectorAll("dl > div")].map(
    (row) => `${row.querySelector("dt")?.textContent}|${row.querySelector("dd")?.textContent}`,
  );
  return { container, rows };
}

describe("OrderTotals", () => {
  it("lists subtotal, shipping with its method, tax and the total, with the test ids the page gives", () => {
    const { container, rows } = render(
      <OrderTotals
        subtotal="$24.00"
        shippingMethod="Express"
        shipping="$19.99"
        shippingTestId="checkout-shipping"
        tax="$0.00"
        total="$43.99"
        totalTestId="checkout-total"
      />,
    );
    expect(rows).toEqual(["Subtotal|$24.00", "Shipping (Express)|$19.99", "Tax|$0.00", "Total|$43.99"]);
    expect(container.querySelector('[data-testid="checkout-shipping"]')?.textContent).toBe("$19.99");
    expect(container.querySelector('[data-testid="checkout-total"]')?.textContent).toBe("$43.99");
  });

  it("leaves out the method, the tax and the total where the page does not show them", () => {
    expect(render(<OrderTotals subtotal="$598.00" shipping="Free" />).rows).toEqual([
      "Subtotal|$598.00",
      "Shipping|Free",
    ]);
    expect(render(<OrderTotals compact subtotal="$10.00" shipping="$9.99" total="$19.99" />).rows).toEqual([
      "Subtotal|$10.00",
      "Shipping|$9.99",
      "Total|$19.99",
    ]);
  });
});

describe("OrderLine", () => {
  it("draws the product's picture, a placeholder without one, and no picture when the page shows none", () => {
    const withPicture = render(<OrderLine image="product-clip-1-1" name="Clip-in" end="$24.00" />).container;
    expect(withPicture.querySelector("img")?.getAttribute("alt")).toBe("");
    expect(withPicture.textContent).toBe("Clip-in$24.00");

    const placeholder = render(<OrderLine image={null} name="Clip-in" />).container;
    expect(placeholder.querySelector("img")).toBeNull();
    expect(placeholder.querySelector("svg[aria-hidden]")).not.toBeNull();

    const bare = render(<OrderLine name="Clip-in" details={<p>2 × $12.00</p>} />).container;
    expect(bare.querySelector("img, svg")).toBeNull();
    expect(bare.textContent).toBe("Clip-in2 × $12.00");
  });

  it("links the picture to the product out of the tab order and hidden from screen readers", () => {
    const { container } = render(
      <OrderLine testId="order-item" image="product-clip-1-1" imageHref="/product/clip-1" name="Clip-in" small />,
    );
    const link = container.querySelector('[data-testid="order-item"] a');
    expect(link?.getAttribute("href")).toBe("/product/clip-1");
    expect(link?.getAttribute("tabindex")).toBe("-1");
    expect(link?.getAttribute("aria-hidden")).toBe("true");
    expect(link?.querySelector("img")).not.toBeNull();
  });
});
