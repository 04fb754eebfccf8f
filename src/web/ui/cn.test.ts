import { describe, expect, test } from 'bun:test'
import { cn } from './cn'

describe('cn', () => {
  test('joins conditionals like clsx', () => {
    expect(cn('a', false && 'b', undefined, ['c', { d: true, e: false }])).toBe('a c d')
  })

  test('a later class of the same kind wins', () => {
    expect(cn('h-10 px-4 py-2', 'h-12')).toBe('px-4 py-2 h-12')
    expect(cn('bg-primary text-primary-foreground', 'bg-card text-foreground')).toBe('bg-card text-foreground')
    expect(cn('rounded-md', 'rounded-full')).toBe('rounded-full')
    expect(cn('w-full max-w-md', 'max-w-2xl')).toBe('w-full max-w-2xl')
    expect(cn('inline-flex', 'hidden')).toBe('hidden')
    expect(cn('gap-4 p-6', 'gap-3 p-3')).toBe('gap-3 p-3')
  })

  test('text size, colour and alignment are different kinds', () => {
    expect(cn('text-sm text-muted-foreground text-left', 'text-lg')).toBe('text-muted-foreground text-left text-lg')
    expect(cn('text-sm text-muted-foreground', 'text-destructive')).toBe('text-sm text-destructive')
  })

  test('font weight vs family, border width vs colour', () => {
    expect(cn('font-semibold font-sans', 'font-bold')).toBe('font-sans font-bold')
    expect(cn('border border-border', 'border-input')).toBe('border border-input')
    expect(cn('border-t', 'border-b')).toBe('border-t border-b')
  })

  test('variants are separate', () => {
    expect(cn('hover:bg-accent bg-card', 'hover:bg-muted')).toBe('bg-card hover:bg-muted')
    expect(cn('sm:flex-row flex-col', 'sm:flex-col')).toBe('flex-col sm:flex-col')
    expect(cn('data-[state=open]:animate-fade-in', 'data-[state=closed]:animate-fade-out')).toBe('data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out')
  })

  test('unknown classes are kept', () => {
    expect(cn('foo bar', 'baz foo')).toBe('bar baz foo')
  })
})
