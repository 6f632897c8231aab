import type { OrderStatus } from '@shop/schema/orders'
import type { AvatarArt, Backdrop, CategoryArt, Piece, View } from './artwork'

// The demo catalogue a fresh install starts with. Plain data: seed.ts validates it with the API's own schemas,
// draws the artwork and writes it through the repositories.

export interface DemoCategory {
  name: string
  slug: string
  description: string
  active: boolean
  art: Omit<CategoryArt, 'title'>
}

export interface DemoImage {
  backdrop: Backdrop
  view?: View
}

export interface DemoProduct {
  name: string
  description: string
  /** As the admin form sends it: a decimal string. */
  price: string
  categorySlug: string
  /** The first 3 letters of the category's name, a dash and 4 digits, as the product form generates them. */
  sku: string
  stock: number
  minStock: number
  featured: boolean
  active: boolean
  piece: Piece
  /** The first is the thumbnail; the others fill the gallery. */
  images: DemoImage[]
  /** Options and one entry per combination for sale, in the options' order (docs/decisions/0005-variants.md). */
  options?: Array<{ name: string; values: string[] }>
  variants?: Array<{
    options: string[]
    sku: string
    price: string
    stock: number
    minStock: number
    leadTime?: { minDays: number; maxDays: number }
  }>
  /** Made to order, for a product without options. */
  leadTime?: { minDays: number; maxDays: number }
  personalization?: Array<{
    label: string
    maxLength: number
    required: boolean
    surcharge: string | null
    allowedCharacters: string | null
  }>
}

const RING_SIZES = ['5', '6', '7', '8', '9']

/** One variant per ring size, `stocks` in size order. */
function ringSizes(sku: string, price: string, stocks: number[], minStock: number): DemoProduct['variants'] {
  return RING_SIZES.map((size, i) => ({
    options: [size],
    sku: `${sku}-${size}`,
    price,
    stock: stocks[i] ?? 0,
    minStock,
  }))
}

export interface DemoTestimonial {
  name: string
  location: string | null
  content: string
  rating: number
  active: boolean | null
  featured: boolean | null
  daysAgo: number
  /** Most have none: the site shows the initials instead. */
  avatar?: Omit<AvatarArt, 'title'>
}

export interface DemoOrder {
  customerName: string
  customerEmail: string
  /** Spec format: "street, city, state zip, country". */
  customerAddress: string
  notes: string | null
  status: OrderStatus
  daysAgo: number
  items: Array<{ sku: string; quantity: number }>
}

