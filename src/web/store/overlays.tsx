/**
 * Everything that opens over the page (cart sheet, customisation drawer, image
 * view). Radix Dialog + vaul weigh ~23 KB gzipped, and none of it is needed to
 * paint or hydrate the page, so app.tsx loads this module lazily: when the page
 * goes idle, or at the latest on the first tap that opens one of them.
 */
export { CartSheet } from './components/cart-sheet'
export { CustomizeDrawer } from './components/customize-drawer'
export { ImageDialog } from './components/image-dialog'
export { RecentOrdersSheet } from './components/recent-orders-sheet'
