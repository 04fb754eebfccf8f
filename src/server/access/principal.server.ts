import type { ApiKey } from '../../shared/schemas'
import type { SessionRecord } from '../auth/sessions.repo.server'
import type { UserRecord } from '../auth/users.repo.server'

/** Who made a request, as decided by the access guard before any body was read. */
export type Principal = { kind: 'session'; user: UserRecord; session: SessionRecord } | { kind: 'apiKey'; key: ApiKey }

const principals = new WeakMap<Request, Principal>()

/** Set once per request by the access guard (access-guard.server.ts). */
export const setPrincipal = (request: Request, principal: Principal) => principals.set(request, principal)

/** Who made this request (routes behind the 'session' or 'sessionOrKey' rule); null on public routes. */
export const principalOf = (request: Request): Principal | null => principals.get(request) ?? null

/** The signed-in administrator and session of this request (routes behind the 'session' rule). */
export function sessionOf(request: Request): Extract<Principal, { kind: 'session' }> | null {
  const p = principals.get(request)
  return p?.kind === 'session' ? p : null
}

/** Who a change is recorded as made by: the account's username or the API key's name. */
export const principalName = (principal: Principal | null): string | null =>
  principal?.kind === 'session' ? principal.user.username : principal?.kind === 'apiKey' ? principal.key.name : null
