import { careFigures } from "~/content/care";
import { returnPolicy } from "~/content/policies";
import { dispatchCutoff, internationalShipping, processingTimes, usShippingMethods } from "~/content/shipping";
import { extensionLengths, formatInches, weightGuide, wigCapSizes } from "~/content/size-guide";
import { formatThreshold, freeShippingFromCents, type ShippingPrices } from "~/modules/checkout/shipping";
import { formatCents } from "~/modules/money";
import { site } from "~/site/site";

export interface FaqItem {
  question: string;
  answer: string;
}

/** "a, b and c" */
function listSentence(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

const lengthSummary = listSentence(extensionLengths.map((length) => `${length.name} ${formatInches(length)}`));
const capSummary = listSentence(wigCapSizes.map((size) => `${size.name} ${formatInches(size)}`));
const weightSummary = listSentence(weightGuide.map((weight) => `${weight.grams} for ${weight.hairType.toLowerCase()}`));

/** Shipping's answer: the US methods at their rates (public.shipping_rates), and Standard's free threshold. */
function shippingOptionsAnswer(prices: ShippingPrices): string {
  const methods = listSentence(
    usShippingMethods.map(
      (method) => `${method.name} ${formatCents(prices[method.id].amountCents)} (${method.deliveryTime})`,
    ),
  );
  const freeFrom = freeShippingFromCents(prices);
  const standard = usShippingMethods[0];
  const free =
    freeFrom === null || !standard
      ? ""
      : ` Orders over ${formatThreshold(freeFrom)} qualify for free ${standard.name} shipping (${standard.deliveryTime}) within the US.`;
  return `We offer ${methods}.${free} You choose at checkout.`;
}

/**
 * The FAQ page's questions. Figures come from the policy, size and care data, and the shipping rates the shop
 * charges (the catalogue's copy of public.shipping_rates), so the pages always agree.
 */
export const faqItems = (prices: ShippingPrices): FaqItem[] => [
  {
    question: "Is your hair 100% human hair?",
    answer:
      "Yes. All of our extensions and wigs are made from 100% Remy human hair with the cuticles aligned in one direction, so the hair stays smooth, blends naturally and can be styled with heat just like your own.",
  },
  {
    question: "How long do extensions and wigs last?",
    answer: `With proper care, clip-in extensions last ${careFigures.clipInLifespan}, tape-in extensions last ${careFigures.tapeInLifespan} per application (and can be re-taped and reused), and wigs last ${careFigures.wigLifespan}.`,
  },
  {
    question: "How do I choose the right length?",
    answer: `Measure from the top of your head down to where you want the hair to end. Our lengths are ${lengthSummary}. See the Size Guide for where each length usually falls.`,
  },
  {
    question: "How much hair do I need?",
    answer: `It depends on how thick your natural hair is: we recommend ${weightSummary}. Choose the higher end of the range for longer lengths or extra volume.`,
  },
  {
    question: "What wig cap size should I order?",
    answer: `Measure around your head along the hairline, behind the ears and across the nape. Our cap sizes are ${capSummary}. Most adults wear Average, and every cap has adjustable straps.`,
  },
  {
    question: "How do I wash and care for my hair?",
    answer: `Wash extensions ${careFigures.extensionWashFrequency} and wigs ${careFigures.wigWashFrequency} with sulfate-free products, always use a heat protectant and keep heat tools below ${careFigures.maxHeat}. Our Hair Care guide has step-by-step routines.`,
  },
  {
    question: "Can I color or heat style the hair?",
    answer: `Yes, our human hair can be heat styled below ${careFigures.maxHeat} with a heat protectant. We recommend a professional colorist for any color change; items with a custom color or cut cannot be returned.`,
  },
  {
    question: "What shipping options do you offer?",
    answer: shippingOptionsAnswer(prices),
  },
  {
    question: "When will my order ship?",
    answer: `Processing takes ${listSentence(processingTimes.map((entry) => `${entry.time} for ${entry.orderType.toLowerCase()}`))}. Orders placed after ${dispatchCutoff} ship the next business day, and you receive a tracking number by e-mail as soon as your order leaves us.`,
  },
  {
    question: "Do you ship internationally?",
    answer: `Yes. International delivery takes ${internationalShipping.deliveryTime} at a flat rate of ${formatCents(prices.international.amountCents)} per order, and any customs duties and taxes are paid by the customer. Free shipping is not available for international orders.`,
  },
  {
    question: "What is your return policy?",
    answer: `You can return unworn items within ${returnPolicy.windowDays} days of delivery. We e-mail a prepaid return label within ${returnPolicy.labelWithin}; return shipping is paid by the customer and deducted from the refund. Refunds are processed in ${returnPolicy.refundTime} after your return arrives, and exchanges are free within ${returnPolicy.exchangeWindowDays} days. Worn items, custom color or cut, heat or chemical damage, opened care products and final-sale items cannot be returned.`,
  },
  {
    question: "How can I contact customer support?",
    answer: `E-mail us at ${site.email} or call ${site.phone}, ${site.supportHours}. Our hair experts are happy to help with color matching, sizing and care.`,
  },
];