export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  {
    name: 'Necklaces',
    slug: 'necklaces',
    description:
      'Crosses, doves, anchors and lockets on fine chains: small daily reminders of faith, worn close to the heart.',
    active: true,
    art: {
      backdrop: 'champagne',
      pieces: [{ piece: { kind: 'necklace', metal: 'gold', charm: 'cross' }, x: 72, y: -14, scale: 0.82 }],
    },
  },
  {
    name: 'Bracelets',
    slug: 'bracelets',
    description:
      'Engraved cuffs, pearl and prayer-bead bracelets and delicate charm chains, made to stack and to share.',
    active: true,
    art: {
      backdrop: 'blush',
      pieces: [
        { piece: { kind: 'cuff', metal: 'silver', engraving: 'PSALM 23' }, x: 300, y: 60, scale: 0.58 },
        { piece: { kind: 'beaded-bracelet', metal: 'gold', bead: 'pearl', charm: 'cross' }, x: -10, y: 90, scale: 0.6 },
      ],
    },
  },
  {
    name: 'Rings',
    slug: 'rings',
    description: 'Promise rings, signets and hand-hammered bands in gold, rose gold and sterling silver.',
    active: true,
    art: {
      backdrop: 'ivory',
      pieces: [
        { piece: { kind: 'solitaire-ring', metal: 'rose' }, x: 30, y: 50, scale: 0.62 },
        { piece: { kind: 'band-ring', metal: 'gold' }, x: 300, y: 130, scale: 0.62 },
      ],
    },
  },
  {
    name: 'Earrings',
    slug: 'earrings',
    description: 'Tiny cross studs, freshwater pearl drops and hoops: quiet symbols that frame the face.',
    active: true,
    art: {
      backdrop: 'sage',
      pieces: [{ piece: { kind: 'drop-earrings', metal: 'gold', charm: 'pearl' }, x: 60, y: -20, scale: 0.85 }],
    },
  },
  {
    name: 'Rosaries',
    slug: 'rosaries',
    description:
      'Heirloom rosaries and chaplets strung by hand with pearls, rose quartz and garnet, finished with a cast crucifix.',
    active: true,
    art: {
      backdrop: 'navy',
      pieces: [{ piece: { kind: 'rosary', metal: 'silver', bead: 'pearl' }, x: 100, y: -50, scale: 0.75 }],
    },
  },
  {
    name: 'Baptism Gifts',
    slug: 'baptism-gifts',
    description:
      'Keepsakes for a new life in faith: tiny crosses and dove medals for christenings. Back in the spring.',
    active: false,
    art: {
      backdrop: 'sage',
      pieces: [{ piece: { kind: 'necklace', metal: 'silver', charm: 'dove' }, x: 72, y: -14, scale: 0.82 }],
    },
  },
]

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    name: 'Gold Cross Necklace',
    description:
      'A classic Latin cross in 14k gold vermeil with softly bevelled edges that catch the light. It hangs from an 18-inch cable chain with a spring-ring clasp. Simple enough to wear every day, meaningful enough never to take off.',
    price: '89.00',
    categorySlug: 'necklaces',
    sku: 'NEC-1042',
    stock: 34,
    minStock: 5,
    featured: true,
    active: true,
    piece: { kind: 'necklace', metal: 'gold', charm: 'cross' },
    images: [{ backdrop: 'ivory' }, { backdrop: 'ivory', view: 'detail' }, { backdrop: 'navy' }],
  },
  {
    name: 'Diamond Accent Cross Pendant',
    description:
      'Ten brilliant-cut diamond accents (0.15 ct total) are hand-set along a solid 14k yellow gold cross. Finished with an 18-inch box chain and presented in a keepsake gift box. A treasured gift for confirmations, anniversaries and milestones.',
    price: '489.00',
    categorySlug: 'necklaces',
    sku: 'NEC-1096',
    stock: 2,
    minStock: 3,
    featured: true,
    active: true,
    piece: { kind: 'necklace', metal: 'gold', charm: 'jeweled-cross' },
    images: [{ backdrop: 'navy' }, { backdrop: 'navy', view: 'detail' }, { backdrop: 'champagne' }],
  },
  {
    name: 'Sterling Silver Dove Pendant',
    description:
      'A hand-engraved dove carrying an olive branch, the sign of peace, on a round sterling silver medallion. The medallion measures 22 mm and comes on an 18-inch sterling curb chain.',
    price: '64.00',
    categorySlug: 'necklaces',
    sku: 'NEC-1057',
    stock: 27,
    minStock: 5,
    featured: false,
    active: true,
    piece: { kind: 'necklace', metal: 'silver', charm: 'dove' },
    images: [{ backdrop: 'blush' }, { backdrop: 'blush', view: 'detail' }],
  },
  {
    name: 'Mustard Seed Faith Locket',
    description:
      'A real mustard seed suspended in a clear glass orb with a gold-filled cap, inspired by Matthew 17:20. Each locket comes with a small card printed with the verse. Faith as small as a mustard seed can move mountains.',
    price: '72.00',
    categorySlug: 'necklaces',
    sku: 'NEC-1063',
    stock: 41,
    minStock: 6,
    featured: true,
    active: true,
    piece: { kind: 'necklace', metal: 'gold', charm: 'mustard-seed' },
    images: [{ backdrop: 'sage' }, { backdrop: 'sage', view: 'detail' }, { backdrop: 'ivory' }],
  },
  {
    name: 'Rose Gold Heart Cross Necklace',
    description:
      'A puffed heart in rose gold vermeil with a delicate cross etched at its centre, a reminder that love and faith belong together. It hangs from an adjustable 16 to 18-inch chain.',
    price: '79.00',
    categorySlug: 'necklaces',
    sku: 'NEC-1078',
    stock: 18,
    minStock: 5,
    featured: false,
    active: true,
    piece: { kind: 'necklace', metal: 'rose', charm: 'heart' },
    images: [{ backdrop: 'blush' }, { backdrop: 'blush', view: 'detail' }, { backdrop: 'ivory' }],
  },
  {
    name: 'Anchor of Hope Pendant',
    description:
      'Hebrews 6:19 calls hope an anchor for the soul. This polished anchor is cast from our hand-carved original in sterling silver or yellow gold, and hangs on a 16, 18 or 20-inch rope chain: a favourite for men and women alike.',
    price: '58.00',
    categorySlug: 'necklaces',
    sku: 'NEC-1081',
    stock: 23,
    minStock: 5,
    featured: false,
    active: true,
    piece: { kind: 'necklace', metal: 'silver', charm: 'anchor' },
    images: [{ backdrop: 'champagne' }, { backdrop: 'champagne', view: 'detail' }],
    options: [
      { name: 'Metal', values: ['Sterling silver', 'Yellow gold'] },
      { name: 'Chain length', values: ['16"', '18"', '20"'] },
    ],
    variants: [
      { options: ['Sterling silver', '16"'], sku: 'NEC-1081-S16', price: '58.00', stock: 6, minStock: 2 },
      { options: ['Sterling silver', '18"'], sku: 'NEC-1081-S18', price: '58.00', stock: 9, minStock: 2 },
      { options: ['Sterling silver', '20"'], sku: 'NEC-1081-S20', price: '62.00', stock: 8, minStock: 2 },
      { options: ['Yellow gold', '16"'], sku: 'NEC-1081-G16', price: '98.00', stock: 3, minStock: 2 },
      { options: ['Yellow gold', '18"'], sku: 'NEC-1081-G18', price: '98.00', stock: 0, minStock: 2 },
      { options: ['Yellow gold', '20"'], sku: 'NEC-1081-G20', price: '104.00', stock: 4, minStock: 2 },
    ],
  },
  {
    name: 'Engravable Heart Locket',
    description:
      'A sterling silver heart locket that opens to hold two small photos. We engrave its front by hand with the words you choose: a name, a date, a verse. Comes on an 18-inch sterling chain in a gift box.',
    price: '68.00',
    categorySlug: 'necklaces',
    sku: 'NEC-1090',
    stock: 15,
    minStock: 3,
    featured: true,
    active: true,
    piece: { kind: 'necklace', metal: 'silver', charm: 'heart' },
    images: [{ backdrop: 'ivory' }, { backdrop: 'ivory', view: 'detail' }, { backdrop: 'sage' }],
    personalization: [
      { label: 'Engraving', maxLength: 20, required: false, surcharge: '10.00', allowedCharacters: null },
    ],
  },
  {
    name: 'Ichthys Fish Oval Pendant',
    description:
      'The ancient sign of the fish, engraved by hand on an oval gold-filled tag: the quiet symbol early Christians used to recognise one another. Comes on an 18-inch satin chain.',
    price: '54.00',
    categorySlug: 'necklaces',
    sku: 'NEC-1015',
    stock: 12,
    minStock: 4,
    featured: false,
    active: false,
    piece: { kind: 'necklace', metal: 'gold', charm: 'ichthys' },
    images: [{ backdrop: 'velvet' }, { backdrop: 'velvet', view: 'detail' }],
  },
  {
    name: 'Mustard Seed Faith Bracelet',
    description:
      'A fine gold-filled chain bracelet with a tiny glass mustard-seed charm. Adjustable from 6.5 to 7.5 inches, it layers easily with a watch or other bracelets.',
    price: '49.00',
    categorySlug: 'bracelets',
    sku: 'BRA-2014',
    stock: 52,
    minStock: 8,
    featured: false,
    active: true,
    piece: { kind: 'chain-bracelet', metal: 'gold', charm: 'mustard-seed' },
    images: [{ backdrop: 'ivory' }, { backdrop: 'ivory', view: 'detail' }],
  },
  {
    name: 'Psalm 23 Engraved Cuff',
    description:
      "A wide sterling silver cuff engraved with the opening words of Psalm 23: 'The Lord is my shepherd.' The open back adjusts gently to fit most wrists. Polished by hand to a mirror finish.",
    price: '68.00',
    categorySlug: 'bracelets',
    sku: 'BRA-2031',
    stock: 16,
    minStock: 4,
    featured: true,
    active: true,
    piece: { kind: 'cuff', metal: 'silver', engraving: 'The Lord is my shepherd' },
    images: [{ backdrop: 'champagne' }, { backdrop: 'champagne', view: 'detail' }, { backdrop: 'navy' }],
  },
  {
    name: 'Freshwater Pearl Cross Bracelet',
    description:
      'Lustrous freshwater pearls strung on stretch cord with gold-filled spacer beads and a small cross charm. It slips on and off easily and fits most wrists.',
    price: '54.00',
    categorySlug: 'bracelets',
    sku: 'BRA-2047',
    stock: 30,
    minStock: 6,
    featured: false,
    active: true,
    piece: { kind: 'beaded-bracelet', metal: 'gold', bead: 'pearl', charm: 'cross' },
    images: [{ backdrop: 'blush' }, { backdrop: 'blush', view: 'detail' }],
  },
  {
    name: 'Faith Hope Love Bangle',
    description:
      'A slim rose gold vermeil bangle engraved with FAITH · HOPE · LOVE from 1 Corinthians 13:13. Stackable and lightweight, it makes a lovely gift for a sister, a mother or a friend.',
    price: '74.00',
    categorySlug: 'bracelets',
    sku: 'BRA-2052',
    stock: 5,
    minStock: 5,
    featured: false,
    active: true,
    piece: { kind: 'bangle', metal: 'rose', engraving: 'Faith · Hope · Love' },
    images: [{ backdrop: 'ivory' }, { backdrop: 'ivory', view: 'detail' }],
  },
  {
    name: 'Anchor Charm Chain Bracelet',
    description:
      'A sterling silver cable-chain bracelet with a tiny anchor charm, for the hope that holds us steady. Adjustable to 7.5 inches with a lobster clasp.',
    price: '52.00',
    categorySlug: 'bracelets',
    sku: 'BRA-2068',
    stock: 0,
    minStock: 5,
    featured: false,
    active: true,
    piece: { kind: 'chain-bracelet', metal: 'silver', charm: 'anchor' },
    images: [{ backdrop: 'sage' }, { backdrop: 'sage', view: 'detail' }],
  },
  {
    name: 'Onyx Prayer Bead Bracelet',
    description:
      'Matte black onyx beads with gold-filled spacers and a small cross, a bracelet to pray with as much as to wear. Strung on durable stretch cord in a size that fits most wrists.',
    price: '58.00',
    categorySlug: 'bracelets',
    sku: 'BRA-2075',
    stock: 21,
    minStock: 5,
    featured: false,
    active: true,
    piece: { kind: 'beaded-bracelet', metal: 'gold', bead: 'onyx', charm: 'cross' },
    images: [{ backdrop: 'ivory' }, { backdrop: 'champagne', view: 'detail' }],
  },
  {
    name: 'Hammered Gold Band Ring',
    description:
      'A 6 mm band of 14k gold-filled metal, hammered by hand so that every facet catches the light a little differently. Comfortable to wear every day, in sizes 5 to 9.',
    price: '96.00',
    categorySlug: 'rings',
    sku: 'RIN-3015',
    stock: 19,
    minStock: 4,
    featured: false,
    active: true,
    piece: { kind: 'band-ring', metal: 'gold', hammered: true },
    images: [{ backdrop: 'ivory' }, { backdrop: 'ivory', view: 'detail' }, { backdrop: 'velvet' }],
    options: [{ name: 'Size', values: RING_SIZES }],
    variants: ringSizes('RIN-3015', '96.00', [3, 5, 6, 4, 1], 1),
  },
  {
    name: 'Sterling Silver Cross Signet Ring',
    description:
      'A weighty sterling silver signet with a raised cross on its polished oval face. Cast from a hand-carved wax and finished by hand, it is made to be worn for a lifetime.',
    price: '84.00',
    categorySlug: 'rings',
    sku: 'RIN-3022',
    stock: 14,
    minStock: 4,
    featured: false,
    active: true,
    piece: { kind: 'signet-ring', metal: 'silver', charm: 'cross' },
    images: [{ backdrop: 'navy' }, { backdrop: 'navy', view: 'detail' }, { backdrop: 'ivory' }],
  },
  {
    name: 'Gold Anchor Signet Ring',
    description:
      'A gold-filled signet ring with an anchor engraved into its oval face, after Hebrews 6:19. A steady reminder of hope for every day, in sizes 5 to 9.',
    price: '112.00',
    categorySlug: 'rings',
    sku: 'RIN-3027',
    stock: 9,
    minStock: 3,
    featured: false,
    active: true,
    piece: { kind: 'signet-ring', metal: 'gold', charm: 'anchor' },
    images: [{ backdrop: 'champagne' }, { backdrop: 'champagne', view: 'detail' }],
    options: [{ name: 'Size', values: RING_SIZES }],
    variants: ringSizes('RIN-3027', '112.00', [2, 2, 3, 2, 0], 1),
    personalization: [
      {
        label: 'Initials inside the band',
        maxLength: 3,
        required: false,
        surcharge: null,
        allowedCharacters: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ&.',
      },
    ],
  },
  {
    name: 'Rose Gold Promise Ring',
    description:
      'A slender rose gold vermeil band crowned with a faceted blush morganite, made for promises kept before God. A favourite purity and promise ring, available in sizes 4 to 10.',
    price: '129.00',
    categorySlug: 'rings',
    sku: 'RIN-3039',
    stock: 11,
    minStock: 3,
    featured: true,
    active: true,
    piece: { kind: 'solitaire-ring', metal: 'rose' },
    images: [{ backdrop: 'blush' }, { backdrop: 'blush', view: 'detail' }, { backdrop: 'ivory' }],
  },
  {
    name: 'Philippians 4:13 Engraved Band',
    description:
      "A sterling silver band engraved around the outside with 'I can do all things', from Philippians 4:13. Comfort-fit inside edges and a brushed finish.",
    price: '62.00',
    categorySlug: 'rings',
    sku: 'RIN-3044',
    stock: 8,
    minStock: 3,
    featured: false,
    active: false,
    piece: { kind: 'band-ring', metal: 'silver', engraving: 'I can do all things' },
    images: [{ backdrop: 'sage' }, { backdrop: 'sage', view: 'detail' }],
  },
  {
    name: 'Tiny Gold Cross Stud Earrings',
    description:
      'Petite gold vermeil crosses pavé-set with sparkling white stones, on hypoallergenic posts. Each cross measures just 10 mm: a quiet statement of faith for every day.',
    price: '52.00',
    categorySlug: 'earrings',
    sku: 'EAR-4011',
    stock: 38,
    minStock: 6,
    featured: true,
    active: true,
    piece: { kind: 'stud-earrings', metal: 'gold', charm: 'jeweled-cross' },
    images: [{ backdrop: 'champagne' }, { backdrop: 'champagne', view: 'detail' }, { backdrop: 'navy' }],
  },
  {
    name: 'Freshwater Pearl Drop Earrings',
    description:
      'Round 8 mm freshwater pearls on sterling silver French hooks, chosen one by one for their soft glow. Lovely for weddings, first communions and Sunday best.',
    price: '64.00',
    categorySlug: 'earrings',
    sku: 'EAR-4026',
    stock: 25,
    minStock: 5,
    featured: false,
    active: true,
    piece: { kind: 'drop-earrings', metal: 'silver', charm: 'pearl' },
    images: [{ backdrop: 'blush' }, { backdrop: 'blush', view: 'detail' }],
  },
  {
    name: 'Rose Gold Cross Hoop Earrings',
    description:
      'Lightweight rose gold vermeil hoops, each framing a tiny cross charm that moves as you do. They measure 25 mm across and close with a secure hinged clasp.',
    price: '69.00',
    categorySlug: 'earrings',
    sku: 'EAR-4038',
    stock: 15,
    minStock: 4,
    featured: false,
    active: true,
    piece: { kind: 'hoop-earrings', metal: 'rose', charm: 'cross' },
    images: [{ backdrop: 'ivory' }, { backdrop: 'ivory', view: 'detail' }, { backdrop: 'blush' }],
  },
  {
    name: 'Sterling Silver Dove Drop Earrings',
    description:
      'Little engraved dove medallions on sterling silver French hooks, a gentle sign of the Holy Spirit. Light enough to wear from morning until evening prayer.',
    price: '58.00',
    categorySlug: 'earrings',
    sku: 'EAR-4045',
    stock: 20,
    minStock: 5,
    featured: false,
    active: true,
    piece: { kind: 'drop-earrings', metal: 'silver', charm: 'dove' },
    images: [{ backdrop: 'sage' }, { backdrop: 'sage', view: 'detail' }],
  },
  {
    name: 'Sterling Silver Pearl Rosary',
    description:
      'Fifty-nine freshwater pearls hand-knotted on sterling silver links, with a Miraculous Medal centrepiece and a cast sterling crucifix. Presented in a velvet pouch, ready to be handed down.',
    price: '149.00',
    categorySlug: 'rosaries',
    sku: 'ROS-5012',
    stock: 13,
    minStock: 3,
    featured: true,
    active: true,
    piece: { kind: 'rosary', metal: 'silver', bead: 'pearl' },
    images: [{ backdrop: 'navy' }, { backdrop: 'navy', view: 'detail' }, { backdrop: 'ivory' }],
  },
  {
    name: 'Rose Quartz Chaplet',
    description:
      'A chaplet of soft pink rose quartz beads with a rose gold vermeil crucifix and centre medal. Small enough for a pocket or purse, for prayer wherever the day leads.',
    price: '89.00',
    categorySlug: 'rosaries',
    sku: 'ROS-5027',
    stock: 4,
    minStock: 5,
    featured: false,
    active: true,
    piece: { kind: 'chaplet', metal: 'rose', bead: 'rose-quartz' },
    images: [{ backdrop: 'blush' }, { backdrop: 'blush', view: 'detail' }],
  },
  {
    name: 'Heirloom Gold Garnet Rosary',
    description:
      'Deep red garnet beads wire-wrapped in 14k gold-filled links, with a hand-finished gold crucifix. Each one is made to order: our artisan takes two full days over it, once your order arrives. A family heirloom in the making.',
    price: '389.00',
    categorySlug: 'rosaries',
    sku: 'ROS-5033',
    stock: 0,
    minStock: 1,
    featured: false,
    active: true,
    leadTime: { minDays: 10, maxDays: 15 },
    piece: { kind: 'rosary', metal: 'gold', bead: 'garnet' },
    images: [{ backdrop: 'champagne' }, { backdrop: 'champagne', view: 'detail' }, { backdrop: 'velvet' }],
  },
  {
    name: 'Sterling Baby Cross Necklace',
    description:
      'A tiny sterling silver cross on a 14-inch chain with a safety clasp, sized for a child and made to grow with them. Comes in a keepsake box for the baptism day.',
    price: '59.00',
    categorySlug: 'baptism-gifts',
    sku: 'BAP-6010',
    stock: 14,
    minStock: 4,
    featured: false,
    active: true,
    piece: { kind: 'necklace', metal: 'silver', charm: 'cross' },
    images: [{ backdrop: 'sage' }, { backdrop: 'blush', view: 'detail' }],
  },
]

