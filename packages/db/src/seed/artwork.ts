// Demo artwork: self-contained SVG drawings of the demo pieces. Nothing here references another file, a font host
// or any URL, so the images work offline and under a strict Content-Security-Policy. The drawings use only what
// librsvg renders too (no feDropShadow, no textPath), so thumbnails made by common tools match the browser.

export type Metal = 'gold' | 'silver' | 'rose'
export type Backdrop = 'ivory' | 'blush' | 'champagne' | 'sage' | 'navy' | 'velvet'
export type Charm = 'cross' | 'jeweled-cross' | 'dove' | 'heart' | 'anchor' | 'mustard-seed' | 'ichthys' | 'pearl'
export type Bead = 'pearl' | 'metal' | 'rose-quartz' | 'garnet' | 'onyx'
export type PieceKind =
  | 'necklace'
  | 'chain-bracelet'
  | 'beaded-bracelet'
  | 'cuff'
  | 'bangle'
  | 'band-ring'
  | 'solitaire-ring'
  | 'signet-ring'
  | 'stud-earrings'
  | 'drop-earrings'
  | 'hoop-earrings'
  | 'rosary'
  | 'chaplet'
/** 'detail' zooms in on the piece's focal point (the pendant, the stone, the crucifix). */
export type View = 'full' | 'detail'

export interface Piece {
  kind: PieceKind
  metal: Metal
  /** What hangs from the chain or bracelet, is engraved on the signet, or forms the stud. */
  charm?: Charm
  bead?: Bead
  /** Text engraved around the front of a cuff, bangle or band. */
  engraving?: string
  /** Hammered facets on cuffs, bangles and bands. */
  hammered?: boolean
}

export interface ProductArt extends Piece {
  title: string
  backdrop: Backdrop
  view?: View
}

export interface CategoryArt {
  title: string
  backdrop: Backdrop
  /** Pieces as drawn on the 800x800 product canvas, placed on the 800x600 banner by offset and scale. */
  pieces: Array<{ piece: Piece; x: number; y: number; scale: number }>
}

export interface AvatarArt {
  title: string
  backdrop: Backdrop
  metal: Metal
  charm: Charm
}

const METALS: Record<Metal, { stops: string[]; deep: string; light: string }> = {
  gold: {
    stops: ['#7a5512', '#c99a34', '#f3d98a', '#fff6d6', '#d9ad4a', '#8a6317'],
    deep: '#6b4a10',
    light: '#fff1c2',
  },
  silver: {
    stops: ['#5d646e', '#a4acb7', '#e6eaf0', '#ffffff', '#b7bfc9', '#6a727c'],
    deep: '#4a5059',
    light: '#ffffff',
  },
  rose: {
    stops: ['#7b4335', '#c17d69', '#f1c4b3', '#fff0e9', '#d8977f', '#874b3c'],
    deep: '#6a372b',
    light: '#ffe9e0',
  },
}

const BACKDROPS: Record<Backdrop, { stops: string[]; shadow: string; shadowOpacity: number }> = {
  ivory: { stops: ['#fffdf8', '#f6eee1', '#e6d7bf'], shadow: '#5b4427', shadowOpacity: 0.28 },
  blush: { stops: ['#fff8f5', '#f8e3dc', '#e8c3b8'], shadow: '#6b3a30', shadowOpacity: 0.26 },
  champagne: { stops: ['#fffaf0', '#f1e2c4', '#dcc193'], shadow: '#5e4521', shadowOpacity: 0.3 },
  sage: { stops: ['#f7f9f3', '#e2e9da', '#c4d1ba'], shadow: '#34432c', shadowOpacity: 0.26 },
  navy: { stops: ['#33426a', '#1d2846', '#0c1224'], shadow: '#000000', shadowOpacity: 0.55 },
  velvet: { stops: ['#6a2a43', '#43172a', '#1f0913'], shadow: '#000000', shadowOpacity: 0.55 },
}

const BEADS: Record<Exclude<Bead, 'metal'>, string[]> = {
  pearl: ['#ffffff', '#f3ebe1', '#cdbfae'],
  'rose-quartz': ['#fff1f3', '#efb7c3', '#b8697d'],
  garnet: ['#e98a95', '#9c1f36', '#4a0614'],
  onyx: ['#8a8f99', '#2b2e35', '#08090b'],
}

const SERIF = "Georgia, 'Times New Roman', serif"

/** Rounds coordinates to one decimal so the files stay small. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10)
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

type Attrs = Record<string, string | number | undefined>

/** One SVG element; undefined attributes are left out and numbers keep at most two decimals. */
function el(tag: string, attrs: Attrs, children?: string): string {
  const list = Object.entries(attrs)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${typeof value === 'number' ? Math.round(value * 100) / 100 : value}"`)
    .join('')
  return children === undefined ? `<${tag}${list}/>` : `<${tag}${list}>${children}</${tag}>`
}

/** Gradient and symbol definitions, each written once and only when a drawing asks for it. */
class Defs {
  private readonly entries = new Map<string, string>()

