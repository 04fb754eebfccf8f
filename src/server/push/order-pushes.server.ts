/**
 * What is pushed to the staff's devices (issue #43, decision 042):
 *  - each new order, storefront or point of sale, by the instance that recorded it (the route
 *    calls `orderCreated` after the order's transaction committed, and does not wait: the push
 *    runs after the answer, so a push service down or slow never delays the checkout). Other
 *    instances hear of the order on the event bus and push nothing: once per order.
 *  - an order for later, 15 minutes before its time (REMINDER_MS): every instance looks each
 *    minute (`remindDue`), and the one that claims the order in `push_claims` sends it. An order
 *    placed less than 15 minutes ahead gets only its new-order push.
 * Each push goes to every device of an active account; a device whose push service answers 404
 * or 410 is dropped. Failures are logged, never thrown: an order is on the board regardless.
 */
import { ACTIVE_STATUSES } from '../../shared/order-list'
import type { Order } from '../../shared/schemas'
import type { PushPayload } from '../../shared/schemas/push'
import { isoToZoned, zonedToIso } from '../../shared/store-hours'
import type { AppContext } from '../context.server'
import { getOrder } from '../orders/orders.repo.server'
import { newOrderPayload, reminderPayload } from './push-message.server'
import { type PushOutcome, type SendOptions, sendPush } from './push-sender.server'
import { activePushSubscriptions, claimPush, dropPushEndpoint } from './push-subscriptions.repo.server'
import { vapidKeys } from './vapid.server'

/** The reminder of an order for later comes this long before its time. */
export const REMINDER_MS = 15 * 60_000
/** How often each instance looks for orders whose reminder is due. */
export const REMINDER_SCAN_MS = 60_000

export type PushLog = (line: string) => void

export type OrderPushesOptions = {
  now?: () => number
  send?: SendOptions
  log?: PushLog
  /** Told of every device's outcome (tests and figures). */
  onOutcome?: (endpoint: string, outcome: PushOutcome, payload: PushPayload) => void
}

export type OrderPushes = ReturnType<typeof createOrderPushes>

export function createOrderPushes(ctx: AppContext, options: OrderPushesOptions = {}) {
  const now = options.now ?? Date.now
  const log = options.log ?? ((line: string) => console.error(line))
  const keys = vapidKeys(() => ctx.db, ctx.config.vapidKeys)
  const running = new Set<Promise<void>>()
  let timer: ReturnType<typeof setInterval> | undefined

  /** Sends one payload to every device of an active account; drops the gone ones. */
  async function pushToAll(payload: PushPayload): Promise<void> {
    const devices = await activePushSubscriptions(ctx.db)
    if (devices.length === 0) return
    const pair = await keys()
    const text = JSON.stringify(payload)
    await Promise.all(
      devices.map(async (device) => {
        const outcome = await sendPush(device, text, pair, ctx.config.vapidSubject, options.send)
        options.onOutcome?.(device.endpoint, outcome, payload)
        if (outcome.result === 'gone') await dropPushEndpoint(ctx.db, device.endpoint)
        else if (outcome.result === 'failed') log(`Aviso push del pedido #${payload.number} no entregado a ${new URL(device.endpoint).host} (${outcome.status ?? 'sin respuesta'}, ${outcome.tries} intentos)`)
      }),
    )
  }

  /** Runs in the background, after the current request; kept so tests and shutdown can wait for it. */
  function background(work: () => Promise<void>): void {
    const task = new Promise<void>((resolve) => setTimeout(resolve, 0))
      .then(work)
      .catch((error: unknown) => log(`Aviso push: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => running.delete(task))
    running.add(task)
  }

  /** The orders for later whose reminder is due now and not yet claimed: claimed here and pushed. */
  async function remindDue(): Promise<number> {
    const at = new Date(now())
    const from = isoToZoned(at.toISOString())
    const until = isoToZoned(new Date(at.getTime() + REMINDER_MS).toISOString())
    const rows = await ctx.db
      .selectFrom('orders')
      .select(['id', 'scheduled_for', 'created_at'])
      .where('scheduled_for', '>', from)
      .where('scheduled_for', '<=', until)
      .where('status', 'in', ACTIVE_STATUSES)
      .execute()
    let sent = 0
    for (const row of rows) {
      const due = row.scheduled_for ? zonedToIso(row.scheduled_for) : null
      // Placed less than 15 minutes ahead: its new-order push said it all.
      if (!due || Date.parse(due) - Date.parse(row.created_at) < REMINDER_MS) continue
      if (!(await claimPush(ctx.db, row.id, 'reminder', at))) continue
      const order = await getOrder(ctx.db, row.id)
      if (!order) continue
      await pushToAll(reminderPayload(order, at))
      sent++
    }
    return sent
  }

  return {
    /** The VAPID public key devices subscribe with (made now when this is the first start). */
    publicKey: async (): Promise<string> => (await keys()).publicKey,

    /** A new order was recorded by this instance (its transaction committed): pushed after the answer. */
    orderCreated(order: Order): void {
      background(() => pushToAll(newOrderPayload(order, new Date(now()))))
    },

    remindDue,

    /** The server started: the keys made (or read) now, the reminders looked for every minute. */
    start(): void {
      // In the background set, so a stop waits for it (idle) before the database closes.
      background(async () => {
        await keys().catch((error: unknown) => log(`Claves VAPID: ${error instanceof Error ? error.message : String(error)}`))
      })
      timer ??= setInterval(() => background(async () => void (await remindDue())), REMINDER_SCAN_MS)
    },

    stop(): void {
      clearInterval(timer)
      timer = undefined
    },

    /** Resolves when every push under way has ended (tests; the server's stop). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running])
    },
  }
}
