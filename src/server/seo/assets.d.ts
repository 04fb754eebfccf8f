/** `import path from 'x.woff' with { type: 'file' }`: the font file's path (embedded in the compiled binary). */
declare module '*.woff' {
  const path: string
  export default path
}
