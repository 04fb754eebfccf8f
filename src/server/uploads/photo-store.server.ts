/**
 * Where uploaded photos live (decision 019): files under DATA_DIR/uploads with SQLite
 * (the owner's one box, copied with the folder), rows of `photos` with PostgreSQL,
 * so that a photo uploaded through one instance is served by every other. No
 * S3-compatible store can be run here to test against, so none is offered yet.
 */
import { rm } from 'node:fs/promises'
import path from 'node:path'
import type { AppContext } from '../context.server'
import type { Db } from '../db/database.server'

export type PhotoFile = { name: string; data: Uint8Array; type: string }

export type PhotoStore = {
  /** Stores every file, or none of them. */
  save(files: PhotoFile[]): Promise<void>
  /** The stored bytes of `name`, or null (its content type follows from the name: uploads.server.ts). */
  read(name: string): Promise<Blob | null>
}

export function diskPhotos(uploadsDir: string): PhotoStore {
  return {
    async save(files) {
      const written: string[] = []
      try {
        for (const file of files) {
          const target = path.join(uploadsDir, file.name)
          written.push(target)
          await Bun.write(target, file.data)
        }
      } catch (error) {
        await Promise.all(written.map((file) => rm(file, { force: true })))
        throw error
      }
    },
    async read(name) {
      const file = Bun.file(path.join(uploadsDir, name))
      return (await file.exists()) ? file : null
    },
  }
}

export function databasePhotos(db: Db): PhotoStore {
  return {
    async save(files) {
      const createdAt = new Date().toISOString()
      await db.transaction().execute(async (trx) => {
        for (const file of files) {
          await trx.insertInto('photos').values({ name: file.name, content_type: file.type, bytes: file.data, created_at: createdAt }).execute()
        }
      })
    },
    async read(name) {
      const row = await db.selectFrom('photos').select('bytes').where('name', '=', name).executeTakeFirst()
      return row ? new Blob([new Uint8Array(row.bytes)]) : null
    },
  }
}

/** The photo store of this app's engine. */
export const photoStoreOf = (ctx: AppContext): PhotoStore =>
  ctx.store.engine === 'postgres' ? databasePhotos(ctx.db) : diskPhotos(ctx.config.uploadsDir)
