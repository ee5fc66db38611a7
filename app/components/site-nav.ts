/** Header navigation, exactly as the spec lists it. */
export const headerLinks = [
  { to: "/shop", label: "Shop" },
  { to: "/shop?category=extensions", label: "Extensions" },
  { to: "/shop?category=wigs", label: "Wigs" },
  { to: "/shop?category=accessories", label: "Accessories" },
  { to: "/blog", label: "Blog" },
] as const;

const saleLink = { to: "/sale", label: "Sale" } as const;

/** Footer columns: every plain link of the spec's footer. */
export const footerColumns = [
  {
    title: "Shop",
    links: [
      { to: "/extensions/clip-in", label: "Clip-In Extensions" },
      { to: "/extensions/tape-in", label: "Tape-In Extensions" },
      { to: "/wigs", label: "Wigs" },
      { to: "/accessories", label: "Accessories" },
      saleLink,
    ],
  },
  {
    title: "Customer Care",
    links: [
      { to: "/size-guide", label: "Size Guide" },
      { to: "/care", label: "Hair Care" },
      { to: "/returns", label: "Returns & Exchanges" },
      { to: "/shipping", label: "Shipping Info" },
      { to: "/faq", label: "FAQ" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/about", label: "About Us" },
      { to: "/blog", label: "Blog" },
      { to: "/careers", label: "Careers" },
      { to: "/privacy", label: "Privacy Policy" },
      { to: "/terms", label: "Terms of Service" },
    ],
  },
] as const;

/** The phone menu's shop links: the header's, and Sale, which a phone would otherwise find only at the page's foot. */
export const phoneShopLinks = [...headerLinks, saleLink];

/** The phone menu's information pages: the footer's Customer Care and Company links (Blog is among the shop links). */
export const phoneInfoLinks: ReadonlyArray<{ to: string; label: string }> = footerColumns
  .filter((column) => column.title !== "Shop")
  .flatMap((column): ReadonlyArray<{ to: string; label: string }> => column.links)
  .filter((link) => !headerLinks.some((header) => header.to === link.to));
