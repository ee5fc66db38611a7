// node scripts/bench/generate-catalog-fixture.mjs [--count=10000] [--out=tests/.tmp/catalog-fixture-10000.json]
// A big, deterministic catalogue for bench:scale: products shaped like app/modules/catalog/product.ts, with ids
// that cannot collide with the shipped ones ("bench-00001"...) and images from the shipped image set.
// The app appends them after the shipped products when CATALOG_FIXTURE names this file (docs/performance.md).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { options } from "./lib/report.mjs";
import { projectRoot, tmpDir } from "./lib/shop-server.mjs";

export const FIXTURE_ID_PREFIX = "bench-";

/** Product ids are zero-padded so that they sort in catalogue order: bench-00001 ... bench-10000. */
export function fixtureProductId(index) {
  return `${FIXTURE_ID_PREFIX}${String(index).padStart(5, "0")}`;
}

export function defaultFixturePath(count) {
  return path.join(tmpDir, `catalog-fixture-${count}.json`);
}

/** A small seeded generator (mulberry32): the same count always gives the same catalogue. */
function randomSource(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    integer: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (probability) => next() < probability,
  };
}

/** Image ids of the shipped product photos by category, read from public/images (<id>-<width>.avif). */
function shippedProductImages() {
  const ids = new Set(
    fs
      .readdirSync(path.join(projectRoot, "public/images"))
      .map((file) => /^(product-.+)-\d+\.avif$/.exec(file)?.[1])
      .filter(Boolean),
  );
  const byPrefix = (prefix) => [...ids].filter((id) => id.startsWith(`product-${prefix}-`)).sort();
  const images = {
    "clip-in": byPrefix("clip"),
    "tape-in": byPrefix("tape"),
    wigs: byPrefix("wig"),
    accessories: byPrefix("acc"),
  };
  for (const [category, list] of Object.entries(images)) {
    if (list.length === 0)
      throw new Error(`No product images for ${category} in public/images: run npm run images first.`);
  }
  return images;
}

const colours = [
  "Honey Blonde",
  "Platinum Blonde",
  "Ash Blonde",
  "Chocolate Brown",
  "Chestnut Brown",
  "Jet Black",
  "Natural Black",
  "Auburn Red",
  "Copper Red",
  "Balayage Brown",
];
const textures = ["Straight", "Body Wave", "Loose Wave", "Deep Wave", "Kinky Curly", "Yaki Straight"];
const lengths = ["14 inch", "16 inch", "18 inch", "20 inch", "22 inch", "24 inch", "26 inch"];
const nouns = {
  "clip-in": "Clip-In Set",
  "tape-in": "Tape-In Extensions",
  wigs: "Lace Front Wig",
  accessories: "Styling Kit",
};
const accessoryKinds = [
  "Detangling Brush",
  "Silk Scrunchie Set",
  "Wig Stand",
  "Heat Protectant Spray",
  "Satin Bonnet",
  "Edge Brush",
];
const featurePool = [
  "100% Remy human hair with cuticles aligned root to tip",
  "Double-drawn for fullness from root to end",
  "Can be washed, curled and straightened like your own hair",
  "Silicone-lined clips that grip without pulling",
  "Medical-grade adhesive that lasts six to eight weeks",
  "Pre-plucked hairline with baby hairs",
  "Breathable cap with adjustable straps",
  "Ships in a reusable storage box",
];

/** One product as the shop's Product type describes it. */
function generateProduct(index, random, images) {
  const category = random.pick(["clip-in", "tape-in", "wigs", "accessories"]);
  const isAccessory = category === "accessories";
  const color = random.pick(colours);
  const texture = random.pick(textures);
  const length = random.pick(lengths);
  const name = isAccessory
    ? `${random.pick(accessoryKinds)} ${color} No. ${index}`
    : `${texture} ${nouns[category]} ${length} ${color} No. ${index}`;
  const price = isAccessory ? random.integer(12, 89) : random.integer(79, 899);
  const isSale = random.chance(0.2);
  const pool = images[category];
  const imageCount = Math.min(pool.length, random.integer(1, 3));
  const first = random.integer(0, pool.length - 1);
  return {
    id: fixtureProductId(index),
    name,
    description:
      `${name}: ${
        isAccessory
          ? "a finishing touch for extensions and wigs"
          : `${texture.toLowerCase()} 100% Remy human hair in ${color.toLowerCase()}`
      }. ` + "Generated for the scale benchmark; the words vary so that search has something to match.",
    price,
    ...(isSale ? { originalPrice: price + random.integer(20, 150) } : {}),
    images: Array.from({ length: imageCount }, (_, offset) => pool[(first + offset) % pool.length]),
    category,
    ...(isAccessory ? {} : { length, texture }),
    color,
    rating: random.integer(35, 50) / 10,
    reviewCount: random.integer(0, 900),
    inStock: random.chance(0.9),
    ...(isSale ? { isSale: true } : {}),
    ...(random.chance(0.1) ? { isNew: true } : {}),
    features: Array.from({ length: random.integer(3, 5) }, () => random.pick(featurePool)).filter(
      (feature, position, list) => list.indexOf(feature) === position,
    ),
    specifications: {
      "Hair Type": isAccessory ? "Not applicable" : "100% Remy Human Hair",
      ...(isAccessory ? {} : { Length: length, Texture: texture }),
      Colour: color,
      "Benchmark Index": String(index),
    },
  };
}

/** `count` generated products, always the same for the same count. */
export function generateCatalogue(count) {
  const random = randomSource(0x5eed + count);
  const images = shippedProductImages();
  return Array.from({ length: count }, (_, position) => generateProduct(position + 1, random, images));
}

/** Writes the fixture file (unless an identical one is there) and returns its path. */
export function writeCatalogueFixture(count, file = defaultFixturePath(count)) {
  const fixture = {
    description:
      "Generated by scripts/bench/generate-catalog-fixture.mjs for bench:scale; appended after the shipped catalogue.",
    count,
    products: generateCatalogue(count),
  };
  const text = `${JSON.stringify(fixture)}\n`;
  if (!fs.existsSync(file) || fs.readFileSync(file, "utf8") !== text) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  return file;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const settings = options({ count: 10_000, out: "" });
  const file = writeCatalogueFixture(settings.count, settings.out ? path.resolve(settings.out) : undefined);
  const size = fs.statSync(file).size;
  console.log(
    `${settings.count} products written to ${path.relative(process.cwd(), file)} (${(size / 1024 / 1024).toFixed(1)} MB)`,
  );
}
