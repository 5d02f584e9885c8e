import type { BlogPost } from '../../schemas/catalog/blog-post';
import { contentImage, slugify } from './image-paths';

const DAY = 86_400_000;

/** "Latest news": [title, author, days before now, summary, body paragraphs]. */
const POSTS: [string, string, number, string, string[]][] = [
  ['Through bolt or resin anchor? Choosing for cracked concrete', 'Priya Natarajan', 4, 'When a through bolt is enough and when you need an ETA Option 1 resin system.', ['Through bolts are quick and cheap, but most are only assessed for non-cracked concrete.', 'In tension zones of slabs and beams, specify an anchor assessed for cracked concrete: an Option 1 through bolt or a vinylester or epoxy resin with a threaded stud.']],
  ['Why hole cleaning makes or breaks a chemical anchor', 'Priya Natarajan', 15, 'Blow, brush, blow: dust can halve the load a resin anchor carries.', ['Drilling dust coats the hole wall and stops the resin keying into the concrete.', 'Clean with a blow pump and a brush of the right diameter, twice each, before injecting.']],
  ['New 18V brushless range now in stock', 'Tom Kowalski', 22, 'Combi drills, impact drivers and SDS drills on one battery platform.', ['The Voltrax 18 V brushless range has landed in the warehouse.', 'Buy body only if you already run the batteries, or as kits with two 4.0 or 5.0 Ah packs.']],
  ['Wall plug colours explained', 'Sian Evans', 35, 'Yellow, red, brown, blue: what the colours mean and which screw fits.', ['UK wall plugs are colour-coded by the drill size they need.', 'Yellow takes a 5 mm hole, red 6 mm, brown 7 mm and blue 10 mm; match the screw gauge printed on the box.']],
  ['Decking season: screws that will not stain', 'Dave Morrow', 48, 'Coated versus stainless decking screws, and why it matters with oak.', ['Tannins in hardwood react with carbon steel and leave black streaks.', 'For oak and other tannin-rich woods, use A2 stainless screws; for treated softwood, coated screws are fine.']],
  ['How we pack 3,000 orders a week', 'Tom Kowalski', 63, 'A look round the warehouse floor before the 4pm cut-off.', ['Pick lists drop every fifteen minutes and are sorted by aisle.', 'Heavy items go at the bottom, resin cartridges are bagged, and every box is weighed before it leaves.']],
  ['FFP2 or FFP3? Dust masks for silica', 'Sian Evans', 80, 'Respirable crystalline silica needs FFP3: here is why.', ['Cutting and drilling concrete releases silica dust that causes lung disease.', 'Use FFP3 masks that are face-fit tested, and cut wet or with extraction wherever possible.']],
  ['Structural timber screws versus coach bolts', 'Priya Natarajan', 102, 'Faster installation and no pre-drilling, with the right approval.', ['Structural screws to EN 14592 carry published characteristic capacities.', 'They replace coach bolts in many joist and ledger connections, saving drilling time.']],
  ['Our new trade counter opening hours', 'Sian Evans', 130, 'Open from 7am on weekdays for early starts.', ['From next month the trade counter opens at 7am Monday to Friday and 8am on Saturday.', 'Click and collect orders are ready within an hour.']],
  ['Fire-rated foam: what the B1 rating means', 'Priya Natarajan', 160, 'Not all expanding foam is equal around service penetrations.', ['Fire-rated foams are tested in specified joint widths and substrates.', 'Check the test report covers your joint before you rely on the rating.']],
  ['Five hand tools every apprentice needs', 'Dave Morrow', 200, 'A short list for the first week on site.', ['A 20 oz claw hammer, an 8 m tape, a 600 mm level, a retractable knife and a combination square.', 'Buy good ones once and they will last the apprenticeship.']],
  ['Sizing threaded rod for suspended services', 'Priya Natarajan', 260, 'M8, M10 or M12? Loads and spacing for pipework and ducting.', ['The rod size depends on the load per hanger and the anchor below it.', 'Drop-in anchors and resin studs both suit soffits; check the anchor capacity first.']],
];

export function buildBlogPosts(nowMs: number): BlogPost[] {
  return POSTS.map(([title, author, daysAgo, summary, paragraphs], i) => {
    const slug = slugify(title);
    return {
      id: i + 1, slug, title, short_content: summary,
      content: paragraphs.map((p) => `<p>${p}</p>`).join(''),
      published_at: new Date(nowMs - daysAgo * DAY).toISOString(),
      author, image: contentImage('blog', slug), tags: [],
    };
  });
}