  /** Registers `markup` under `id` unless already there, and returns a paint reference to it. */
  ref(id: string, markup: () => string): string {
    if (!this.entries.has(id)) this.entries.set(id, markup())
    return `url(#${id})`
  }

  toString(): string {
    return [...this.entries.values()].join('')
  }
}

function stops(colors: string[], opacities?: number[]): string {
  return colors
    .map((color, i) =>
      el('stop', { offset: i / (colors.length - 1), 'stop-color': color, 'stop-opacity': opacities?.[i] }),
    )
    .join('')
}

/** Diagonal metal sheen for fills. */
function metalFill(defs: Defs, metal: Metal): string {
  const id = `m${metal[0]}`
  return defs.ref(id, () => el('linearGradient', { id, x1: 0, y1: 0, x2: 1, y2: 1 }, stops(METALS[metal].stops)))
}

/** The same sheen reversed: an inner bevel or inner surface that catches the light the other way. */
function bevelFill(defs: Defs, metal: Metal): string {
  metalFill(defs, metal)
  const id = `i${metal[0]}`
  return defs.ref(id, () => el('linearGradient', { id, x1: 1, y1: 1, x2: 0, y2: 0, href: `#m${metal[0]}` }))
}

/**
 * Sheen for strokes. Strokes need user-space gradients: a bounding-box gradient on a straight line has a box of
 * zero height and paints nothing. 'piece' spans the 800 canvas, 'charm' the charm's own coordinates.
 */
function metalStroke(defs: Defs, metal: Metal, space: 'piece' | 'charm'): string {
  metalFill(defs, metal)
  const id = `${space === 'piece' ? 'u' : 'c'}${metal[0]}`
  const [x1, y1, x2, y2] = space === 'piece' ? [120, 120, 680, 680] : [-120, 0, 160, 280]
  const attrs = { id, gradientUnits: 'userSpaceOnUse', x1, y1, x2, y2, href: `#m${metal[0]}` }
  return defs.ref(id, () => el('linearGradient', attrs))
}

function beadFill(defs: Defs, bead: Bead, metal: Metal): string {
  const { light, deep, stops: metalStops } = METALS[metal]
  const colors = bead === 'metal' ? [light, metalStops[2] ?? light, deep] : BEADS[bead]
  const id = bead === 'metal' ? `b${metal[0]}` : `b-${bead}`
  return defs.ref(id, () => el('radialGradient', { id, cx: 0.36, cy: 0.32, r: 0.75 }, stops(colors)))
}

function glassFill(defs: Defs): string {
  const glass = stops(['#fff', '#fff', '#fff'], [0.06, 0.2, 0.7])
  return defs.ref('l', () => el('radialGradient', { id: 'l', cx: 0.42, cy: 0.38, r: 0.62 }, glass))
}

/** Rose gold carries a morganite blush; gold and silver carry a clear, faintly icy stone. */
function gemColors(metal: Metal): string[] {
  return metal === 'rose' ? ['#fffafa', '#f8d3d9', '#dc97a5', '#b86b7c'] : ['#ffffff', '#eef4fb', '#b9c9de', '#7f95b4']
}

/** A small round stone seen from above: bright centre, darker rim. */
function stoneFill(defs: Defs, metal: Metal): string {
  const id = `g${metal === 'rose' ? 'r' : 'c'}`
  return defs.ref(id, () => el('radialGradient', { id, cx: 0.4, cy: 0.35, r: 0.7 }, stops(gemColors(metal))))
}

/** A faceted stone seen from the side. */
function facetFill(defs: Defs, metal: Metal): string {
  const id = `f${metal === 'rose' ? 'r' : 'c'}`
  const [a = '', b = '', c = '', d = ''] = gemColors(metal)
  return defs.ref(id, () => el('linearGradient', { id, x1: 0, y1: 0, x2: 1, y2: 1 }, stops([a, c, b, a, d])))
}

const SPARKLE_D = 'M0-1C.08-.08.08-.08 1 0C.08.08.08.08 0 1C-.08.08-.08.08-1 0C-.08-.08-.08-.08 0-1Z'

function sparkle(defs: Defs, x: number, y: number, size: number): string {
  defs.ref('k', () => el('path', { id: 'k', d: SPARKLE_D, fill: '#fff' }))
  return el('use', { href: '#k', transform: `translate(${n(x)} ${n(y)}) scale(${n(size)})`, opacity: 0.9 })
}

/** An ellipse as path data, so it can be combined with others under an even-odd fill. */
function ellipseD(cx: number, cy: number, rx: number, ry: number): string {
  return `M${n(cx - rx)} ${n(cy)}a${n(rx)} ${n(ry)} 0 1 0 ${n(2 * rx)} 0a${n(rx)} ${n(ry)} 0 1 0 ${n(-2 * rx)} 0Z`
}

/** A tiny deterministic random sequence: the same piece always gets the same hammer marks. */
function seededRandom(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 16807) % 2147483647
    return state / 2147483647
  }
}

