import { describe, expect, test } from 'bun:test'
import path from 'node:path'
import { __unstable__loadDesignSystem, compile } from '@tailwindcss/node'
import { Scanner } from '@tailwindcss/oxide'
import { extendTailwindMerge } from 'tailwind-merge'
import { cn } from './cn'

describe('cn', () => {
  test('joins conditionals like clsx', () => {
    expect(cn('a', false && 'b', undefined, ['c', { d: true, e: false }])).toBe('a c d')
  })

  /**
   * One row per class group the design system uses: [earlier, later, expected].
   * Two classes of one group: the later wins. Two groups that merely share a
   * prefix (outline width / outline colour): both stay.
   */
  const table: [string, string, string][] = [
    // the two cases: width, offset and colour of an outline or ring are separate groups
    ['focus-visible:outline-2 focus-visible:outline-offset-2', 'focus-visible:outline-ring', 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'],
    ['ring-2', 'ring-background', 'ring-2 ring-background'],
    ['outline-2', 'outline', 'outline'],
    ['outline-ring', 'outline-primary', 'outline-primary'],
    ['outline-offset-2', '-outline-offset-2', '-outline-offset-2'],
    ['outline-dashed', 'outline-none', 'outline-none'],
    ['outline-none outline-2', 'outline-ring', 'outline-none outline-2 outline-ring'],
    ['ring-0', 'ring-2', 'ring-2'],
    ['ring-background', 'ring-primary/50', 'ring-primary/50'],
    ['ring-offset-2 ring-offset-background', 'ring-offset-4', 'ring-offset-background ring-offset-4'],
    // layout
    ['block', 'inline-flex', 'inline-flex'],
    ['hidden', 'grid', 'grid'],
    ['relative', 'absolute', 'absolute'],
    ['sr-only', 'not-sr-only', 'not-sr-only'],
    ['overflow-hidden', 'overflow-y-auto', 'overflow-hidden overflow-y-auto'],
    ['overflow-x-auto', 'overflow-hidden', 'overflow-hidden'],
    ['z-10', 'z-[100]', 'z-[100]'],
    ['inset-0', 'top-2', 'inset-0 top-2'],
    ['-top-1 right-0', 'inset-0', 'inset-0'],
    ['left-4', 'inset-x-0', 'inset-x-0'],
    ['top-0', 'inset-x-0', 'top-0 inset-x-0'],
    // box
    ['h-10 w-full', 'size-9', 'size-9'],
    ['size-9', 'w-12', 'size-9 w-12'],
    ['min-h-0', 'min-h-svh', 'min-h-svh'],
    ['max-w-md', 'max-w-[85vw]', 'max-w-[85vw]'],
    ['w-[var(--sidebar-width)]', 'w-auto', 'w-auto'],
    ['px-4 py-2', 'p-0', 'p-0'],
    ['p-6', 'pt-0', 'p-6 pt-0'],
    ['pb-1 pl-7', 'py-2', 'pl-7 py-2'],
    ['-mx-6 mt-2', 'm-0', 'm-0'],
    ['ml-auto', 'mx-auto', 'mx-auto'],
    ['gap-2 gap-x-4', 'gap-0', 'gap-0'],
    ['gap-4', 'gap-0.5', 'gap-0.5'],
    ['aspect-[4/3]', 'aspect-square', 'aspect-square'],
    // flex and grid
    ['flex-1', 'flex-none', 'flex-none'],
    ['grow shrink-0', 'flex-1', 'flex-1'],
    ['flex-col', 'flex-row-reverse', 'flex-row-reverse'],
    ['flex-wrap flex-col', 'flex-nowrap', 'flex-col flex-nowrap'],
    ['items-center justify-between', 'items-start', 'justify-between items-start'],
    ['justify-center', 'justify-items-start', 'justify-center justify-items-start'],
    ['self-center', 'self-start', 'self-start'],
    ['place-items-center', 'place-items-start', 'place-items-start'],
    ['grid-cols-2', 'grid-cols-4', 'grid-cols-4'],
    ['col-span-2', 'col-span-1', 'col-span-1'],
    // text
    ['text-sm text-muted-foreground text-left', 'text-lg', 'text-muted-foreground text-left text-lg'],
    ['text-sm text-muted-foreground', 'text-destructive', 'text-sm text-destructive'],
    ['text-[11px]', 'text-[2.5rem]', 'text-[2.5rem]'],
    ['text-balance text-primary', 'text-center', 'text-balance text-primary text-center'],
    ['leading-tight', 'text-2xl', 'text-2xl'],
    ['text-2xl', 'leading-none', 'text-2xl leading-none'],
    ['tracking-tight', 'tracking-normal', 'tracking-normal'],
    ['font-semibold font-sans', 'font-bold', 'font-sans font-bold'],
    ['font-display', 'font-mono', 'font-mono'],
    ['truncate', 'text-ellipsis', 'text-ellipsis'],
    ['whitespace-nowrap', 'whitespace-normal', 'whitespace-normal'],
    ['break-all', 'break-words', 'break-words'],
    ['underline', 'no-underline', 'no-underline'],
    ['underline-offset-4', 'underline-offset-2', 'underline-offset-2'],
    ['list-disc', 'list-decimal', 'list-decimal'],
    ['line-clamp-2', 'line-clamp-none', 'line-clamp-none'],
    ['block overflow-hidden', 'line-clamp-3', 'line-clamp-3'],
    // colour and decoration
    ['bg-primary text-primary-foreground', 'bg-card text-foreground', 'bg-card text-foreground'],
    ['bg-black/60', 'bg-transparent', 'bg-transparent'],
    ['bg-[radial-gradient(circle_at_20%_20%,rgb(246_195_67/0.25),transparent_45%)]', 'bg-night', 'bg-[radial-gradient(circle_at_20%_20%,rgb(246_195_67/0.25),transparent_45%)] bg-night'],
    ['accent-primary', 'accent-secondary', 'accent-secondary'],
    ['opacity-0', 'opacity-100', 'opacity-100'],
    ['border border-border', 'border-input', 'border border-input'],
    ['border-t', 'border-b', 'border-t border-b'],
    ['border-t border-l', 'border-2', 'border-2'],
    ['border-2', 'border-t-0', 'border-2 border-t-0'],
    ['border-dashed', 'border-solid', 'border-solid'],
    ['border-transparent', 'border-destructive/50', 'border-destructive/50'],
    ['rounded-md', 'rounded-full', 'rounded-full'],
    ['rounded-t-2xl rounded-lg', 'rounded', 'rounded'],
    ['rounded-lg', 'rounded-t-none', 'rounded-lg rounded-t-none'],
    ['shadow-sm', 'shadow-warm', 'shadow-warm'],
    ['shadow-lg', 'shadow', 'shadow'],
    ['shadow-md', 'shadow-black/20', 'shadow-md shadow-black/20'],
    ['drop-shadow-2xl', 'drop-shadow-none', 'drop-shadow-none'],
    ['divide-y divide-border', 'divide-input', 'divide-y divide-input'],
    ['divide-y', 'divide-y-2', 'divide-y-2'],
    ['backdrop-blur', 'backdrop-blur-sm', 'backdrop-blur-sm'],
    // motion and interaction
    ['transition-colors', 'transition-none', 'transition-none'],
    ['transition', 'transition-[width]', 'transition-[width]'],
    ['duration-200', 'duration-300', 'duration-300'],
    ['ease-linear', 'ease-in', 'ease-in'],
    ['animate-spin', 'animate-pulse', 'animate-pulse'],
    ['data-[state=open]:animate-fade-in', 'data-[state=open]:animate-slide-in-bottom', 'data-[state=open]:animate-slide-in-bottom'],
    ['translate-x-0', 'translate-x-[var(--radix-toast-swipe-end-x)]', 'translate-x-[var(--radix-toast-swipe-end-x)]'],
    ['-translate-x-1/2 -translate-y-1/2', 'translate-y-0', '-translate-x-1/2 translate-y-0'],
    ['scale-105', 'scale-100', 'scale-100'],
    ['cursor-pointer', 'cursor-not-allowed', 'cursor-not-allowed'],
    ['pointer-events-none', 'pointer-events-auto', 'pointer-events-auto'],
    ['appearance-none', 'appearance-auto', 'appearance-auto'],
    ['object-cover', 'object-center', 'object-cover object-center'],
    ['object-cover', 'object-contain', 'object-contain'],
    ['scroll-mt-16', 'scroll-mt-20', 'scroll-mt-20'],
    ['snap-x', 'snap-y', 'snap-y'],
    ['snap-mandatory', 'snap-proximity', 'snap-proximity'],
    ['snap-start', 'snap-center', 'snap-center'],
    ['snap-x snap-mandatory', 'snap-start', 'snap-x snap-mandatory snap-start'],
  ]
  test.each(table)('%p then %p gives %p', (earlier, later, expected) => {
    expect(cn(earlier, later)).toBe(expected)
  })

  test('variants, arbitrary variants and ! keep classes apart', () => {
    expect(cn('hover:bg-accent bg-card', 'hover:bg-muted')).toBe('bg-card hover:bg-muted')
    expect(cn('sm:flex-row flex-col', 'sm:flex-col')).toBe('flex-col sm:flex-col')
    expect(cn('data-[state=open]:animate-fade-in', 'data-[state=closed]:animate-fade-out')).toBe('data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out')
    expect(cn('[&_svg]:size-4', '[&_svg]:size-5 size-4')).toBe('[&_svg]:size-5 size-4')
    expect(cn('group-data-[collapsible=icon]:w-[var(--sidebar-width-icon)]', 'group-data-[collapsible=icon]:size-8')).toBe('group-data-[collapsible=icon]:size-8')
    expect(cn('size-4', 'size-5!')).toBe('size-4 size-5!')
    expect(cn('size-5!', '!size-6')).toBe('!size-6')
    expect(cn('bg-[url(https://x.test/a.png)]', 'bg-none')).toBe('bg-none')
  })

  test('unknown classes are always kept, in order', () => {
    expect(cn('foo bar', 'baz foo')).toBe('foo bar baz foo')
    expect(cn('group peer', 'h-4')).toBe('group peer h-4')
  })
})

/**
 * Every class our source uses (found by Tailwind's own scanner, kept only when
 * Tailwind turns it into CSS), merged in every ordered pair: cn must agree with
 * tailwind-merge told about our theme's named shadows and animations. A new
 * utility in a component that cn groups wrongly fails here.
 */
describe('cn agrees with tailwind-merge on every pair of classes our source uses', () => {
  const root = path.resolve(import.meta.dir, '../../..')
  async function usedClasses(): Promise<string[]> {
    const found = new Set<string>()
    for (const file of ['src/web/store/store.css', 'src/web/admin/admin.css']) {
      const from = path.join(root, file)
      const input = await Bun.file(from).text()
      const compiler = await compile(input, { base: path.dirname(from), from, onDependency: () => {} })
      const candidates = new Scanner({ sources: compiler.sources }).scan()
      const design = await __unstable__loadDesignSystem(input, { base: path.dirname(from) })
      design.candidatesToCss(candidates).forEach((css, i) => {
        if (css) found.add(candidates[i] as string)
      })
    }
    return [...found].sort()
  }

  test('all pairs', async () => {
    const theme = await Bun.file(path.join(root, 'src/web/ui/theme.css')).text()
    const named = (ns: string) => [...theme.matchAll(new RegExp(`--${ns}-([\\w-]+):`, 'g'))].map((m) => m[1] as string)
    const twMerge = extendTailwindMerge({ extend: { theme: { shadow: named('shadow'), animate: named('animate') } } })
    const classes = await usedClasses()
    expect(classes.length).toBeGreaterThan(300)
    expect(classes).toContain('focus-visible:outline-ring')
    const wrong: string[] = []
    for (const a of classes) {
      for (const b of classes) {
        const pair = `${a} ${b}`
        if (cn(pair) !== twMerge(pair)) wrong.push(`${pair} -> ${cn(pair)} (tailwind-merge: ${twMerge(pair)})`)
      }
    }
    expect(wrong).toEqual([])
  }, 30_000)
})
