/** Size guide figures (spec sections 2 and 9). */

export interface SizeRange {
  name: string;
  minInches: number;
  maxInches: number;
  /** Where the size usually falls, or who it fits. */
  description: string;
}

export const extensionLengths: SizeRange[] = [
  {
    name: "Short",
    minInches: 12,
    maxInches: 14,
    description: "Falls around the collarbone; adds volume with a natural look",
  },
  {
    name: "Medium",
    minInches: 16,
    maxInches: 18,
    description: "Falls just below the shoulders; our most versatile length",
  },
  { name: "Long", minInches: 20, maxInches: 22, description: "Reaches the middle of the back for a glamorous finish" },
  { name: "Extra Long", minInches: 24, maxInches: 26, description: "Reaches the lower back for maximum drama" },
];

export const wigCapSizes: SizeRange[] = [
  { name: "Petite", minInches: 20.5, maxInches: 21.5, description: "Smaller heads and most teens" },
  { name: "Average", minInches: 21.5, maxInches: 22.5, description: "Fits most adults; our default cap" },
  {
    name: "Large",
    minInches: 22.5,
    maxInches: 23.5,
    description: "Larger heads or voluminous natural hair underneath",
  },
];

export interface WeightRecommendation {
  hairType: string;
  grams: string;
  advice: string;
}

export const weightGuide: WeightRecommendation[] = [
  { hairType: "Fine hair", grams: "80-120g", advice: "Blends without weighing fine hair down or showing the clips" },
  { hairType: "Medium hair", grams: "120-160g", advice: "Adds noticeable length and fullness for average density" },
  { hairType: "Thick hair", grams: "160-200g", advice: "Enough hair to blend seamlessly with thick natural hair" },
];

/** "12-14 in". Hyphenated like the rest of the shop's ranges. */
export function formatInches({ minInches, maxInches }: SizeRange): string {
  return `${minInches}-${maxInches} in`;
}

/** "30-36 cm", rounded to whole centimeters. */
export function formatCentimeters({ minInches, maxInches }: SizeRange): string {
  const toCm = (inches: number) => Math.round(inches * 2.54);
  return `${toCm(minInches)}-${toCm(maxInches)} cm`;
}
