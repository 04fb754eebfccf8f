/**
 * `bun scripts/bench-checkout.ts`: how long a customer on a phone waits between
 * tapping 'Ordenar por WhatsApp' and the chat opening, the order recorded on the way.
 *
 * Real server (from source, seeded, fresh data folder), Debian's Chromium at 390 px
 * with Lighthouse's mobile profile applied through the DevTools protocol (150 ms RTT,
 * 1.6 Mbps down, 750 Kbps up, CPU slowed 4x). wa.me is routed to a stub page. Prints
 * the median and range of 5 orders; it asserts nothing. Needs `bun run build:client` first.
 */
import { launchBrowser, PHONE } from '../e2e/support/browser'
import { seed, startServer } from '../e2e/support/server'

// The checkout accepts 5 orders per address per 10 minutes.
const ROUNDS = 5
const server = await startServer()
const browser = await launchBrowser()
try {
  await seed(server.url)
  await browser.context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }))
  const { page } = await browser.newPage(PHONE)
  const cdp = await browser.context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.goto(`${server.url}/`)
  await page.waitForSelector('html[data-hydrated="true"]')

  const times: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    await page.getByRole('tab', { name: 'Bebidas' }).click()
    await page.getByRole('button', { name: 'Agregar Horchata' }).click()
    await page.getByRole('button', { name: /Abrir carrito/ }).click()
    const send = page.getByTestId('cart-sheet').getByRole('button', { name: 'Ordenar por WhatsApp' })
    await send.waitFor()
    const started = performance.now()
    const [popup] = await Promise.all([page.waitForEvent('popup'), send.click()])
    await popup.waitForURL(/^https:\/\/wa\.me\/.*Pedido/)
    times.push(performance.now() - started)
    await popup.close()
    await page.keyboard.press('Escape')
    await page.getByTestId('cart-sheet').waitFor({ state: 'hidden' })
  }
  const sorted = [...times].sort((a, b) => a - b)
  const ms = (n: number | undefined) => `${Math.round(n ?? 0)} ms`
  console.log(`tap → chat open (order recorded), phone profile, ${ROUNDS} orders: median ${ms(sorted[Math.floor(ROUNDS / 2)])} (min ${ms(sorted[0])}, max ${ms(sorted.at(-1))})`)
} finally {
  await browser.close()
  await server.stop()
}
