/**
 * Menu import (issue #42): the time of POST /api/menu/import for a file of 2,000 dishes, as the
 * API answers it (multipart read, CSV parse, every row checked, one transaction), on SQLite and
 * on PostgreSQL (a throwaway cluster): the first import (2,000 created, 2 new categories), the
 * same file again (2,000 unchanged), the file with every price changed (2,000 updated), and the
 * export as XLSX imported back. The target is under 2 s. Numbers, no asserts.
 *
 *   bun scripts/bench-menu-import.ts          (BENCH_ROWS=5000 for another size)
 */
import { createTestApp } from '../src/server/testing.server'
import { startCluster } from './pg-cluster'

const ROWS = Number(process.env.BENCH_ROWS ?? 2000)

function menuCsv(priceBump: number): string {
  const lines = ['Nombre;Categoría;Descripción;Precio;Precio grande;Disponible;Orden']
  for (let i = 1; i <= ROWS; i++) {
    const category = ['Chilaquiles', 'Bebidas', 'Postres', 'Desayunos típicos', 'Antojitos'][i % 5]
    lines.push(`Platillo número ${i};${category};Descripción del platillo ${i}, con crema y queso;Q${30 + (i % 40) + priceBump};${i % 3 === 0 ? '' : 50 + (i % 20)};sí;${i}`)
  }
  return `${lines.join('\r\n')}\r\n`
}

async function bench(label: string) {
  const t = await createTestApp()
  const cookie = await t.signIn()
  const post = async (name: string, bytes: string | Uint8Array<ArrayBuffer>, file = 'menu.csv') => {
    const form = new FormData()
    form.append('file', new File([bytes], file))
    const started = performance.now()
    const res = await t.request('/api/menu/import', { method: 'POST', headers: { cookie }, body: form })
    const ms = performance.now() - started
    const body = (await res.json()) as { created: number; updated: number; unchanged: number; errors: unknown[] }
    console.log(`${label.padEnd(10)} ${name.padEnd(34)} ${(ms / 1000).toFixed(2)} s  (${res.status}: ${body.created} nuevos, ${body.updated} cambian, ${body.unchanged} iguales, ${body.errors.length} errores)`)
  }
  try {
    await post(`${ROWS} filas, primera vez`, menuCsv(0))
    await post(`${ROWS} filas, otra vez (iguales)`, menuCsv(0))
    await post(`${ROWS} filas, todos los precios`, menuCsv(1))
    const xlsx = new Uint8Array(await (await t.request('/api/menu/export?format=xlsx', { headers: { cookie } })).arrayBuffer())
    await post(`${ROWS} filas, su XLSX exportado`, xlsx, 'menu.xlsx')
  } finally {
    await t.cleanup()
  }
}

await bench('SQLite')
const cluster = await startCluster()
try {
  process.env.TEST_DATABASE_URL = cluster.url
  await bench('PostgreSQL')
} finally {
  await cluster.stop()
}
