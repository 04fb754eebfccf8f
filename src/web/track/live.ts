/**
 * The tracking page's only script (decision 023): keeps the server-rendered page current.
 * It listens to the order's event stream (/api/track/<token>/events) and, on each event,
 * asks the server for the page again and swaps in its #tracking: the server is the one
 * renderer, so this file needs no React and no copy of the page's markup (about 1 KB).
 *
 * It catches up whenever it may have missed something: when the stream (re)opens, and when
 * the page becomes visible again (a phone that slept drops its connections). If the stream
 * cannot be kept (a proxy that buffers, an old browser), it polls every 15 s while visible.
 * A final status (delivered, cancelled) ends it all: the server closes the stream and
 * answers the next connection with 204, which tells EventSource not to come back.
 */
const POLL_MS = 15_000

let current = document.getElementById('tracking')
const token = current?.dataset.token
let source: EventSource | null = null
let poll: ReturnType<typeof setInterval> | undefined
let refreshing: Promise<void> | null = null

const isFinal = () => current?.dataset.final === 'true'

function stop() {
  source?.close()
  source = null
  clearInterval(poll)
  poll = undefined
}

async function fetchPage(): Promise<void> {
  const res = await fetch(location.pathname, { cache: 'no-store', headers: { accept: 'text/html' } })
  if (!res.ok) return
  const next = new DOMParser().parseFromString(await res.text(), 'text/html').getElementById('tracking')
  if (!next || !current) return
  current.replaceWith(next)
  current = next
  if (isFinal()) stop()
}

/** One refresh at a time: events that arrive meanwhile are covered by the one in flight. */
function refresh(): Promise<void> {
  refreshing ??= fetchPage()
    .catch(() => {}) // offline for a moment: the next event, poll or wake-up tries again
    .finally(() => {
      refreshing = null
    })
  return refreshing
}

function startPolling() {
  if (poll === undefined && !isFinal()) poll = setInterval(() => document.visibilityState === 'visible' && void refresh(), POLL_MS)
}

function connect() {
  if (!token || isFinal() || source) return
  if (typeof EventSource === 'undefined') return startPolling()
  let opened = false
  const stream = new EventSource(`/api/track/${encodeURIComponent(token)}/events`)
  source = stream
  stream.addEventListener('order', () => void refresh())
  stream.addEventListener('open', () => {
    // A reconnection: whatever happened while it was down is on the server's page.
    if (opened) void refresh()
    opened = true
    document.documentElement.dataset.live = 'open' // for people reading the DOM (and the browser tests)
  })
  stream.addEventListener('error', () => {
    if (stream.readyState !== EventSource.CLOSED) return // the browser reconnects by itself
    if (source === stream) source = null
    void refresh().then(() => {
      if (!isFinal()) startPolling()
    })
  })
}

document.addEventListener('visibilitychange', () => {
  if (document.visibilityState !== 'visible' || isFinal()) return
  void refresh().then(connect)
})

connect()
