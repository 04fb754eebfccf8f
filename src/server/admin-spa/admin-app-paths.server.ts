/** Where the installable admin's parts are served (issue #43): the route, the shell and the worker name them from here. */
export const MANIFEST_PATH = '/admin/manifest.webmanifest'
export const SERVICE_WORKER_PATH = '/admin/sw.js'
export const ADMIN_ICON_192 = '/images/admin-icon-192.png'
export const ADMIN_ICON_512 = '/images/admin-icon-512.png'
/** The Home Screen icon iOS uses (it reads no manifest icons). */
export const APPLE_TOUCH_ICON = '/images/admin-icon-180.png'