const CROSS_D = 'M-22 14H22V74H84V116H22V272H-22V116H-84V74H-22Z'
const CROSS_INNER_D = 'M-13 23H13V83H75V107H13V263H-13V107H-75V83H-13Z'
const HEART_D =
  'M0 236C-42 200-100 154-100 94C-100 50-70 22-38 22C-18 22-5 34 0 48' +
  'C5 34 18 22 38 22C70 22 100 50 100 94C100 154 42 200 0 236Z'
const SMALL_CROSS_D = 'M-6 66H6V92H28V104H6V156H-6V104H-28V92H-6Z'
const ANCHOR_D =
  'M-11 50H11V256H-11ZM-66 70H66V88H-66Z' +
  'M-98 176C-92 236-42 262 0 262C42 262 92 236 98 176L80 176C70 224 36 244 0 244C-36 244-70 224-80 176Z'
const ANCHOR_ARMS_D = 'M-98 176C-92 236-42 262 0 262C42 262 92 236 98 176'
const ANCHOR_FLUKES_D = 'M-98 146L-124 196L-78 188ZM98 146L124 196L78 188Z'
/** A dove in flight with an olive sprig, facing right, about 220 wide: far wing, then body and near wing. */
const DOVE_FAR_WING_D = 'M38-8C48-52 72-90 112-106C100-78 88-48 62-8Z'
const DOVE_D =
  'M94-4L80-10C76-26 54-28 46-12C28 2-14 2-56 10L-104 0L-90 20L-106 38L-54 34C-14 50 40 44 66 18C72 10 78 4 80 0Z' +
  'M18 6C10-38-16-84-72-108C-52-104-36-100-20-94C-32-106-40-118-42-132C-24-122-10-112 0-100' +
  'C-4-114-4-126 0-140C30-112 44-70 48-10Z'
const OLIVE_D =
  'M90-2C100 6 106 18 104 34M106 12m-8-3.5a8 3.5 50 1 0 16 7a8 3.5 50 1 0-16-7' +
  'M96 22m-8 3.5a8 3.5-40 1 0 16-7a8 3.5-40 1 0-16 7'
const ICHTHYS_D = 'M50 128C20 92-20 92-44 148M50 128C20 164-20 164-44 108'
const GLASS_GLINT_D = 'M-66 100C-54 72-30 58-6 55C-32 70-50 88-58 116Z'

/** A charm in its own coordinates: hung from (0, 0), about 220 wide and 280 tall. */
function drawCharm(defs: Defs, charm: Charm, metal: Metal, options: { bail?: boolean } = {}): string {
  const fill = metalFill(defs, metal)
  const bevel = bevelFill(defs, metal)
  const stroke = metalStroke(defs, metal, 'charm')
  const { deep } = METALS[metal]
  const outline = { stroke: deep, 'stroke-opacity': 0.35 }
  const bail =
    options.bail === false ? '' : el('ellipse', { cy: 3, rx: 8, ry: 12, fill: 'none', stroke, 'stroke-width': 5 })
  switch (charm) {
    case 'cross':
    case 'jeweled-cross': {
      let gems = ''
      if (charm === 'jeweled-cross') {
        const stone = { fill: stoneFill(defs, metal), stroke: deep, 'stroke-opacity': 0.5, 'stroke-width': 2 }
        const seats = [
          [0, 95, 15],
          [0, 46, 8],
          [0, 138, 8],
          [0, 172, 8],
          [0, 206, 8],
          [0, 240, 8],
          [-36, 95, 8],
          [-62, 95, 8],
          [36, 95, 8],
          [62, 95, 8],
        ]
        gems = seats.map(([cx, cy, r]) => el('circle', { cx, cy, r, ...stone })).join('') + sparkle(defs, 5, 90, 18)
      }
      return bail + el('path', { d: CROSS_D, fill, ...outline }) + el('path', { d: CROSS_INNER_D, fill: bevel }) + gems
    }
    case 'heart':
      return (
        bail +
        el('path', { d: HEART_D, fill, ...outline }) +
        el('path', { d: HEART_D, transform: 'translate(0 17) scale(.86)', fill: bevel }) +
        el('path', { d: SMALL_CROSS_D, fill: deep, opacity: 0.45 })
      )
    case 'dove': {
      const relief = {
        transform: 'translate(-4 164) scale(.74)',
        fill,
        stroke: deep,
        'stroke-opacity': 0.6,
        'stroke-width': 2.5,
      }
      return (
        bail +
        el('circle', { cy: 128, r: 114, fill, ...outline }) +
        el('circle', { cy: 128, r: 99, fill: bevel }) +
        el('circle', { cy: 128, r: 92, fill: 'none', stroke: deep, 'stroke-opacity': 0.3, 'stroke-dasharray': '2 6' }) +
        el(
          'g',
          relief,
          el('path', { d: DOVE_FAR_WING_D, opacity: 0.8 }) +
            el('path', { d: DOVE_D }) +
            el('path', { d: OLIVE_D, fill: 'none' }) +
            el('circle', { cx: 62, cy: -14, r: 3, fill: deep, stroke: 'none' }),
        )
      )
    }
    case 'anchor':
      return (
        bail +
        el('circle', { cy: 34, r: 17, fill: 'none', stroke, 'stroke-width': 10 }) +
        el('rect', { x: -11, y: 50, width: 22, height: 206, rx: 6, fill }) +
        el('rect', { x: -66, y: 70, width: 132, height: 18, rx: 9, fill }) +
        el('path', { d: ANCHOR_ARMS_D, fill: 'none', stroke, 'stroke-width': 17, 'stroke-linecap': 'round' }) +
        el('path', { d: ANCHOR_FLUKES_D, fill }) +
        el('path', { d: 'M-4 58V250', stroke: '#fff', 'stroke-opacity': 0.45, 'stroke-width': 4 })
      )
    case 'mustard-seed':
      return (
        bail +
        el('path', { d: 'M-24 14H24L20 42H-20Z', fill }) +
        el('rect', { x: -32, y: 38, width: 64, height: 12, rx: 5, fill }) +
        el('circle', { cy: 140, r: 92, fill: glassFill(defs), stroke, 'stroke-width': 3 }) +
        el('ellipse', { cx: 6, cy: 176, rx: 9, ry: 7, fill: '#c8902a' }) +
        el('circle', { cx: 3, cy: 173, r: 2.5, fill: '#fff3c4' }) +
        el('path', { d: GLASS_GLINT_D, fill: '#fff', opacity: 0.8 }) +
        el('circle', { cx: 54, cy: 192, r: 7, fill: '#fff', opacity: 0.5 })
      )
    case 'ichthys':
      return (
        bail +
        el('ellipse', { cy: 128, rx: 86, ry: 114, fill, ...outline }) +
        el('ellipse', { cy: 128, rx: 73, ry: 101, fill: bevel }) +
        el('path', {
          d: ICHTHYS_D,
          fill: 'none',
          stroke: deep,
          'stroke-opacity': 0.6,
          'stroke-width': 6,
          'stroke-linecap': 'round',
        })
      )
    case 'pearl':
      return (
        bail +
        el('path', { d: 'M-10 12Q0 7 10 12L8 27H-8Z', fill }) +
        el('circle', { cy: 64, r: 40, fill: beadFill(defs, 'pearl', metal) }) +
        el('circle', { cx: -13, cy: 50, r: 9, fill: '#fff', opacity: 0.8 })
      )
  }
}

