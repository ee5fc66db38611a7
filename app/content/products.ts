import type { Product } from "~/modules/catalog/product";

/**
 * The catalogue, in featured order: the home page shows the first four.
 * Care facts (lifespans, heat limit, weight guide) follow spec section 9; keep them in step with the care pages.
 */
export const products: readonly Product[] = [
  {
    id: "clip-1",
    name: "Silky Straight Clip-In Extensions",
    description:
      "A full-head set of 100% Remy human hair in a warm honey blonde, cut to 22 inches and finished silky straight. " +
      "Seven double-drawn wefts with 160g of hair add length and fullness to medium-thickness hair, and clip in or out in minutes. " +
      "With gentle care the set lasts 6-12 months.",
    price: 299,
    originalPrice: 399,
    images: ["product-clip-1-1", "product-clip-1-2", "product-clip-1-3"],
    category: "clip-in",
    length: "22 inch",
    color: "Honey Blonde",
    texture: "Straight",
    rating: 4.8,
    reviewCount: 324,
    inStock: true,
    isSale: true,
    features: [
      "100% Remy human hair with cuticles aligned root to tip",
      "Double-drawn wefts: as full at the ends as at the roots",
      "Silicone-lined snap clips that grip without pulling",
      "Can be washed, curled and straightened like your own hair",
      "Lasts 6-12 months with proper care",
    ],
    specifications: {
      "Hair Type": "100% Remy Human Hair",
      Weight: "160g",
      Pieces: "7",
      Attachment: "Clip-in",
      "Best For": "Medium-thickness hair",
      "Heat Styling": "Up to 350°F with heat protectant",
      Lifespan: "6-12 months",
    },
  },
  {
    id: "clip-2",
    name: "Body Wave Clip-In Set",
    description:
      "Soft, bouncy body waves in a rich chocolate brown, made from 100% Remy human hair. " +
      "This 18-inch set has seven wefts and 140g of hair, enough to add movement and volume to medium-thickness hair without heat styling every morning. " +
      "It lasts 6-12 months with gentle care.",
    price: 249,
    images: ["product-clip-2-1", "product-clip-2-2"],
    category: "clip-in",
    length: "18 inch",
    color: "Chocolate Brown",
    texture: "Body Wave",
    rating: 4.6,
    reviewCount: 187,
    inStock: true,
    isNew: true,
    features: [
      "100% Remy human hair in a natural body wave",
      "Wave pattern returns after washing and air-drying",
      "Seven wefts in graded widths for a seamless blend",
      "Silicone-lined snap clips that stay put all day",
      "Lasts 6-12 months with proper care",
    ],
    specifications: {
      "Hair Type": "100% Remy Human Hair",
      Weight: "140g",
      Pieces: "7",
      Attachment: "Clip-in",
      "Best For": "Medium-thickness hair",
      "Heat Styling": "Up to 350°F with heat protectant",
      Lifespan: "6-12 months",
    },
  },
  {
    id: "clip-3",
    name: "Volume Boost Clip-In Halo",
    description:
      "A single 20-inch weft of 100% Remy human hair in jet black on an adjustable, invisible wire, with two small clips to hold it steady. " +
      "It sits behind your hairline and under your own hair, so you get instant volume in under a minute with no tension on the roots. " +
      "At 100g it suits fine hair, and it lasts 6-12 months with gentle care.",
    price: 189,
    images: ["product-clip-3-1", "product-clip-3-2"],
    category: "clip-in",
    length: "20 inch",
    color: "Jet Black",
    texture: "Straight",
    rating: 4.7,
    reviewCount: 142,
    inStock: true,
    features: [
      "100% Remy human hair on a single wide weft",
      "Adjustable clear wire sized to your head",
      "Two security clips for windy days",
      "No tension on your natural hair or roots",
      "Lasts 6-12 months with proper care",
    ],
    specifications: {
      "Hair Type": "100% Remy Human Hair",
      Weight: "100g",
      Pieces: "1",
      Attachment: "Halo wire with 2 security clips",
      "Best For": "Fine hair",
      "Heat Styling": "Up to 350°F with heat protectant",
      Lifespan: "6-12 months",
    },
  },
  {
    id: "tape-1",
    name: "Seamless Tape-In Extensions",
    description:
      "Forty thin, flat tape wefts of 100% Remy human hair in a cool ash blonde, 20 inches long. " +
      "They lie flat against the scalp for a semi-permanent look that moves like your own hair; 100g is a full head for fine hair, and a second pack suits medium or thick hair. " +
      "Each application lasts 6-8 weeks, after which a stylist removes, re-tapes and reapplies them.",
    price: 329,
    images: ["product-tape-1-1", "product-tape-1-2"],
    category: "tape-in",
    length: "20 inch",
    color: "Ash Blonde",
    texture: "Straight",
    rating: 4.9,
    reviewCount: 256,
    inStock: true,
    features: [
      "100% Remy human hair with cuticles intact",
      "Ultra-thin polyurethane wefts that lie flat",
      "Medical-grade adhesive, gentle on natural hair",
      "Reusable: re-tape and reapply every 6-8 weeks",
      "Professional application recommended",
    ],
    specifications: {
      "Hair Type": "100% Remy Human Hair",
      Weight: "100g",
      Pieces: "40",
      "Piece Size": "4 cm wide",
      Attachment: "Tape-in",
      "Wear Per Application": "6-8 weeks",
      "Heat Styling": "Up to 350°F; keep heat off the tapes",
    },
  },
  {
    id: "tape-2",
    name: "Invisible Tape-In Extensions",
    description:
      "Our longest tape-ins: 24 inches of silky straight, dark brown 100% Remy human hair on invisible injected wefts. " +
      "The hair is hand-injected into a clear skin weft, so the bond looks like it grows from your scalp, even with a high ponytail. " +
      "The pack holds 40 pieces and 100g; each application lasts 6-8 weeks before a stylist moves it up.",
    price: 379,
    images: ["product-tape-2-1"],
    category: "tape-in",
    length: "24 inch",
    color: "Dark Brown",
    texture: "Silky Straight",
    rating: 4.5,
    reviewCount: 98,
    inStock: true,
    isNew: true,
    features: [
      "100% Remy human hair, hand-injected into clear wefts",
      "Bonds that look like natural root growth",
      "Discreet enough for high ponytails and updos",
      "Reusable: re-tape and reapply every 6-8 weeks",
      "Professional application recommended",
    ],
    specifications: {
      "Hair Type": "100% Remy Human Hair",
      Weight: "100g",
      Pieces: "40",
      "Weft Type": "Injected skin weft",
      Attachment: "Tape-in",
      "Wear Per Application": "6-8 weeks",
      "Heat Styling": "Up to 350°F; keep heat off the tapes",
    },
  },
  {
    id: "tape-3",
    name: "Balayage Tape-In Extensions",
    description:
      "Hand-painted copper red balayage on 22 inches of loose-wave 100% Remy human hair, deeper at the root and brighter through the lengths. " +
      "Twenty tape wefts and 50g of hair add dimension and color without dyeing your own hair; use two packs for a full head of fine hair. " +
      "Each application lasts 6-8 weeks.",
    price: 349,
    images: ["product-tape-3-1"],
    category: "tape-in",
    length: "22 inch",
    color: "Copper Red",
    texture: "Loose Wave",
    rating: 4.4,
    reviewCount: 61,
    inStock: true,
    isNew: true,
    features: [
      "100% Remy human hair, hand-painted balayage",
      "Shadowed root for a soft, grown-out blend",
      "Loose wave that holds after air-drying",
      "Adds color without chemically treating your own hair",
      "Reusable: re-tape and reapply every 6-8 weeks",
    ],
    specifications: {
      "Hair Type": "100% Remy Human Hair",
      Weight: "50g",
      Pieces: "20",
      Attachment: "Tape-in",
      "Wear Per Application": "6-8 weeks",
      "Heat Styling": "Up to 350°F; keep heat off the tapes",
      Care: "Color-safe, sulfate-free shampoo",
    },
  },
  {
    id: "wig-1",
    name: "Lace Front Bob Wig",
    description:
      "A sleek, chin-length bob in natural black, made from 100% Remy human hair with a 13x4 lace front for a natural hairline. " +
      "It arrives pre-cut and pre-plucked with an average cap and adjustable straps, ready to wear the same day. " +
      "Washed every 10-15 wears and stored on a stand, it lasts 12-18 months.",
    price: 449,
    images: ["product-wig-1-1", "product-wig-1-2", "product-wig-1-3"],
    category: "wigs",
    length: "12 inch",
    color: "Natural Black",
    texture: "Straight",
    rating: 4.7,
    reviewCount: 213,
    inStock: true,
    features: [
      "100% Remy human hair",
      "13x4 Swiss lace front with pre-plucked hairline",
      "Pre-cut bob, ready to wear",
      "Adjustable straps and three inner combs",
      "Lasts 12-18 months with proper care",
    ],
    specifications: {
      "Hair Type": "100% Remy Human Hair",
      "Cap Construction": "13x4 lace front",
      "Cap Size": "Average (21.5-22.5 in), adjustable",
      Density: "150%",
      "Heat Styling": "Up to 350°F with heat protectant",
      Care: "Wash every 10-15 wears",
      Lifespan: "12-18 months",
    },
  },
  {
    id: "wig-2",
    name: "Long Wavy Lace Wig",
    description:
      "Twenty-six inches of caramel brown body waves in 100% Remy human hair, on a 13x6 lace front with a deep free part. " +
      "The fuller 180% density gives a glamorous look straight out of the box, and the waves spring back after washing. " +
      "Washed every 10-15 wears, it lasts 12-18 months.",
    price: 599,
    images: ["product-wig-2-1", "product-wig-2-2"],
    category: "wigs",
    length: "26 inch",
    color: "Caramel Brown",
    texture: "Body Wave",
    rating: 4.8,
    reviewCount: 167,
    inStock: false,
    features: [
      "100% Remy human hair in a natural body wave",
      "13x6 HD lace front for a deep, free part",
      "Full 180% density",
      "Adjustable straps and inner combs",
      "Lasts 12-18 months with proper care",
    ],
    specifications: {
      "Hair Type": "100% Remy Human Hair",
      "Cap Construction": "13x6 HD lace front",
      "Cap Size": "Average (21.5-22.5 in), adjustable",
      Density: "180%",
      "Heat Styling": "Up to 350°F with heat protectant",
      Care: "Wash every 10-15 wears",
      Lifespan: "12-18 months",
    },
  },
  {
    id: "wig-3",
    name: "Luxury Full Lace Wig",
    description:
      "Our finest wig: 24 inches of silky straight platinum blonde in 100% Remy human hair, hand-tied strand by strand on a full lace cap. " +
      "Because every hair is knotted to the lace, you can part it anywhere and wear high ponytails and updos. " +
      "The hair is lightened to platinum, so it wants color-safe care; washed every 10-15 wears, it lasts 12-18 months.",
    price: 699,
    originalPrice: 899,
    images: ["product-wig-3-1", "product-wig-3-2"],
    category: "wigs",
    length: "24 inch",
    color: "Platinum Blonde",
    texture: "Silky Straight",
    rating: 5,
    reviewCount: 89,
    inStock: true,
    isSale: true,
    features: [
      "100% Remy human hair, hand-tied on full lace",
      "Part anywhere and wear it up",
      "Breathable lace cap for all-day comfort",
      "Bleached knots and pre-plucked hairline",
      "Lasts 12-18 months with proper care",
    ],
    specifications: {
      "Hair Type": "100% Remy Human Hair",
      "Cap Construction": "Full lace, hand-tied",
      "Cap Size": "Average (21.5-22.5 in), adjustable",
      Density: "150%",
      "Heat Styling": "Up to 350°F with heat protectant",
      Care: "Color-safe, sulfate-free shampoo; wash every 10-15 wears",
      Lifespan: "12-18 months",
    },
  },
  {
    id: "acc-1",
    name: "Mulberry Silk Pillowcase",
    description:
      "A champagne pillowcase in 22 momme, 100% mulberry silk that lets hair glide instead of rubbing while you sleep. " +
      "Less friction means less tangling and frizz for extensions, wigs and your own hair. " +
      "Standard size with a hidden envelope closure.",
    price: 49,
    originalPrice: 69,
    images: ["product-acc-1-1", "product-acc-1-2"],
    category: "accessories",
    color: "Champagne",
    rating: 4.3,
    reviewCount: 412,
    inStock: true,
    isSale: true,
    features: [
      "100% grade 6A mulberry silk",
      "Reduces friction, tangling and frizz overnight",
      "Hidden envelope closure, no zip to snag hair",
      "Gentle on skin and lash extensions too",
    ],
    specifications: {
      Material: "100% Mulberry Silk",
      Weight: "22 momme",
      Size: "Standard, 20 x 26 in",
      Closure: "Envelope",
      Care: "Hand wash cold or delicate cycle in a mesh bag",
    },
  },
  {
    id: "acc-2",
    name: "Boar Bristle Extension Brush",
    description:
      "A brush made for extensions and wigs: natural boar bristles smooth and add shine while nylon pins detangle without catching clips, tapes or wefts. " +
      "Brush from the ends up, holding the hair above the bond. " +
      "The matte black beechwood handle is comfortable for daily use.",
    price: 24,
    images: ["product-acc-2-1"],
    category: "accessories",
    color: "Black",
    rating: 4.6,
    reviewCount: 538,
    inStock: true,
    features: [
      "Boar bristles for smoothing and shine",
      "Ball-tipped nylon pins to detangle gently",
      "Safe around clips, tapes and wig lace",
      "Beechwood handle with a matte finish",
    ],
    specifications: {
      Bristles: "Boar bristle with nylon pins",
      Handle: "Beechwood, matte black",
      Length: "9.5 in",
      "Best For": "Extensions, wigs and natural hair",
      Use: "On dry hair or lightly damp wavy hair",
    },
  },
  {
    id: "acc-3",
    name: "Heat Protectant Serum",
    description:
      "A lightweight, alcohol-free serum that coats human hair before blow-drying, curling or straightening. " +
      "It helps hold in moisture and tames frizz, so extensions and wigs, which get no natural oils from the scalp, stay soft for longer. " +
      "Use it every time you style, and keep your tools below 350°F.",
    price: 32,
    images: ["product-acc-3-1"],
    category: "accessories",
    color: "Clear",
    rating: 4.2,
    reviewCount: 276,
    inStock: true,
    features: [
      "Alcohol-free, so it does not dry out hair",
      "Safe for Remy extensions, wigs and natural hair",
      "Light enough for fine hair, no greasy residue",
      "Adds shine and tames frizz",
    ],
    specifications: {
      Volume: "100 ml (3.4 fl oz)",
      "Key Ingredients": "Argan oil, hydrolyzed silk protein",
      "Free From": "Alcohol, parabens",
      "Heat Styling": "Keep tools below 350°F",
      Use: "Apply to damp or dry hair, mid-lengths to ends; keep off tape bonds",
    },
  },
];
