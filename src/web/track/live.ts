/**
 * The tracking page's only script (decision 023): keeps the server-rendered page current.
 * It listens to the order's event stream (/api/track/<token>/events) and, on each event,
 * asks the server for the page again and swaps in its #tracking: the server is the one
 * renderer, so this file needs no React and no copy of the page's markup (about 1 KB).
 *
 * It catches up whenever it may have missed something: when the stream (re)opens, and when
 * the page becomes visible again (a phone that slept drops its connections). If the stream
 * cannot be kept (refused: the instance is full; a proxy that buffers, an old browser), it
 * polls while visible, at random waits that grow from 7.5-15 s to 30-60 s (poll-schedule.ts:
 * thousands of pages refused together must not come back together), and tries the stream
 * again at each poll: it is back on it as soon as there is room.
 * A final status (delivered, cancelled) ends it all: the server closes the stream and
 * answers the next connection with 204, which tells EventSource not to come back.
 */
import { pollDelay } from './poll-schedule'

let current = document.getElementById('tracking')
const token = current?.dataset.token
let source: EventSource | null = null
let poll: ReturnType<typeof setTimeout> | undefined
/** Polls since the stream was last open: each waits longer (poll-schedule.ts). */
let attempt = 0
let refreshing: Promise<void> | null = null

const isFinal = () => current?.dataset.final === 'true'

function stop() {
  source?.close()
  source = null
  clearTimeout(poll)
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

/** The next poll, one at a time; a hidden page skips it (coming back into view refreshes and reconnects). */
function startPolling() {
  if (poll !== undefined || isFinal()) return
  poll = setTimeout(() => {
    poll = undefined
    if (document.visibilityState !== 'visible') return
    void refresh().then(() => connect()) // without EventSource, connect() polls on
  }, pollDelay(attempt++))
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
    attempt = 0
    clearTimeout(poll)
    poll = undefined
    document.documentElement.dataset.live = 'open' // for people reading the DOM (and the browser tests)
  })
  stream.addEventListener('error', () => {
    if (stream.readyState !== EventSource.CLOSED) return // the browser reconnects by itself
    if (source === stream) source = null
    // Refused at once (the page was just rendered: nothing to catch up) or dropped after it was open (catch up now).
    if (!opened) return startPolling()
    void refresh().then(startPolling)
  })
}

document.addEventListener('visibilitychange', () => {
  if (document.visibilityState !== 'visible' || isFinal()) return
  void refresh().then(connect)
})

connect()