function placeCharm(defs: Defs, charm: Charm, metal: Metal, x: number, y: number, scale: number, rotate = 0): string {
  const turn = rotate === 0 ? '' : ` rotate(${rotate})`
  return el('g', { transform: `translate(${n(x)} ${n(y)})${turn} scale(${scale})` }, drawCharm(defs, charm, metal))
}

/** A chain along a path: flat links with edge-on links between them. `weight` thickens it for close-ups. */
function chain(defs: Defs, d: string, metal: Metal, options: { weight?: number; opacity?: number } = {}): string {
  const stroke = metalStroke(defs, metal, 'piece')
  const w = options.weight ?? 1
  return el(
    'g',
    { fill: 'none', 'stroke-linecap': 'round', opacity: options.opacity },
    el('path', { d, stroke: METALS[metal].deep, 'stroke-opacity': 0.45, 'stroke-width': 2 * w }) +
      el('path', { d, stroke, 'stroke-width': 6 * w, 'stroke-dasharray': `${n(8 * w)} ${n(9 * w)}` }) +
      el('path', {
        d,
        stroke,
        'stroke-width': 2.5 * w,
        'stroke-dasharray': `${n(5 * w)} ${n(12 * w)}`,
        'stroke-dashoffset': 11 * w,
      }),
  )
}

interface Drawing {
  markup: string
  /** The point a 'detail' view zooms in on. */
  focus: [number, number]
  sparkles: Array<[number, number, number]>
}

function drawNecklace(defs: Defs, piece: Piece): Drawing {
  const charm = piece.charm ?? 'cross'
  const scale = charm === 'pearl' ? 1.8 : 1.12
  return {
    markup:
      chain(defs, 'M110-20C150 200 300 322 400 330C500 322 650 200 690-20', piece.metal) +
      placeCharm(defs, charm, piece.metal, 400, 330, scale),
    focus: [400, 480],
    sparkles: [
      [366, 420, 24],
      [560, 236, 12],
    ],
  }
}

function drawChainBracelet(defs: Defs, piece: Piece): Drawing {
  const { metal } = piece
  const clasp = { transform: 'rotate(-30 628 444)', fill: metalFill(defs, metal), stroke: METALS[metal].deep }
  return {
    markup:
      chain(defs, 'M140 380A260 130 0 0 1 660 380', metal, { weight: 1.5, opacity: 0.75 }) +
      chain(defs, 'M140 380A260 130 0 0 0 660 380', metal, { weight: 1.7 }) +
      el('ellipse', { cx: 628, cy: 444, rx: 20, ry: 12, ...clasp, 'stroke-opacity': 0.4 }) +
      placeCharm(defs, piece.charm ?? 'heart', metal, 400, 508, 0.62),
    focus: [400, 560],
    sparkles: [[380, 560, 16]],
  }
}

