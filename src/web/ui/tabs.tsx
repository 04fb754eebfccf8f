/**
 * Tabs with the shadcn/Radix API (Tabs / TabsList / TabsTrigger / TabsContent)
 * in a few lines of our own: Radix Tabs costs ~6 KB gzipped on the landing page,
 * whose JS budget is tight. Follows the WAI-ARIA tabs pattern: roving tabindex,
 * Left/Right/Home/End move focus and select (automatic activation).
 */
import { createContext, useContext, useId, useState, type ComponentProps, type KeyboardEvent } from 'react'
import { cn } from './cn'

type TabsState = { base: string; value: string; select: (value: string) => void }
const TabsContext = createContext<TabsState | null>(null)

function useTabs(): TabsState {
  const ctx = useContext(TabsContext)
  if (!ctx) throw new Error('Tabs parts must be inside <Tabs>')
  return ctx
}

const safeId = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, '_')

type TabsProps = Omit<ComponentProps<'div'>, 'defaultValue' | 'dir'> & {
  value?: string
  defaultValue?: string
  onValueChange?: (value: string) => void
}

export function Tabs({ value, defaultValue = '', onValueChange, className, ...props }: TabsProps) {
  const base = useId()
  const [inner, setInner] = useState(defaultValue)
  const current = value ?? inner
  const select = (next: string) => {
    if (value === undefined) setInner(next)
    onValueChange?.(next)
  }
  return (
    <TabsContext.Provider value={{ base, value: current, select }}>
      <div className={className} {...props} />
    </TabsContext.Provider>
  )
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event)
    const tabs = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'))
    const index = tabs.indexOf(document.activeElement as HTMLButtonElement)
    if (index < 0) return
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key]
    if (target === undefined) return
    event.preventDefault()
    const tab = tabs[(target + tabs.length) % tabs.length]
    tab?.focus()
    tab?.click()
  }
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      onKeyDown={move}
      className={cn('inline-flex h-11 max-sm:min-h-13 items-center justify-center gap-1 rounded-full bg-muted p-1 text-muted-foreground', className)}
      {...props}
    />
  )
}

export function TabsTrigger({ value, className, onClick, ...props }: ComponentProps<'button'> & { value: string }) {
  const tabs = useTabs()
  const selected = tabs.value === value
  return (
    <button
      type="button"
      role="tab"
      id={`${tabs.base}-tab-${safeId(value)}`}
      aria-selected={selected}
      aria-controls={`${tabs.base}-panel-${safeId(value)}`}
      tabIndex={selected ? 0 : -1}
      data-state={selected ? 'active' : 'inactive'}
      onClick={(event) => {
        onClick?.(event)
        if (!event.defaultPrevented) tabs.select(value)
      }}
      className={cn(
        'inline-flex h-9 max-sm:min-h-11 cursor-pointer items-center justify-center rounded-full px-4 text-sm font-semibold whitespace-nowrap transition-colors',
        'hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50',
        'data-[state=active]:bg-primary data-[state=active]:text-primary-foreground data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  )
}

type TabsContentProps = ComponentProps<'div'> & {
  value: string
  /** Keep the panel in the DOM (hidden) while inactive, e.g. so server HTML holds every panel. */
  forceMount?: boolean
}

export function TabsContent({ value, forceMount, className, ...props }: TabsContentProps) {
  const tabs = useTabs()
  const selected = tabs.value === value
  if (!selected && !forceMount) return null
  return (
    <div
      role="tabpanel"
      id={`${tabs.base}-panel-${safeId(value)}`}
      aria-labelledby={`${tabs.base}-tab-${safeId(value)}`}
      hidden={!selected}
      tabIndex={0}
      data-state={selected ? 'active' : 'inactive'}
      className={cn('mt-6 focus-visible:outline-2 focus-visible:outline-ring', className)}
      {...props}
    />
  )
}