export const DEMO_TESTIMONIALS: readonly DemoTestimonial[] = [
  {
    name: "Margaret O'Neill",
    location: 'Savannah, GA',
    content:
      "I bought the Mustard Seed Faith Locket for my daughter's confirmation and she hasn't taken it off since. The glass is even clearer than in the photos, and the little card with the verse made her cry.",
    rating: 5,
    active: true,
    featured: true,
    daysAgo: 12,
  },
  {
    name: 'David Reyes',
    location: 'San Antonio, TX',
    content:
      'Ordered the Anchor of Hope pendant as an anniversary gift for my wife. It has a solid weight and a beautiful polish, and it arrived in three days in a lovely box.',
    rating: 5,
    active: true,
    featured: true,
    daysAgo: 26,
  },
  {
    name: 'Grace Whitfield',
    location: 'Nashville, TN',
    content:
      "The Psalm 23 cuff is stunning. The engraving is crisp and deep, not printed on like cheaper pieces I've owned. I get asked about it every Sunday.",
    rating: 5,
    active: null,
    featured: true,
    daysAgo: 41,
  },
  {
    name: 'Hannah Kim',
    location: 'Seattle, WA',
    content:
      'My pearl rosary is the most beautiful thing I own. Every bead is even and the crucifix has a real heft to it. Thank you for making something so reverent.',
    rating: 5,
    active: true,
    featured: true,
    daysAgo: 55,
    avatar: { backdrop: 'blush', metal: 'rose', charm: 'heart' },
  },
  {
    name: 'Samuel Okafor',
    location: 'Atlanta, GA',
    content:
      "I bought the gold cross necklace for my mother's 70th birthday. She wore it to church the very next morning and told everyone where it came from.",
    rating: 5,
    active: true,
    featured: true,
    daysAgo: 73,
    avatar: { backdrop: 'navy', metal: 'gold', charm: 'dove' },
  },
  {
    name: 'Thomas Bennett',
    location: null,
    content:
      'Good quality silver and quick shipping. The chain was a little shorter than I expected, but customer service sent a longer one free of charge.',
    rating: 4,
    active: true,
    featured: false,
    daysAgo: 90,
  },
  {
    name: 'Abigail Turner',
    location: 'Columbus, OH',
    content:
      'A lovely dove pendant, delicate and well made. It took a little longer to arrive than I had hoped for a birthday gift, but it was worth the wait.',
    rating: 4,
    active: true,
    featured: null,
    daysAgo: 118,
  },
  {
    name: 'Rebecca Lawson',
    location: 'Denver, CO',
    content: 'The promise ring is beautiful and the stone really sparkles. I only wish it came in half sizes.',
    rating: 3,
    active: false,
    featured: false,
    daysAgo: 150,
  },
]