function drawBeadedBracelet(defs: Defs, piece: Piece): Drawing {
  const bead = piece.bead ?? 'pearl'
  const count = 32
  const beads = Array.from({ length: count }, (_, i) => {
    const angle = (i / count) * Math.PI * 2 + 0.05
    const depth = Math.sin(angle)
    // Every eighth bead is a metal spacer; beads nearer the viewer are drawn larger and later.
    const isSpacer = bead !== 'metal' && i % 8 === 4
    const r = (isSpacer ? 15 : 23) + 4 * depth
    return { cx: n(400 + 245 * Math.cos(angle)), cy: n(370 + 115 * depth), r, depth, isSpacer }
  }).sort((a, b) => a.depth - b.depth)
  const markup = beads
    .map(({ cx, cy, r, isSpacer }) =>
      el('circle', { cx, cy, r, fill: beadFill(defs, isSpacer ? 'metal' : bead, piece.metal) }),
    )
    .join('')
  return {
    markup: markup + (piece.charm ? placeCharm(defs, piece.charm, piece.metal, 400, 510, 0.6) : ''),
    focus: [400, 520],
    sparkles: [[322, 468, 14]],
  }
}

/** Rough advance widths of Georgia capitals, in ems: enough to space engraved letters evenly. */
function glyphWidth(char: string): number {
  if (char === ' ') return 0.32
  if ('I·.,:'.includes(char)) return 0.4
  if ('MW'.includes(char)) return 0.95
  return 0.72
}

/**
 * Engraved capitals following the front of an elliptical band, one glyph at a time (so it renders without
 * textPath), centred on the front and turned along the curve.
 */
function engraving(text: string, band: { cy: number; rx: number; ry: number }, maxSize: number, color: string): string {
  const { cy, rx, ry } = band
  const glyphs = [...text.toUpperCase()]
  // Shrink long texts to fit the middle of the front, where the band faces the viewer.
  const ems = glyphs.reduce((sum, c) => sum + glyphWidth(c) + 0.14, 0)
  const size = Math.min(maxSize, Math.floor((rx * 1.9) / ems))
  const widths = glyphs.map((c) => (glyphWidth(c) + 0.14) * size)
  const speed = (t: number) => Math.hypot(rx * Math.sin(t), ry * Math.cos(t))
  // Walk from the front centre (t = pi/2) to the left by half the text's length, then lay glyphs to the right.
  let t = Math.PI / 2
  for (let left = widths.reduce((a, b) => a + b, 0) / 2; left > 0; left -= 1) t += 1 / speed(t)
  const parts = glyphs.map((char, i) => {
    const half = (widths[i] ?? 0) / 2
    t -= half / speed(t)
    const x = n(400 + rx * Math.cos(t))
    const y = n(cy + ry * Math.sin(t))
    const angle = n((Math.atan2(-ry * Math.cos(t), rx * Math.sin(t)) * 180) / Math.PI)
    t -= half / speed(t)
    return char === ' ' ? '' : el('text', { x, y, transform: `rotate(${angle} ${x} ${y})` }, escapeXml(char))
  })
  const font = { 'font-family': SERIF, 'font-size': size, 'text-anchor': 'middle', fill: color, opacity: 0.78 }
  return el('g', font, parts.join(''))
}

interface BandShape {
  cy: number
  rx: number
  ry: number
  /** Height of the wall. */
  h: number
  /** Thickness of the metal, seen on the top edge. */
  wall: number
  /** Largest engraving size. */
  text: number
}

/**
 * A band seen from above and in front, like a short cylinder: the inner surface of the far side, then the outer
 * surface of the near side. Cuffs, bangles and wedding bands are the same drawing at different proportions.
 */
function drawBand(defs: Defs, piece: Piece, shape: BandShape): Drawing {
  const { metal, hammered } = piece
  const { deep, light } = METALS[metal]
  const { cy, rx, ry, h, wall } = shape
  const [l, r] = [400 - rx, 400 + rx]
  const inner = `M${l} ${cy}A${rx} ${ry} 0 0 1 ${r} ${cy}V${cy + h}A${rx} ${ry} 0 0 0 ${l} ${cy + h}Z`
  const outer = `M${l} ${cy}A${rx} ${ry} 0 0 0 ${r} ${cy}V${cy + h}A${rx} ${ry} 0 0 1 ${l} ${cy + h}Z`
  const rim = ellipseD(400, cy, rx, ry) + ellipseD(400, cy + wall * 0.15, rx - wall, ry - wall * 0.55)
  let markup =
    el('path', { d: inner, fill: bevelFill(defs, metal) }) +
    el('path', { d: inner, fill: '#000', opacity: 0.16 }) +
    el('path', { d: outer, fill: metalFill(defs, metal) }) +
    // The top edge of the wall, so the band has a thickness.
    el('path', {
      d: rim,
      'fill-rule': 'evenodd',
      fill: bevelFill(defs, metal),
      stroke: light,
      'stroke-opacity': 0.8,
      'stroke-width': 1.5,
    }) +
    el('path', {
      d: `M${l} ${cy + h}A${rx} ${ry} 0 0 0 ${r} ${cy + h}`,
      fill: 'none',
      stroke: deep,
      'stroke-opacity': 0.35,
      'stroke-width': 2,
    })
  if (hammered) {
    const clip = `o${rx}`
    defs.ref(clip, () => el('clipPath', { id: clip }, el('path', { d: outer })))
    const random = seededRandom(rx + h)
    const facets = Array.from({ length: 36 }, (_, i) => {
      const t = 0.12 + random() * (Math.PI - 0.24)
      const cx = n(400 + rx * Math.cos(t))
      const y = n(cy + ry * Math.sin(t) + (0.15 + random() * 0.7) * h)
      const shade = i % 2 ? { fill: '#fff', opacity: 0.22 } : { fill: deep, opacity: 0.08 }
      return el('ellipse', { cx, cy: y, rx: 5 + 12 * Math.sin(t), ry: 4 + random() * 5, ...shade })
    })
    markup += el('g', { 'clip-path': `url(#${clip})` }, facets.join(''))
  }
  if (piece.engraving) {
    markup += engraving(piece.engraving, { cy: cy + h / 2 + shape.text * 0.35, rx, ry }, shape.text, deep)
  }
  return { markup, focus: [400, cy + h / 2], sparkles: [[400 - rx * 0.55, cy + ry * 0.8 + h * 0.3, 18]] }
}

