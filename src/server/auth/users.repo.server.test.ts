import { expect, test } from 'bun:test'
import { createTestContext } from '../testing.server'
import { getUserByUsername, insertFirstUser, insertUser } from './users.repo.server'

test('usernames ignore ASCII case on both engines; a name with accents is found as it was written', async () => {
  const ctx = await createTestContext()
  try {
    const admin = await insertFirstUser(ctx.db, { username: 'admin', passwordHash: 'x', usesDefaultPassword: true })
    expect(admin?.username).toBe('admin')
    expect(await insertFirstUser(ctx.db, { username: 'otro', passwordHash: 'x', usesDefaultPassword: false })).toBeNull()
    expect((await getUserByUsername(ctx.db, 'ADMIN'))?.id).toBe(admin?.id)
    const jose = await insertUser(ctx.db, { username: 'JOSÉ', passwordHash: 'x', usesDefaultPassword: false })
    expect((await getUserByUsername(ctx.db, 'JOSÉ'))?.id).toBe(jose.id)
    expect((await getUserByUsername(ctx.db, 'josÉ'))?.id).toBe(jose.id)
    expect(await getUserByUsername(ctx.db, 'nadie')).toBeNull()
    // One account per name whatever its case.
    await expect(insertUser(ctx.db, { username: 'Admin', passwordHash: 'x', usesDefaultPassword: false })).rejects.toThrow()
  } finally {
    await ctx.cleanup()
  }
})
