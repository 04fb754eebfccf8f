/**
 * How an API key is shown in lists (SPEC 9): its first 20 characters, '...',
 * its last 8. The full key is shown once, when it is created, and never again.
 */
export function displayApiKey(key: string): string {
  // Already shortened (the server lists keys in this form), or too short to hide anything.
  if (key.includes('...') || key.length <= 28) return key
  return `${key.slice(0, 20)}...${key.slice(-8)}`
}
