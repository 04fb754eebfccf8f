/**
 * Joins class names and lets a later Tailwind class override an earlier one
 * that sets the same CSS (`cn('h-10 px-4', 'h-12')` -> 'px-4 h-12'), so a
 * caller's className beats a component default. Same rule as tailwind-merge:
 * each class belongs to one group (outline width, outline colour, ring width,
 * ring colour... are separate groups), a few groups also override others
 * (`p-2` replaces an earlier `px-4`, `size-5` an earlier `w-4`), variants and
 * `!` keep classes apart, and an unknown class is always kept.
 *
 * Why not tailwind-merge itself: it adds ~7.7 KB gzipped to the landing page's
 * first load (docs/decisions/010-hand-written-class-merge.md). cn.test.ts holds
 * a table of every group, and checks this function against tailwind-merge
 * (configured with our theme) on every pair of classes our source uses.
 */
import { clsx, type ClassValue } from 'clsx'

/** Keyword utilities: the words of one family set the same CSS (family "d" is display, which line-clamp overrides). */
const FAMILIES: Record<string, string> = {}
;[
  'd:block inline inline-block inline-flex inline-grid inline-table flex grid hidden contents flow-root list-item table table-row table-cell',
  'static fixed absolute relative sticky', 'visible invisible collapse', 'sr-only not-sr-only', 'truncate text-ellipsis text-clip',
  'underline overline line-through no-underline', 'italic not-italic', 'uppercase lowercase capitalize normal-case',
  'antialiased subpixel-antialiased', 'isolate isolation-auto', 'border-collapse border-separate', 'list-inside list-outside',
  'list-disc list-decimal list-none', 'float-left float-right float-none float-start float-end', 'container', 'text-wrap text-nowrap text-balance text-pretty',
  'text-left text-center text-right text-justify text-start text-end',
  'object-contain object-cover object-fill object-none object-scale-down',
  'bg-cover bg-contain bg-auto', 'proportional-nums tabular-nums',
  // Scroll snap: the type, how strict, and where a child aligns (the landing page's sauce row).
  'snap-none snap-x snap-y snap-both', 'snap-mandatory snap-proximity', 'snap-start snap-end snap-center snap-align-none', 'snap-normal snap-always', 'bg-repeat bg-no-repeat bg-repeat-x bg-repeat-y bg-repeat-round bg-repeat-space', 'bg-fixed bg-local bg-scroll',
].forEach((family, i) => {
  const [id, words] = family.includes(':') ? family.split(':') : [`k${i}`, family]
  for (const word of (words as string).split(' ')) FAMILIES[word] = id as string
})
const WIDTH = /^(\d+|px|\[[\d.]+(px|cqw|cqh)\])?$/
const LINE_STYLE = /^(solid|dashed|dotted|double|none|hidden)$/
/** Utilities named by everything before their value ("px-4" -> "px"), longest names first. */
const PREFIX =
  /^(space-[xy]-reverse|space-[xy]|gap-[xy]|inset-[xy]|min-[wh]|max-[wh]|scroll-[mp][xytrblse]?|overflow-[xy]|translate-[xyz]|scale-[xyz]|grid-(cols|rows|flow)|col-(span|start|end)|row-(span|start|end)|line-clamp|place-(items|content|self)|justify-(items|self)|underline-offset|pointer-events|whitespace|transition|break|[pm][xytrblse]?|gap|w|h|size|inset|top|right|bottom|left|start|end|z|opacity|leading|tracking|cursor|overflow|items|justify|self|content|order|basis|grow|shrink|aspect|object|translate|scale|rotate|duration|delay|ease|animate|indent|select|appearance|accent|columns|backdrop-blur|blur|grayscale|origin|align)-/

