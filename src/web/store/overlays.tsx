/**
 * Everything that opens over the page (cart sheet, image view, 'Tus pedidos'). Radix
 * Dialog weighs ~14 KB gzipped, and none of it is needed to paint or hydrate the page, so
 * app.tsx loads this module lazily: when the page goes idle, or at the latest on the first
 * tap that opens one of them. The customisation drawer (vaul) is a chunk of its own, loaded
 * when it first opens (customisable.ts).
 */
export { CartSheet } from './components/cart-sheet'
export { ImageDialog } from './components/image-dialog'
export { RecentOrdersSheet } from './components/recent-orders-sheet'
