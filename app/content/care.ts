/** Hair care guide copy and figures (spec sections 2 and 9), one entry per tab of /care. */

export const careTopics = [
  { id: "extensions", label: "Extensions" },
  { id: "wigs", label: "Wigs" },
  { id: "general", label: "General Care" },
] as const;

export type CareTopicId = (typeof careTopics)[number]["id"];

export const careTopicIds = careTopics.map((topic) => topic.id) as [CareTopicId, ...CareTopicId[]];

export const careFigures = {
  clipInLifespan: "6-12 months",
  tapeInLifespan: "6-8 weeks",
  wigLifespan: "12-18 months",
  extensionWashFrequency: "2-3 times a week",
  wigWashFrequency: "every 10-15 wears",
  maxHeat: "350°F",
} as const;

export interface CareSection {
  heading: string;
  intro?: string;
  points: string[];
}

export interface CareGuide {
  heading: string;
  intro: string;
  /** Figures worth a glance before the detail: how long the hair lasts, how often to wash. */
  highlights: Array<{ label: string; value: string }>;
  sections: CareSection[];
}

export interface TroubleshootingEntry {
  problem: string;
  cause: string;
  fixes: string[];
}

export const careGuides: Record<CareTopicId, CareGuide> = {
  extensions: {
    heading: "Caring for your extensions",
    intro:
      "Extensions no longer receive natural oils from your scalp, so a gentle routine keeps them soft, shiny and tangle-free for as long as possible.",
    highlights: [
      { label: "Clip-ins last", value: careFigures.clipInLifespan },
      { label: "Tape-ins last", value: `${careFigures.tapeInLifespan} per application` },
      { label: "Wash", value: careFigures.extensionWashFrequency },
      { label: "Heat tools", value: `below ${careFigures.maxHeat}` },
    ],
    sections: [
      {
        heading: "Daily care",
        points: [
          "Brush twice a day with a loop or soft-bristle brush, starting at the ends and working up to the roots.",
          "Hold tape-in bonds or clips gently while you brush so that you never pull at the attachment.",
          "Tie your hair in a loose braid or low ponytail for sleep and exercise, and sleep on a silk or satin pillowcase.",
          "Store clip-ins brushed out, in their box or a silk bag, away from sunlight and humidity.",
        ],
      },
      {
        heading: "Washing",
        intro: `Wash your extensions ${careFigures.extensionWashFrequency} with sulfate-free products.`,
        points: [
          "Detangle fully before wetting the hair.",
          "Use lukewarm water and let it run downwards; never rub or pile the hair on top of your head.",
          "Shampoo the roots only and condition from mid-lengths to ends, keeping conditioner off tape-in bonds.",
          "Press out water with a microfiber towel and let clip-ins air-dry flat; blow-dry tape-in bonds on a cool setting.",
        ],
      },
      {
        heading: "Heat styling",
        intro: `Keep curling irons, straighteners and hot brushes below ${careFigures.maxHeat}.`,
        points: [
          "Always apply a heat protectant spray first.",
          "Style on dry hair only; heat on wet hair causes damage that cannot be repaired.",
          "Keep heat away from bonds and clips, and make one slow pass rather than several quick ones.",
        ],
      },
      {
        heading: "Things to avoid",
        points: [
          "Sulfates, alcohol-based sprays and clarifying shampoos, which strip moisture.",
          "Oils and conditioner on tape-in bonds, which loosen the adhesive.",
          "Sleeping, swimming or exercising with loose, unsecured hair.",
          "Chlorine and salt water; wear a swim cap or braid and rinse straight after.",
        ],
      },
    ],
  },
  wigs: {
    heading: "Caring for your wig",
    intro:
      "A well-cared-for human hair wig keeps its shape, movement and shine for well over a year. Handle it gently and give it a proper home between wears.",
    highlights: [
      { label: "Wigs last", value: careFigures.wigLifespan },
      { label: "Wash", value: careFigures.wigWashFrequency },
      { label: "Heat tools", value: `below ${careFigures.maxHeat}` },
    ],
    sections: [
      {
        heading: "Daily care",
        points: [
          "Detangle with a wide-tooth comb or wig brush from the ends upwards before and after each wear.",
          "Put the wig on and take it off by the ear tabs, never by the hair or the lace.",
          "Store it on a wig stand or mannequin head so the cap keeps its shape; use a silk bag when travelling.",
          "Wear a wig cap underneath to protect the wig from scalp oils and your own hair.",
        ],
      },
      {
        heading: "Washing",
        intro: `Wash your wig ${careFigures.wigWashFrequency}, or sooner if you use a lot of styling product.`,
        points: [
          "Soak the wig in cool water with sulfate-free shampoo for a few minutes instead of scrubbing.",
          "Condition the lengths, avoiding the knots at the base of the lace, which loosen with conditioner.",
          "Rinse in cool water, blot with a towel and leave it to dry on a stand, away from direct heat.",
        ],
      },
      {
        heading: "Heat styling",
        intro: `Human hair wigs can be curled and straightened; keep tools below ${careFigures.maxHeat}.`,
        points: [
          "Use a heat protectant and work in small sections.",
          "Style the wig on a mannequin head so you keep heat away from your own skin and the lace.",
          "Set curls with cool air or pins instead of adding more heat.",
        ],
      },
      {
        heading: "Things to avoid",
        points: [
          "Hot water, which loosens knots and causes shedding.",
          "Heavy oils and silicone build-up on the cap and lace.",
          "Leaving the wig in a hot car or direct sunlight.",
          "Sleeping in your wig, which causes friction, tangling and matting.",
        ],
      },
    ],
  },
  general: {
    heading: "General care",
    intro: "The same few habits protect every piece of human hair, whether it is clipped, taped or worn as a wig.",
    highlights: [
      { label: "Wash extensions", value: careFigures.extensionWashFrequency },
      { label: "Wash wigs", value: careFigures.wigWashFrequency },
      { label: "Heat tools", value: `below ${careFigures.maxHeat}` },
    ],
    sections: [
      {
        heading: "Recommended products",
        points: [
          "A sulfate-free, color-safe shampoo and a moisturizing conditioner.",
          "A weekly deep-conditioning mask for the lengths and ends.",
          "A heat protectant spray for every heat-styling session.",
          "A loop brush or wide-tooth comb, a silk or satin pillowcase and a silk storage bag.",
          "A lightweight, alcohol-free leave-in serum or argan oil for the ends.",
        ],
      },
      {
        heading: "Things to avoid",
        points: [
          `Heat above ${careFigures.maxHeat} and styling wet hair with hot tools.`,
          "Coloring, bleaching or perming at home; ask a professional colorist experienced with extensions.",
          "Products with alcohol, sulfates or heavy silicones.",
          "Brushing wet hair roughly or from the roots down.",
        ],
      },
    ],
  },
};

export const troubleshooting: TroubleshootingEntry[] = [
  {
    problem: "Tangling",
    cause: "Friction, dryness and sleeping with loose hair.",
    fixes: [
      "Work a detangling spray through the ends and brush from the bottom up, one section at a time.",
      "Braid the hair loosely at night and sleep on silk or satin.",
      "Add a leave-in conditioner to the ends after every wash.",
    ],
  },
  {
    problem: "Dryness",
    cause: "Missing scalp oils, heat and harsh products.",
    fixes: [
      "Use a deep-conditioning mask once a week and leave it on for 10-15 minutes.",
      "Finish with a few drops of argan oil on the ends, never on bonds or lace.",
      `Lower your heat setting, stay below ${careFigures.maxHeat} and always use a heat protectant.`,
    ],
  },
  {
    problem: "Color fading",
    cause: "Sunlight, chlorine, hot water and sulfates.",
    fixes: [
      "Switch to color-safe, sulfate-free shampoo and rinse in cool water.",
      "Protect the hair from the sun with a hat or a UV-protecting spray.",
      "Ask a professional colorist for a gloss or toner rather than re-coloring at home.",
    ],
  },
];