/** An upright ring seen from the front and a little above: the inner surface shows as a crescent at the top. */
function uprightBand(defs: Defs, metal: Metal, cy: number, rx: number, ry: number, thickness: number): string {
  const inner = { rx: rx - thickness, ry: ry - thickness, cy: cy - thickness * 0.22 }
  const hole = ellipseD(400, inner.cy, inner.rx, inner.ry)
  const clip = `h${cy}-${rx}`
  defs.ref(clip, () => el('clipPath', { id: clip }, el('path', { d: hole })))
  // The hole minus itself shifted down leaves the crescent of inner surface seen at the top.
  const box = `M${400 - rx} ${cy - ry}H${400 + rx}V${cy + ry}H${400 - rx}Z`
  const crescent = box + ellipseD(400, inner.cy + thickness * 0.9, inner.rx, inner.ry)
  const edge = { fill: 'none', stroke: METALS[metal].deep, 'stroke-opacity': 0.3, 'stroke-width': 2 }
  return (
    el('path', { 'fill-rule': 'evenodd', fill: metalFill(defs, metal), d: ellipseD(400, cy, rx, ry) + hole }) +
    el('path', { 'clip-path': `url(#${clip})`, 'fill-rule': 'evenodd', fill: bevelFill(defs, metal), d: crescent }) +
    el('path', { d: ellipseD(400, cy, rx - 2, ry - 2), ...edge })
  )
}

const DIAMOND_D = 'M-54-50L-32-76H32L54-50L0 10Z'
const DIAMOND_FACETS_D = 'M-54-50H54M-32-76L-14-50L0-76L14-50L32-76M-14-50L0 10L14-50M-54-50L-20-20M54-50L20-20'

function drawSolitaire(defs: Defs, metal: Metal): Drawing {
  const prongs = { stroke: metalStroke(defs, metal, 'piece'), 'stroke-width': 5, 'stroke-linecap': 'round' }
  const setting =
    el('path', { d: 'M-34 2Q0 22 34 2L24-28H-24Z', fill: metalFill(defs, metal) }) +
    el('path', { d: 'M-30-6L-38-44M30-6L38-44M0 6V-34', ...prongs }) +
    el('path', {
      d: DIAMOND_D,
      fill: facetFill(defs, metal),
      stroke: '#fff',
      'stroke-opacity': 0.85,
      'stroke-width': 1.5,
    }) +
    el('path', { d: DIAMOND_FACETS_D, fill: 'none', stroke: '#fff', 'stroke-opacity': 0.7, 'stroke-width': 1.5 })
  return {
    markup: uprightBand(defs, metal, 450, 160, 168, 20) + el('g', { transform: 'translate(400 284)' }, setting),
    focus: [400, 300],
    sparkles: [
      [416, 222, 28],
      [282, 580, 12],
    ],
  }
}

function drawSignet(defs: Defs, metal: Metal, charm: Charm | undefined): Drawing {
  const { deep } = METALS[metal]
  const motif =
    charm === 'anchor'
      ? el('path', { transform: 'translate(400 262) scale(.3)', d: ANCHOR_D, fill: deep, opacity: 0.62 })
      : el('path', { transform: 'translate(400 242) scale(.48)', d: CROSS_D, fill: deep, opacity: 0.62 })
  return {
    markup:
      uprightBand(defs, metal, 440, 165, 170, 30) +
      el('ellipse', {
        cx: 400,
        cy: 306,
        rx: 100,
        ry: 82,
        fill: metalFill(defs, metal),
        stroke: deep,
        'stroke-opacity': 0.4,
      }) +
      el('ellipse', { cx: 400, cy: 306, rx: 86, ry: 68, fill: bevelFill(defs, metal) }) +
      motif,
    focus: [400, 330],
    sparkles: [[344, 266, 16]],
  }
}

