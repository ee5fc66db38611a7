/** Facts about the shop used in page chrome, metadata and structured data. */
export const site = {
  name: "Luxe Strands",
  tagline: "Premium hair extensions, wigs and accessories",
  email: "hello@luxestrands.example",
  careersEmail: "careers@luxestrands.example",
  phone: "+1 (310) 555-0142",
  phoneHref: "tel:+13105550142",
  address: "9454 Wilshire Blvd, Beverly Hills, CA 90212",
  supportHours: "Monday-Friday 9AM-6PM PST",
} as const;
