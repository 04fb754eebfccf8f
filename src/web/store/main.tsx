/** Browser entry of the landing page: hydrates the server-rendered #root with the embedded data. */
import { hydrateRoot } from 'react-dom/client'
import { App } from './app'
import { readPageData } from './page-data'

const root = document.getElementById('root')
if (root) hydrateRoot(root, <App data={readPageData(document)} />)