/** A French ear wire rising from the hanging point (x, y), over the top and down behind. */
function earWireD(x: number, y: number): string {
  return (
    `M${x} ${y}C${x} ${y - 46} ${x - 6} ${y - 100} ${x + 36} ${y - 104}` +
    `C${x + 72} ${y - 108} ${x + 86} ${y - 74} ${x + 78} ${y - 42}` +
    `C${x + 72} ${y - 20} ${x + 60} ${y - 4} ${x + 52} ${y + 10}`
  )
}

function drawEarrings(defs: Defs, piece: Piece): Drawing {
  const { metal, kind } = piece
  const charm = piece.charm ?? (kind === 'drop-earrings' ? 'pearl' : 'cross')
  const pair = (draw: (x: number, dy: number, tilt: number) => string) => draw(290, 0, -6) + draw(515, 24, 6)
  if (kind === 'stud-earrings') {
    return {
      markup: pair((x, dy, tilt) =>
        el(
          'g',
          { transform: `translate(${x} ${250 + dy}) rotate(${tilt}) scale(.92)` },
          drawCharm(defs, charm, metal, { bail: false }),
        ),
      ),
      focus: [402, 385],
      sparkles: [[300, 330, 16]],
    }
  }
  const stroke = metalStroke(defs, metal, 'piece')
  if (kind === 'hoop-earrings') {
    // The charm hangs inside the hoop from its top, so the pair never reads as a symbol.
    return {
      markup: pair((x, dy, tilt) => {
        const cy = 400 + dy
        const glint = `M${x - 82} ${cy - 30}C${x - 78} ${cy - 80} ${x - 50} ${cy - 108} ${x - 18} ${cy - 114}`
        return el(
          'g',
          { transform: `rotate(${tilt} ${x} ${cy})` },
          el('ellipse', { cx: x, cy, rx: 92, ry: 118, fill: 'none', stroke, 'stroke-width': 15 }) +
            el('path', {
              d: glint,
              fill: 'none',
              stroke: '#fff',
              'stroke-opacity': 0.65,
              'stroke-width': 3.5,
              'stroke-linecap': 'round',
            }) +
            placeCharm(defs, charm, metal, x, cy - 110, 0.48),
        )
      }),
      focus: [402, 412],
      sparkles: [[214, 340, 14]],
    }
  }
  const scale = charm === 'pearl' ? 1.6 : 0.62
  const wire = { fill: 'none', stroke, 'stroke-width': 5, 'stroke-linecap': 'round' }
  return {
    markup: pair(
      (x, dy, tilt) =>
        el('path', { d: earWireD(x, 330 + dy), ...wire }) + placeCharm(defs, charm, metal, x, 330 + dy, scale, tilt),
    ),
    focus: [402, 345],
    sparkles: [[498, 400, 16]],
  }
}

function drawRosary(defs: Defs, piece: Piece): Drawing {
  const { metal } = piece
  const fill = beadFill(defs, piece.bead ?? 'pearl', metal)
  const isChaplet = piece.kind === 'chaplet'
  // A rosary's loop holds five decades of ten beads parted by four larger 'Our Father' beads; the chaplet shown
  // holds seven groups of three.
  const loop = isChaplet ? 'sssLsssLsssLsssLsssLsssLsss' : Array.from({ length: 5 }, () => 'ssssssssss').join('L')
  const size = { s: isChaplet ? 11 : 8, L: isChaplet ? 15 : 12 }
  const weights = [...loop].map((c) => (c === 'L' ? 1.6 : 1))
  const total = weights.reduce((a, b) => a + b, 0)
  // Radians left free on each side of the centre medal at the bottom of the loop.
  const gap = 0.3
  let along = 0
  const thread = { fill: 'none', stroke: metalStroke(defs, metal, 'piece'), 'stroke-width': 2 }
  let markup = el('path', { d: `${ellipseD(400, 290, 205, 185)}M400 470V650`, ...thread })
  ;[...loop].forEach((c, i) => {
    const weight = weights[i] ?? 1
    const angle = Math.PI / 2 + gap + ((along + weight / 2) / total) * (Math.PI * 2 - 2 * gap)
    along += weight
    const r = c === 'L' ? size.L : size.s
    markup += el('circle', { cx: n(400 + 205 * Math.cos(angle)), cy: n(290 + 185 * Math.sin(angle)), r, fill })
  })
  const strand: Array<['s' | 'L', number]> = isChaplet
    ? [['L', 534]]
    : [
        ['L', 530],
        ['s', 556],
        ['s', 576],
        ['s', 596],
        ['L', 624],
      ]
  for (const [c, cy] of strand) markup += el('circle', { cx: 400, cy, r: size[c], fill })
  markup += el(
    'g',
    { transform: 'translate(400 492)' },
    el('ellipse', { rx: 20, ry: 26, fill: metalFill(defs, metal) }) +
      el('ellipse', { rx: 14, ry: 19, fill: bevelFill(defs, metal) }),
  )
  markup += placeCharm(defs, 'cross', metal, 400, isChaplet ? 556 : 644, isChaplet ? 0.58 : 0.46)
  return { markup, focus: [400, 600], sparkles: [[390, isChaplet ? 610 : 690, 14]] }
}