/** The group of a utility (no variant, no !, no minus), or null for a class we do not know (always kept). */
function groupOf(u: string): string | null {
  const family = FAMILIES[u]
  if (family) return family
  if (u === '@container') return 'container-type'
  // An arbitrary property ('[print-color-adjust:exact]'): grouped by the property it sets.
  const arbitrary = /^\[([a-z-]+):/.exec(u)
  if (arbitrary) return `[${arbitrary[1]}]`
  if (!u.includes('-')) u += '-' // border, rounded, shadow, outline, ring, transition, grow...: the default value
  const dash = u.indexOf('-')
  const value = u.slice(dash + 1).replace(/\/[\w.]+$/, '') // a colour's /opacity does not change its group
  switch (u.slice(0, dash)) {
    case 'text':
      return /^(\d*x[sl]|sm|md|lg|base|\[[\d.]+(px|r?em|%|vw|vh|cqw|cqh)\]|\[length:[^\]]+\])$/.test(value) ? 'font-size' : 'text-color'
    case 'font':
      return /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/.test(value) ? 'font-weight' : 'font-family'
    case 'bg':
      return /^(none|(linear|radial|conic)(-|$)|gradient-|\[(url|image|(repeating-)?(linear|radial|conic)-gradient)\()/.test(value) ? 'bg-image'
        : /^(clip|origin|blend|bottom|top|left|right|center)/.test(value) ? null
        : 'bg-color'
    case 'rounded':
      return `rounded${/^(ss|se|es|ee|tl|tr|br|bl|[serltb])(-|$)/.exec(value)?.[1] ?? ''}`
    case 'border': {
      if (LINE_STYLE.test(value)) return 'border-style'
      const side = /^([xyserltb])(-|$)/.exec(value)?.[1] ?? ''
      const rest = side ? value.slice(2) : value
      return rest.startsWith('spacing') ? null : `border-${WIDTH.test(rest) ? 'w' : 'color'}${side}`
    }
    case 'outline':
      return value.startsWith('offset-') ? 'outline-offset' : LINE_STYLE.test(value) ? 'outline-style' : WIDTH.test(value) ? 'outline-w' : 'outline-color'
    case 'ring':
      if (value === 'inset') return 'ring-inset'
      if (value.startsWith('offset-')) return WIDTH.test(value.slice(7)) ? 'ring-offset-w' : 'ring-offset-color'
      return WIDTH.test(value) ? 'ring-w' : 'ring-color'
    case 'shadow': // 'warm': our theme's --shadow-warm
      return /^(\d*x[sl]|sm|md|lg|none|inner|warm|\[.*\])?$/.test(value) ? 'shadow' : 'shadow-color'
    case 'drop':
      return /^shadow(-(\d*x[sl]|sm|md|lg|none|\[.*\]))?$/.test(value) ? 'drop-shadow' : 'drop-shadow-color'
    case 'divide':
      return /^[xy](-|$)/.test(value) ? `divide-${value.endsWith('reverse') ? value : value[0]}` : LINE_STYLE.test(value) ? 'divide-style' : 'divide-color'
    case 'fill': // SVG paint (the Reportes chart)
      return 'fill'
    case 'stroke':
      return /^(\d+|\[[\d.]+px\])$/.test(value) ? 'stroke-w' : 'stroke'
    case 'flex':
      return /^(row|col)(-reverse)?$/.test(value) ? 'flex-direction' : /^(no)?wrap/.test(value) ? 'flex-wrap' : 'flex'
  }
  return PREFIX.exec(`${u}-`)?.[1] ?? null
}

/** Groups that also replace other groups set earlier (padding replaces its sides, size replaces width and height...). */
const SIDES = (p: string, sides: string) => sides.split(' ').map((s) => p + s)
const CONFLICTS: Record<string, string[]> = {
  p: SIDES('p', 'x y s e t r b l'), px: SIDES('p', 's e r l'), py: SIDES('p', 't b'),
  m: SIDES('m', 'x y s e t r b l'), mx: SIDES('m', 's e r l'), my: SIDES('m', 't b'),
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['start', 'end', 'right', 'left'], 'inset-y': ['top', 'bottom'],
  size: ['w', 'h'], gap: ['gap-x', 'gap-y'], overflow: ['overflow-x', 'overflow-y'], translate: ['translate-x', 'translate-y'],
  flex: ['basis', 'grow', 'shrink'], 'font-size': ['leading'], 'line-clamp': ['d', 'overflow'],
  rounded: SIDES('rounded', 's e t r b l ss se ee es tl tr br bl'),
  roundeds: ['roundedss', 'roundedes'], roundede: ['roundedse', 'roundedee'], roundedt: ['roundedtl', 'roundedtr'],
  roundedr: ['roundedtr', 'roundedbr'], roundedb: ['roundedbr', 'roundedbl'], roundedl: ['roundedtl', 'roundedbl'],
  'border-w': SIDES('border-w', 'x y s e t r b l'), 'border-wx': SIDES('border-w', 's e r l'), 'border-wy': SIDES('border-w', 't b'),
  'border-color': SIDES('border-color', 'x y s e t r b l'), 'border-colorx': SIDES('border-color', 's e r l'), 'border-colory': SIDES('border-color', 't b'),
}

/** Splits "md:hover:!px-4" into variants "md:hover:" and the utility, at colons outside [brackets]. */
function split(cls: string): [string, string] {
  let depth = 0
  let at = -1
  for (let i = 0; i < cls.length; i++) {
    const c = cls[i]
    if (c === '[' || c === '(') depth++
    else if (c === ']' || c === ')') depth--
    else if (c === ':' && depth === 0) at = i
  }
  return [cls.slice(0, at + 1), cls.slice(at + 1)]
}

/**
 * Merged lists by their joined input, as tailwind-merge keeps its own: components pass the same
 * few lists on every render, and hydrating the landing page merged them 6 ms (24 ms on a
 * throttled phone) without it. Bounded: emptied once it holds CACHE_MAX lists.
 */
const CACHE_MAX = 500
const merged = new Map<string, string>()

export function cn(...inputs: ClassValue[]): string {
  const joined = clsx(inputs)
  const known = merged.get(joined)
  if (known !== undefined) return known
  if (merged.size >= CACHE_MAX) merged.clear()
  const result = merge(joined)
  merged.set(joined, result)
  return result
}

function merge(joined: string): string {
  const list = joined.split(' ')
  const taken = new Set<string>()
  const kept: string[] = []
  for (let i = list.length - 1; i >= 0; i--) {
    const cls = list[i] as string
    if (!cls) continue
    const [variant, utility] = split(cls)
    const important = utility.startsWith('!') || utility.endsWith('!')
    const group = groupOf(utility.replace(/^!|!$/g, '').replace(/^-/, ''))
    if (group !== null) {
      const scope = variant + (important ? '!' : '')
      if (taken.has(scope + group)) continue
      taken.add(scope + group)
      for (const other of CONFLICTS[group] ?? []) taken.add(scope + other)
    }
    kept.push(cls)
  }
  return kept.reverse().join(' ')
}
