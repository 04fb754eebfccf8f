/**
 * The statements of a migration that would break an older release still running beside the
 * new one (decision 031): what removes or renames, changes a column, truncates or deletes,
 * or makes old rows or old inserts fail (a NOT NULL column without a default).
 */
const CONTRACTING: { rule: RegExp; why: string }[] = [
  { rule: /\bdrop\s+(table|column|index|view|constraint|trigger|type)\b/i, why: 'quita algo' },
  { rule: /\brename\b/i, why: 'cambia un nombre' },
  { rule: /\balter\s+(column|table\s+\S+\s+alter)\b/i, why: 'cambia una columna' },
  { rule: /\bset\s+not\s+null\b/i, why: 'exige un valor a filas existentes' },
  { rule: /\btruncate\b/i, why: 'borra filas' },
  { rule: /\bdelete\s+from\b/i, why: 'borra filas' },
  { rule: /\badd\s+constraint\b/i, why: 'agrega una restricción a filas existentes' },
]

/** The statements of `sql` (comments dropped), one by one. */
const statements = (sql: string) =>
  sql
    .replace(/--[^\n]*/g, '')
    .split(';')
    .map((s) => s.trim().replace(/\s+/g, ' '))
    .filter(Boolean)

const nameIn = (rule: RegExp) => (statement: string): string[] => {
  const match = rule.exec(statement)
  return match?.[1] ? [match[1].toLowerCase()] : []
}
const viewCreated = nameIn(/^create (?:or replace )?view (?:if not exists )?"?(\w+)"?/i)
const viewReplaced = nameIn(/^create or replace view (?:if not exists )?"?(\w+)"?/i)
const viewDropped = nameIn(/^drop view (?:if exists )?"?(\w+)"?/i)

/**
 * The views `sql` drops and creates again: how a view gains a column on SQLite, which has no
 * CREATE OR REPLACE VIEW. That is no removal; it is checked as a table gaining columns is
 * (tablesGainingColumns): only a view no released version reads may be recreated.
 */
function recreatedViews(list: string[]): Set<string> {
  const created = new Set(list.flatMap(viewCreated))
  return new Set(list.flatMap(viewDropped).filter((view) => created.has(view)))
}

/** What in `sql` contracts the schema, each with why; empty when it only adds. */
export function contractions(sql: string): string[] {
  const found: string[] = []
  const list = statements(sql)
  const recreated = recreatedViews(list)
  for (const statement of list) {
    if (viewDropped(statement).some((view) => recreated.has(view))) continue
    for (const { rule, why } of CONTRACTING) if (rule.test(statement)) found.push(`${why}: ${statement}`)
    const added = /\badd\s+column\b(.*)$/i.exec(statement)?.[1] ?? ''
    if (/\bnot\s+null\b/i.test(added) && !/\bdefault\b/i.test(added)) found.push(`una columna NOT NULL sin DEFAULT: ${statement}`)
  }
  return found
}

/**
 * The tables a migration adds a column to (`ALTER TABLE t ADD COLUMN`), and the views it
 * replaces or recreates. On PostgreSQL an older
 * release caches its `SELECT * FROM t` plans, and a new column changes their result type: it
 * fails every such query ("cached plan must not change result type", code 0A000) until it
 * restarts. So a column may only be added to a table no released version reads: one created
 * after the last release (expand-only.test.ts holds it; decision 031).
 */
export function tablesGainingColumns(sql: string): string[] {
  const list = statements(sql)
  const altered = list.flatMap(nameIn(/^alter table (?:if exists )?"?(\w+)"? add (?:column )?/i))
  // A view replaced or recreated changes its columns the same way (an older release's SELECT * on it).
  return [...altered, ...list.flatMap(viewReplaced), ...recreatedViews(list)]
}

/** The tables and views `sql` creates. */
export function tablesCreated(sql: string): string[] {
  const list = statements(sql)
  return [...list.flatMap(nameIn(/^create table (?:if not exists )?"?(\w+)"?/i)), ...list.flatMap(viewCreated)]
}