export const DEMO_ORDERS: readonly DemoOrder[] = [
  {
    customerName: 'Emily Carter',
    customerEmail: 'emily.carter@example.com',
    customerAddress: '418 Maple Avenue, Springfield, IL 62704, USA',
    notes: 'A gift for my goddaughter, please include a gift receipt.',
    status: 'completed',
    daysAgo: 29.4,
    items: [
      { sku: 'NEC-1042', quantity: 1 },
      { sku: 'EAR-4011', quantity: 1 },
    ],
  },
  {
    customerName: 'Michael Brooks',
    customerEmail: 'michael.brooks@example.com',
    customerAddress: '72 Harbor View Drive, Charleston, SC 29401, USA',
    notes: null,
    status: 'completed',
    daysAgo: 27.1,
    items: [
      { sku: 'NEC-1081-S18', quantity: 1 },
      { sku: 'NEC-1015', quantity: 1 },
    ],
  },
  {
    customerName: 'Jessica Nguyen',
    customerEmail: 'jessica.nguyen@example.com',
    customerAddress: '1550 Pine Street Apt 4B, San Francisco, CA 94109, USA',
    notes: 'I ordered the wrong piece by mistake, please cancel.',
    status: 'cancelled',
    daysAgo: 25.6,
    items: [{ sku: 'BRA-2031', quantity: 1 }],
  },
  {
    customerName: 'Robert Hayes',
    customerEmail: 'robert.hayes@example.com',
    customerAddress: '9 Orchard Lane, Lancaster, PA 17601, USA',
    notes: null,
    status: 'completed',
    daysAgo: 22.3,
    items: [
      { sku: 'ROS-5012', quantity: 1 },
      { sku: 'BRA-2014', quantity: 2 },
    ],
  },
  {
    customerName: 'Sarah Mitchell',
    customerEmail: 'sarah.mitchell@example.com',
    customerAddress: '230 Elm Street, Franklin, TN 37064, USA',
    notes: 'Confirmation gifts for three girls in our parish.',
    status: 'completed',
    daysAgo: 19.8,
    items: [{ sku: 'NEC-1063', quantity: 3 }],
  },
  {
    customerName: 'Daniel Foster',
    customerEmail: 'daniel.foster@example.com',
    customerAddress: '88 Lakeshore Boulevard, Madison, WI 53703, USA',
    notes: 'Ring size 6, please.',
    status: 'processing',
    daysAgo: 16.2,
    items: [{ sku: 'RIN-3039', quantity: 1 }],
  },
  {
    customerName: 'Olivia Martinez',
    customerEmail: 'olivia.martinez@example.com',
    customerAddress: '47 Desert Willow Road, Tucson, AZ 85718, USA',
    notes: null,
    status: 'cancelled',
    daysAgo: 13.5,
    items: [{ sku: 'NEC-1096', quantity: 1 }],
  },
  {
    customerName: 'Christopher Reed',
    customerEmail: 'chris.reed@example.com',
    customerAddress: '1200 Commonwealth Avenue, Boston, MA 02134, USA',
    notes: null,
    status: 'processing',
    daysAgo: 10.9,
    items: [
      { sku: 'BRA-2068', quantity: 1 },
      { sku: 'EAR-4026', quantity: 1 },
    ],
  },
  {
    customerName: 'Lauren Phillips',
    customerEmail: 'lauren.phillips@example.com',
    customerAddress: '315 Magnolia Court, Baton Rouge, LA 70808, USA',
    notes: "Please gift wrap it: it is for my mother's 60th birthday.",
    status: 'processing',
    daysAgo: 7.4,
    items: [{ sku: 'ROS-5033', quantity: 1 }],
  },
  {
    customerName: 'Matthew Sullivan',
    customerEmail: 'matt.sullivan@example.com',
    customerAddress: '64 Cedar Ridge Road, Boulder, CO 80302, USA',
    notes: null,
    status: 'pending',
    daysAgo: 4.2,
    items: [
      { sku: 'RIN-3015-7', quantity: 1 },
      { sku: 'NEC-1057', quantity: 1 },
    ],
  },
  {
    customerName: 'Ashley Cooper',
    customerEmail: 'ashley.cooper@example.com',
    customerAddress: '901 Peachtree Street NE, Atlanta, GA 30309, USA',
    notes: null,
    status: 'pending',
    daysAgo: 1.6,
    items: [
      { sku: 'EAR-4038', quantity: 2 },
      { sku: 'BRA-2052', quantity: 1 },
      { sku: 'BRA-2047', quantity: 1 },
    ],
  },
  {
    customerName: 'Joshua Bennett',
    customerEmail: 'joshua.bennett@example.com',
    customerAddress: '17 Willow Creek Lane, Boise, ID 83702, USA',
    notes: "Could you add a card saying 'Happy Mother's Day, Mom'?",
    status: 'pending',
    daysAgo: 0.2,
    items: [{ sku: 'NEC-1078', quantity: 1 }],
  },
]
