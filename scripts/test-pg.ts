/**
 * `bun scripts/test-pg.ts <bun test args>`: the given tests on a throwaway PostgreSQL cluster
 * (scripts/pg-cluster.ts), as the server-pg suite runs them. For one file while working on it.
 */
import { startCluster } from './pg-cluster'

const cluster = await startCluster()
try {
  const proc = Bun.spawn(['bun', 'test', ...process.argv.slice(2)], { env: { ...process.env, TEST_DATABASE_URL: cluster.url }, stdout: 'inherit', stderr: 'inherit' })
  process.exitCode = await proc.exited
} finally {
  await cluster.stop()
}