function drawPiece(defs: Defs, piece: Piece): Drawing {
  switch (piece.kind) {
    case 'necklace':
      return drawNecklace(defs, piece)
    case 'chain-bracelet':
      return drawChainBracelet(defs, piece)
    case 'beaded-bracelet':
      return drawBeadedBracelet(defs, piece)
    case 'cuff':
      return drawBand(defs, piece, { cy: 320, rx: 235, ry: 105, h: 110, wall: 7, text: 30 })
    case 'bangle':
      return drawBand(defs, piece, { cy: 350, rx: 240, ry: 110, h: 40, wall: 8, text: 20 })
    case 'band-ring':
      return drawBand(defs, piece, { cy: 330, rx: 205, ry: 95, h: 96, wall: 16, text: 24 })
    case 'solitaire-ring':
      return drawSolitaire(defs, piece.metal)
    case 'signet-ring':
      return drawSignet(defs, piece.metal, piece.charm)
    case 'stud-earrings':
    case 'drop-earrings':
    case 'hoop-earrings':
      return drawEarrings(defs, piece)
    case 'rosary':
    case 'chaplet':
      return drawRosary(defs, piece)
  }
}

/** The backdrop gradient and the soft shadow filter the piece sits on. */
function backdropDefs(backdrop: Backdrop, width: number, height: number): string {
  const { stops: colors, shadow, shadowOpacity } = BACKDROPS[backdrop]
  const light = { id: 'b', gradientUnits: 'userSpaceOnUse', cx: width * 0.42, cy: height * 0.36 }
  // Blur, offset and flood rather than feDropShadow, which librsvg before 2.56 ignores.
  const dropShadow =
    el('feGaussianBlur', { in: 'SourceAlpha', stdDeviation: 11 }) +
    el('feOffset', { dy: 12, result: 'o' }) +
    el('feFlood', { 'flood-color': shadow, 'flood-opacity': shadowOpacity }) +
    el('feComposite', { in2: 'o', operator: 'in' }) +
    el('feMerge', {}, el('feMergeNode', {}) + el('feMergeNode', { in: 'SourceGraphic' }))
  return (
    el('radialGradient', { ...light, r: Math.max(width, height) * 0.8 }, stops(colors)) +
    el('filter', { id: 's', x: '-20%', y: '-20%', width: '140%', height: '150%' }, dropShadow)
  )
}

function svg(width: number, height: number, title: string, defs: string, body: string): string {
  const root = { xmlns: 'http://www.w3.org/2000/svg', viewBox: `0 0 ${width} ${height}`, width, height, role: 'img' }
  const content =
    el('title', {}, escapeXml(title)) + el('defs', {}, defs) + el('rect', { width, height, fill: 'url(#b)' }) + body
  return `${el('svg', root, content)}\n`
}

function pieceLayer(defs: Defs, drawing: Drawing, transform: string | undefined): string {
  const sparkles = drawing.sparkles.map(([x, y, size]) => sparkle(defs, x, y, size)).join('')
  return el('g', { transform }, el('g', { filter: 'url(#s)' }, drawing.markup) + sparkles)
}

/** An 800x800 product photograph stand-in. */
export function renderProductSvg(art: ProductArt): string {
  const defs = new Defs()
  const drawing = drawPiece(defs, art)
  const [fx, fy] = drawing.focus
  const zoom = 1.7
  const transform = art.view === 'detail' ? `translate(400 400) scale(${zoom}) translate(${-fx} ${-fy})` : undefined
  const body = pieceLayer(defs, drawing, transform)
  return svg(800, 800, art.title, backdropDefs(art.backdrop, 800, 800) + defs.toString(), body)
}

/** An 800x600 category banner: one to three pieces arranged on a backdrop inside a fine frame. */
export function renderCategorySvg(art: CategoryArt): string {
  const defs = new Defs()
  const body = art.pieces
    .map(({ piece, x, y, scale }) => pieceLayer(defs, drawPiece(defs, piece), `translate(${x} ${y}) scale(${scale})`))
    .join('')
  const isDark = art.backdrop === 'navy' || art.backdrop === 'velvet'
  const frame = el('rect', {
    x: 22,
    y: 22,
    width: 756,
    height: 556,
    fill: 'none',
    stroke: isDark ? '#e8d6a8' : '#b89a62',
    'stroke-opacity': 0.5,
    'stroke-width': 1.5,
  })
  return svg(800, 600, art.title, backdropDefs(art.backdrop, 800, 600) + defs.toString(), body + frame)
}

/** A 400x400 avatar: one charm centred on a soft backdrop (the site crops avatars to a circle). */
export function renderAvatarSvg(art: AvatarArt): string {
  const defs = new Defs()
  const charm = drawCharm(defs, art.charm, art.metal, { bail: false })
  const body = el('g', { filter: 'url(#s)', transform: 'translate(200 72)' }, charm)
  return svg(400, 400, art.title, backdropDefs(art.backdrop, 400, 400) + defs.toString(), body)
}
