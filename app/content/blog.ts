import type { Article } from "~/modules/blog/article";

/**
 * Blog articles. Care facts (lifespans, wash frequency, the 350°F heat limit, cap sizes, returns) follow spec section 9
 * and the information pages; readTime is the word count at 200 words a minute, rounded up (blog.test.ts checks it).
 */
export const articles: readonly Article[] = [
  {
    id: "blog-1",
    title: "How to Care for Your Hair Extensions: The Complete Guide",
    excerpt:
      "Everything you need to keep your extensions soft, shiny and tangle-free, from daily brushing to washing, heat styling and storage.",
    content: `
<p>Good hair extensions are an investment, and like any investment they repay a little attention. With the right routine, clip-in extensions made from 100% Remy human hair last 6-12 months, and a tape-in application stays fresh for 6-8 weeks before it is time to move it up. Here is everything we tell our clients in the salon.</p>

<h2>Why extensions need extra care</h2>
<p>Your own hair is fed by natural oils from the scalp. Extensions are not, so they dry out faster, especially at the ends. Remy hair keeps its cuticles aligned in one direction, which is why it stays smooth and resists tangling, but those cuticles still need moisture and gentle handling to stay that way.</p>

<h2>Daily care</h2>
<ul>
<li><strong>Brush before and after wear.</strong> Start at the ends and work up towards the weft or bond, holding the hair above it with your free hand. A boar bristle brush with nylon pins detangles without catching clips or tapes.</li>
<li><strong>Sleep smart.</strong> Take clip-ins out before bed. With tape-ins, tie your hair in a loose braid or low ponytail and sleep on a silk pillowcase to cut friction.</li>
<li><strong>Keep products light.</strong> Heavy oils and silicones build up near tapes and weaken the adhesive. Apply serums from the mid-lengths down.</li>
</ul>

<h2>Washing</h2>
<p>Wash your extensions two to three times a week, and no more: every wash strips a little moisture that the hair cannot replace on its own.</p>

<h3>Clip-ins</h3>
<ol>
<li>Remove the wefts and brush each one out gently.</li>
<li>Wash in lukewarm water with a sulfate-free shampoo, stroking downwards rather than scrubbing.</li>
<li>Apply conditioner from the mid-lengths to the ends, leave it for three minutes, then rinse with cool water.</li>
<li>Blot with a towel, never wring, and lay the wefts flat to air-dry.</li>
</ol>

<h3>Tape-ins</h3>
<p>Wash with your head upright in the shower so water runs down the hair rather than twisting it at the roots. Keep conditioner and oils away from the tapes, and dry the bond area first on a cool blow-dryer setting so moisture does not sit against the adhesive.</p>

<h2>Heat styling</h2>
<p>Extensions can be curled and straightened like your own hair, but they do not recover from heat damage. Always use a heat protectant and keep your tools below 350°F. With tape-ins, keep the iron at least an inch away from the tapes: heat softens the adhesive.</p>

<h2>What to avoid</h2>
<ul>
<li>Chlorine and salt water. Wear your hair in a braid to swim and rinse it straight afterwards.</li>
<li>Going to bed with wet hair, which tangles and mats.</li>
<li>Alcohol-based sprays and dry shampoos, which dry the hair out.</li>
<li>Pulling or tugging at the bonds when you brush.</li>
</ul>

<h2>Troubleshooting</h2>
<ul>
<li><strong>Tangling</strong> is usually a sign of dryness or friction. Deep condition once a week and braid your hair for sleep.</li>
<li><strong>Dryness</strong> responds to a hydrating mask and a few drops of serum on the ends. Cut back on heat for a while.</li>
<li><strong>Color fading</strong> slows with a color-safe shampoo, cool rinses and keeping extensions out of strong sun when you are not wearing them.</li>
</ul>

<h2>Storage</h2>
<p>Store clip-ins brushed, dry and flat in their box or a silk bag, away from sunlight and humidity. A well-stored set keeps its shape and shine for months.</p>

<p>Follow this routine and your extensions will look as good at month six as they did on day one. For more detail on every hair type, see our <a href="/care">hair care guide</a>.</p>
`,
    image: "blog-1",
    author: "Sophia Martinez",
    publishedAt: "2024-01-15",
    category: "Hair Care",
    tags: ["extensions", "hair-care", "washing", "maintenance"],
    readTime: 3,
  },
  {
    id: "blog-2",
    title: "5 Effortless Styles for Clip-In Extensions",
    excerpt: "From soft waves to a sleek low bun: five easy looks that make the most of your clip-in extensions.",
    content: `
<p>Clip-in extensions are the quickest way to change your look: add length for a night out, volume for a photo or fullness for an updo, then take them out before bed. Here are five styles our stylists reach for again and again, all possible at home in under twenty minutes.</p>

<h2>Before you start: placement</h2>
<p>Every style starts with a good foundation. Section your hair horizontally, starting about an inch above the nape of your neck. Lightly backcomb the roots of each section for grip, then open the clips, slide them in with the comb facing your scalp and snap them shut. Work upwards, placing the widest weft across the back of the head and the narrow wefts at the sides, and always leave an inch of your own hair around the hairline to cover the clips.</p>

<h2>1. Soft, loose waves</h2>
<p>The easiest way to blend extensions with your own hair is to give both the same texture. Curl each section away from your face with a 1.25-inch curling iron, switching direction every few sections for a natural look. Let the curls cool, then run your fingers through them. Mist with heat protectant first and keep the iron below 350°F.</p>

<h2>2. The half-up, half-down</h2>
<p>Pull the top section of your hair back and secure it at the crown with a small elastic or a claw clip. Because your extensions sit below this section, the wefts stay completely hidden while the length underneath does all the work. For extra polish, wrap a thin strand of hair around the elastic and pin it underneath.</p>

<h2>3. A high, full ponytail</h2>
<p>High ponytails need careful placement so the wefts do not peek out. Clip the extensions slightly higher than usual and angle them upwards. Brush everything up to the crown, secure it with a strong elastic, then hide the elastic with a wrapped strand. Tease the ponytail gently underneath for extra body.</p>

<h3>A tip for fine hair</h3>
<p>If your own hair is fine, a halo-style clip-in gives you volume at the back without adding clips near the hairline, which makes a sleek ponytail much easier to hide.</p>

<h2>4. The braided crown</h2>
<p>Extensions make braids thicker and longer, which is exactly what a crown braid needs. Split your hair in two, braid each side loosely, then cross the braids over the top of your head and pin them in place. Pull gently at the edges of each braid, a technique called pancaking, to make them look fuller.</p>

<h2>5. The sleek low bun</h2>
<p>For weddings and evenings out, a sleek low bun never dates. Smooth your hair back with a boar bristle brush, gather it at the nape and twist it into a bun, pinning as you go. The extra hair gives you a bigger, rounder bun without a doughnut or padding.</p>

<h2>Keeping your style, and your extensions, at their best</h2>
<ul>
<li><strong>Style off the head.</strong> Curling wefts clamped to a table edge saves time and keeps the heat away from your scalp.</li>
<li><strong>Skip strong-hold products.</strong> Heavy hairspray builds up on the hair and makes it stiff; a light, flexible spray is enough.</li>
<li><strong>Take them out before sleep.</strong> Open the clips, brush each weft and store the set flat.</li>
<li><strong>Protect every time.</strong> Use a heat protectant whenever a tool touches the hair.</li>
</ul>

<p>Treated this way, a clip-in set lasts 6-12 months, which is a lot of ponytails. Not sure which length suits these styles? Our <a href="/size-guide">size guide</a> explains every length from 12 to 26 inches.</p>
`,
    image: "blog-2",
    author: "Emma Chen",
    publishedAt: "2024-02-20",
    category: "Styling",
    tags: ["clip-in", "styling", "updos", "tutorial"],
    readTime: 3,
  },
  {
    id: "blog-3",
    title: "Wig Care 101: Keep Your Wig Looking New",
    excerpt:
      "Wash it every 10-15 wears, store it on a stand and keep heat below 350°F: a simple routine that keeps a human hair wig looking new for 12-18 months.",
    content: `
<p>A human hair wig is the most versatile piece in your collection, and with the right care a wig made from 100% Remy human hair lasts 12-18 months. This guide covers everything from the first wash to storage between wears.</p>

<h2>Before the first wear</h2>
<p>Try your wig on and adjust the straps so it fits snugly without pressure. If it slips or pinches, check your cap size: petite caps fit heads measuring 20.5-21.5 inches around, average caps 21.5-22.5 inches and large caps 22.5-23.5 inches. A cap that fits means less adjusting during the day and less wear on the lace.</p>

<h2>How often to wash</h2>
<p>Wash your wig every 10-15 wears, or sooner if you use a lot of product or live somewhere hot and humid. Washing too often dries the hair out; washing too rarely lets product and oils build up on the cap.</p>

<h2>Washing, step by step</h2>
<ol>
<li><strong>Detangle first.</strong> Starting at the ends, brush gently with a wide-tooth comb or a wig brush, working up to the roots. Never wash a tangled wig: the tangles tighten in water.</li>
<li><strong>Rinse in lukewarm water.</strong> Hold the wig under a gentle stream running from the crown down to the ends.</li>
<li><strong>Shampoo gently.</strong> Smooth a sulfate-free shampoo down the lengths without rubbing, twisting or scrunching. Clean the inside of the cap with a little shampoo on your fingertips.</li>
<li><strong>Condition the lengths.</strong> Apply conditioner from the mid-lengths to the ends, keeping it off the lace and knots, which it can loosen. Leave it for five minutes, then rinse with cool water.</li>
<li><strong>Dry with care.</strong> Press out the water with a towel and place the wig on a stand to air-dry. A foam head stretches a wet cap, so wait until it is dry.</li>
</ol>

<h2>Styling your wig</h2>
<p>Because it is real human hair, you can blow-dry, curl and straighten your wig. Use a heat protectant every time and keep your tools below 350°F. Blonde and platinum wigs have been lightened and are more fragile, so use the lowest setting that holds the style. Pin the wig to a canvas head fixed to a table so you can reach every section.</p>

<h3>Caring for the lace</h3>
<p>The lace is the most delicate part of a wig. Remove adhesive residue with a dedicated remover rather than by pulling, and never brush the hairline hard. Treat the lace gently and it will keep looking invisible.</p>

<h2>Storage between wears</h2>
<ul>
<li>Keep your wig on a stand so it holds its shape and air can circulate.</li>
<li>For travel or longer storage, fold it gently inside out with the ends tucked in, and keep it in a silk or satin bag.</li>
<li>Keep it out of direct sunlight, which fades color, and away from radiators and other heat.</li>
</ul>

<h2>Common problems</h2>
<ul>
<li><strong>Dry or frizzy ends:</strong> deep condition with a hydrating mask and smooth a drop of serum through the ends.</li>
<li><strong>Tangling at the nape:</strong> this is where a wig rubs against collars and scarves. Brush it out after every wear and take the wig off before you sleep.</li>
<li><strong>Shedding:</strong> a little is normal. Heavy shedding usually means conditioner on the knots or too much brushing while wet.</li>
</ul>

<p>Look after your wig this way and it will reward you with a year or more of great hair days. For more tips, visit our <a href="/care">hair care guide</a>.</p>
`,
    image: "blog-3",
    author: "Olivia Brooks",
    publishedAt: "2024-03-18",
    category: "Wig Care",
    tags: ["wigs", "wig-care", "washing", "storage"],
    readTime: 3,
  },
  {
    id: "blog-4",
    title: "Choosing the Perfect Extension Color Match",
    excerpt:
      "Match your ends, not your roots. Here is how our stylists find an undetectable shade, and what to do when you fall between two.",
    content: `
<p>The secret to undetectable extensions is not the length or the brand: it is the color. Even the finest 100% Remy human hair looks wrong if it sits a shade away from your own. Here is how our stylists find the right match every time.</p>

<h2>Match your ends, not your roots</h2>
<p>Your hair is rarely one color from root to tip. Sun, styling and time lighten the lengths, while the roots stay darker. Because extensions blend with the lower half of your hair, always match them to your mid-lengths and ends. Hold the extension against the hair just below your ears, not against the top of your head.</p>

<h2>Check in the right light</h2>
<p>Artificial light shifts colors. Warm bulbs make hair look more golden; cool lights make it look ashier. Compare shades next to a window in natural daylight, and look at the match from a few steps back in a mirror as well as up close.</p>

<h2>Warm, cool or neutral?</h2>
<p>Undertone matters as much as depth. Warm shades have golden, copper or red tones; cool shades have ash or beige tones; neutral shades sit in between. Our collection covers both sides:</p>
<ul>
<li><strong>Blonde:</strong> Honey Blonde is warm and golden, Ash Blonde is cool, and Platinum Blonde is the lightest, icy option.</li>
<li><strong>Brown:</strong> Caramel Brown is warm with golden tones, Chocolate Brown is a rich mid-tone, and Dark Brown is a deep neutral.</li>
<li><strong>Black:</strong> Jet Black is the deepest shade, with a blue-black sheen, while Natural Black is softer and suits most dark hair.</li>
<li><strong>Red:</strong> Copper Red is a warm balayage with a shadowed root.</li>
</ul>

<h2>When you sit between two shades</h2>
<p>Most people do. You have two good options:</p>
<ol>
<li><strong>Choose the darker shade.</strong> A slightly darker extension reads as natural depth; a lighter one shows as a stripe.</li>
<li><strong>Blend two shades.</strong> Mix wefts from neighboring shades for a multi-dimensional result. This works beautifully on highlighted hair.</li>
</ol>

<h3>Highlighted and balayage hair</h3>
<p>If your hair has highlights or an ombré, match the dominant shade of your ends, or choose a balayage piece such as our Copper Red tape-ins, which are hand-painted to look grown-out.</p>

<h2>Can I dye my extensions?</h2>
<p>Remy human hair can be colored, but it is safest to go darker, not lighter. Lightening lifts the cuticle and shortens the life of the hair. Have a professional colorist do it, ask for a strand test first and use color-safe products afterwards. Keep in mind that custom-colored hair, like hair with heat or chemical damage, cannot be returned.</p>

<h2>Keeping color true</h2>
<ul>
<li>Wash with a sulfate-free, color-safe shampoo and rinse in cool water.</li>
<li>Store clip-ins away from sunlight, which fades color over time.</li>
<li>Use a heat protectant and keep tools below 350°F: heat dulls color as well as drying the hair.</li>
</ul>

<p>Still unsure? Our team is happy to help you choose, Monday-Friday 9AM-6PM PST. Unworn extensions can be returned within 30 days of delivery, so you can check the match at home in daylight before you wear them.</p>
`,
    image: "blog-4",
    author: "Isabella Rossi",
    publishedAt: "2024-04-22",
    category: "Color",
    tags: ["color", "color-match", "extensions", "balayage"],
    readTime: 3,
  },
  {
    id: "blog-5",
    title: "Protecting Your Hair Extensions From Heat Damage",
    excerpt:
      "Extensions cannot repair themselves, so heat damage is for good. These habits keep your hair smooth, shiny and soft.",
    content: `
<p>Heat styling is one of the joys of human hair extensions: you can curl, wave and straighten them just like your own hair. But extensions have no scalp oils to repair them, so heat damage is permanent. These habits keep your hair smooth, shiny and soft.</p>

<h2>Why heat damage is permanent</h2>
<p>Your natural hair is constantly renewed as it grows, and your scalp supplies oils that keep it supple. Extensions get neither. Each time hair is overheated, the cuticle lifts and the protein inside weakens. The result is dryness, frizz, split ends and dull color, and no treatment can fully reverse it. It is also why heat-damaged hair cannot be returned.</p>

<h2>The golden rule: below 350°F</h2>
<p>Most styling tools go far hotter than hair needs. Keep curling irons, flat irons and hot brushes below 350°F. If your tool has no temperature display, choose the low or medium setting. Lightened shades such as platinum and ash blonde are more delicate still, so start lower and only turn the heat up if the style will not hold.</p>

<h2>Always use a heat protectant</h2>
<p>A heat protectant coats the hair and slows the transfer of heat into it. Apply it every time you use a tool:</p>
<ol>
<li>Brush the hair free of tangles.</li>
<li>Apply a few drops of serum or a light mist from the mid-lengths to the ends.</li>
<li>Comb through so every strand is covered.</li>
<li>Wait until the hair is completely dry before you reach for a flat iron or curling iron.</li>
</ol>
<p>Choose an alcohol-free formula: alcohol dries out extensions, and they cannot replace lost moisture.</p>

<h2>Technique matters</h2>
<ul>
<li><strong>One pass is enough.</strong> Work in small sections so you get the result in a single, slow pass rather than several quick ones.</li>
<li><strong>Never iron wet hair.</strong> Water trapped in the hair turns to steam and damages it from within.</li>
<li><strong>Keep heat off the bonds.</strong> With tape-ins, stay at least an inch away from the tapes; heat softens the adhesive and can make wefts slip.</li>
<li><strong>Style clip-ins off the head.</strong> Clamp the weft to a table edge and curl or straighten it there; it is quicker and keeps heat away from the clips.</li>
<li><strong>Give your hair a rest.</strong> Plan heat-free days between styling sessions.</li>
</ul>

<h3>Blow-drying</h3>
<p>Let the hair air-dry until it is about 80 percent dry, then finish on a medium setting with the nozzle pointing down the hair shaft. With tape-ins, dry the roots first on a cool setting so moisture does not sit against the tapes.</p>

<h2>Heatless styles</h2>
<p>Some of the best waves need no heat at all. Braid damp hair before bed, or wrap it around a soft heatless curling rod, and sleep on a silk pillowcase. In the morning, undo the braids and rake through with your fingers for soft, lasting waves.</p>

<h2>Spotting damage early</h2>
<p>Watch for ends that feel rough, snap easily or will not hold a curl. If you notice them, cut back on heat, use a deep conditioning mask once a week and ask your stylist to trim the ends. Caught early, mild dryness can be managed, and with gentle handling a clip-in set still reaches its full 6-12 month lifespan.</p>
`,
    image: "blog-5",
    author: "Sophia Martinez",
    publishedAt: "2024-05-28",
    category: "Hair Care",
    tags: ["heat-styling", "heat-protection", "extensions", "hair-care"],
    readTime: 3,
  },
];
