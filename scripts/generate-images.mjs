// Draws every shop image as SVG and renders it with sharp into AVIF and WebP at the widths the pages ask for,
// then writes the typed manifest app/content/images.ts. Run with `npm run images` after changing a drawing.
// The drawings are seeded from the image id, so a run reproduces the committed files.
// Why generated images: see docs/decisions/0002-generated-images.md.
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outputDir = path.join(root, "public/images");
const manifestFile = path.join(root, "app/content/images.ts");

const AVIF_QUALITY = 50;
const WEBP_QUALITY = 70;

/** Master size and delivered widths per kind of image; the aspect ratio is fixed by the layouts. */
const formats = {
  portrait: { width: 960, height: 1200, widths: [320, 640, 960] },
  banner: { width: 1440, height: 810, widths: [480, 960, 1440] },
  hero: { width: 1920, height: 1080, widths: [640, 1280, 1920] },
};

// ---------------------------------------------------------------------------------------------------------------
// Small maths and colour helpers

const TAU = Math.PI * 2;
const lerp = (a, b, t) => a + (b - a) * t;
const clamp = (value, min, max) => Math.min(max, Math.max(min, value));
const fmt = (value) => (Math.round(value * 10) / 10).toString();

/** Deterministic pseudo-random numbers in [0, 1), so every run draws the same strands. */
function randomFrom(seedText) {
  let seed = 2166136261;
  for (const char of seedText) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hexToRgb(hex) {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function rgbToHex(rgb) {
  return `#${rgb.map((c) => clamp(Math.round(c), 0, 255).toString(16).padStart(2, "0")).join("")}`;
}
function mix(hexA, hexB, amount) {
  const a = hexToRgb(hexA);
  const b = hexToRgb(hexB);
  return rgbToHex(a.map((c, i) => lerp(c, b[i], amount)));
}

// ---------------------------------------------------------------------------------------------------------------
// Curves

/** A smooth curve through the given points (Catmull-Rom), as a function of t in [0, 1]. */
function curveThrough(points) {
  const last = points.length - 1;
  return (t) => {
    const scaled = clamp(t, 0, 1) * last;
    const i = Math.min(Math.floor(scaled), last - 1);
    const s = scaled - i;
    const p0 = points[Math.max(i - 1, 0)];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[Math.min(i + 2, last)];
    return [0, 1].map(
      (k) =>
        0.5 *
        (2 * p1[k] +
          (p2[k] - p0[k]) * s +
          (2 * p0[k] - 5 * p1[k] + 4 * p2[k] - p3[k]) * s * s +
          (3 * p1[k] - p0[k] - 3 * p2[k] + p3[k]) * s * s * s),
    );
  };
}

function normalAt(curve, t) {
  const a = curve(clamp(t - 0.002, 0, 1));
  const b = curve(clamp(t + 0.002, 0, 1));
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  return [-(b[1] - a[1]) / length, (b[0] - a[0]) / length];
}

function angleAt(curve, t) {
  const a = curve(clamp(t - 0.002, 0, 1));
  const b = curve(clamp(t + 0.002, 0, 1));
  return (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
}

/**
 * Sideways displacement of a wave along a curve, as a function of t. Hair waves start below the root: it stays
 * calm until `calmUntil`, then the waves grow to full height over `settle`.
 */
function waveOffset({ amplitude, cycles, phase = 0, settle = 0.18, calmUntil = 0 }) {
  return (t) => amplitude * Math.sin(TAU * cycles * (t - calmUntil) + phase) * clamp((t - calmUntil) / settle, 0, 1);
}

/** The curve with waves across it. */
function withWaves(curve, waves) {
  const offset = waveOffset(waves);
  return (t) => {
    const [x, y] = curve(t);
    const [nx, ny] = normalAt(curve, t);
    return [x + nx * offset(t), y + ny * offset(t)];
  };
}

/** SVG path data for a smooth line through the points. */
function smoothPath(points, closed = false) {
  const pts = closed ? [...points, points[0]] : points;
  let d = `M${fmt(pts[0][0])} ${fmt(pts[0][1])}`;
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[i - 1] ?? (closed ? pts[pts.length - 2] : pts[i]);
    const p1 = pts[i];
    const p2 = pts[i + 1];
    const p3 = pts[i + 2] ?? (closed ? pts[1] : p2);
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${fmt(c1[0])} ${fmt(c1[1])} ${fmt(c2[0])} ${fmt(c2[1])} ${fmt(p2[0])} ${fmt(p2[1])}`;
  }
  return closed ? `${d}Z` : d;
}

/** Width that eases from `start` to `end` and narrows over the last stretch, like the ends of a lock. */
function taperedWidth(start, end, { tipFrom = 0.8, tip = 0.45, rootFrom = 0, root = 1 } = {}) {
  return (t) => {
    let width = lerp(start, end, t);
    if (t > tipFrom) width *= 1 - ((t - tipFrom) / (1 - tipFrom)) * tip;
    if (t < rootFrom) width *= lerp(root, 1, t / rootFrom);
    return width;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Palettes

/** Hair colours: `root` darkens the top of each strand, `ends` (optional) lightens the tips, as in balayage. */
const hair = {
  honeyBlonde: { root: "#8a5a2b", tones: ["#a5703a", "#c48f52", "#d9aa6b", "#efcf95"], ends: "#ebc78e" },
  chocolateBrown: { root: "#24140d", tones: ["#3e2416", "#5a3523", "#774a31", "#a0704e"] },
  jetBlack: { root: "#050506", tones: ["#0b0b0e", "#17171c", "#26252c", "#55535f"] },
  ashBlonde: { root: "#7d7465", tones: ["#9a917f", "#b6ad99", "#cdc5b2", "#e9e3d4"] },
  darkBrown: { root: "#1c120c", tones: ["#2b1c13", "#3e291c", "#574029", "#80624a"] },
  copperBalayage: { root: "#4a2417", tones: ["#7a3520", "#a34a26", "#c9662f", "#eb9860"], ends: "#f0a66c" },
  naturalBlack: { root: "#0c0a0b", tones: ["#141113", "#211b1d", "#31292b", "#5c5154"] },
  caramelBrown: { root: "#5b3a20", tones: ["#80522c", "#a06a3a", "#bd854d", "#dfae74"], ends: "#d6a066" },
  platinumBlonde: { root: "#b3a892", tones: ["#cbc2af", "#ddd6c6", "#ece7dc", "#fdfbf6"] },
};

/** Backdrops: [light, deep] ends of a soft diagonal gradient. */
const backdrops = {
  cream: ["#fcf8f2", "#eee0cf"],
  blush: ["#fcf1ee", "#ecd2ca"],
  sand: ["#f8f1e8", "#e3d0bb"],
  rose: ["#f6e8e6", "#dcbab5"],
  linen: ["#f9f5f0", "#e4dbd0"],
  peach: ["#fdf2e8", "#efcfb6"],
  mocha: ["#b29a8e", "#6e5750"],
  dusk: ["#d9c4bd", "#9c7d78"],
};

// ---------------------------------------------------------------------------------------------------------------
// The drawing surface

class Drawing {
  constructor(width, height, seedText) {
    this.width = width;
    this.height = height;
    this.random = randomFrom(seedText);
    this.defs = [];
    this.layers = [];
    this.nextId = 0;
  }
  id(prefix) {
    this.nextId += 1;
    return `${prefix}${this.nextId}`;
  }
  between(min, max) {
    return lerp(min, max, this.random());
  }
  def(markup) {
    this.defs.push(markup);
  }
  add(markup) {
    this.layers.push(markup);
  }
  /** Draws into a transformed group, e.g. to reuse a composition at another scale for a close-up. */
  transformed(transform, draw) {
    this.add(`<g transform="${transform}">`);
    draw();
    this.add("</g>");
  }
  /** A Gaussian blur filter with a generous region, so soft shadows are not clipped. */
  blur(deviation) {
    const id = this.id("blur");
    this.def(
      `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`,
    );
    return id;
  }
  linearGradient(from, to, stops) {
    const id = this.id("lg");
    this.def(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${fmt(from[0])}" y1="${fmt(from[1])}" x2="${fmt(
        to[0],
      )}" y2="${fmt(to[1])}">${stops
        .map(
          ([offset, color, opacity = 1]) =>
            `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`,
        )
        .join("")}</linearGradient>`,
    );
    return id;
  }
  radialGradient(center, radius, stops, { scaleY = 1 } = {}) {
    const id = this.id("rg");
    const transform =
      scaleY === 1 ? "" : ` gradientTransform="translate(0 ${fmt(center[1] * (1 - scaleY))}) scale(1 ${scaleY})"`;
    this.def(
      `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${fmt(center[0])}" cy="${fmt(center[1])}" r="${fmt(
        radius,
      )}"${transform}>${stops
        .map(
          ([offset, color, opacity = 1]) =>
            `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`,
        )
        .join("")}</radialGradient>`,
    );
    return id;
  }
  toSvg() {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${
      this.width
    } ${this.height}"><defs>${this.defs.join("")}</defs>${this.layers.join("")}</svg>`;
  }
}

/** Soft warm backdrop: a diagonal gradient, a glow where the light comes from and a faint floor shade. */
function backdrop(d, colors, { glow = [0.3, 0.25], glowStrength = 0.75, floor = 0.1 } = {}) {
  const [light, deep] = colors;
  const gradient = d.linearGradient(
    [0, 0],
    [d.width * 0.7, d.height],
    [
      [0, light],
      [1, deep],
    ],
  );
  d.add(`<rect width="${d.width}" height="${d.height}" fill="url(#${gradient})"/>`);
  const glowCenter = [d.width * glow[0], d.height * glow[1]];
  const glowId = d.radialGradient(glowCenter, Math.max(d.width, d.height) * 0.6, [
    [0, "#ffffff", glowStrength],
    [1, "#ffffff", 0],
  ]);
  d.add(`<rect width="${d.width}" height="${d.height}" fill="url(#${glowId})"/>`);
  if (floor > 0) {
    const floorId = d.linearGradient(
      [0, d.height * 0.55],
      [0, d.height],
      [
        [0, deep, 0],
        [1, mix(deep, "#3a2a24", 0.25), floor * 2.5],
      ],
    );
    d.add(`<rect width="${d.width}" height="${d.height}" fill="url(#${floorId})"/>`);
  }
}

/** A soft contact shadow under an object. */
function softShadow(d, center, radiusX, radiusY, opacity = 0.18, deviation = 18) {
  const blur = d.blur(deviation);
  d.add(
    `<ellipse cx="${fmt(center[0])}" cy="${fmt(center[1])}" rx="${fmt(radiusX)}" ry="${fmt(
      radiusY,
    )}" fill="#3a2820" opacity="${opacity}" filter="url(#${blur})"/>`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Hair

/**
 * A lock of hair: a soft body in the hair colour, then many thin strands that follow the lock's curve with
 * their own small drift, then short bright strands where the light catches (the sheen).
 */
function hairLock(
  d,
  {
    curve,
    width,
    palette,
    strands = 220,
    strandWidth = 1,
    sheenAt = [0.28],
    sheenStrength = 1,
    starts = [0, 0.03],
    ends = [0.86, 1],
    drift = 0.05,
    bodyOpacity = 0.95,
    shadow = 0,
    waves,
  },
) {
  // Waves shift every strand by the same amount along the calm curve's normal, so strands stay parallel: offsetting
  // each strand from the waved curve instead would fold the strands of a wide lock over each other in the bends.
  const wave = waves ? waveOffset(waves) : () => 0;
  const pointAcross = (t, across) => {
    const [x, y] = curve(t);
    const [nx, ny] = normalAt(curve, t);
    const offset = (width(t) / 2) * across + wave(t);
    return [x + nx * offset, y + ny * offset];
  };
  const top = curve(0);
  const bottom = curve(1);
  const toneGradients = palette.tones.map((tone) =>
    d.linearGradient(top, bottom, [
      [0, mix(tone, palette.root, 0.55)],
      [0.3, tone],
      [1, palette.ends ? mix(tone, palette.ends, 0.65) : tone],
    ]),
  );
  const parts = [];

  const outline = (spread, until) => {
    const left = [];
    const right = [];
    for (let i = 0; i <= 24; i++) {
      const t = (i / 24) * until;
      left.push(pointAcross(t, -spread));
      right.push(pointAcross(t, spread));
    }
    // Straight across the root and the tip: a smoothed closed path would bulge past them.
    return `${smoothPath(left)}L${smoothPath(right.reverse()).slice(1)}Z`;
  };

  if (shadow > 0) {
    const blur = d.blur(22);
    parts.push(
      `<path d="${outline(
        0.9,
        0.95,
      )}" fill="#2b1d16" opacity="${shadow}" filter="url(#${blur})" transform="translate(16 22)"/>`,
    );
  }
  if (bodyOpacity > 0) {
    const blur = d.blur(3);
    parts.push(
      `<path d="${outline(0.86, 0.9)}" fill="url(#${
        toneGradients[1]
      })" opacity="${bodyOpacity}" filter="url(#${blur})"/>`,
    );
  }

  const strand = (across, fromT, toT, stroke, opacity, widthScale) => {
    const phase = d.between(0, TAU);
    const frequency = d.between(0.6, 2.2);
    const wander = d.between(-drift, drift);
    const points = [];
    for (let i = 0; i <= 14; i++) {
      const t = lerp(fromT, toT, i / 14);
      const offset = across + wander * Math.sin(phase + frequency * TAU * t);
      points.push(pointAcross(t, clamp(offset, -1.05, 1.05)));
    }
    return `<path d="${smoothPath(points)}" stroke="${stroke}" stroke-width="${fmt(
      widthScale * strandWidth,
    )}" stroke-opacity="${fmt(opacity * 100) / 100}"/>`;
  };

  const strandPaths = [];
  for (let i = 0; i < strands; i++) {
    const pick = d.random();
    const tone = pick < 0.28 ? 0 : pick < 0.62 ? 1 : pick < 0.88 ? 2 : 3;
    strandPaths.push(
      strand(
        d.between(-0.98, 0.98),
        d.between(starts[0], starts[1]),
        d.between(ends[0], ends[1]),
        `url(#${toneGradients[tone]})`,
        d.between(0.45, 0.95),
        d.between(0.7, 2.6),
      ),
    );
  }
  const sheenColor = mix(palette.tones[3], "#ffffff", 0.35);
  for (const at of sheenAt) {
    for (let i = 0; i < strands * 0.3 * sheenStrength; i++) {
      // Short glints are brighter than long ones, so the band of light fades out at its edges.
      const half = d.between(0.015, 0.1);
      const center = at + d.between(-0.04, 0.04);
      const opacity = lerp(0.6, 0.15, (half - 0.015) / 0.085) * d.between(0.6, 1);
      strandPaths.push(
        strand(d.between(-0.92, 0.92), center - half, center + half, sheenColor, opacity, d.between(0.6, 2)),
      );
    }
  }
  parts.push(`<g fill="none" stroke-linecap="round">${strandPaths.join("")}</g>`);
  d.add(`<g>${parts.join("")}</g>`);
}

/** The sewn top of a clip-in weft, lying across the start of a lock, with small snap clips. */
function weftBand(d, { at, angle, length, palette, clips = 3, wire = false }) {
  const gradient = d.linearGradient(
    [0, -14],
    [0, 14],
    [
      [0, palette.tones[2]],
      [0.5, palette.tones[0]],
      [1, palette.root],
    ],
  );
  const parts = [
    `<rect x="${fmt(-length / 2)}" y="-13" width="${fmt(length)}" height="26" rx="9" fill="url(#${gradient})"/>`,
    `<rect x="${fmt(-length / 2 + 8)}" y="-3" width="${fmt(
      length - 16,
    )}" height="2" rx="1" fill="#ffffff" opacity="0.18"/>`,
  ];
  if (wire) {
    // A halo extension hangs from a fine, clear wire instead of clips.
    parts.push(
      `<path d="M${fmt(-length / 2 + 6)} -6 C${fmt(-length * 0.45)} ${fmt(-length * 0.72)} ${fmt(length * 0.45)} ${fmt(
        -length * 0.72,
      )} ${fmt(length / 2 - 6)} -6" fill="none" stroke="#6f6862" stroke-opacity="0.55" stroke-width="3"/>`,
    );
  }
  const metal = d.linearGradient(
    [0, -16],
    [0, 16],
    [
      [0, "#f1efeb"],
      [0.5, "#b9b4ad"],
      [1, "#8e8881"],
    ],
  );
  for (let i = 0; i < clips; i++) {
    const x = lerp(-length / 2 + 60, length / 2 - 60, clips === 1 ? 0.5 : i / (clips - 1)) - 24;
    parts.push(
      `<rect x="${fmt(x)}" y="-16" width="48" height="32" rx="9" fill="url(#${metal})"/><rect x="${fmt(
        x + 12,
      )}" y="-5" width="24" height="10" rx="5" fill="#5f5953" opacity="0.55"/>`,
    );
  }
  d.add(`<g transform="translate(${fmt(at[0])} ${fmt(at[1])}) rotate(${fmt(angle)})">${parts.join("")}</g>`);
}

/** The clear tape at the root of a tape-in weft. */
function tapeTab(d, { at, angle, length }) {
  d.add(
    `<g transform="translate(${fmt(at[0])} ${fmt(at[1])}) rotate(${fmt(angle)})"><rect x="${fmt(
      -length / 2,
    )}" y="-20" width="${fmt(
      length,
    )}" height="40" rx="6" fill="#ffffff" fill-opacity="0.55" stroke="#ffffff" stroke-opacity="0.9" stroke-width="2"/><rect x="${fmt(
      -length / 2 + 8,
    )}" y="-13" width="${fmt(length - 16)}" height="6" rx="3" fill="#ffffff" opacity="0.6"/></g>`,
  );
}

/** A weft hanging straight down from its top band: the classic product shot of an extension. */
function hangingWeft(
  d,
  { palette, waves, x = 480, top = 190, bottom = 1110, topWidth = 540, bottomWidth = 400, band = "clips" },
) {
  const curve = curveThrough([
    [x, top],
    [x - 12, lerp(top, bottom, 0.35)],
    [x + 16, lerp(top, bottom, 0.7)],
    [x + 4, bottom],
  ]);
  const width = taperedWidth(topWidth, bottomWidth, { tipFrom: 0.78, tip: 0.35 });
  hairLock(d, {
    curve,
    width,
    waves,
    palette,
    strands: 300,
    sheenAt: waves ? [0.3, 0.3 + 1 / waves.cycles] : [0.27],
    shadow: 0.16,
  });
  if (band === "tape") {
    for (let i = 0; i < 3; i++) {
      tapeTab(d, {
        at: [lerp(x - topWidth / 3, x + topWidth / 3, i / 2), top + 4],
        angle: 0,
        length: topWidth / 3 - 12,
      });
    }
  } else {
    weftBand(d, {
      at: [x, top],
      angle: 0,
      length: topWidth + 20,
      palette,
      clips: band === "halo" ? 0 : 3,
      wire: band === "halo",
    });
  }
}

/** A weft laid on a surface in a soft S curve, seen from above. */
function curvedWeft(d, { palette, waves, points, startWidth = 300, endWidth = 220, band = "clips" }) {
  const curve = curveThrough(points);
  const width = taperedWidth(startWidth, endWidth, { tipFrom: 0.75, tip: 0.5 });
  hairLock(d, { curve, width, waves, palette, strands: 260, sheenAt: [0.22, 0.55], shadow: 0.2, drift: 0.04 });
  const angle = angleAt(curve, 0) + 90;
  if (band === "tape") tapeTab(d, { at: curve(0), angle, length: startWidth - 20 });
  else
    weftBand(d, { at: curve(0), angle, length: startWidth + 16, palette, clips: band === "halo" ? 0 : 2, wire: false });
}

/** Long locks crossing the frame, close up: shows the texture of the hair. */
function hairCloseUp(d, { palette, waves, lanes }) {
  for (const lane of lanes) {
    hairLock(d, {
      curve: curveThrough(lane.points),
      waves: waves && { ...waves, phase: lane.phase ?? 0 },
      width: () => lane.width,
      palette,
      strands: 200,
      strandWidth: 1.7,
      starts: [0, 0],
      ends: [1, 1],
      sheenAt: lane.sheenAt ?? [0.35],
      drift: 0.03,
      shadow: 0.12,
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Mannequin and wigs

/** Proportions of the mannequin bust, in the portrait frame. */
const bust = { cx: 480, cy: 430, rx: 142, ry: 182 };

function mannequin(d, { skin = ["#f3e8dc", "#d9c4b0"], back = false }) {
  const { cx, cy, rx, ry } = bust;
  const body = d.linearGradient(
    [cx - 300, 600],
    [cx + 300, 1200],
    [
      [0, skin[0]],
      [1, skin[1]],
    ],
  );
  d.add(
    `<path d="M${cx - 62} ${cy + 120}C${cx - 58} ${cy + 220} ${cx - 66} ${cy + 280} ${cx - 86} ${cy + 318}C${
      cx - 190
    } ${cy + 352} ${cx - 300} ${cy + 380} ${cx - 350} ${cy + 470}C${cx - 380} ${cy + 540} ${cx - 392} ${cy + 660} ${
      cx - 396
    } 1200L${cx + 396} 1200C${cx + 392} ${cy + 660} ${cx + 380} ${cy + 540} ${cx + 350} ${cy + 470}C${cx + 300} ${
      cy + 380
    } ${cx + 190} ${cy + 352} ${cx + 86} ${cy + 318}C${cx + 66} ${cy + 280} ${cx + 58} ${cy + 220} ${cx + 62} ${
      cy + 120
    }Z" fill="url(#${body})"/>`,
  );
  // The shade under the chin gives the neck depth.
  const neckShade = d.blur(16);
  d.add(
    `<ellipse cx="${cx}" cy="${cy + ry - 8}" rx="${
      rx * 0.6
    }" ry="46" fill="#8a6e5a" opacity="0.22" filter="url(#${neckShade})"/>`,
  );
  const face = d.radialGradient([cx - rx * 0.3, cy - ry * 0.25], rx * 1.6, [
    [0, mix(skin[0], "#ffffff", 0.3)],
    [0.7, skin[0]],
    [1, skin[1]],
  ]);
  if (!back) {
    d.add(
      `<path d="M${cx} ${cy - ry}C${cx + rx * 0.95} ${cy - ry} ${cx + rx} ${cy - ry * 0.2} ${cx + rx * 0.94} ${
        cy + ry * 0.22
      }C${cx + rx * 0.86} ${cy + ry * 0.7} ${cx + rx * 0.42} ${cy + ry} ${cx} ${cy + ry}C${cx - rx * 0.42} ${cy + ry} ${
        cx - rx * 0.86
      } ${cy + ry * 0.7} ${cx - rx * 0.94} ${cy + ry * 0.22}C${cx - rx} ${cy - ry * 0.2} ${cx - rx * 0.95} ${
        cy - ry
      } ${cx} ${cy - ry}Z" fill="url(#${face})"/>`,
    );
  }
}

/**
 * Hair over the skull seen from the front: strands fan out from the parting and follow the curve of the head down
 * to the hairline (front view) or to the nape (back view).
 */
function hairDome(d, { palette, parting, boundary, shell = 1.08, strands = 420 }) {
  const { cx, cy, rx, ry } = bust;
  const toPolar = ([x, y]) => {
    const nx = (x - cx) / rx;
    const ny = (y - cy) / ry;
    return [Math.atan2(nx, -ny), Math.hypot(nx, ny)];
  };
  const fromPolar = (angle, radius) => [cx + Math.sin(angle) * rx * radius, cy - Math.cos(angle) * ry * radius];
  const [partAngle] = toPolar(parting);
  const edge = curveThrough(boundary);
  const tones = palette.tones.map((tone) =>
    d.linearGradient(
      [cx, cy - ry * shell],
      [cx, cy + ry * 0.3],
      [
        [0, mix(tone, palette.root, 0.3)],
        [1, tone],
      ],
    ),
  );
  // The fill under the strands: the outer shell from one end of the boundary over the top to the other end.
  const [startAngle, startRadius] = toPolar(boundary[0]);
  const [endAngle, endRadius] = toPolar(boundary[boundary.length - 1]);
  const outline = [];
  for (let i = 0; i <= 30; i++) {
    const angle = lerp(startAngle, endAngle, i / 30);
    const radius = i === 0 ? startRadius : i === 30 ? endRadius : shell;
    outline.push(fromPolar(angle, radius));
  }
  for (let i = 24; i >= 1; i--) outline.push(edge(i / 25));
  d.add(`<path d="${smoothPath(outline, true)}" fill="url(#${tones[0]})"/>`);

  const strandAlong = (target, from, to) => {
    const [targetAngle, targetRadius] = toPolar(target);
    const wobble = d.between(-0.015, 0.015);
    const points = [];
    for (let i = 0; i <= 10; i++) {
      const f = lerp(from, to, i / 10);
      // Stay on the outer shell first, then come down to the target: the hair lies on a round head.
      points.push(
        fromPolar(lerp(partAngle, targetAngle, f) + wobble * Math.sin(f * Math.PI), lerp(shell, targetRadius, f * f)),
      );
    }
    return smoothPath(points);
  };
  const paths = [];
  const sheenColor = mix(palette.tones[3], "#ffffff", 0.35);
  for (let i = 0; i < strands; i++) {
    const target = edge(d.random());
    const pick = d.random();
    const tone = pick < 0.3 ? 0 : pick < 0.65 ? 1 : pick < 0.9 ? 2 : 3;
    paths.push(
      `<path d="${strandAlong(target, 0, 1)}" stroke="url(#${tones[tone]})" stroke-width="${fmt(
        d.between(0.8, 2.6),
      )}" stroke-opacity="${fmt(d.between(50, 95)) / 100}"/>`,
    );
    if (d.random() < 0.35) {
      const center = d.between(0.32, 0.42);
      paths.push(
        `<path d="${strandAlong(target, center - 0.1, center + 0.1)}" stroke="${sheenColor}" stroke-width="${fmt(
          d.between(0.8, 2),
        )}" stroke-opacity="${fmt(d.between(20, 55)) / 100}"/>`,
      );
    }
  }
  d.add(`<g fill="none" stroke-linecap="round">${paths.join("")}</g>`);
}

/**
 * A wig on the mannequin, drawn back to front: the hair behind the shoulders, the bust, the two sides that fall
 * from the temples, then the hair over the skull, which hides where the sides begin. `length` is where the ends
 * fall (y), `flare` how far they spread.
 */
function wigOnMannequin(d, { palette, length, flare, waves, skin, back = false, bob = false }) {
  const { cx, cy, rx, ry } = bust;

  if (!back) {
    // Back hair: seen between the neck and the side locks.
    const backCurve = curveThrough([
      [cx, cy - ry * 0.7],
      [cx, lerp(cy - ry * 0.7, length, 0.5)],
      [cx, length - (bob ? 0 : 30)],
    ]);
    const backWidth = bob ? rx * 2.45 : rx * 2.5;
    hairLock(d, {
      curve: backCurve,
      waves: waves && { ...waves, amplitude: waves.amplitude * 0.5, calmUntil: 0.3, settle: 0.2 },
      width: taperedWidth(backWidth, backWidth + (bob ? 0 : flare), {
        // Narrow enough at the top to stay hidden behind the head and the side locks.
        rootFrom: 0.3,
        root: 0.78,
        tipFrom: bob ? 0.92 : 0.85,
        tip: bob ? 0.12 : 0.3,
      }),
      palette: { ...palette, tones: palette.tones.map((tone) => mix(tone, palette.root, 0.3)) },
      strands: 280,
      sheenAt: [],
      ends: bob ? [0.95, 1] : [0.85, 1],
    });
  }

  if (back) {
    mannequin(d, { skin, back });
    // From behind, one broad lock covers the head: it follows the outline of the skull from the crown down.
    const top = cy - ry - 18;
    const curve = curveThrough([
      [cx, top],
      [cx, cy],
      [cx, length],
    ]);
    const halfHead = (y) => (rx + 18) * Math.sqrt(clamp(1 - ((y - cy) / (ry + 18)) ** 2, 0, 1));
    hairLock(d, {
      curve,
      waves: waves && { ...waves, settle: 0.5 },
      width: (t) => {
        const y = curve(t)[1];
        const flared = y < cy ? halfHead(y) * 2 : (rx + 18) * 2 + ((y - cy) / (length - cy)) * flare;
        return Math.max(flared, 8);
      },
      palette,
      strands: 420,
      sheenAt: [0.14],
      starts: [0, 0.01],
      ends: bob ? [0.96, 1] : [0.85, 1],
      drift: 0.02,
    });
    return;
  }

  mannequin(d, { skin, back });
  for (const side of [-1, 1]) {
    const points = [
      [cx + side * rx * 0.74, cy - ry * 0.62],
      [cx + side * (rx - 4), cy + ry * 0.1],
      ...(bob
        ? [
            [cx + side * (rx + 34 + flare * 0.5), cy + ry * 0.8],
            [cx + side * (rx + 14 + flare * 0.5), length],
          ]
        : [
            [cx + side * (rx + 40 + flare * 0.4), lerp(cy + ry * 0.3, length, 0.45)],
            [cx + side * (rx + 30 + flare), length],
          ]),
    ];
    const curve = curveThrough(points);
    const widthAt = taperedWidth(bob ? 130 : 120, bob ? 140 : 160, {
      rootFrom: 0.22,
      root: 0.45,
      tipFrom: bob ? 0.9 : 0.8,
      tip: bob ? 0.15 : 0.5,
    });
    hairLock(d, {
      curve,
      waves: waves && { ...waves, phase: side > 0 ? 0 : Math.PI, calmUntil: 0.2, settle: 0.2 },
      width: widthAt,
      palette,
      strands: 240,
      sheenAt: waves ? [0.3, 0.58, 0.84] : [0.4],
      sheenStrength: 0.8,
      starts: [0, 0.05],
      ends: bob ? [0.95, 1] : [0.84, 1],
      drift: 0.04,
    });
  }

  // One dome from the left temple over the top to the right temple; the hairline arches over the forehead.
  const hairline = [
    [cx - rx * 1.05, cy + ry * 0.2],
    [cx - rx * 0.94, cy + ry * 0.02],
    [cx - rx * 0.8, cy - ry * 0.32],
    [cx - rx * 0.42, cy - ry * 0.54],
    [cx + 8, cy - ry * 0.6],
    [cx + rx * 0.42, cy - ry * 0.54],
    [cx + rx * 0.8, cy - ry * 0.32],
    [cx + rx * 0.94, cy + ry * 0.02],
    [cx + rx * 1.05, cy + ry * 0.2],
  ];
  hairDome(d, { palette, parting: [cx + 8, cy - ry * 1.06], boundary: hairline, strands: 560 });
}

// ---------------------------------------------------------------------------------------------------------------
// Accessories

function silkPillow(d, { x = 480, y = 640, scale = 1 }) {
  const g = (markup) => `<g transform="translate(${x} ${y}) scale(${scale})">${markup}</g>`;
  softShadow(d, [x, y + 270 * scale], 360 * scale, 40 * scale, 0.22, 24);
  const fill = d.linearGradient(
    [-340, -260],
    [340, 260],
    [
      [0, "#f8ecd9"],
      [0.45, "#e8cfa9"],
      [0.7, "#f3e1c4"],
      [1, "#c9a87c"],
    ],
  );
  const outline =
    "M-330 -230Q-170 -268 0 -250Q170 -268 330 -230Q352 0 330 230Q170 266 0 248Q-170 266 -330 230Q-352 0 -330 -230Z";
  const sheen = d.blur(14);
  const fold = d.blur(5);
  d.add(
    g(
      `<path d="${outline}" fill="url(#${fill})"/>` +
        `<path d="M-260 -170C-120 -80 60 -140 250 -40" fill="none" stroke="#ffffff" stroke-width="46" stroke-opacity="0.45" filter="url(#${sheen})"/>` +
        `<path d="M-280 120C-100 40 80 150 280 60" fill="none" stroke="#ffffff" stroke-width="30" stroke-opacity="0.35" filter="url(#${sheen})"/>` +
        `<path d="M-300 -205C-240 -150 -220 -120 -170 -100M300 -205C250 -160 230 -120 190 -100M-300 205C-250 160 -220 130 -170 115M300 205C250 160 230 130 190 112" fill="none" stroke="#a88758" stroke-width="6" stroke-opacity="0.35" filter="url(#${fold})"/>` +
        `<path d="M-150 10C-60 40 40 -20 150 20" fill="none" stroke="#b8976a" stroke-width="10" stroke-opacity="0.25" filter="url(#${fold})"/>` +
        `<path d="${outline}" fill="none" stroke="#b8976a" stroke-opacity="0.35" stroke-width="3"/>`,
    ),
  );
}

/** Satin folds filling the frame: highlights and shades drawn as broad soft strokes. */
function silkDrape(d, { base = "#e6cba3" } = {}) {
  d.add(`<rect width="${d.width}" height="${d.height}" fill="${base}"/>`);
  const soft = d.blur(40);
  const folds = [];
  for (let i = 0; i < 7; i++) {
    const x0 = -420 + i * 230 + d.between(-30, 30);
    const points = [
      [x0, -80],
      [x0 + 300 + d.between(-40, 40), d.height * 0.35],
      [x0 + 380 + d.between(-40, 40), d.height * 0.7],
      [x0 + 700 + d.between(-40, 40), d.height + 80],
    ];
    const light = i % 2 === 0;
    folds.push(
      `<path d="${smoothPath(points)}" fill="none" stroke="${light ? "#fff7ea" : "#9c7a50"}" stroke-width="${fmt(
        d.between(110, 170),
      )}" stroke-opacity="${light ? 0.6 : 0.32}" filter="url(#${soft})"/>`,
    );
  }
  d.add(`<g stroke-linecap="round">${folds.join("")}</g>`);
}

function paddleBrush(d, { x, y, angle, scale = 1 }) {
  const frame = d.linearGradient(
    [-190, -260],
    [190, 260],
    [
      [0, "#3b3537"],
      [0.4, "#161314"],
      [1, "#0c0a0b"],
    ],
  );
  const cushion = d.radialGradient([0, -40], 260, [
    [0, "#2a2426"],
    [1, "#141112"],
  ]);
  const handle = d.linearGradient(
    [-44, 0],
    [44, 0],
    [
      [0, "#0d0b0c"],
      [0.35, "#3d3739"],
      [0.55, "#1a1718"],
      [1, "#0a0809"],
    ],
  );
  const tufts = [];
  for (let row = 0; row < 11; row++) {
    for (let col = 0; col < 8; col++) {
      const tx = -126 + col * 36 + (row % 2) * 18 - 9;
      const ty = -224 + row * 38;
      // Keep the tufts inside the rounded cushion.
      if ((tx / 150) ** 2 + (ty / 250) ** 4 > 0.92 || Math.abs(tx) > 140) continue;
      const tone = d.random() < 0.4 ? "#8a6d55" : "#3a2f2a";
      tufts.push(
        `<circle cx="${tx}" cy="${ty}" r="9" fill="${tone}"/><circle cx="${tx - 2}" cy="${
          ty - 2
        }" r="3.5" fill="#d8c3a8" opacity="0.7"/>`,
      );
    }
  }
  const shadow = d.blur(20);
  const sheen = d.blur(6);
  const shape =
    "M-180 -150C-180 -300 180 -300 180 -150L180 160C180 270 80 300 40 320L34 700C34 730 -34 730 -34 700L-40 320C-80 300 -180 270 -180 160Z";
  d.add(
    `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${scale})">` +
      `<path d="${shape}" fill="#2b1c16" opacity="0.28" filter="url(#${shadow})" transform="translate(26 34)"/>` +
      `<path d="M-40 300L-34 700C-34 730 34 730 34 700L40 300Z" fill="url(#${handle})"/>` +
      `<path d="M-180 -150C-180 -300 180 -300 180 -150L180 160C180 270 80 300 0 330C-80 300 -180 270 -180 160Z" fill="url(#${frame})"/>` +
      `<path d="M-150 -145C-150 -262 150 -262 150 -145L150 150C150 240 70 268 0 290C-70 268 -150 240 -150 150Z" fill="url(#${cushion})"/>` +
      tufts.join("") +
      `<path d="M-165 -170C-150 -262 -40 -282 60 -276" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="8" stroke-linecap="round" filter="url(#${sheen})"/>` +
      `<path d="M-16 360L-12 680" stroke="#ffffff" stroke-opacity="0.3" stroke-width="8" stroke-linecap="round" filter="url(#${sheen})"/>` +
      `</g>`,
  );
}

function serumBottle(d, { x, y, scale = 1, liquid = ["#f2d59a", "#d9a55a"] }) {
  const glass = d.linearGradient(
    [-120, 0],
    [120, 0],
    [
      [0, "#ffffff", 0.5],
      [0.2, "#ffffff", 0.12],
      [0.8, "#ffffff", 0.08],
      [1, "#ffffff", 0.45],
    ],
  );
  const serum = d.linearGradient(
    [0, -40],
    [0, 260],
    [
      [0, liquid[0], 0.75],
      [1, liquid[1], 0.9],
    ],
  );
  const collar = d.linearGradient(
    [-56, 0],
    [56, 0],
    [
      [0, "#9c7a45"],
      [0.35, "#f0d9a8"],
      [0.6, "#c49a5a"],
      [1, "#8a6a38"],
    ],
  );
  const bulb = d.linearGradient(
    [-44, 0],
    [44, 0],
    [
      [0, "#17131a"],
      [0.4, "#4a4350"],
      [1, "#0f0c10"],
    ],
  );
  const shadow = d.blur(18);
  const caustic = d.blur(22);
  const highlight = d.blur(3);
  d.add(
    `<g transform="translate(${x} ${y}) scale(${scale})">` +
      `<ellipse cx="18" cy="300" rx="170" ry="30" fill="#3a2820" opacity="0.2" filter="url(#${shadow})"/>` +
      `<ellipse cx="70" cy="304" rx="120" ry="22" fill="${liquid[0]}" opacity="0.7" filter="url(#${caustic})"/>` +
      `<path d="M-118 -60C-118 -110 -60 -130 -40 -140L-40 -170L40 -170L40 -140C60 -130 118 -110 118 -60L118 270C118 292 100 300 80 300L-80 300C-100 300 -118 292 -118 270Z" fill="#f7efe6" fill-opacity="0.35" stroke="#ffffff" stroke-opacity="0.85" stroke-width="3"/>` +
      `<path d="M-104 -10L104 -10L104 268C104 282 92 288 76 288L-76 288C-92 288 -104 282 -104 268Z" fill="url(#${serum})"/>` +
      `<path d="M-104 -10C-50 4 50 -24 104 -10" fill="none" stroke="#fff4dc" stroke-opacity="0.8" stroke-width="3"/>` +
      `<path d="M-118 -60C-118 -110 -60 -130 -40 -140L-40 -170L40 -170L40 -140C60 -130 118 -110 118 -60L118 270C118 292 100 300 80 300L-80 300C-100 300 -118 292 -118 270Z" fill="url(#${glass})"/>` +
      `<path d="M-92 -50L-92 250" stroke="#ffffff" stroke-opacity="0.7" stroke-width="10" stroke-linecap="round" filter="url(#${highlight})"/>` +
      `<path d="M86 -30L86 120" stroke="#ffffff" stroke-opacity="0.45" stroke-width="6" stroke-linecap="round" filter="url(#${highlight})"/>` +
      `<path d="M-6 -160L-6 180C-6 196 6 196 6 180L6 -160Z" fill="#ffffff" fill-opacity="0.45"/>` +
      `<rect x="-56" y="-236" width="112" height="76" rx="10" fill="url(#${collar})"/>` +
      `<path d="M-40 -236C-46 -300 -38 -346 0 -350C38 -346 46 -300 40 -236Z" fill="url(#${bulb})"/>` +
      `<path d="M-22 -250C-26 -290 -22 -320 -8 -330" fill="none" stroke="#ffffff" stroke-opacity="0.3" stroke-width="6" stroke-linecap="round"/>` +
      `</g>`,
  );
}

function wideToothComb(d, { x, y, angle, scale = 1 }) {
  const body = d.linearGradient(
    [0, -40],
    [0, 200],
    [
      [0, "#f6ead9"],
      [1, "#d8c2a6"],
    ],
  );
  const teeth = [];
  for (let i = 0; i < 11; i++) {
    const tx = -250 + i * 50;
    teeth.push(`<path d="M${tx - 12} 30L${tx - 8} 190C${tx - 6} 206 ${tx + 6} 206 ${tx + 8} 190L${tx + 12} 30Z"/>`);
  }
  const shadow = d.blur(14);
  const comb = `<rect x="-280" y="-40" width="560" height="80" rx="34"/>${teeth.join("")}`;
  d.add(
    `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${scale})">` +
      `<g fill="#3a2820" opacity="0.2" filter="url(#${shadow})" transform="translate(14 20)">${comb}</g>` +
      `<g fill="url(#${body})">${comb}</g>` +
      `<rect x="-262" y="-28" width="524" height="10" rx="5" fill="#ffffff" opacity="0.5"/>` +
      `</g>`,
  );
}

/** A swatch ring: narrow locks in many shades fanned from one pivot, as in a colour-matching kit. */
function swatchFan(d, { pivot, length, palettes, spread = 110, startAngle = -55 }) {
  palettes.forEach((palette, i) => {
    const angle = ((startAngle + (spread * i) / (palettes.length - 1)) * Math.PI) / 180;
    const direction = [Math.sin(angle), Math.cos(angle)];
    const from = [pivot[0] + direction[0] * 40, pivot[1] + direction[1] * 40];
    const curve = curveThrough([
      from,
      [from[0] + direction[0] * length * 0.5 + 10, from[1] + direction[1] * length * 0.5],
      [from[0] + direction[0] * length - 10, from[1] + direction[1] * length],
    ]);
    hairLock(d, {
      curve,
      width: taperedWidth(72, 60, { tipFrom: 0.7, tip: 0.6 }),
      palette,
      strands: 70,
      strandWidth: 1.1,
      sheenAt: [0.3],
      shadow: 0.14,
    });
    const tab = d.linearGradient(
      [0, -22],
      [0, 22],
      [
        [0, "#faf4ec"],
        [1, "#dccab4"],
      ],
    );
    d.add(
      `<g transform="translate(${fmt(from[0])} ${fmt(from[1])}) rotate(${fmt(
        (-angle * 180) / Math.PI,
      )})"><rect x="-44" y="-22" width="88" height="44" rx="10" fill="url(#${tab})" stroke="#b89d7e" stroke-opacity="0.5"/></g>`,
    );
  });
  const ring = d.linearGradient(
    [pivot[0] - 40, pivot[1] - 40],
    [pivot[0] + 40, pivot[1] + 40],
    [
      [0, "#f3e3c3"],
      [0.5, "#b8925a"],
      [1, "#7d6137"],
    ],
  );
  d.add(`<circle cx="${pivot[0]}" cy="${pivot[1]}" r="34" fill="none" stroke="url(#${ring})" stroke-width="12"/>`);
}

/** Rising warmth, for the heat-protection article: soft glows and faint wavy lines. */
function warmth(d, { at, radius }) {
  const glow = d.radialGradient(at, radius, [
    [0, "#ffb979", 0.55],
    [0.5, "#f6a167", 0.18],
    [1, "#f6a167", 0],
  ]);
  d.add(`<circle cx="${fmt(at[0])}" cy="${fmt(at[1])}" r="${fmt(radius)}" fill="url(#${glow})"/>`);
  const soft = d.blur(4);
  const lines = [];
  for (let i = 0; i < 3; i++) {
    const x = at[0] - 60 + i * 60;
    const curve = withWaves(
      curveThrough([
        [x, at[1] + radius * 0.35],
        [x, at[1] - radius * 0.55],
      ]),
      { amplitude: 14, cycles: 2, phase: i, settle: 0.01 },
    );
    const points = Array.from({ length: 20 }, (_, k) => curve(k / 19));
    lines.push(`<path d="${smoothPath(points)}"/>`);
  }
  d.add(
    `<g fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="6" stroke-linecap="round" filter="url(#${soft})">${lines.join(
      "",
    )}</g>`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The catalogue of images: id, format, alt text and drawing

const bodyWave = { amplitude: 38, cycles: 3.2 };
const looseWave = { amplitude: 30, cycles: 2.4 };
const longWaves = { amplitude: 26, cycles: 3.4 };

const images = [
  // Clip-ins
  {
    id: "product-clip-1-1",
    format: "portrait",
    alt: "Honey blonde straight clip-in hair extensions",
    draw(d) {
      backdrop(d, backdrops.cream);
      hangingWeft(d, { palette: hair.honeyBlonde });
    },
  },
  {
    id: "product-clip-1-2",
    format: "portrait",
    alt: "Honey blonde clip-in weft laid in a soft curve",
    draw(d) {
      backdrop(d, backdrops.blush, { glow: [0.7, 0.2] });
      curvedWeft(d, {
        palette: hair.honeyBlonde,
        points: [
          [250, 170],
          [380, 420],
          [600, 560],
          [640, 860],
          [520, 1110],
        ],
      });
    },
  },
  {
    id: "product-clip-1-3",
    format: "portrait",
    alt: "Close-up of honey blonde straight hair",
    draw(d) {
      backdrop(d, backdrops.sand);
      hairCloseUp(d, {
        palette: hair.honeyBlonde,
        lanes: [
          {
            points: [
              [120, -60],
              [260, 600],
              [200, 1260],
            ],
            width: 340,
            sheenAt: [0.3, 0.7],
          },
          {
            points: [
              [620, -60],
              [480, 600],
              [600, 1260],
            ],
            width: 420,
            sheenAt: [0.45],
          },
          {
            points: [
              [980, -60],
              [860, 560],
              [940, 1260],
            ],
            width: 300,
            sheenAt: [0.25, 0.65],
          },
        ],
      });
    },
  },
  {
    id: "product-clip-2-1",
    format: "portrait",
    alt: "Chocolate brown body wave clip-in hair extensions",
    draw(d) {
      backdrop(d, backdrops.peach);
      hangingWeft(d, { palette: hair.chocolateBrown, waves: bodyWave });
    },
  },
  {
    id: "product-clip-2-2",
    format: "portrait",
    alt: "Chocolate brown body wave clip-in weft laid in a curve",
    draw(d) {
      backdrop(d, backdrops.linen, { glow: [0.75, 0.3] });
      curvedWeft(d, {
        palette: hair.chocolateBrown,
        waves: { amplitude: 30, cycles: 3.5 },
        startWidth: 260,
        points: [
          [680, 180],
          [560, 430],
          [420, 640],
          [400, 880],
          [480, 1110],
        ],
      });
    },
  },
  {
    id: "product-clip-3-1",
    format: "portrait",
    alt: "Jet black straight halo hair extension",
    draw(d) {
      backdrop(d, backdrops.cream, { glow: [0.5, 0.2] });
      hangingWeft(d, { palette: hair.jetBlack, band: "halo", top: 330, topWidth: 500, bottomWidth: 380 });
    },
  },
  {
    id: "product-clip-3-2",
    format: "portrait",
    alt: "Jet black halo extension laid in a curve",
    draw(d) {
      backdrop(d, backdrops.rose, { glow: [0.3, 0.7] });
      curvedWeft(d, {
        palette: hair.jetBlack,
        band: "halo",
        points: [
          [200, 240],
          [480, 300],
          [700, 560],
          [560, 860],
          [700, 1120],
        ],
      });
    },
  },
  // Tape-ins
  {
    id: "product-tape-1-1",
    format: "portrait",
    alt: "Ash blonde straight tape-in hair extensions",
    draw(d) {
      backdrop(d, backdrops.dusk, { glow: [0.4, 0.2], glowStrength: 0.5 });
      hangingWeft(d, { palette: hair.ashBlonde, band: "tape", topWidth: 500, bottomWidth: 380 });
    },
  },
  {
    id: "product-tape-1-2",
    format: "portrait",
    alt: "Ash blonde tape-in wefts laid side by side",
    draw(d) {
      backdrop(d, backdrops.rose, { glow: [0.6, 0.25], glowStrength: 0.5 });
      curvedWeft(d, {
        palette: hair.ashBlonde,
        band: "tape",
        startWidth: 200,
        endWidth: 170,
        points: [
          [300, 170],
          [270, 500],
          [330, 800],
          [280, 1110],
        ],
      });
      curvedWeft(d, {
        palette: hair.ashBlonde,
        band: "tape",
        startWidth: 200,
        endWidth: 170,
        points: [
          [640, 240],
          [680, 560],
          [620, 860],
          [690, 1130],
        ],
      });
    },
  },
  {
    id: "product-tape-2-1",
    format: "portrait",
    alt: "Dark brown silky straight tape-in hair extensions",
    draw(d) {
      backdrop(d, backdrops.sand, { glow: [0.65, 0.2] });
      hangingWeft(d, { palette: hair.darkBrown, band: "tape", topWidth: 520, bottomWidth: 420 });
    },
  },
  {
    id: "product-tape-3-1",
    format: "portrait",
    alt: "Copper red balayage loose wave tape-in hair extensions",
    draw(d) {
      backdrop(d, backdrops.cream, { glow: [0.35, 0.15] });
      hangingWeft(d, { palette: hair.copperBalayage, band: "tape", waves: looseWave, topWidth: 500, bottomWidth: 400 });
    },
  },
  // Wigs
  {
    id: "product-wig-1-1",
    format: "portrait",
    alt: "Natural black bob wig on a mannequin",
    draw(d) {
      backdrop(d, backdrops.blush, { glow: [0.3, 0.2] });
      wigOnMannequin(d, { palette: hair.naturalBlack, length: 660, flare: 26, bob: true });
    },
  },
  {
    id: "product-wig-1-2",
    format: "portrait",
    alt: "Close-up of a natural black bob wig",
    draw(d) {
      backdrop(d, backdrops.blush, { glow: [0.7, 0.2] });
      d.transformed("translate(-540 -220) scale(1.9)", () =>
        wigOnMannequin(d, { palette: hair.naturalBlack, length: 660, flare: 26, bob: true }),
      );
    },
  },
  {
    id: "product-wig-1-3",
    format: "portrait",
    alt: "Back view of a natural black bob wig",
    draw(d) {
      backdrop(d, backdrops.linen, { glow: [0.5, 0.15] });
      wigOnMannequin(d, { palette: hair.naturalBlack, length: 660, flare: 26, bob: true, back: true });
    },
  },
  {
    id: "product-wig-2-1",
    format: "portrait",
    alt: "Caramel brown long wavy wig on a mannequin",
    draw(d) {
      backdrop(d, backdrops.cream, { glow: [0.7, 0.15] });
      wigOnMannequin(d, { palette: hair.caramelBrown, length: 1110, flare: 90, waves: longWaves });
    },
  },
  {
    id: "product-wig-2-2",
    format: "portrait",
    alt: "Close-up of caramel brown waves",
    draw(d) {
      backdrop(d, backdrops.peach);
      hairCloseUp(d, {
        palette: hair.caramelBrown,
        waves: { amplitude: 60, cycles: 3 },
        lanes: [
          {
            points: [
              [140, -80],
              [220, 620],
              [120, 1280],
            ],
            width: 320,
            phase: 0,
            sheenAt: [0.18, 0.5, 0.84],
          },
          {
            points: [
              [500, -80],
              [460, 620],
              [520, 1280],
            ],
            width: 380,
            phase: 1.2,
            sheenAt: [0.3, 0.63],
          },
          {
            points: [
              [880, -80],
              [820, 620],
              [900, 1280],
            ],
            width: 320,
            phase: 2.4,
            sheenAt: [0.1, 0.42, 0.76],
          },
        ],
      });
    },
  },
  {
    id: "product-wig-3-1",
    format: "portrait",
    alt: "Platinum blonde long straight wig on a mannequin",
    draw(d) {
      backdrop(d, backdrops.mocha, { glow: [0.3, 0.2], glowStrength: 0.35 });
      wigOnMannequin(d, { palette: hair.platinumBlonde, length: 1130, flare: 50, skin: ["#d9c3b0", "#a88e7b"] });
    },
  },
  {
    id: "product-wig-3-2",
    format: "portrait",
    alt: "Close-up of a platinum blonde long wig",
    draw(d) {
      backdrop(d, backdrops.mocha, { glow: [0.7, 0.3], glowStrength: 0.35 });
      d.transformed("translate(-380 -300) scale(1.75)", () =>
        wigOnMannequin(d, { palette: hair.platinumBlonde, length: 1130, flare: 50, skin: ["#d9c3b0", "#a88e7b"] }),
      );
    },
  },
  // Accessories
  {
    id: "product-acc-1-1",
    format: "portrait",
    alt: "Champagne silk pillowcase on a pillow",
    draw(d) {
      backdrop(d, backdrops.linen, { glow: [0.35, 0.2] });
      silkPillow(d, { x: 480, y: 600, scale: 1.22 });
    },
  },
  {
    id: "product-acc-1-2",
    format: "portrait",
    alt: "Close-up of champagne silk with a lock of honey blonde hair",
    draw(d) {
      silkDrape(d);
      hairLock(d, {
        curve: curveThrough([
          [980, 700],
          [700, 760],
          [520, 980],
          [300, 1020],
          [120, 1260],
        ]),
        width: taperedWidth(160, 120),
        palette: hair.honeyBlonde,
        strands: 140,
        sheenAt: [0.3, 0.7],
        shadow: 0.18,
      });
    },
  },
  {
    id: "product-acc-2-1",
    format: "portrait",
    alt: "Black boar bristle paddle brush",
    draw(d) {
      backdrop(d, backdrops.blush, { glow: [0.3, 0.2] });
      paddleBrush(d, { x: 430, y: 400, angle: -18, scale: 1 });
    },
  },
  {
    id: "product-acc-3-1",
    format: "portrait",
    alt: "Clear bottle of heat protectant serum with a dropper",
    draw(d) {
      backdrop(d, backdrops.peach, { glow: [0.55, 0.3] });
      serumBottle(d, { x: 480, y: 640, scale: 1.25 });
    },
  },
  // Categories
  {
    id: "category-clip-in",
    format: "portrait",
    alt: "Clip-in hair extensions in blonde, brown and black",
    draw(d) {
      backdrop(d, backdrops.cream);
      curvedWeft(d, {
        palette: hair.jetBlack,
        startWidth: 230,
        endWidth: 170,
        points: [
          [230, 200],
          [210, 520],
          [280, 800],
          [220, 1120],
        ],
      });
      curvedWeft(d, {
        palette: hair.chocolateBrown,
        waves: bodyWave,
        startWidth: 230,
        endWidth: 170,
        points: [
          [480, 240],
          [470, 560],
          [500, 860],
          [470, 1140],
        ],
      });
      curvedWeft(d, {
        palette: hair.honeyBlonde,
        startWidth: 230,
        endWidth: 170,
        points: [
          [730, 200],
          [750, 520],
          [690, 800],
          [750, 1120],
        ],
      });
    },
  },
  {
    id: "category-tape-in",
    format: "portrait",
    alt: "Tape-in hair extensions in ash blonde, dark brown and copper",
    draw(d) {
      backdrop(d, backdrops.blush, { glow: [0.6, 0.2] });
      const lanes = [
        [hair.ashBlonde, 190],
        [hair.darkBrown, 383],
        [hair.copperBalayage, 576],
        [hair.caramelBrown, 769],
      ];
      for (const [palette, x] of lanes) {
        curvedWeft(d, {
          palette,
          band: "tape",
          startWidth: 170,
          endWidth: 140,
          waves: palette === hair.copperBalayage ? looseWave : undefined,
          points: [
            [x, 210],
            [x - 16, 560],
            [x + 14, 860],
            [x, 1130],
          ],
        });
      }
    },
  },
  {
    id: "category-wigs",
    format: "portrait",
    alt: "Long wavy wig on a mannequin",
    draw(d) {
      backdrop(d, backdrops.rose, { glow: [0.3, 0.2], glowStrength: 0.6 });
      wigOnMannequin(d, { palette: hair.caramelBrown, length: 1120, flare: 80, waves: longWaves });
    },
  },
  {
    id: "category-accessories",
    format: "portrait",
    alt: "Paddle brush and serum bottle",
    draw(d) {
      backdrop(d, backdrops.sand, { glow: [0.3, 0.2] });
      paddleBrush(d, { x: 330, y: 330, angle: -14, scale: 0.82 });
      serumBottle(d, { x: 700, y: 770, scale: 0.95 });
    },
  },
  // Blog heroes
  {
    id: "blog-1",
    format: "banner",
    alt: "A lock of brown hair beside a wide-tooth comb",
    draw(d) {
      backdrop(d, backdrops.linen, { glow: [0.2, 0.3] });
      hairLock(d, {
        curve: curveThrough([
          [-60, 520],
          [360, 400],
          [760, 520],
          [1100, 380],
          [1700, 260],
        ]),
        width: taperedWidth(260, 200, { tipFrom: 0.85, tip: 0.3 }),
        palette: hair.chocolateBrown,
        strands: 260,
        sheenAt: [0.3, 0.62],
        shadow: 0.18,
      });
      wideToothComb(d, { x: 980, y: 640, angle: -8, scale: 0.8 });
    },
  },
  {
    id: "blog-2",
    format: "banner",
    alt: "Wavy blonde clip-in extensions",
    draw(d) {
      backdrop(d, backdrops.peach, { glow: [0.2, 0.2] });
      const lanes = [440, 760, 1080];
      lanes.forEach((x, i) => {
        const curve = curveThrough([
          [x, 120],
          [x + 20, 460],
          [x - 10, 860],
        ]);
        hairLock(d, {
          curve,
          waves: { amplitude: 40, cycles: 2.6, phase: i * 0.8 },
          width: taperedWidth(250, 190),
          palette: i === 1 ? hair.caramelBrown : hair.honeyBlonde,
          strands: 220,
          sheenAt: [0.3, 0.68],
          shadow: 0.16,
        });
        weftBand(d, { at: curve(0), angle: 0, length: 266, palette: hair.honeyBlonde, clips: 2 });
      });
    },
  },
  {
    id: "blog-3",
    format: "banner",
    alt: "Long wig on a mannequin",
    draw(d) {
      backdrop(d, backdrops.blush, { glow: [0.25, 0.3] });
      d.transformed("translate(640 -60) scale(0.75)", () =>
        wigOnMannequin(d, { palette: hair.chocolateBrown, length: 1100, flare: 70, waves: longWaves }),
      );
    },
  },
  {
    id: "blog-4",
    format: "banner",
    alt: "A fan of hair colour swatches from platinum to black",
    draw(d) {
      backdrop(d, backdrops.cream, { glow: [0.5, 0.1] });
      swatchFan(d, {
        pivot: [720, 90],
        length: 620,
        spread: 120,
        startAngle: -60,
        palettes: [
          hair.platinumBlonde,
          hair.ashBlonde,
          hair.honeyBlonde,
          hair.caramelBrown,
          hair.copperBalayage,
          hair.chocolateBrown,
          hair.darkBrown,
          hair.naturalBlack,
          hair.jetBlack,
        ],
      });
    },
  },
  {
    id: "blog-5",
    format: "banner",
    alt: "Heat protectant serum bottle beside a lock of glossy hair",
    draw(d) {
      backdrop(d, backdrops.peach, { glow: [0.7, 0.3] });
      warmth(d, { at: [420, 380], radius: 380 });
      hairLock(d, {
        curve: curveThrough([
          [-40, 300],
          [420, 420],
          [760, 640],
          [1500, 700],
        ]),
        waves: { amplitude: 34, cycles: 2.5 },
        width: taperedWidth(220, 180),
        palette: hair.copperBalayage,
        strands: 240,
        sheenAt: [0.25, 0.55],
        shadow: 0.16,
      });
      serumBottle(d, { x: 1080, y: 420, scale: 0.95 });
    },
  },
  // Home hero: the headline sits on the left, so the hair flows in from the right and the left stays calm.
  {
    id: "hero",
    format: "hero",
    alt: "Flowing hair in warm honey and caramel tones",
    draw(d) {
      backdrop(d, ["#fcf7f1", "#efd9c4"], { glow: [0.15, 0.35], glowStrength: 0.9, floor: 0.04 });
      const locks = [
        {
          palette: hair.caramelBrown,
          points: [
            [2080, -120],
            [1560, 260],
            [1340, 700],
            [900, 1400],
          ],
          width: 420,
          phase: 0,
        },
        {
          palette: hair.honeyBlonde,
          points: [
            [2100, 80],
            [1720, 420],
            [1560, 820],
            [1240, 1420],
          ],
          width: 460,
          phase: 1,
        },
        {
          palette: hair.copperBalayage,
          points: [
            [2060, 420],
            [1840, 700],
            [1780, 1000],
            [1620, 1420],
          ],
          width: 360,
          phase: 2,
        },
      ];
      for (const lock of locks) {
        hairLock(d, {
          curve: curveThrough(lock.points),
          waves: { amplitude: 46, cycles: 1.6, phase: lock.phase, settle: 0.05 },
          width: () => lock.width,
          palette: lock.palette,
          strands: 340,
          strandWidth: 1.6,
          starts: [0, 0],
          ends: [0.96, 1],
          sheenAt: [0.35, 0.7],
          shadow: 0.16,
        });
      }
    },
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Rendering and the manifest

async function render(image) {
  const { width, height, widths } = formats[image.format];
  const drawing = new Drawing(width, height, image.id);
  image.draw(drawing);
  // A slight blur softens the finest strands: they cost a third of the bytes and are barely visible.
  const master = await sharp(Buffer.from(drawing.toSvg())).blur(0.6).png().toBuffer();
  await Promise.all(
    widths.flatMap((w) => {
      const resized = () => sharp(master).resize({ width: w });
      return [
        resized()
          .avif({ quality: AVIF_QUALITY, effort: 2 })
          .toFile(path.join(outputDir, `${image.id}-${w}.avif`)),
        resized()
          .webp({ quality: WEBP_QUALITY, effort: 6 })
          .toFile(path.join(outputDir, `${image.id}-${w}.webp`)),
      ];
    }),
  );
  return {
    id: image.id,
    width,
    height,
    widths,
    alt: image.alt,
  };
}

function manifestSource(assets) {
  const entries = assets.map(
    (asset) =>
      `  ${JSON.stringify(asset.id)}: {\n` +
      `    id: ${JSON.stringify(asset.id)},\n` +
      `    width: ${asset.width},\n` +
      `    height: ${asset.height},\n` +
      `    widths: [${asset.widths.join(", ")}],\n` +
      `    alt: ${JSON.stringify(asset.alt)},\n` +
      `  },`,
  );
  return `// Generated by scripts/generate-images.mjs (\`npm run images\`): do not edit by hand, change the script and run it.
// Files live in public/images as <id>-<width>.avif and <id>-<width>.webp.

export interface ImageAsset {
  id: string;
  /** Intrinsic size of the largest rendition; the aspect ratio is the same at every width. */
  width: number;
  height: number;
  /** Widths rendered, smallest first. */
  widths: readonly number[];
  alt: string;
  /** A photo uploaded in the back office: the shop serves its renditions (under /catalogue-images), not public/images. */
  uploaded?: boolean;
}

export const imageAssets: Record<string, ImageAsset> = {
${entries.join("\n")}
};
`;
}

async function main() {
  const only = process.argv.slice(2);
  const selected = only.length > 0 ? images.filter((image) => only.includes(image.id)) : images;
  await mkdir(outputDir, { recursive: true });
  if (only.length === 0) {
    // A full run owns the folder: remove renditions of images that no longer exist.
    for (const file of await readdir(outputDir)) {
      if (/\.(avif|webp)$/.test(file)) await rm(path.join(outputDir, file));
    }
  }
  const assets = [];
  for (const image of selected) {
    const started = Date.now();
    assets.push(await render(image));
    console.log(`${image.id} (${Date.now() - started} ms)`);
  }
  // A partial run (ids on the command line) is for previewing a drawing; only a full run rewrites the manifest.
  if (only.length === 0) {
    await writeFile(manifestFile, manifestSource(assets));
    console.log(
      `Wrote ${assets.length} images to ${path.relative(root, outputDir)} and ${path.relative(root, manifestFile)}`,
    );
  }
}

await main();
