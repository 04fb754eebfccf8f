/** Prices are whole quetzales shown with the prefix Q. */
export const formatQ = (amount: number): string => `Q${amount}`

/**
 * Money's bounds (DESIGN "Data rules", issue #39): far above anything this restaurant sells, far
 * below what a 32-bit integer column holds (PostgreSQL's `integer`: a line of Q1,000,000 × 1,000
 * answered 500 there, and SQLite stored Q3,000,000,000). Every price the menu or a promotion
 * carries is at most MONEY_MAX (a field rule of the shared schemas); an order's subtotal and
 * total at most ORDER_TOTAL_MAX (the one pricing rule, shared/pricing.ts, and the point of
 * sale's lines); a line's quantity at most LINE_QUANTITY_MAX. So every figure stored stays
 * below 999 × 100,000 (a line) and 100,000 (an order), on both engines.
 */
export const MONEY_MAX = 100_000
export const ORDER_TOTAL_MAX = 100_000
export const LINE_QUANTITY_MAX = 999

/**
 * Q100,000: how a bound reads in a message. Grouped by hand, not with toLocaleString('en-US'):
 * this module runs when the landing page's script loads, and a browser's first locale-aware
 * format loads its ICU number data there, 19 ms of main thread (78 ms on Lighthouse's
 * throttled phone, the largest part of the page's blocking time).
 */
const boundText = (amount: number) => `Q${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`
export const MONEY_RULE = `El monto no puede pasar de ${boundText(MONEY_MAX)}`
export const ORDER_TOTAL_RULE = `El total del pedido no puede pasar de ${boundText(ORDER_TOTAL_MAX)}`
