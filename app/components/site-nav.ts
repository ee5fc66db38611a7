/** Header navigation, exactly as the spec lists it. */
export const headerLinks = [
  { to: "/shop", label: "Shop" },
  { to: "/shop?category=extensions", label: "Extensions" },
  { to: "/shop?category=wigs", label: "Wigs" },
  { to: "/shop?category=accessories", label: "Accessories" },
  { to: "/blog", label: "Blog" },
] as const;

/** Footer columns: every plain link of the spec's footer. */
export const footerColumns = [
  {
    title: "Shop",
    links: [
      { to: "/extensions/clip-in", label: "Clip-In Extensions" },
      { to: "/extensions/tape-in", label: "Tape-In Extensions" },
      { to: "/wigs", label: "Wigs" },
      { to: "/accessories", label: "Accessories" },
      { to: "/sale", label: "Sale" },
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
