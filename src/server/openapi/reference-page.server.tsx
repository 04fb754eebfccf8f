/**
 * GET /api/docs: the OpenAPI document as one readable HTML page for integrators,
 * rendered on the server from the document itself (so the two cannot disagree).
 * No script and nothing from another site: it works offline and under the site's
 * Content-Security-Policy (one inline <style>, which style-src allows).
 */
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { JsonSchema, OpenApiDocument, SecurityRequirement } from './openapi-document.server'

type Doc = OpenApiDocument
type MediaObject = { schema: JsonSchema; example?: unknown }
type ResponseObject = { description: string; content?: Record<string, MediaObject>; headers?: Record<string, { description?: string }> }
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema: JsonSchema; example?: unknown }
type Operation = {
  operationId: string
  tags: string[]
  summary: string
  description?: string
  security: SecurityRequirement[]
  parameters?: Parameter[]
  requestBody?: { content: Record<string, MediaObject> }
  responses: Record<string, ResponseObject | { $ref: string }>
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
const MAX_SAFE = Number.MAX_SAFE_INTEGER

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v)

/** `#/components/schemas/Order` -> its target in the document. */
function resolvePointer(doc: Doc, pointer: string): unknown {
  let node: unknown = doc
  for (const part of pointer.replace(/^#\//, '').split('/')) node = isObject(node) ? node[part] : undefined
  return node
}

const refName = (schema: JsonSchema) => (typeof schema.$ref === 'string' ? schema.$ref.split('/').at(-1) : undefined)

/** Text with `code` spans. */
function Inline({ text }: { text: string }) {
  return <>{text.split(/`([^`]+)`/).map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part))}</>
}

/** Paragraphs separated by blank lines, `code` spans, and ``` fenced blocks (the CommonMark subset the document uses). */
function Prose({ text }: { text?: string }) {
  if (!text) return null
  return (
    <>
      {text.split(/\n\n+/).map((paragraph) => {
        const fenced = /^```\n([\s\S]*)\n```$/.exec(paragraph)
        return fenced ? (
          <pre key={paragraph} tabIndex={0}>
            {fenced[1]}
          </pre>
        ) : (
          <p key={paragraph}>
            <Inline text={paragraph} />
          </p>
        )
      })}
    </>
  )
}

/** Scrollable blocks take the keyboard focus, so they can be scrolled without a mouse. */
const Json = ({ value }: { value: unknown }) => <pre tabIndex={0}>{JSON.stringify(value, null, 2)}</pre>

/** `anyOf: [X, {type: 'null'}]` -> X and nullable. */
function unwrapNullable(schema: JsonSchema): { inner: JsonSchema; nullable: boolean } {
  const options = Array.isArray(schema.anyOf) ? schema.anyOf.filter(isObject) : []
  if (options.length === 2 && options.some((o) => o.type === 'null')) {
    const inner = options.find((o) => o.type !== 'null') ?? {}
    return { inner, nullable: true }
  }
  return { inner: schema, nullable: false }
}

function typeLabel(schema: JsonSchema): string {
  const name = refName(schema)
  if (name) return name
  if (Array.isArray(schema.enum)) return schema.enum.map(String).join(' | ')
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  if (schema.type === 'array') return `${isObject(schema.items) ? typeLabel(schema.items) : 'valor'}[]`
  if (schema.type === 'object') return 'objeto'
  if (typeof schema.type === 'string') return schema.type
  return 'cualquiera'
}

const range = (min: unknown, max: unknown, unit: string) => {
  const lo = typeof min === 'number' ? min : undefined
  const hi = typeof max === 'number' && max < MAX_SAFE ? max : undefined
  if (lo !== undefined && hi !== undefined) return `${lo}–${hi}${unit}`
  if (lo !== undefined) return `≥ ${lo}${unit}`
  if (hi !== undefined) return `≤ ${hi}${unit}`
  return undefined
}

function constraints(schema: JsonSchema, outer: JsonSchema): string[] {
  const notes: (string | undefined)[] = [
    range(schema.minLength, schema.maxLength, ' caracteres'),
    typeof schema.exclusiveMinimum === 'number' ? `> ${schema.exclusiveMinimum}` : undefined,
    range(schema.minimum, schema.maximum, ''),
    range(schema.minItems, schema.maxItems, ' elementos'),
    schema.format === 'date-time' ? 'fecha y hora ISO 8601' : typeof schema.format === 'string' ? `formato ${schema.format}` : undefined,
    schema.pattern !== undefined && schema.format === undefined ? `patrón ${String(schema.pattern)}` : undefined,
  ]
  const fallback = outer.default !== undefined ? outer.default : schema.default
  if (fallback !== undefined) notes.push(`por defecto ${JSON.stringify(fallback)}`)
  return notes.filter((n): n is string => n !== undefined)
}

type Row = { name: string; type: string; required: boolean; notes: string[]; description?: string; link?: string }

/** One row per field, nested objects and lists of objects flattened with dotted names (`items[].quantity`). */
function fieldRows(doc: Doc, schema: JsonSchema, name = '', required = true, out: Row[] = [], depth = 0): Row[] {
  const link = refName(schema)
  const target = link ? resolvePointer(doc, String(schema.$ref)) : schema
  const resolved = isObject(target) ? target : {}
  const { inner, nullable } = unwrapNullable(resolved)
  const description = typeof schema.description === 'string' ? schema.description : typeof inner.description === 'string' ? inner.description : undefined
  if (name) out.push({ name, type: typeLabel(link ? schema : inner) + (nullable ? ' | null' : ''), required, notes: constraints(inner, resolved), description, link })
  if (depth > 6 || (link && name)) return out // a named schema has its own table
  const objectFields = (object: JsonSchema, prefix: string) => {
    const requiredKeys = Array.isArray(object.required) ? object.required : []
    for (const [key, value] of Object.entries(isObject(object.properties) ? object.properties : {})) {
      if (isObject(value)) fieldRows(doc, value, prefix ? `${prefix}.${key}` : key, requiredKeys.includes(key), out, depth + 1)
    }
  }
  if (inner.type === 'object') objectFields(inner, name)
  if (inner.type === 'array' && isObject(inner.items) && !refName(inner.items)) {
    const { inner: item } = unwrapNullable(inner.items)
    if (item.type === 'object') objectFields(item, `${name}[]`)
  }
  return out
}

function FieldTable({ doc, schema }: { doc: Doc; schema: JsonSchema }) {
  const rows = fieldRows(doc, schema)
  if (rows.length === 0) return <p>Tipo: {typeLabel(schema)}</p>
  const described = rows.some((row) => row.description)
  return (
    <table className="stack">
      <thead>
        <tr>
          <th>Campo</th>
          <th>Tipo</th>
          <th>Reglas</th>
          {described ? <th>Descripción</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <td>
              <code>{row.name}</code>
              {row.required ? null : <span className="opt"> opcional</span>}
            </td>
            <td>{row.link ? <a href={`#schema-${row.link}`}>{row.type}</a> : <code>{row.type}</code>}</td>
            <td>{row.notes.join('; ')}</td>
            {described ? <td>{row.description}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** "Order", "Order[]" with links, or the inline type. */
function SchemaName({ schema }: { schema: JsonSchema }) {
  const name = refName(schema)
  if (name) return <a href={`#schema-${name}`}>{name}</a>
  if (schema.type === 'array' && isObject(schema.items) && refName(schema.items)) {
    const item = refName(schema.items)
    return (
      <>
        lista de <a href={`#schema-${item}`}>{item}</a>
      </>
    )
  }
  return <code>{typeLabel(schema)}</code>
}

type SecurityScheme = { type: string; description: string; scheme?: string; bearerFormat?: string; in?: string; name?: string }

/** The header line a client writes for a security scheme. */
function howSent(scheme: SecurityScheme): string {
  if (scheme.type === 'http' && scheme.scheme === 'bearer') return `Authorization: Bearer ${scheme.bearerFormat ?? '…'}`
  if (scheme.in === 'header') return `${scheme.name}: …`
  if (scheme.in === 'cookie') return `Cookie: ${scheme.name}=…`
  return scheme.type
}

const SCHEME_TEXT: Record<string, string> = {
  adminSession: 'sesión de administrador (cookie)',
  apiKeyBearer: 'API key (Authorization: Bearer)',
  apiKeyHeader: 'API key (X-API-Key)',
}

function accessText(security: SecurityRequirement[]): string {
  if (security.length === 0) return 'Público, sin credenciales.'
  const anonymous = security.some((requirement) => Object.keys(requirement).length === 0)
  const names = security.flatMap((requirement) => Object.keys(requirement))
  const bothKeyHeaders = names.includes('apiKeyBearer') && names.includes('apiKeyHeader')
  const ways = names.flatMap((name) => {
    if (bothKeyHeaders && name === 'apiKeyHeader') return []
    if (bothKeyHeaders && name === 'apiKeyBearer') return ['API key (Authorization: Bearer o X-API-Key)']
    return [SCHEME_TEXT[name] ?? name]
  })
  return anonymous ? `Público; también con ${ways.join(' o ')}.` : `Requiere ${ways.join(' o ')}.`
}

function ResponseBlock({ doc, status, response }: { doc: Doc; status: string; response: ResponseObject | { $ref: string } }) {
  const resolved = '$ref' in response ? (resolvePointer(doc, response.$ref) as ResponseObject) : response
  const media = Object.entries(resolved.content ?? {})
  const success = status.startsWith('2')
  const body = (
    <>
      <Prose text={resolved.description} />
      {Object.entries(resolved.headers ?? {}).map(([name, header]) => (
        <p key={name}>
          Cabecera <code>{name}</code>: {header.description}
        </p>
      ))}
      {media.map(([type, { schema, example }]) => (
        <div key={type}>
          <p>
            <code>{type}</code>: <SchemaName schema={schema} />
          </p>
          {example === undefined ? null : <Json value={example} />}
        </div>
      ))}
    </>
  )
  return (
    <details className={`response ${success ? 'ok' : 'err'}`} open={success}>
      <summary>
        <span className="status">{status}</span> {resolved.description.split(/[.:(]/)[0]}
      </summary>
      {body}
    </details>
  )
}

function OperationSection({ doc, path, method, op }: { doc: Doc; path: string; method: string; op: Operation }) {
  const body = op.requestBody ? Object.entries(op.requestBody.content) : []
  return (
    <section className="op" id={op.operationId}>
      <h3>
        <span className={`method ${method}`}>{method.toUpperCase()}</span> <code>{path}</code>
      </h3>
      <p className="summary">{op.summary}</p>
      <p className="access">
        <strong>Acceso:</strong> {accessText(op.security)}
      </p>
      <Prose text={op.description} />
      {op.parameters?.length ? (
        <>
          <h4>Parámetros</h4>
          <table className="stack">
            <thead>
              <tr>
                <th>Nombre</th>
                <th>En</th>
                <th>Tipo</th>
                <th>Descripción</th>
                <th>Ejemplo</th>
              </tr>
            </thead>
            <tbody>
              {op.parameters.map((p) => (
                <tr key={p.name}>
                  <td>
                    <code>{p.name}</code>
                  </td>
                  <td>{p.in === 'path' ? 'ruta' : p.in}</td>
                  <td>
                    <code>{typeLabel(p.schema)}</code> {constraints(p.schema, p.schema).join('; ')}
                  </td>
                  <td>{p.description}</td>
                  <td>
                    <code>{String(p.example ?? '')}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      {body.map(([type, { schema, example }]) => (
        <div key={type}>
          <h4>
            Cuerpo (<code>{type}</code>): <SchemaName schema={schema} />
          </h4>
          <FieldTable doc={doc} schema={schema} />
          {example === undefined ? null : (
            <>
              <p>Ejemplo:</p>
              <Json value={example} />
            </>
          )}
        </div>
      ))}
      <h4>Respuestas</h4>
      {Object.entries(op.responses).map(([status, response]) => (
        <ResponseBlock key={status} doc={doc} status={status} response={response} />
      ))}
    </section>
  )
}

const STYLE = `
:root{color-scheme:light dark;--fg:#1c1917;--muted:#57534e;--bg:#fffdf8;--card:#fff;--line:#e7e5e4;--accent:#b45309;--code:#f5f5f4}
@media (prefers-color-scheme:dark){:root{--fg:#f5f5f4;--muted:#a8a29e;--bg:#1c1917;--card:#292524;--line:#44403c;--accent:#f59e0b;--code:#0c0a09}}
*{box-sizing:border-box}body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:72rem;margin:0 auto;padding:1.5rem 1rem 4rem}h1{font-size:1.8rem;margin:.2rem 0}h2{margin-top:2.5rem;border-bottom:2px solid var(--accent);padding-bottom:.3rem}
h3{font-size:1.15rem;margin:0 0 .3rem;word-break:break-all}h4{margin:1.2rem 0 .4rem}a{color:var(--accent)}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.88em}code{background:var(--code);padding:.05em .3em;border-radius:4px}
pre{background:var(--code);padding:.8rem;border-radius:8px;overflow:auto;max-height:28rem}
table{border-collapse:collapse;width:100%;margin:.4rem 0;font-size:.92rem;display:block;overflow-x:auto}th,td{border:1px solid var(--line);padding:.35rem .5rem;text-align:left;vertical-align:top}
th{background:var(--code)}.op{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1rem 1.2rem;margin:1.2rem 0}
.method{display:inline-block;min-width:4.2rem;text-align:center;border-radius:6px;padding:.1rem .4rem;color:#fff;font-size:.85rem;font-weight:700;font-family:ui-monospace,monospace}
.get{background:#0369a1}.post{background:#15803d}.put{background:#a16207}.patch{background:#7c3aed}.delete{background:#b91c1c}
.summary{font-weight:600;margin:.2rem 0}.access{color:var(--muted)}.opt{color:var(--muted);font-size:.85em}
details.response{border-left:4px solid var(--line);padding:.2rem .8rem;margin:.4rem 0}details.ok{border-color:#15803d}details.err{border-color:#b91c1c}
@media (max-width:40rem){table.stack{display:table}table.stack thead{display:none}table.stack tr{display:block;border:1px solid var(--line);border-radius:8px;margin:.5rem 0;padding:.3rem .2rem}table.stack td{display:block;border:0;padding:.1rem .4rem}table.stack td:empty{display:none}}
code{overflow-wrap:break-word}summary{cursor:pointer}.status{font-weight:700;font-family:ui-monospace,monospace}nav ul{columns:2 18rem;padding-left:1.2rem}.lead{color:var(--muted)}
`

function Page({ doc }: { doc: Doc }) {
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = (item as Partial<Record<(typeof METHODS)[number], Operation>>)[method]
      return op ? [{ path, method, op }] : []
    }),
  )
  const schemes = Object.entries(doc.components.securitySchemes) as [string, SecurityScheme][]
  const errorResponses = Object.entries(doc.components.responses) as [string, ResponseObject][]
  const byTag = doc.tags.map((tag) => ({ tag, ops: operations.filter(({ op }) => op.tags[0] === tag.name) }))
  const section = (id: string, title: string, children: ReactNode) => (
    <section id={id}>
      <h2>{title}</h2>
      {children}
    </section>
  )
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <title>{`${doc.info.title} · referencia`}</title>
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        <main>
          <h1>{doc.info.title}</h1>
          <p className="lead">
            Versión {doc.info.version} · OpenAPI {doc.openapi} · documento completo en <a href="/api/openapi.json">/api/openapi.json</a> (para
            generadores de clientes, Postman, Insomnia…)
          </p>
          <Prose text={doc.info.description} />
          <nav aria-label="Contenido">
            <h2>Contenido</h2>
            <ul>
              <li>
                <a href="#autenticacion">Autenticación</a>
              </li>
              <li>
                <a href="#errores">Errores</a>
              </li>
              {operations.map(({ path, method, op }) => (
                <li key={op.operationId}>
                  <a href={`#${op.operationId}`}>
                    {method.toUpperCase()} {path}
                  </a>{' '}
                  — {op.summary}
                </li>
              ))}
              <li>
                <a href="#esquemas">Esquemas</a>
              </li>
            </ul>
          </nav>
          {section(
            'autenticacion',
            'Autenticación',
            <>
              <table className="stack">
                <thead>
                  <tr>
                    <th>Esquema</th>
                    <th>Se envía</th>
                    <th>Descripción</th>
                  </tr>
                </thead>
                <tbody>
                  {schemes.map(([name, scheme]) => (
                    <tr key={name}>
                      <td>
                        <code>{name}</code>
                      </td>
                      <td>
                        <code>{howSent(scheme)}</code>
                      </td>
                      <td>
                        <Inline text={scheme.description} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <table className="stack">
                <thead>
                  <tr>
                    <th>Llamada</th>
                    <th>Acceso</th>
                  </tr>
                </thead>
                <tbody>
                  {operations.map(({ path, method, op }) => (
                    <tr key={op.operationId}>
                      <td>
                        <code>
                          {method.toUpperCase()} {path}
                        </code>
                      </td>
                      <td>{accessText(op.security)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>,
          )}
          {section(
            'errores',
            'Errores',
            <>
              <p>
                Toda respuesta de error tiene la forma <a href="#schema-ApiError">ApiError</a>: <code>{'{"message": "…", "issues": [{"path": "…", "message": "…"}]}'}</code>.
              </p>
              {errorResponses.map(([name, response]) => (
                <div key={name}>
                  <h4>{name}</h4>
                  <Prose text={response.description} />
                </div>
              ))}
            </>,
          )}
          {byTag.map(({ tag, ops }) =>
            ops.length === 0 ? null : (
              <section key={tag.name}>
                <h2>{tag.name}</h2>
                <Prose text={tag.description} />
                {ops.map(({ path, method, op }) => (
                  <OperationSection key={op.operationId} doc={doc} path={path} method={method} op={op} />
                ))}
              </section>
            ),
          )}
          {section(
            'esquemas',
            'Esquemas',
            Object.entries(doc.components.schemas).map(([name, schema]) => (
              <section className="op" id={`schema-${name}`} key={name}>
                <h3>{name}</h3>
                <FieldTable doc={doc} schema={schema} />
                <details>
                  <summary>JSON Schema</summary>
                  <Json value={schema} />
                </details>
              </section>
            )),
          )}
        </main>
      </body>
    </html>
  )
}

/** The whole page, as HTML text. */
export function renderReferencePage(doc: Doc): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<Page doc={doc} />)}`
}
