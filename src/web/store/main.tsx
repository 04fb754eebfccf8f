// Placeholder entry until the storefront lands.
console.debug('store')
