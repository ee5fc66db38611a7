import { site } from "~/site/site";

export interface JobPosting {
  title: string;
  department: string;
  location: string;
  type: "Full-time" | "Part-time";
  description: string;
  requirements: string[];
}

/** Open positions (spec section 3). */
export const jobPostings: JobPosting[] = [
  {
    title: "Hair Stylist",
    department: "Salon",
    location: "Beverly Hills",
    type: "Full-time",
    description:
      "Fit, color-match and style extensions and wigs for clients in our Beverly Hills salon, and guide every client to a look and care routine they love.",
    requirements: [
      "Valid California cosmetology license",
      "3+ years of salon experience, including extension application",
      "Confidence with clip-in, tape-in and wig fitting and customization",
      "A warm, client-first manner and an eye for detail",
    ],
  },
  {
    title: "Customer Service Representative",
    department: "Customer Support",
    location: "Remote",
    type: "Full-time",
    description:
      "Help shoppers by e-mail and phone with product questions, color matching, orders, shipping, returns and exchanges, so every customer feels looked after.",
    requirements: [
      "2+ years in customer service, ideally in e-commerce or beauty",
      "Clear, friendly written and spoken English",
      "Availability Monday-Friday, 9AM-6PM PST",
      "A passion for hair and beauty products",
    ],
  },
  {
    title: "Marketing Coordinator",
    department: "Marketing",
    location: "Los Angeles",
    type: "Full-time",
    description:
      "Plan and run our campaigns across social media, e-mail and the blog, coordinate photo shoots and work with stylists and creators to share our story.",
    requirements: [
      "Bachelor's degree in marketing, communications or a related field",
      "1-3 years of experience in digital or social media marketing",
      "Strong writing skills and a good eye for visual content",
      "Experience with e-mail marketing and analytics tools",
    ],
  },
  {
    title: "Warehouse Associate",
    department: "Operations",
    location: "Los Angeles",
    type: "Part-time",
    description:
      "Receive, inspect, pick, pack and ship orders with care, process returns and keep our inventory accurate and beautifully presented.",
    requirements: [
      "Previous warehouse or fulfillment experience preferred",
      "Careful attention to detail and product quality",
      "Able to lift up to 30 lbs and stand for long periods",
      "Reliable availability for weekday shifts",
    ],
  },
];

/** A mailto: link to the careers inbox whose subject names the position (or a general application). */
export function applicationMailto(positionTitle?: string): string {
  const subject = positionTitle ? `Application: ${positionTitle}` : "General Application";
  return `mailto:${site.careersEmail}?subject=${encodeURIComponent(subject)}`;
}
