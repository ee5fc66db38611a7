import type { MetaFunction } from "@remix-run/node";

import { BulletList, ContactBlock, InfoPage, InfoSection, InfoTable } from "~/components/info-page";
import {
  extensionLengths,
  formatCentimeters,
  formatInches,
  weightGuide,
  wigCapSizes,
  type SizeRange,
} from "~/content/size-guide";
import { originFromMatches, seo } from "~/site/seo";

const measuringTips = [
  "Use a soft, flexible measuring tape and measure over dry, straightened hair.",
  "For extensions, measure from the crown of your head down to where you want the hair to end; the length is measured from the top of the weft.",
  "Choose a length at least 4 inches longer than your natural hair so the ends blend.",
  "For wigs, measure the circumference of your head: start at the front hairline, run the tape above the ears, around the nape and back to the start.",
  "If you fall between two cap sizes, choose the larger one and tighten the adjustable straps.",
];

function Measurement({ range }: { range: SizeRange }) {
  return (
    <>
      <span className="whitespace-nowrap text-ink">{formatInches(range)}</span>{" "}
      <span className="block whitespace-nowrap text-xs">{formatCentimeters(range)}</span>
    </>
  );
}

export default function SizeGuide() {
  return (
    <InfoPage
      eyebrow="Find your fit"
      title="Size Guide"
      intro="Choose the right extension length, wig cap size and amount of hair for a seamless, natural blend."
    >
      <InfoSection title="Extension lengths">
        <InfoTable
          caption="Extension lengths and where they fall"
          columns={["Length", "Measurement", "Where it falls"]}
          rows={extensionLengths.map((length) => [
            length.name,
            <Measurement key="size" range={length} />,
            length.description,
          ])}
        />
      </InfoSection>

      <InfoSection title="Wig cap sizes">
        <InfoTable
          caption="Wig cap sizes by head circumference"
          columns={["Cap size", "Circumference", "Best for"]}
          rows={wigCapSizes.map((size) => [size.name, <Measurement key="size" range={size} />, size.description])}
        />
      </InfoSection>

      <InfoSection title="Measuring tips">
        <BulletList items={measuringTips} />
      </InfoSection>

      <InfoSection title="Weight guide">
        <p>The weight of a full set decides how much volume you add. Match it to the thickness of your natural hair.</p>
        <InfoTable
          caption="Recommended weight by hair thickness"
          columns={["Hair thickness", "Recommended weight", "Why"]}
          rows={weightGuide.map((weight) => [weight.hairType, weight.grams, weight.advice])}
        />
      </InfoSection>

      <ContactBlock
        title="Need help finding your size?"
        text="Send us a photo of your hair and we'll recommend a length, weight and shade."
      />
    </InfoPage>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Size Guide",
    description:
      "Extension lengths from 12 to 26 inches, wig cap sizes, measuring tips and how much hair you need for fine, medium or thick hair.",
    origin: originFromMatches(matches),
    path: "/size-guide",
  });
