/**
 * Browser entry of the landing page: hydrates the server-rendered #root with the embedded data.
 * As a transition, so hydration yields to the browser every few milliseconds instead of one
 * long task (Lighthouse counted 150-260 ms tasks of it as blocking time on a throttled phone).
 * The server page loads this module after its first paint (store-boot, scripts/build-client.ts).
 */
import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { App } from './app'
import { readPageData } from './page-data'

const root = document.getElementById('root')
if (root) startTransition(() => void hydrateRoot(root, <App data={readPageData(document)} />))
