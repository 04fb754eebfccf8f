// Placeholder entry until the admin panel lands.
console.debug('admin')
